"""The theme's icon bundle slimmed to the icons the site uses (generator/book/icons.py).

Run against the theme actually installed: the icon shapes come from its bundle, so a theme
upgrade that moved them would fail here rather than leave a site with blank buttons.
"""

from __future__ import annotations

import re
from pathlib import Path

import pydata_sphinx_theme  # type: ignore[import-untyped]

from generator.book import icons

THEME = Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static"
BUNDLE = THEME / "scripts" / "fontawesome.js"
#: the icons of the theme's header and navigation, as the course's pages use them
HEADER = {("solid", n) for n in ("bars", "magnifying-glass", "sun", "moon", "circle-half-stroke",
                                 "expand", "list", "angle-left", "angle-right", "xmark")}


def test_every_header_icon_has_its_shape_in_the_installed_theme() -> None:
    table = icons.shapes(BUNDLE.read_text(encoding="utf-8"), HEADER)
    assert set(table) == {f"{family} {name}" for family, name in HEADER}
    for width, height, path in table.values():
        assert isinstance(width, int) and 256 <= width <= 640 and height == 512
        assert isinstance(path, str) and path.startswith("M")


def test_the_regular_and_solid_sun_are_told_apart() -> None:
    bundle = BUNDLE.read_text(encoding="utf-8")
    table = icons.shapes(bundle, {("solid", "sun"), ("regular", "sun")})
    assert table["solid sun"][2] != table["regular sun"][2]


def _fake_output(tmp_path: Path) -> Path:
    out = tmp_path / "html"
    (out / "_static" / "scripts").mkdir(parents=True)
    (out / "_static" / "styles").mkdir()
    (out / "chapters").mkdir()
    (out / "chapters" / "one.html").write_text(
        '<button><i class="fa-solid fa-bars"></i></button>'
        '<span class="fa-regular fa-sun fa-lg"></span><p class="note">text</p>', encoding="utf-8")
    (out / "_static" / "scripts" / "theme.js").write_text(
        'x.classList="fa-solid fa-xmark";\n//# sourceMappingURL=theme.js.map\n', encoding="utf-8")
    (out / "_static" / "scripts" / "theme.js.map").write_text("{}", encoding="utf-8")
    (out / "_static" / "scripts" / "fontawesome.js").write_bytes(BUNDLE.read_bytes())
    (out / "_static" / "styles" / "theme.css").write_text(
        '@font-face{font-family:"Font Awesome 6 Free";src:url(x.woff2)}'
        '@font-face{font-family:"Lato";src:url(lato.woff2)}'
        '.fa-bars{--fa:"\\f0c9"}.fa-bars:before{content:var(--fa)}.fa-lemon{--fa:"\\f094"}'
        '.fa-lg{font-size:1.25em}.note{color:red}\n/*# sourceMappingURL=theme.css.map*/',
        encoding="utf-8")
    return out


def test_slim_writes_a_small_icon_script_with_the_icons_used(tmp_path: Path) -> None:
    out = _fake_output(tmp_path)
    assert icons.used_icons(out) == {("solid", "bars"), ("regular", "sun"), ("solid", "xmark")}
    icons.slim(out, BUNDLE)
    script = (out / "_static" / "scripts" / "fontawesome.js").read_text(encoding="utf-8")
    assert len(script) < 10_000 < BUNDLE.stat().st_size
    table = re.search(r"const ICONS = (\{.*?\});", script)
    assert table is not None
    assert set(re.findall(r'"(\w+ [\w-]+)":', table.group(1))) == {
        "solid bars", "regular sun", "solid xmark"}
    assert "innerHTML" not in script  # drawn with createElementNS only
    icons.slim(out, BUNDLE)  # a second run changes nothing
    assert (out / "_static" / "scripts" / "fontawesome.js").read_text(encoding="utf-8") == script


def test_slim_drops_the_icon_font_the_unused_glyphs_and_the_source_maps(tmp_path: Path) -> None:
    out = _fake_output(tmp_path)
    icons.slim(out, BUNDLE)
    css = (out / "_static" / "styles" / "theme.css").read_text(encoding="utf-8")
    assert "Font Awesome" not in css and "Lato" in css  # other fonts stay
    assert '.fa-bars{--fa:"\\f0c9"}' in css and ".fa-bars:before" not in css
    assert ".fa-lemon" not in css
    assert ".fa-lg{font-size:1.25em}" in css and ".note{color:red}" in css
    assert "sourceMappingURL" not in css
    script = (out / "_static" / "scripts" / "theme.js").read_text(encoding="utf-8")
    assert "sourceMappingURL" not in script and 'fa-solid fa-xmark' in script
    assert not list(out.rglob("*.map"))


def test_an_output_without_the_bundle_is_left_alone(tmp_path: Path) -> None:
    out = _fake_output(tmp_path)
    (out / "_static" / "scripts" / "fontawesome.js").unlink()
    icons.slim(out, BUNDLE)
    assert (out / "_static" / "scripts" / "theme.js.map").exists()


def test_purge_keeps_what_the_pages_use_and_drops_the_rest() -> None:
    css = ('.a{x:1}.b,.c{x:2}.d .a{x:3}div{x:4}:root{--v:1}'
           '@media (min-width:1px){.a{y:1}.zz{y:2}}@media print{.zz{z:1}}'
           '.e:is(.a,.zz){x:5}.bs-tooltip-top{x:6}@keyframes spin{0%{x:0}}'
           '@charset "UTF-8";.a::before{content:"{"}.zz{x:7}')
    out = icons.purge(css, {"a", "c"})
    assert ".a{x:1}" in out and ".c{x:2}" in out and ".b," not in out and ".b{" not in out
    assert ".d .a" not in out  # every class of a selector must be used
    assert "div{x:4}" in out and ":root{--v:1}" in out  # no class: kept
    assert "@media (min-width:1px){.a{y:1}}" in out and "@media print" not in out
    assert ":is(.a,.zz)" not in out  # .e unused (and the comma inside :is does not split)
    assert ".bs-tooltip-top{x:6}" in out  # Bootstrap's computed names, kept by prefix
    assert "@keyframes spin{0%{x:0}}" in out and '@charset "UTF-8";' in out
    assert out.endswith('.a::before{content:"{"}')  # a brace in a string is not syntax


def test_purge_splits_selector_lists_only_at_the_top_level() -> None:
    out = icons.purge(".a:not(.b, .c),.d{x:1}", {"a", "b", "c"})
    assert out == ".a:not(.b, .c){x:1}"


def test_the_words_of_an_output_include_the_classes_its_scripts_add(tmp_path: Path) -> None:
    out = _fake_output(tmp_path)
    (out / "_static" / "bootstrap.js").write_text('e.classList.add("show","collapsing")',
                                                  encoding="utf-8")
    words = icons.words_of(out)
    assert {"show", "collapsing", "fa-bars", "note"} <= words
