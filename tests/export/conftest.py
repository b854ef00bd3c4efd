"""Fixtures of the export tests: one small real bank, built once per session, with its questions
and scenarios."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from exportdata import BANK_COUNT, BANK_SEED

from generator.scenarios.bank import Plan, scenarios, write_bank


@pytest.fixture(scope="session")
def bank_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real bank directory (scenarios.json, questions.en.json, questions.ru.json)."""
    out = tmp_path_factory.mktemp("bank") / "bank"
    plan = Plan(BANK_COUNT, BANK_SEED, (), ("en", "ru"))
    write_bank(out, plan, scenarios(plan, workers=1))
    return out


@pytest.fixture(scope="session")
def load(bank_dir: Path) -> Callable[[str], list[dict[str, Any]]]:
    """The bank's questions in a language."""

    def read(lang: str) -> list[dict[str, Any]]:
        data: list[dict[str, Any]] = json.loads(
            (bank_dir / f"questions.{lang}.json").read_text(encoding="utf-8"))
        return data

    return read


@pytest.fixture(scope="session")
def records(bank_dir: Path) -> dict[str, dict[str, Any]]:
    """The bank's scenarios by id."""
    data = json.loads((bank_dir / "scenarios.json").read_text(encoding="utf-8"))
    return {r["id"]: r for r in data}
