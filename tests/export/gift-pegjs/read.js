// Reads a GIFT file with gift-pegjs (an independent parser built from the GIFT grammar) and
// prints what it understood as JSON: the export tests compare that with the bank. A file the
// grammar rejects prints {"error": ..., "line": ...} and exits 1.
'use strict';
const fs = require('fs');
const parser = require('gift-pegjs');

const text = fs.readFileSync(process.argv[2], 'utf8');
try {
  process.stdout.write(JSON.stringify(parser.parse(text)));
} catch (e) {
  process.stdout.write(JSON.stringify({error: e.message, line: e.location && e.location.start.line}));
  process.exit(1);
}
