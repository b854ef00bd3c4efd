"""The ruling assistant page (``assistant.html``): the engine itself, in the browser, offline.

``book/assistant.md`` is a page of the book whose content is a mount point
(``<div id="tdc-assistant"></div>``). After Sphinx has built a language,
:func:`install` (one call in :mod:`generator.book.site`) makes it the assistant:

1. ``_assistant/pyodide/``: the Python runtime, copied from ``book/assistant/node_modules``
   (the npm package ``pyodide`` pinned in ``book/assistant/package-lock.json``, installed by
   ``npm ci`` in the Makefile). Never a CDN: the page fetches nothing from another host.
   Its ``python_stdlib.zip`` is shipped as bytecode (:func:`stdlib_zip`): Pyodide 0.27 ships
   the standard library as sources, which its Python compiled again at every start.
2. ``_assistant/engine.zip``: this project's own package as far as a ruling needs it (model,
   table, laws with their indexes, the catalogs, :mod:`generator.assistant_api`), and PyYAML's
   pure-Python ``yaml`` package from the installed environment (the npm package has no PyYAML,
   and the case reader and the catalogs need it); with each module's bytecode in
   ``__pycache__`` and the catalogs and law indexes already parsed
   (:mod:`generator.preparsed`). The zip is deterministic: sorted entries, a fixed date,
   unchecked hash-based .pyc files made with a fixed hash seed, so the same sources give the
   same bytes.

The bytecode is made at build time by Pyodide's own Python run under Node.js
(``pyc_compile.js``), the Python the page runs; without Node.js the build says so and ships
sources, which work, only slower to start. Where the start's time went, measured with
``benchmarks/bench_assistant.py`` (issue 18): compiling the standard library's and the engine's
sources, and PyYAML's pure-Python parser reading the catalogs and indexes.
3. ``_assistant/assistant.js`` and ``assistant.css`` (from ``assistant_static/``), the web app
   manifest and its icon, and ``assistant-sw.js`` at the language's root (a service worker
   controls the pages under its own folder: at the root it may serve ``assistant.html``). The
   worker precaches the page, what the page loads from ``_static/`` and the whole
   ``_assistant/`` folder under a cache named after their digest, so a new build replaces it.
4. ``assistant.html`` gets the interface texts of its language (the catalogs'
   ``assistant.ui``), its edition and where its files are as data on the mount point, and the
   links to its script, style and manifest in its head. Patching is idempotent: a page Sphinx
   did not rewrite is patched again to the same bytes.

5. ``html/_assistant-runtime/`` (:data:`RUNTIME`, beside the editions' folders, once for the
   course's sites, staged with the landing page by :func:`generator.book.site.build_site`
   from :func:`runtime_scripts`, not by :func:`install`): each file the page fetches
   (:data:`DISK_FILES`: Pyodide's WebAssembly module, its standard library and lock file, the
   engine zip) as a script, ``<name>.js``, that stores it base64 in ``window.__tdcAssets``
   (:func:`disk_script`).

Opened from disk (``file:``) Chromium refuses ``fetch`` of ``file:`` URLs and ``import()`` of
``file:`` modules, which Pyodide uses for those files and for ``pyodide.asm.js``; a classic
``<script>`` tag may load a ``file:`` script. So there the page loads the scripts of
:data:`RUNTIME` (``data-runtime``, reached as ``../../_assistant-runtime/``) and
``pyodide.asm.js`` by script tags, and wraps ``fetch`` to answer those files' URLs with a
``Response`` of their bytes (``application/wasm`` for the module: Pyodide's
``WebAssembly.instantiateStreaming`` accepts it); any other request goes to the real ``fetch``.
The service worker (server mode) is not concerned: it neither caches nor needs them. A
:data:`RUNTIME` that is missing (a site copied without it) makes the page say it cannot rule
from disk and name the ways out (any static host, the installed web app).
"""

from __future__ import annotations

import base64
import hashlib
import html
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from generator import i18n

PAGE = "assistant.html"
ASSETS = "_assistant"
WORKER = "assistant-sw.js"
#: the course's folder (``html/_assistant-runtime``, beside the editions' folders) holding, once
#: for every site, the files the page fetches as scripts it can load opened from disk
RUNTIME = "_assistant-runtime"
#: how a page (``html/<edition>/<lang>/assistant.html``) reaches :data:`RUNTIME`
RUNTIME_FROM_SITE = f"../../{RUNTIME}/"
#: the files the page fetches (Pyodide's three, the engine zip), each written to :data:`RUNTIME`
#: as ``<name>.js`` for a page opened from disk (:func:`disk_script`)
DISK_FILES = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json", "engine.zip")
STATIC = Path(__file__).parent / "assistant_static"
#: the npm project that pins Pyodide (``npm ci`` there installs ``node_modules/pyodide``)
NPM_DIR = Path("book") / "assistant"
#: what the page loads of the npm package: the loader, the runtime, the standard library and
#: the lock file Pyodide reads at start-up (no other package: the engine needs none)
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
#: what the page fetches to start its engine, preloaded from its head so that the downloads
#: (and the WebAssembly compile, which streams) start with the page rather than after its script
#: ran (``fetch`` as Pyodide and the script fetch them: same origin, CORS mode)
PRELOAD = (("pyodide/pyodide.js", "script"), ("pyodide/pyodide.asm.js", "script"),
           ("pyodide/pyodide.asm.wasm", "fetch"), ("pyodide/python_stdlib.zip", "fetch"),
           ("pyodide/pyodide-lock.json", "fetch"), ("engine.zip", "fetch"))
#: the standard library's zip, shipped as bytecode (:func:`stdlib_zip`)
STDLIB = "python_stdlib.zip"
GENERATOR = Path(__file__).resolve().parents[1]
#: the engine's subpackages, whole (the engine imports its law modules by name)
ENGINE_PACKAGES = ("model", "table", "laws", "i18n", "scenarios")
#: single modules of the package the ruling path imports (announce -> notebook -> book.*)
ENGINE_MODULES = ("__init__.py", "errors.py", "yamlnodes.py", "notebook.py", "assistant_api.py",
                  "preparsed.py",
                  "book/__init__.py", "book/deciding.py", "book/diagrams.py",
                  "book/examples.py", "book/markup.py", "book/quizdata.py")
#: data files the engine reads at run time (law indexes, restatements, catalogs)
ENGINE_DATA = (".yaml",)
_ZIP_DATE = (2020, 1, 1, 0, 0, 0)
_MOUNT = re.compile(r'<div id="tdc-assistant"[^>]*>.*?</div><!-- /tdc-assistant -->'
                    r'|<div id="tdc-assistant"></div>', re.DOTALL)
_HEAD = re.compile(r"<!-- tdc-assistant head -->.*?<!-- /tdc-assistant head -->\n?", re.DOTALL)
_LOCAL_ASSET = re.compile(r'(?:src|href)="(_static/[^"?#]+)')


def pyodide_dir(root: Path) -> Path:
    """Where ``npm ci`` puts the Pyodide package of the page."""
    return root / NPM_DIR / "node_modules" / "pyodide"


def engine_files() -> list[tuple[str, Path]]:
    """(name in the zip, source) of every file the engine zip holds, sorted by name."""
    import yaml

    found: dict[str, Path] = {}
    for package in ENGINE_PACKAGES:
        for path in (GENERATOR / package).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and (
                    path.suffix == ".py" or path.suffix in ENGINE_DATA):
                found[f"generator/{path.relative_to(GENERATOR).as_posix()}"] = path
    for rel in ENGINE_MODULES:
        found[f"generator/{rel}"] = GENERATOR / rel
    yaml_dir = Path(yaml.__file__).parent
    for path in yaml_dir.glob("*.py"):  # pure Python: the C extension (_yaml) stays behind
        found[f"yaml/{path.name}"] = path
    return sorted(found.items())


def engine_entries() -> list[tuple[str, bytes]]:
    """(name, bytes) of every entry of the engine zip, sorted by name: the files of
    :func:`engine_files` and ``generator/preparsed.json``, the catalogs and law indexes parsed
    at build time (:mod:`generator.preparsed`: PyYAML in Pyodide has no C parser)."""
    from generator import preparsed

    files = engine_files()
    entries = {name: path.read_bytes() for name, path in files}
    pre = [(kind, name, entries[name].decode("utf-8")) for name, _ in files
           if (kind := preparsed.kind_of(name)) is not None]
    entries[f"generator/{preparsed.STORE.name}"] = preparsed.build(pre)
    return sorted(entries.items())


def python_tag(pyodide: Path) -> str:
    """The cache tag of the page's Python (``cpython-312``), from Pyodide's lock file."""
    version = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    major, minor = str(version["python"]).split(".")[:2]
    return f"cpython-{major}{minor}"


def compiled(pyodide: Path, sources: tuple[tuple[str, bytes], ...]) -> dict[str, bytes] | None:
    """The bytecode of ``sources`` (name as in the page's file system without the leading
    slash, source bytes) made by Pyodide's own Python under Node.js (``pyc_compile.js``):
    unchecked hash-based .pyc files, deterministic. ``None``, said on stderr, when Node.js is
    missing or fails: the page then ships sources and compiles them at each start (slower)."""
    digest = hashlib.sha256()
    for name, data in sources:
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    key = (str(pyodide), digest.hexdigest())
    if key not in _COMPILED:
        _COMPILED[key] = _compile(pyodide, sources)
    return _COMPILED[key]


_COMPILED: dict[tuple[str, str], dict[str, bytes] | None] = {}


def _compile(pyodide: Path, sources: tuple[tuple[str, bytes], ...]) -> dict[str, bytes] | None:
    node = shutil.which("node")
    if node is None:
        print("!! Node.js not found: the assistant page ships Python sources, not bytecode "
              "(its engine starts slower)", file=sys.stderr)
        return None
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "in.zip", Path(tmp) / "out.zip"
        with zipfile.ZipFile(src, "w", zipfile.ZIP_STORED) as archive:
            for name, data in sources:
                archive.writestr(zipfile.ZipInfo(name, _ZIP_DATE), data)
        done = subprocess.run([node, str(Path(__file__).with_name("pyc_compile.js")),
                               str(pyodide), str(src), str(out)],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0 or not out.is_file():
            print(f"!! compiling the assistant's Python with Pyodide under Node.js failed "
                  f"({done.stderr.strip()[-300:]}): the page ships sources", file=sys.stderr)
            return None
        with zipfile.ZipFile(out) as archive:
            return {name: archive.read(name) for name in archive.namelist()}


def stdlib_zip(pyodide: Path) -> bytes:
    """Pyodide's ``python_stdlib.zip`` with each module as bytecode instead of source
    (sourceless ``.pyc``, same order, dates and compression): Pyodide 0.27 ships the standard
    library as sources, which its Python compiled again at every start of the page. The
    vendored zip itself when bytecode cannot be made."""
    original = (pyodide / "python_stdlib.zip").read_bytes()
    prefix = "lib/python312.zip/"
    with zipfile.ZipFile(io.BytesIO(original)) as source:
        infos = source.infolist()
        pycs = compiled(pyodide, tuple((prefix + i.filename, source.read(i)) for i in infos
                                       if i.filename.endswith(".py")))
        if pycs is None:
            return original
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            for info in infos:
                data = source.read(info)
                pyc = pycs.get(prefix + info.filename)
                if pyc is not None:
                    info = _renamed(info, info.filename + "c")
                    data = pyc
                archive.writestr(info, data, compress_type=info.compress_type)
    return buffer.getvalue()


def _renamed(info: zipfile.ZipInfo, name: str) -> zipfile.ZipInfo:
    new = zipfile.ZipInfo(name, info.date_time)
    new.compress_type, new.external_attr = info.compress_type, info.external_attr
    return new


def engine_zip(pyodide: Path | None = None) -> bytes:
    """The engine zip's bytes (deterministic: sorted entries, one fixed date). With
    ``pyodide`` (the npm package), each module also as bytecode of the page's Python in
    ``__pycache__`` (unchecked hash-based: the page imports it without compiling)."""
    entries = engine_entries()
    if pyodide is not None:
        sources = tuple((f"engine/{name}", data) for name, data in entries
                        if name.endswith(".py"))
        pycs = compiled(pyodide, sources) or {}
        tag = python_tag(pyodide)
        for name, _data in list(entries):
            pyc = pycs.get(f"engine/{name}")
            if pyc is not None:
                folder, _, module = name.rpartition("/")
                entries.append((f"{folder}/__pycache__/{module[:-3]}.{tag}.pyc", pyc))
        entries.sort()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, _ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data, compresslevel=9)
    return buffer.getvalue()


def disk_script(name: str, data: bytes) -> bytes:
    """``data`` as a classic script that stores it, base64, as ``window.__tdcAssets[name]``:
    what a page opened from disk can load (a ``<script>`` tag), where Chromium refuses
    ``fetch`` of ``file:`` URLs. The page answers its own ``fetch`` of the file from it."""
    encoded = base64.b64encode(data).decode("ascii")
    return (f"/* {name} for the ruling assistant opened from disk "
            f"(generator/book/assistant.py) */\n"
            f"(self.__tdcAssets = self.__tdcAssets || {{}})[{json.dumps(name)}] =\n"
            f'"{encoded}";\n').encode("ascii")


def runtime_scripts(root: Path) -> dict[str, bytes]:
    """The files of :data:`RUNTIME` (``<name>.js`` of each of :data:`DISK_FILES`, the same bytes
    the sites' ``_assistant`` folders hold, as :func:`disk_script`), by file name; none when
    Pyodide is not installed (the pages then have no ``data-runtime``). The course's build
    stages them once for all its sites (:func:`generator.book.site.build_site`)."""
    source = pyodide_dir(root)
    if not all((source / name).is_file() for name in PYODIDE_FILES):
        return {}
    fetched = {name: (source / name).read_bytes() for name in DISK_FILES if name != STDLIB
               and name != "engine.zip"}
    fetched[STDLIB] = stdlib_zip(source)
    fetched["engine.zip"] = engine_zip(source)
    return {f"{name}.js": disk_script(name, fetched[name]) for name in DISK_FILES}


def ui_texts(lang: str) -> dict[str, Any]:
    """The interface texts the script needs in ``lang``: ``assistant.ui``, the seat names."""
    return {"ui": {key: str(text) for key, text in i18n.table(lang, "assistant.ui").items()},
            "seats": {key: str(text) for key, text in i18n.table(lang, "diagrams.seats").items()},
            "vul": {key: str(text)
                    for key, text in i18n.table(lang, "diagrams.vulnerability").items()}}


def _script_json(data: Any) -> str:
    """JSON safe inside ``<script>``: no ``<``, no U+2028/2029."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return (text.replace("<", "\\u003c").replace("\u2028", "\\u2028")
            .replace("\u2029", "\\u2029"))


def _write(path: Path, data: bytes) -> None:
    """Write ``data`` unless the file already holds it (a rebuild keeps the dates)."""
    if path.is_file() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _precache(site: Path, page_text: str) -> list[str]:
    """The URLs (relative to the site) the worker caches: the page, its ``_static`` files,
    every file of ``_assistant``, sorted."""
    urls = {PAGE}
    urls.update(m for m in _LOCAL_ASSET.findall(page_text) if (site / m).is_file())
    urls.update(p.relative_to(site).as_posix() for p in (site / ASSETS).rglob("*") if p.is_file())
    return sorted(urls)


def install(root: Path, site: Path, lang: str, edition: str = "1987") -> bool:
    """Make ``site/assistant.html`` the assistant (see the module docstring). Returns whether
    the engine is bundled: without ``node_modules/pyodide`` (npm missing) the page is still
    built and says the engine was not bundled. A site without the page is left alone."""
    page = site / PAGE
    if not page.is_file():
        return False
    assets = site / ASSETS
    source = pyodide_dir(root)
    bundled = all((source / name).is_file() for name in PYODIDE_FILES)
    if bundled:
        for name in PYODIDE_FILES:
            target = assets / "pyodide" / name
            data = stdlib_zip(source) if name == STDLIB else (source / name).read_bytes()
            _write(target, data)
        _write(assets / "engine.zip", engine_zip(source))
    else:
        shutil.rmtree(assets / "pyodide", ignore_errors=True)
        (assets / "engine.zip").unlink(missing_ok=True)
    for path in sorted(STATIC.iterdir()):
        if path.is_file() and path.suffix in (".js", ".css", ".svg"):
            if path.name == WORKER:
                continue
            _write(assets / path.name, path.read_bytes())
    texts = ui_texts(lang)
    manifest = {"name": texts["ui"]["app_name"], "short_name": texts["ui"]["app_short"],
                "start_url": f"../{PAGE}", "scope": "../", "display": "standalone",
                "lang": lang, "background_color": "#ffffff", "theme_color": "#1f4e8c",
                "icons": [{"src": "icon.svg", "sizes": "any", "type": "image/svg+xml"}]}
    _write(assets / "manifest.webmanifest",
           (json.dumps(manifest, ensure_ascii=False, indent=1) + "\n").encode())

    text = page.read_text(encoding="utf-8")
    text = _HEAD.sub("", text)
    preload = "".join(f'<link rel="preload" href="{ASSETS}/{url}" as="{kind}"'
                      f'{" crossorigin" if kind == "fetch" else ""}>\n'
                      for url, kind in PRELOAD) if bundled else ""
    head = ('<!-- tdc-assistant head -->\n'
            f'<link rel="manifest" href="{ASSETS}/manifest.webmanifest">\n' + preload +
            '<meta name="theme-color" content="#1f4e8c">\n'
            f'<link rel="stylesheet" href="{ASSETS}/assistant.css">\n'
            f'<script defer src="{ASSETS}/assistant.js"></script>\n'
            '<!-- /tdc-assistant head -->\n')
    text = text.replace("</head>", head + "</head>", 1)
    noscript = html.escape(texts["ui"]["noscript"])
    mount = (f'<div id="tdc-assistant" data-edition="{html.escape(edition)}" '
             f'data-lang="{html.escape(lang)}" data-base="{ASSETS}/" data-worker="{WORKER}" '
             f'data-runtime="{RUNTIME_FROM_SITE if bundled else ""}" '
             f'data-engine="{"bundled" if bundled else "missing"}">'
             f'<script type="application/json" class="tdc-assistant-ui">{_script_json(texts)}'
             f'</script><noscript><p>{noscript}</p></noscript></div><!-- /tdc-assistant -->')
    if not _MOUNT.search(text):
        raise ValueError(f"{page}: no mount point <div id=\"tdc-assistant\"></div>")
    text = _MOUNT.sub(lambda _m: mount, text, count=1)
    _write(page, text.encode("utf-8"))

    urls = _precache(site, text)
    digest = hashlib.sha256()
    for url in urls:
        digest.update(url.encode() + b"\0" + (site / url).read_bytes())
    worker = (STATIC / WORKER).read_text(encoding="utf-8")
    worker = worker.replace('"__PRECACHE__"', json.dumps(urls)).replace(
        "__VERSION__", digest.hexdigest()[:16])
    _write(site / WORKER, worker.encode("utf-8"))
    return bundled
