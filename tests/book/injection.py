"""Hostile sources for the injection tests: catalogs, translations and a book whose every text a
federation may edit carries a payload.

:data:`PAYLOAD` is HTML that runs a script when it is markup (``<img onerror>``, ``<script>``, an
attribute break-out), templates (``{{7*7}}``, ``{% ... %}`` and the jinja2 escape to a shell that
ran through MyST's substitution extension), a MyST role and a raw fence. Each test script sets
``window.tdcxss`` or calls ``alert``: the browser test asserts that neither happens and that the
texts are shown as written.

* :func:`hostile_catalogs` writes a copy of ``generator/i18n/*.yaml`` with the payload appended to
  every text of every language (its braces doubled, so that a template the code formats with
  ``str.format`` still formats, showing the payload once formatted);
* :func:`write_book` writes a small book (an intro, the insufficient-bid chapter with its
  generated chart, worked examples, quiz and notebook link, a hand-written ``<summary>`` answer,
  the generated law index) with a Russian translation whose every message carries the payload's
  text (markup the English source lacks would be refused: :mod:`generator.book.translations`),
  a title with the payload, and a small question bank generated under the hostile catalogs.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import yaml

from generator import i18n

MARK = "tdcxss"
#: The file the shell payload would create (``{{ ... os.system('touch ...') }}``).
TOUCHED = "tdcxss-ran"


def payload(touched: Path) -> str:
    """Every kind of injection at once; ``touched`` is the file the shell escape would make."""
    return (f"<img src=x onerror=alert('{MARK}')><script>window.{MARK}=1</script>"
            f"\" onmouseover=\"window.{MARK}=2\" x=' onfocus='window.{MARK}=3' "
            "{{7*7}} {% if 1 %}" + MARK + "-if{% endif %} "
            "{{ cycler.__init__.__globals__.os.system('touch " + str(touched) + "') }} "
            f"{{raw}}`<b onclick=\"window.{MARK}=4\">b</b>` "
            f"\n```{{raw}} html\n<script>window.{MARK}=5</script>\n```\n")


#: What a page must show where the payload landed: the templates as written.
LITERALS = ("{{7*7}}", "{% if 1 %}")


def _doubled(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _poisoned(node: Any, extra: str) -> Any:
    if isinstance(node, dict):
        return {key: _poisoned(value, extra) for key, value in node.items()}
    return f"{node} {extra}"


def hostile_catalogs(folder: Path, touched: Path) -> Path:
    """A copy of the language catalogs with the payload in every text; returns the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    extra = _doubled(payload(touched))
    for path in sorted(i18n.CATALOG_DIR.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        (folder / path.name).write_text(
            yaml.safe_dump(_poisoned(data, extra), allow_unicode=True, sort_keys=False),
            encoding="utf-8")
    return folder


#: A translation's hostile text: everything of the payload that is not markup (markup is
#: refused), i.e. attribute break-outs and escaped tags and templates that must stay text.
PO_TEXT = (f"&lt;img src=x onerror=alert('{MARK}')&gt; \" onmouseover=\"window.{MARK}=6\" "
           "\\{\\{7\\*7\\}\\} \\{\\% if 1 \\%\\}")

CHAPTER = "05-insufficient-bid"
def _toc() -> str:
    from generator.book.examples import CHAPTERS

    files = "".join(f"  - file: chapters/{slug}\n" for slug in CHAPTERS)
    return f"format: jb-book\nroot: intro\nchapters:\n{files}  - file: law-index\n"


_INTRO = ("# Welcome\n\nThe insufficient bid is the first irregularity we study, see "
          "{law}`27B2`.\n")
_CHAPTER_MD = f"""\
# The insufficient bid

A bid lower than the last one is insufficient ({{law}}`27`).

<details><summary>Answer</summary>

The bid is replaced.

</details>

```{{include}} ../_generated/charts/27.md
```

```{{include}} ../_generated/examples/{CHAPTER}.md
```

```{{include}} ../_generated/quiz/{CHAPTER}.md
```
"""
_LAW_INDEX = "# Law index\n\n```{include} _generated/law-index.md\n```\n"
_PO_HEAD = ('msgid ""\nmsgstr ""\n"Language: ru\\n"\n"MIME-Version: 1.0\\n"\n'
            '"Content-Type: text/plain; charset=UTF-8\\n"\n'
            '"Content-Transfer-Encoding: 8bit\\n"\n\n')


def _po(pairs: list[tuple[str, str]]) -> str:
    def quoted(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

    return _PO_HEAD + "".join(f"msgid {quoted(msgid)}\nmsgstr {quoted(msgstr)}\n\n"
                              for msgid, msgstr in pairs)


def write_book(root: Path, touched: Path, records: list[dict[str, Any]],
               questions: dict[str, list[dict[str, Any]]]) -> Path:
    """The hostile book under ``root`` (see the module docstring); returns ``root``."""
    real = Path(__file__).resolve().parents[2] / "book" / "_config.yml"
    config = yaml.safe_load(real.read_text(encoding="utf-8"))
    config["title"] = "Hostile book " + payload(touched).replace("\n", " ")
    book = root / "book"
    (book / "chapters").mkdir(parents=True, exist_ok=True)
    (book / "_config.yml").write_text(yaml.safe_dump(config, allow_unicode=True),
                                      encoding="utf-8")
    (book / "_toc.yml").write_text(_toc(), encoding="utf-8")
    from generator.book.examples import CHAPTERS

    for slug in CHAPTERS:  # the other chapters: the law index links to them
        (book / "chapters" / f"{slug}.md").write_text(
            f"# Chapter {slug[:2]}\n\n```{{include}} ../_generated/examples/{slug}.md\n```\n\n"
            f"```{{include}} ../_generated/quiz/{slug}.md\n```\n", encoding="utf-8")
    (book / "intro.md").write_text(_INTRO, encoding="utf-8")
    (book / "chapters" / f"{CHAPTER}.md").write_text(_CHAPTER_MD, encoding="utf-8")
    (book / "law-index.md").write_text(_LAW_INDEX, encoding="utf-8")
    messages = book / "locales" / "ru" / "LC_MESSAGES"
    (messages / "chapters").mkdir(parents=True, exist_ok=True)
    (messages / "_book.po").write_text(_po([
        # the title's markup is the English title's (a translation may not change it)
        (str(config["title"]),
         str(config["title"]).replace("Hostile book", "Враждебная книга") + " " + PO_TEXT),
        ("Language", "Язык " + PO_TEXT)]), encoding="utf-8")
    (messages / "intro.po").write_text(_po([
        ("Welcome", "Добро пожаловать " + PO_TEXT),
        ("The insufficient bid is the first irregularity we study, see {law}`27B2`.",
         "Недостаточная заявка " + PO_TEXT + " см. {law}`27B2`.")]), encoding="utf-8")
    (messages / "chapters" / f"{CHAPTER}.po").write_text(_po([
        ("The insufficient bid", "Недостаточная заявка " + PO_TEXT),
        ("A bid lower than the last one is insufficient ({law}`27`).",
         "Заявка ниже последней " + PO_TEXT + " ({law}`27`)."),
        ("The bid is replaced.", "Заявка заменяется " + PO_TEXT)]), encoding="utf-8")
    (messages / "law-index.po").write_text(_po([("Law index", "Указатель " + PO_TEXT)]),
                                           encoding="utf-8")
    bank = root / "quizzes" / "bank"
    bank.mkdir(parents=True, exist_ok=True)
    (bank / "scenarios.json").write_text(json.dumps(records, ensure_ascii=False),
                                         encoding="utf-8")
    for lang, local in questions.items():
        (bank / f"questions.{lang}.json").write_text(json.dumps(local, ensure_ascii=False),
                                                     encoding="utf-8")
    for edition in ("1987", "2017"):  # the course data of each code
        data = book / "_build" / "data" / edition
        data.mkdir(parents=True, exist_ok=True)
        (data / "quizzes.json").write_text(json.dumps({"chapters": {}}), encoding="utf-8")
    shutil.copytree(Path(__file__).resolve().parents[1] / "cases" / "samples",
                    root / "tests" / "cases")
    return root
