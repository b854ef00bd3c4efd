"""``generator.book.pdf``: Chromium prints HTML to PDF offline, Cyrillic and inline SVG intact.

The text of the PDF is read with ``pdftotext`` (Debian's poppler-utils): Chromium's PDFs keep
their text in compressed streams with subset fonts, so searching the bytes proves nothing.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.book import pdf
from generator.book.pdf import ChromiumMissingError, PdfError, build_pdf
from generator.errors import TdcourseError

CYRILLIC_WORDS = ("Недостаточная", "заявка", "разыгрывающий", "судья")

PAGE = """<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>Проба</title>
<link rel="stylesheet" href="static/style.css"></head>
<body>
<h1>Недостаточная заявка</h1>
<p>Если разыгрывающий спорит, зовут судью: судья решает.</p>
<svg xmlns="http://www.w3.org/2000/svg" width="160" height="60" role="img">
  <rect width="160" height="60" fill="#eef"/>
  <text x="8" y="36" font-size="20" fill="#c00">&#9829; болван</text>
</svg>
<img src="static/dot.svg" alt="точка" width="20" height="20">
</body></html>
"""

DOT_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">'
           '<circle cx="10" cy="10" r="9" fill="#080"/></svg>')


def write_page(folder: Path, html: str = PAGE) -> Path:
    """A page with a relative stylesheet and image (they load only when served over HTTP)."""
    (folder / "static").mkdir(parents=True, exist_ok=True)
    (folder / "static" / "style.css").write_text("h1 { color: #036; }\n", encoding="utf-8")
    (folder / "static" / "dot.svg").write_text(DOT_SVG, encoding="utf-8")
    page = folder / "page.html"
    page.write_text(html, encoding="utf-8")
    return page


def page_count(data: bytes) -> int:
    """Page objects in a PDF (Chromium's Skia writes object dictionaries uncompressed)."""
    return len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", data))


def pdf_text(path: Path) -> str:
    tool = shutil.which("pdftotext")
    if tool is None:
        pytest.skip("pdftotext is missing: apt-get install -y poppler-utils")
    done = subprocess.run([tool, "-enc", "UTF-8", str(path), "-"], capture_output=True,
                          check=True, timeout=60)
    return done.stdout.decode("utf-8")


def test_prints_cyrillic_and_svg_to_pdf(tmp_path: Path, chromium: Path) -> None:
    html = write_page(tmp_path / "site")
    out = tmp_path / "out" / "course-ru.pdf"
    assert build_pdf(html, out) == out
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    assert page_count(data) >= 1
    assert not [p for p in out.parent.iterdir() if p != out], "a temporary file was left behind"
    text = pdf_text(out)
    for word in CYRILLIC_WORDS:
        assert word in text, f"{word!r} missing from the PDF text: {text!r}"
    assert "болван" in text  # the inline SVG's text made it into the print


def test_network_requests_are_blocked_and_reported(tmp_path: Path, chromium: Path) -> None:
    url = "https://fonts.example.com/roboto.css"
    html = write_page(tmp_path, PAGE.replace("static/style.css", url))
    out = tmp_path / "course.pdf"
    out.write_bytes(b"%PDF previous")
    with pytest.raises(PdfError, match=re.escape(url)) as caught:
        build_pdf(html, out)
    assert "network" in str(caught.value)
    assert out.read_bytes() == b"%PDF previous", "a failed print must leave the previous PDF"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["course.pdf", "page.html", "static"]


def test_a_missing_local_asset_is_an_error(tmp_path: Path, chromium: Path) -> None:
    html = write_page(tmp_path, PAGE.replace("static/dot.svg", "static/chart-27.svg"))
    with pytest.raises(PdfError, match=r"chart-27\.svg \(HTTP 404\)"):
        build_pdf(html, tmp_path / "course.pdf")
    assert not (tmp_path / "course.pdf").exists()


def test_without_chromium_the_error_says_how_to_install_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(pdf.CHROMIUM_ENV, str(tmp_path / "no-such-chromium"))
    assert pdf.chromium_path() is None
    html = write_page(tmp_path)
    with pytest.raises(ChromiumMissingError) as caught:
        build_pdf(html, tmp_path / "course.pdf")
    message = str(caught.value)
    assert isinstance(caught.value, TdcourseError)
    assert "apt-get install -y chromium" in message and "\n" not in message
    assert not (tmp_path / "course.pdf").exists()


def test_a_missing_html_file_is_a_one_line_error(tmp_path: Path) -> None:
    with pytest.raises(PdfError, match="no such HTML file"):
        build_pdf(tmp_path / "absent.html", tmp_path / "course.pdf")


def test_chromium_path_honours_the_environment(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    fake = tmp_path / "my-chromium"
    fake.write_text("#!/bin/sh\n", encoding="utf-8")
    fake.chmod(0o755)
    monkeypatch.setenv(pdf.CHROMIUM_ENV, str(fake))
    assert pdf.chromium_path() == fake


def test_a_singlehtml_directory_prints_its_page(tmp_path: Path, chromium: Path) -> None:
    folder = tmp_path / "singlehtml" / "ru"
    write_page(folder).rename(folder / "intro.html")
    (folder / "index.html").write_text(  # what Jupyter Book writes beside the root page
        '<meta http-equiv="Refresh" content="0; url=intro.html" />', encoding="utf-8")
    out = build_pdf(folder, tmp_path / "course-ru.pdf")
    assert out.read_bytes().startswith(b"%PDF")


def test_a_directory_with_several_pages_is_an_error(tmp_path: Path) -> None:
    write_page(tmp_path)
    (tmp_path / "other.html").write_text("<p>x</p>", encoding="utf-8")
    with pytest.raises(PdfError, match="expected one HTML page"):
        build_pdf(tmp_path, tmp_path / "course.pdf")
