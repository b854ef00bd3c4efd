"""What the ruling assistant page calls inside Pyodide, and the ``rule --json`` path it shares
with the command line.

The page (``assistant.html``, :mod:`generator.book.assistant`) runs this package in the browser:
its JavaScript hands a case over as JSON text and shows what comes back. The JSON of a ruling is
made by :func:`ruling` and :func:`ruling_text`, which ``tdcourse rule --json`` prints too, so the
page and the command line cannot drift apart: ``window.tdcourseRuling`` is, key for key, what
``tdcourse rule CASE --json`` prints.

Nothing here imports a package Pyodide lacks: where endplay is absent, the claims that need a
double-dummy value are ruled with :mod:`generator.laws.doubledummy`, a pure-Python solver that
gives endplay's numbers (:data:`generator.laws.claimplay.USE_ENDPLAY`). Should some other
import still fail, :func:`rule_page` reports the case as an error line instead of failing.
"""

from __future__ import annotations

import json
from typing import Any

from generator.errors import InputError, TdcourseError
from generator.table.case import Case, parse_case

#: the name a case handed over by the page goes by in error messages (a JSON case)
PAGE_CASE = "case.json"


def ruling(case: Case, edition: str | None = None) -> Any:
    """The result ``tdcourse rule`` prints as JSON: the case under its own code, under
    ``edition`` when given, or ``{"1987": ..., "2017": ...}`` for ``edition="both"``."""
    if edition == "both":
        from generator.laws.editions import rule_both

        return rule_both(case)
    from generator.laws.engine import analyse

    return analyse(case.under(edition) if edition else case)


def ruling_text(result: Any) -> str:
    """The JSON text of a result exactly as ``tdcourse rule --json`` prints it (no newline)."""
    return json.dumps(result, ensure_ascii=False, indent=2, sort_keys=False)


def rule_json(case_json: str, edition: str = "", lang: str = "en") -> str:
    """``tdcourse rule CASE --json [--edition EDITION]`` for a case given as JSON text.

    ``lang`` is accepted for the page's convenience and changes nothing: the JSON of a ruling
    is the same in every language, as on the command line."""
    del lang
    return ruling_text(ruling(parse_case(case_json, PAGE_CASE), edition or None))


def _option_buttons(result: dict[str, Any], lang: str) -> list[dict[str, str]]:
    """The choices still open, each as the event that records it and its label in ``lang``:
    choosing one appends that event and the page rules again."""
    from generator.laws.announce import offer_order
    from generator.laws.explain import option_label

    buttons = []
    for ruling_entry in result.get("rulings") or []:
        for option in ruling_entry.get("options") or []:
            if "chosen" in option:
                continue
            seat = str(option["seat"])
            ids = offer_order(str(ruling_entry.get("kind", "")), [str(i) for i in option["ids"]])
            for option_id in ids:
                event = {"accept": f"{seat} accepts", "refuse": f"{seat} refuses"}.get(
                    option_id, f"{seat} chooses {option_id}")
                buttons.append({"event": event, "seat": seat,
                                "label": option_label(option_id, lang, option)})
    return buttons


def case_yaml(case: Case) -> str:
    """The case in the case format, as a director would save it (canonical spellings)."""
    import yaml

    text: str = yaml.safe_dump(case.to_dict(), allow_unicode=True, sort_keys=False,
                               default_flow_style=False)
    return text


def rule_page(case_json: str, lang: str) -> str:
    """Everything the page shows for a case, as JSON text: ``json`` (the ruling's JSON text,
    :func:`rule_json`), ``text`` (the ruling in ``lang``, as ``tdcourse rule --lang``
    prints it), ``options`` (:func:`_option_buttons`), ``yaml`` (the case file); or ``error``,
    one line, when the case cannot be read or ruled."""
    from generator.laws.announce import announce

    try:
        case = parse_case(case_json, PAGE_CASE)
        result = ruling(case)
        out: dict[str, Any] = {"json": ruling_text(result), "text": announce(case, result, lang),
                               "options": _option_buttons(result, lang),
                               "yaml": case_yaml(case)}
    except InputError as exc:
        out = {"error": exc.one_line()}
    except TdcourseError as exc:
        out = {"error": str(exc)}
    except ImportError as exc:  # a package the browser lacks (claims no longer need one)
        out = {"error": f"{type(exc).__name__}: {exc}", "unavailable": True}
    return json.dumps(out, ensure_ascii=False)
