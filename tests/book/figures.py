"""Measuring the course's figures in a real browser: rendered text size, overflow, contrast.

Shared by the browser test ``test_phone_browser.py`` and ``benchmarks/bench_phone.py`` (which
prints the numbers), so both measure the same way:

* **rendered text size** of an SVG ``<text>``/``<tspan>``: its computed ``font-size`` (user
  units) times the scale of its screen transformation matrix (``getScreenCTM``: the viewBox
  scaling, any ``transform`` inside the SVG and any CSS scale); of an HTML element with text of its
  own: its computed ``font-size`` times the scale of every CSS ``transform`` above it;
* **overflow**: ``document.documentElement.scrollWidth`` against the viewport width;
* **contrast** (WCAG 2 ratio) of each visible text element against what is painted behind its
  centre: ``document.elementsFromPoint`` gives the stack there (SVG shapes are hit-tested by their
  fill), and the first backgrounds down the stack are blended until opaque. Colours are read
  back through a canvas, so any CSS colour syntax the browser computes is understood.

Only elements actually rendered (non-empty box, not ``display: none``, not ``visibility:
hidden``) count: a figure has a phone form and a desktop form, and only the one shown is measured.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported where used, so the module loads without Playwright
    from playwright.sync_api import Page

#: The kinds of figure and the CSS selector of the elements whose text is measured.
KINDS: Mapping[str, str] = {
    "hand diagram": "svg.tdc-hand-diagram",
    "auction": "table.tdc-auction",
    "chart": "svg.tdc-chart",
    "chapter table": ".bd-article table.table",
    "quiz card": ".tdc-quiz .tdc-q",
}

#: A phone (an iPhone SE's CSS viewport at device scale 2) and a desktop window.
PHONE: Mapping[str, Any] = {"viewport": {"width": 375, "height": 667}, "device_scale_factor": 2,
                            "is_mobile": True, "has_touch": True}
DESKTOP: Mapping[str, Any] = {"viewport": {"width": 1280, "height": 900},
                              "device_scale_factor": 1}

_COMMON_JS = r"""
const visible = (el) => {
  const r = el.getBoundingClientRect();
  if (r.width <= 0 && r.height <= 0) return false;
  for (let e = el; e && e.nodeType === 1; e = e.parentNode) {
    const cs = getComputedStyle(e);
    if (cs.display === 'none' || cs.visibility === 'hidden') return false;
  }
  return true;
};
const ownText = (el) => [...el.childNodes].some(
  (n) => n.nodeType === 3 && n.textContent.trim() !== '');
const cssScale = (el) => {
  let s = 1;
  for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
    const t = getComputedStyle(e).transform;
    if (t && t !== 'none') { const m = new DOMMatrix(t); s *= Math.hypot(m.a, m.b); }
  }
  return s;
};
const renderedSize = (el) => {
  const size = parseFloat(getComputedStyle(el).fontSize);
  if (el instanceof SVGElement) {
    const m = el.getScreenCTM();
    return size * (m ? Math.hypot(m.a, m.b) : 1);
  }
  return size * cssScale(el);
};
const textElements = (root) => [root, ...root.querySelectorAll('*')].filter(
  (el) => ownText(el) && visible(el) && !el.closest('.tdc-sr, title, desc, style, script'));
"""

SIZES_JS = _COMMON_JS + r"""
(selector) => {
  const out = {count: 0, figures: 0, min: null, where: ''};
  for (const fig of document.querySelectorAll(selector)) {
    if (!visible(fig)) continue;
    out.figures += 1;
    for (const el of textElements(fig)) {
      const px = renderedSize(el);
      out.count += 1;
      if (out.min === null || px < out.min) {
        out.min = px;
        out.where = `${el.tagName} "${el.textContent.trim().slice(0, 30)}"`;
      }
    }
  }
  return out;
}
"""

CONTRAST_JS = _COMMON_JS + r"""
(selector) => {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  const rgba = (c) => {
    if (!c || c === 'none' || c.startsWith('url')) return null;
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = '#000'; ctx.fillStyle = c;
    ctx.fillRect(0, 0, 1, 1);
    const d = ctx.getImageData(0, 0, 1, 1).data;
    const a = d[3] / 255;
    return a === 0 ? [0, 0, 0, 0] : [d[0] / a, d[1] / a, d[2] / a, a];
  };
  const paintOf = (el) => {
    const cs = getComputedStyle(el);
    if (el instanceof SVGElement) {
      if (el instanceof SVGSVGElement || el instanceof SVGTextContentElement
          || el instanceof SVGGElement) return null;
      const fill = rgba(cs.fill);
      if (!fill) return null;
      const alpha = fill[3] * parseFloat(cs.fillOpacity) * parseFloat(cs.opacity);
      return [fill[0], fill[1], fill[2], alpha];
    }
    return rgba(cs.backgroundColor);
  };
  const blend = (top, under) => {
    const a = top[3];
    return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a),
            top[2] * a + under[2] * (1 - a), 1];
  };
  const lum = (c) => {
    const f = (v) => {
      v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const out = {count: 0, min: null, where: ''};
  for (const fig of document.querySelectorAll(selector)) {
    if (!visible(fig)) continue;
    for (const el of textElements(fig)) {
      el.scrollIntoView({block: 'center', inline: 'center'});
      const r = el.getBoundingClientRect();
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      const stack = document.elementsFromPoint(x, y).filter(
        (e) => e !== el && !el.contains(e) && !(e instanceof SVGTextContentElement));
      const layers = [];
      for (const e of stack) {
        const p = paintOf(e);
        if (p && p[3] > 0) { layers.push(p); if (p[3] >= 1) break; }
      }
      const html = getComputedStyle(document.documentElement).backgroundColor;
      let bg = rgba(html) || [255, 255, 255, 1];
      if (bg[3] < 1) bg = blend(bg, [255, 255, 255, 1]);
      for (const layer of layers.reverse()) bg = blend(layer, bg);
      const cs = getComputedStyle(el);
      let fg = rgba(el instanceof SVGElement ? cs.fill : cs.color);
      if (!fg) continue;
      fg = blend(fg, bg);
      const value = ratio(fg, bg);
      out.count += 1;
      if (out.min === null || value < out.min) {
        out.min = value;
        out.where = `${el.tagName} "${el.textContent.trim().slice(0, 30)}"`
          + ` fg ${fg.map(Math.round)} bg ${bg.map(Math.round)}`;
      }
    }
  }
  window.scrollTo(0, 0);
  return out;
}
"""


def text_sizes(page: Page, selector: str) -> dict[str, Any]:
    """``{count, figures, min, where}``: the smallest rendered text (CSS px) of the visible
    figures matching ``selector`` (``min`` is ``None`` when there is no text)."""
    result: dict[str, Any] = page.evaluate(SIZES_JS, selector)
    return result


def contrast(page: Page, selector: str) -> dict[str, Any]:
    """``{count, min, where}``: the lowest contrast ratio of text against what lies behind it."""
    result: dict[str, Any] = page.evaluate(CONTRAST_JS, selector)
    return result


def page_overflow(page: Page) -> int:
    """How many CSS px the page is wider than its viewport (0 when it fits)."""
    width: int = page.evaluate(
        "Math.max(0, document.documentElement.scrollWidth - window.innerWidth)")
    return width


def set_dark(page: Page) -> None:
    """The theme's dark mode, as its switch leaves it (``data-theme`` and ``data-mode`` on
    ``<html>``, kept in ``localStorage``) -- set before the page loads, by an init script."""
    page.add_init_script(
        "try { localStorage.setItem('mode', 'dark'); localStorage.setItem('theme', 'dark'); }"
        " catch (e) {}")


def start_practice(page: Any) -> None:
    """The practice page starts a set when the learner asks for it (chapters and size chosen):
    press Start, as a learner does, and wait for the first card."""
    if not page.locator(".tdc-quiz[data-mode=practice]").count():
        return
    ui = page.evaluate("JSON.parse(document.querySelector('.tdc-quiz-config').textContent).ui")
    button = page.get_by_role("button", name=ui["practice_start"])
    if button.count():
        button.first.click()
    page.locator("section.tdc-q").first.wait_for()
