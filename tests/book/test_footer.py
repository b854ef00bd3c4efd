"""Every page's footer says what the course is, its licence, and that it rests on the 1987 code
(in the page's language); a publisher's own footer in ``book/_config.yml`` replaces it."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.book.site import sphinx_config

ROOT = Path(__file__).resolve().parents[2]


def test_the_footer_names_the_project_the_licence_and_the_code_in_each_language() -> None:
    english = sphinx_config(ROOT / "book", "en", ["en", "ru"])["html_theme_options"]
    russian = sphinx_config(ROOT / "book", "ru", ["en", "ru"])["html_theme_options"]
    assert "MIT licence" in english["extra_footer"]
    assert "Laws of Duplicate Contract Bridge, 1987" in english["extra_footer"]
    assert "лицензия MIT" in russian["extra_footer"]
    assert "Правилах дублированного бриджа 1987 года" in russian["extra_footer"]
    assert "licence" not in russian["extra_footer"]


def test_the_footer_names_the_code_of_the_site() -> None:
    for lang, words in (("en", "Laws of Duplicate Bridge, 2017 code"),
                        ("ru", "Правилах дублированного бриджа 2017 года")):
        footer = sphinx_config(ROOT / "book", lang, ["en", "ru"], "2017")[
            "html_theme_options"]["extra_footer"]
        assert words in footer and "1987" not in footer, footer


def test_a_publishers_footer_replaces_ours_and_is_kept_as_written(tmp_path: Path) -> None:
    book = tmp_path / "book"
    shutil.copytree(ROOT / "book", book, ignore=shutil.ignore_patterns("_build", "_generated"))
    config = (book / "_config.yml").read_text(encoding="utf-8")
    mine = "Federation of Somewhere — training 2027"
    (book / "_config.yml").write_text(
        config.replace('extra_footer: ""', f'extra_footer: "{mine}"'), encoding="utf-8")
    theme = sphinx_config(book, "en", ["en", "ru"])["html_theme_options"]
    assert theme["extra_footer"] == mine
