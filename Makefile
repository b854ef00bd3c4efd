# Two entry points for a fresh machine (see README.md):
#   make course  - create .venv, install tdcourse, build the course
#   make test    - create .venv, install the test extras (and Chromium when root), run every test
PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: course test venv chromium bench clean

$(BIN)/python:
	@echo ">> creating virtual environment in $(VENV) with $(PYTHON)"
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "!! $(PYTHON) not found: install Python 3.11 or run make PYTHON=python3"; exit 2; }
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	@echo ">> installing tdcourse and its test extras into $(VENV)"
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

venv: $(STAMP)

chromium:
	@if command -v chromium >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1; then \
		echo ">> chromium present: $$(command -v chromium)"; \
	elif [ "$$(id -u)" = "0" ]; then \
		echo ">> installing Debian chromium (browser tests)"; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium poppler-utils >/dev/null) \
		|| echo "!! could not install chromium: browser tests will be skipped"; \
	else \
		echo "!! chromium missing and not root: browser tests will be skipped (apt-get install chromium)"; \
	fi

course: $(STAMP)
	@echo ">> building the course"
	$(BIN)/tdcourse build
	@echo ">> done: course built, see the line above for where it is"

test: $(STAMP) chromium
	@echo ">> lint: ruff and mypy"
	$(BIN)/ruff check generator tests benchmarks
	$(BIN)/mypy
	@echo ">> running the whole test suite"
	$(BIN)/pytest -n 2 -p no:cacheprovider
	@echo ">> done: all checks passed (ruff, mypy, pytest)"

bench: $(STAMP)
	@for b in benchmarks/bench_*.py; do echo ">> $$b"; $(BIN)/python $$b; done

clean:
	rm -rf $(VENV) book/_build .pytest_cache .mypy_cache .ruff_cache
