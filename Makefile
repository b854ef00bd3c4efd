# Two entry points for a fresh machine (see README.md):
#   make course  - create .venv, install tdcourse, build the course
#   make test    - create .venv, install tdcourse with its test extras (Chromium when root, the
#                  GIFT parser with npm), run every test
PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
# what each entry point installs: the course needs the package alone, the checks its test extras
STAMP  := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: course test notebooks venv chromium gift-parser pyodide bench clean

$(BIN)/python:
	@echo ">> creating virtual environment in $(VENV) with $(PYTHON)"
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "!! $(PYTHON) not found: install Python 3.11 or run make PYTHON=python3"; exit 2; }
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	@echo ">> installing tdcourse (what building the course needs) into $(VENV)"
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	@touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	@echo ">> installing the test extras (pytest, hypothesis, ruff, mypy, ...) into $(VENV)"
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $(TEST_STAMP)

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

# An independent GIFT parser (gift-pegjs, pinned in its package-lock.json) for the export tests.
gift-parser:
	@if command -v npm >/dev/null 2>&1; then \
		echo ">> installing the GIFT parser the export tests check against (npm ci)"; \
		npm ci --prefix tests/export/gift-pegjs --no-audit --no-fund --silent \
		|| echo "!! npm ci failed: the gift-pegjs export tests will be skipped"; \
	else \
		echo "!! npm missing: the gift-pegjs export tests will be skipped (install Node.js)"; \
	fi

# Pyodide for the ruling assistant page (pinned in book/assistant/package-lock.json), copied into
# the course by the build: the page never loads it from a CDN.
pyodide:
	@if command -v npm >/dev/null 2>&1; then \
		echo ">> installing Pyodide for the ruling assistant page (npm ci)"; \
		npm ci --prefix book/assistant --no-audit --no-fund --silent \
		|| echo "!! npm ci failed: the ruling assistant page is built without its engine"; \
	else \
		echo "!! npm missing: the ruling assistant page is built without its engine (install Node.js)"; \
	fi

# the course in both codes of the Laws (1987, 2017) and every language: book/_build/html/<code>/<lang>
course: $(STAMP) pyodide
	@echo ">> building the course (both codes, every language)"
	$(BIN)/tdcourse build --edition both
	@echo ">> done: course built, see the line above for where it is"

test: $(TEST_STAMP) chromium gift-parser pyodide
	@echo ">> lint: ruff and mypy"
	$(BIN)/ruff check generator tests benchmarks
	$(BIN)/mypy
	@echo ">> running the whole test suite"
	$(BIN)/pytest -n 2 -p no:cacheprovider
	@echo ">> done: all checks passed (ruff, mypy, pytest)"

# The chapter notebooks in JupyterLab: NB_LANG=ru for Russian. The learner works on copies in
# notebooks/<lang>/, which a rebuild of the course never overwrites; JupyterLab's news and
# update check are switched off (in this venv only), so nothing reaches the network.
NB_LANG ?= en
NB_EDITION ?= 1987
NB_STORE := book/_build/.generated/$(NB_EDITION)/$(NB_LANG)/notebooks
notebooks: $(STAMP)
	@echo ">> installing JupyterLab (the notebooks extra) into $(VENV)"
	$(BIN)/python -m pip install --quiet -e '.[notebooks]'
	@$(BIN)/jupyter labextension disable --level=sys_prefix \
		"@jupyterlab/apputils-extension:announcements" >/dev/null 2>&1
	@test -d $(NB_STORE) || $(BIN)/tdcourse build --edition $(NB_EDITION) --lang $(NB_LANG)
	@mkdir -p notebooks/$(NB_LANG) && for nb in $(NB_STORE)/*.ipynb; do \
		[ -e "notebooks/$(NB_LANG)/$${nb##*/}" ] || cp "$$nb" notebooks/$(NB_LANG)/; done
	@echo ">> opening JupyterLab on notebooks/$(NB_LANG) (your copies; stop it with Ctrl-C)"
	$(BIN)/jupyter lab --notebook-dir=notebooks/$(NB_LANG) --LabApp.news_url=None \
		--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate $(NB_ARGS)

bench: $(STAMP)
	@for b in benchmarks/bench_*.py; do echo ">> $$b"; $(BIN)/python $$b; done

clean:
	rm -rf $(VENV) book/_build .pytest_cache .mypy_cache .ruff_cache tests/export/gift-pegjs/node_modules book/assistant/node_modules
