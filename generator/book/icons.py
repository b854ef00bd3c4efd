"""The theme's icons without its 1.5 MB icon script, and the theme's files slimmed to what we use.

pydata-sphinx-theme loads Font Awesome's whole JavaScript bundle (about 1.5 MB, every icon of
every family) on every page, to turn ``<i class="fa-solid fa-bars">`` into an inline SVG; its
stylesheet also carries the web-font rules of every icon (about 90 KB). The course uses a dozen
icons. After an HTML build, :func:`slim` therefore

* replaces ``_static/scripts/fontawesome.js`` in the output (the pages keep their reference to
  it) with a small script generated from the theme's own bundle: the shapes of the icons the
  pages and the theme's scripts name, and a few lines that draw them the same way (an inline
  SVG carrying the ``<i>``'s classes, so the theme's CSS, e.g. the light/dark switch, still
  applies);
* drops from the theme's stylesheets every rule whose selectors name a class that no page and no
  script of the output contains (:func:`purge`: the theme ships all of Bootstrap's styles, about
  200 KB, of which the course's pages use a fraction; a class a script adds, such as ``show``,
  is kept because the script's text holds it, and Bootstrap's computed ``bs-`` classes are
  kept by prefix);
* drops from the theme's stylesheet the icon font (its ``@font-face`` rules, so that the 150 KB
  font is never downloaded) and the glyph rules of the icons (``.fa-<name>:before``), keeping
  only the ``--fa`` variables of the icons used; and the ``sourceMappingURL`` comments of the
  theme's files, whose ``.map`` files are removed (developer aids the site does not need).

The icon shapes are Font Awesome Free's (icons under CC BY 4.0), read from the theme package
installed with the course; only the subset is written. Everything is derived from the output
and the installed theme, so the result is the same bytes for the same build.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path

#: Font Awesome classes that are modifiers or families, not icon names.
MODIFIERS = frozenset({
    "fa", "fas", "far", "fab", "fa-solid", "fa-regular", "fa-brands", "fa-lg", "fa-xs", "fa-sm",
    "fa-1x", "fa-2x", "fa-3x", "fa-fw", "fa-spin", "fa-pulse", "fa-border", "fa-inverse",
    "fa-stack", "fa-flip", "fa-beat", "fa-fade", "fa-shake", "fa-bounce",
})
#: The family a class names (solid when none is named, as Font Awesome does).
FAMILIES = {"fa-regular": "regular", "far": "regular", "fa-brands": "brands", "fab": "brands"}
_CLASS_ATTR = re.compile(r'class="([^"]*\bfa-[^"]*)"')
#: a string in a script that names icon classes ("fa-solid fa-xmark")
_JS_CLASSES = re.compile(r'["\']((?:[\w-]+ )*fa-[a-z0-9-]+(?: [\w-]+)*)["\']')
_SOURCE_MAP = re.compile(r"\n?/[/*]# sourceMappingURL=[^\n*]*(?:\*/)?")
#: the theme bundle's blocks: each family's icon table ends where it is registered
_BLOCK_END = re.compile(r'\(function\(\)\{\w+\("(fab|far|fas)",\w+\)')


def _icons_of(classes: Iterable[str]) -> tuple[str, str] | None:
    tokens = list(classes)
    names = [t[3:] for t in tokens if t.startswith("fa-") and t not in MODIFIERS]
    if not names:
        return None
    family = next((FAMILIES[t] for t in tokens if t in FAMILIES), "solid")
    return family, names[0]


def used_icons(outdir: Path) -> set[tuple[str, str]]:
    """(family, name) of every icon an HTML page of the output or one of its scripts names."""
    found: set[tuple[str, str]] = set()
    for page in sorted(outdir.rglob("*.html")):
        for match in _CLASS_ATTR.finditer(page.read_text(encoding="utf-8", errors="replace")):
            icon = _icons_of(match.group(1).split())
            if icon:
                found.add(icon)
    scripts = outdir / "_static" / "scripts"
    for script in sorted(scripts.glob("*.js")) if scripts.is_dir() else ():
        if script.name == "fontawesome.js":
            continue
        text = script.read_text(encoding="utf-8", errors="replace")
        for match in _JS_CLASSES.finditer(text):
            icon = _icons_of(match.group(1).split())
            if icon:
                found.add(icon)
    return found


def _family_blocks(bundle: str) -> dict[str, tuple[int, int]]:
    """Where each family's icon table lies in the bundle (between the previous family's
    registration and its own)."""
    blocks: dict[str, tuple[int, int]] = {}
    start = 0
    for match in _BLOCK_END.finditer(bundle):
        family = {"fab": "brands", "far": "regular", "fas": "solid"}[match.group(1)]
        blocks.setdefault(family, (start, match.start()))
        start = match.end()
    return blocks


def shapes(bundle: str, icons: Iterable[tuple[str, str]]) -> dict[str, list[object]]:
    """``"family name" -> [width, height, path]`` for each icon the bundle has."""
    blocks = _family_blocks(bundle)
    out: dict[str, list[object]] = {}
    for family, name in sorted(set(icons)):
        span = blocks.get(family)
        if span is None:
            continue
        pattern = re.compile(r'(?:[,{]|")' + re.escape(name) + r'"?:\[(\d+),(\d+),\[[^\]]*\],'
                             r'"[0-9a-f]+","([^"]+)"\]')
        match = pattern.search(bundle, *span)
        if match:
            out[f"{family} {name}"] = [int(match.group(1)), int(match.group(2)), match.group(3)]
    return out


#: Draws the icons: each ``<i class="fa-...">`` or ``<span class="fa-...">`` (now and as pages
#: add them; Font Awesome's own script takes both) becomes an inline
#: SVG with the same classes and attributes (the theme shows one of its light/dark icons by
#: their ``data-mode``); an icon with a label keeps it, any other is hidden from readers.
_DRAW = """(() => {
'use strict';
const NS = 'http://www.w3.org/2000/svg', FAM = {'fa-regular': 'regular', far: 'regular',
  'fa-brands': 'brands', fab: 'brands'};
const skip = new Set(%(modifiers)s), FAMILY = new Set(['fa-solid', 'fas', 'fa']);
function one(i) {
  const cls = [...i.classList], fam = cls.map(c => FAM[c]).find(Boolean) || 'solid';
  const name = cls.find(c => c.startsWith('fa-') && !skip.has(c));
  const shape = name && ICONS[`${fam} ${name.slice(3)}`];
  if (!shape) return;
  const svg = document.createElementNS(NS, 'svg'), path = document.createElementNS(NS, 'path');
  for (const a of i.attributes) if (a.name !== 'class') svg.setAttribute(a.name, a.value);
  // as Font Awesome's own script does, the family classes are not carried over (the theme's
  // CSS places the search box's icon only while it is still an <i class="fa-solid ...">)
  const kept = cls.filter(c => !(c in FAM) && !FAMILY.has(c));
  svg.setAttribute('class', ['svg-inline--fa', ...kept].join(' '));
  svg.setAttribute('viewBox', `0 0 ${shape[0]} ${shape[1]}`);
  const label = i.getAttribute('aria-label') || i.getAttribute('title');
  if (label) { svg.setAttribute('role', 'img'); svg.setAttribute('aria-label', label); }
  else if (!i.hasAttribute('aria-hidden')) svg.setAttribute('aria-hidden', 'true');
  path.setAttribute('fill', 'currentColor');
  path.setAttribute('d', shape[2]);
  svg.append(path);
  i.replaceWith(svg);
}
const SEL = 'i[class*="fa-"], span[class*="fa-"]';
const all = root => {
  if (root.matches && root.matches(SEL)) one(root);
  else if (root.querySelectorAll) root.querySelectorAll(SEL).forEach(one);
};
const start = () => {
  all(document);
  new MutationObserver(list => list.forEach(m => m.addedNodes.forEach(all)))
    .observe(document.documentElement, {childList: true, subtree: true});
};
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
})();
"""


def icon_script(table: dict[str, list[object]]) -> str:
    """The replacement of the theme's icon bundle: the icons' shapes and the drawing code."""
    data = json.dumps(table, sort_keys=True, separators=(",", ":"))
    modifiers = json.dumps(sorted(MODIFIERS), separators=(",", ":"))
    return ("/* The icons of this site (Font Awesome Free shapes, CC BY 4.0), drawn as inline\n"
            "   SVG: written by tdcourse from the theme's bundle, keeping only the icons used. */\n"
            f"const ICONS = {data};\n" + _DRAW % {"modifiers": modifiers})


def slim_stylesheet(css: str, keep: Iterable[str]) -> str:
    """The theme's stylesheet without the font rules of icons not in ``keep`` (names)."""
    wanted = set(keep)

    def rule(match: re.Match[str]) -> str:
        if match.group(1).strip() == "@font-face" and "Font Awesome" in match.group(2):
            return ""  # the icons are drawn as SVG: the icon fonts are never needed
        names = re.findall(r"\.fa-([a-z0-9-]+)", match.group(1))
        icon_names = [n for n in names if f"fa-{n}" not in MODIFIERS]
        is_icon_rule = bool(icon_names) and ("content:" in match.group(2)
                                            or "--fa:" in match.group(2))
        if is_icon_rule and not (wanted and "--fa:" in match.group(2)
                                 and any(n in wanted for n in icon_names)):
            return ""  # a glyph of the icon font (":before" content): never drawn now
        return match.group(0)

    slim = re.sub(r"([^{}]+)\{([^{}]*)\}", rule, css)
    return _SOURCE_MAP.sub("", slim)


#: Class prefixes kept whatever the pages hold: Bootstrap builds these names at run time
#: (``bs-tooltip-top``), so no text of the output holds them whole.
KEEP_PREFIXES = ("bs-",)
#: At-rules kept whole (they hold no selectors to judge).
_KEEP_AT = ("@font-face", "@keyframes", "@page", "@property", "@counter-style")
_SELECTOR_CLASS = re.compile(r"\.(-?[_a-zA-Z][\w-]*)")


def _selectors(head: str) -> list[str]:
    """A selector list split at its top-level commas (not those inside ``:is(a, b)``)."""
    out: list[str] = []
    current: list[str] = []
    depth = 0
    for char in head:
        depth += char == "("
        depth -= char == ")"
        if char == "," and depth == 0:
            out.append("".join(current))
            current = []
        else:
            current.append(char)
    out.append("".join(current))
    return out


def purge(css: str, used: set[str], prefixes: tuple[str, ...] = KEEP_PREFIXES) -> str:
    """``css`` without the selectors that name a class not in ``used`` (nor of a kept
    prefix), and without the rules left with no selector; at-rules are judged inside
    (``@media``, ``@supports``, ``@container``) or kept whole (``@font-face``, ``@keyframes``).
    The stylesheet is assumed well formed (braces balanced outside strings; the theme's
    minified CSS is)."""
    out: list[str] = []
    i, n = 0, len(css)
    while i < n:
        j = i
        while j < n and css[j] not in "{;":
            j += 1
        if j >= n:
            out.append(css[i:])
            break
        if css[j] == ";":  # a statement: @charset, @import
            out.append(css[i:j + 1])
            i = j + 1
            continue
        depth, k = 1, j + 1
        while depth and k < n:
            if css[k] in "\"'":  # a string ("{" in content:"{") holds no brace of the syntax
                end = css.find(css[k], k + 1)
                k = n if end < 0 else end + 1
                continue
            depth += (css[k] == "{") - (css[k] == "}")
            k += 1
        head, body = css[i:j], css[j + 1:k - 1]
        name = head.strip()
        if name.startswith(_KEEP_AT):
            out.append(css[i:k])
        elif name.startswith("@"):
            inner = purge(body, used, prefixes)
            if inner.strip():
                out.append(f"{head}{{{inner}}}")
        else:
            kept = [s for s in _selectors(head)
                    if all(c in used or c.startswith(prefixes) for c in _SELECTOR_CLASS.findall(s))]
            if kept:
                out.append(",".join(kept) + "{" + body + "}")
        i = k
    return "".join(out)


def words_of(outdir: Path) -> set[str]:
    """Every word (``[\\w-]+``) of the output's pages and scripts: the classes they can use."""
    words: set[str] = set()
    files = [*sorted(outdir.rglob("*.html")), *sorted((outdir / "_static").rglob("*.js"))]
    for path in files:
        words.update(re.findall(r"[\w-]+", path.read_text(encoding="utf-8", errors="replace")))
    return words


def slim(outdir: Path, bundle: Path) -> None:
    """Slim the theme's files in an HTML build's output (see the module's docstring); a build
    whose theme ships no icon bundle is left alone."""
    static = outdir / "_static"
    target = static / "scripts" / "fontawesome.js"
    if not target.is_file() or not bundle.is_file():
        return
    icons = used_icons(outdir)
    table = shapes(bundle.read_text(encoding="utf-8"), icons)
    _write(target, icon_script(table))
    names = {name for _family, name in icons}
    used = words_of(outdir)
    for sheet in sorted((static / "styles").glob("*.css")) if (static / "styles").is_dir() else ():
        text = slim_stylesheet(sheet.read_text(encoding="utf-8"), names)
        _write(sheet, purge(text, used))
    for script in sorted((static / "scripts").glob("*.js")):
        if script != target:
            text = script.read_text(encoding="utf-8")
            _write(script, _SOURCE_MAP.sub("", text))
    for source_map in sorted(static.rglob("*.map")):
        source_map.unlink()


def _write(path: Path, text: str) -> None:
    if path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
