/* Compile Python sources to bytecode with Pyodide's own Python, under Node.js, at build time
 * (generator/book/assistant.py runs it; the page never loads it).
 *
 *   node pyc_compile.js PYODIDE_DIR IN.zip OUT.zip
 *
 * IN.zip holds sources, each named by the path its module has in the page's file system without
 * the leading slash (lib/python312.zip/json/__init__.py, engine/generator/model/card.py). OUT.zip
 * gets, under the same name, the .pyc of each one that compiles: unchecked hash-based (PEP 552,
 * no date inside), made by the Python version the page runs, with a fixed hash seed, so the same
 * sources give the same bytes. A source that does not compile is left out (the page compiles it
 * if it is ever imported, as before). */
"use strict";
const fs = require("fs");
const path = require("path");

async function main() {
  const [pyodideDir, input, output] = process.argv.slice(2);
  const {loadPyodide} = require(path.resolve(pyodideDir));
  const py = await loadPyodide({indexURL: path.resolve(pyodideDir) + path.sep,
                                env: {PYTHONHASHSEED: "0"}, stdout: () => {}, stderr: () => {}});
  py.FS.writeFile("/tmp/in.zip", new Uint8Array(fs.readFileSync(input)));
  py.runPython(`
import importlib._bootstrap_external as external
import importlib.util
import zipfile

with zipfile.ZipFile("/tmp/in.zip") as src, \\
        zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_STORED) as out:
    for name in sorted(src.namelist()):
        data = src.read(name)
        try:
            code = compile(data, "/" + name, "exec", dont_inherit=True)
        except (SyntaxError, ValueError):
            continue
        pyc = external._code_to_hash_pyc(code, importlib.util.source_hash(data), False)
        out.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), bytes(pyc))
`);
  fs.writeFileSync(output, py.FS.readFile("/tmp/out.zip"));
}

main().catch((error) => { console.error(String(error)); process.exit(1); });
