// What the node checks share: the Julia files below a path, and a parser
// with the pinned tree-sitter Julia grammar (WebAssembly).
'use strict';
const fs = require('fs');
const path = require('path');
// Compile the grammar's WebAssembly with the baseline compiler only: the
// optimising tier costs minutes of CPU for a few milliseconds of parsing.
require('v8').setFlagsFromString('--liftoff-only');

function julia_files(p) {
  if (fs.statSync(p).isDirectory()) {
    return fs.readdirSync(p).sort()
      .filter((f) => f !== 'node_modules' && !f.startsWith('.'))
      .flatMap((f) => julia_files(path.join(p, f)));
  }
  return p.endsWith('.jl') ? [p] : [];
}

// A tree-sitter parser for Julia; prints FAIL and exits 1 when the grammar
// is not installed.
async function julia_parser() {
  let Parser;
  try {
    Parser = require('web-tree-sitter');
  } catch (e) {
    console.log('FAIL: web-tree-sitter is not installed in ' + __dirname +
                ': run `bash cmake/install-deps.sh` (or bindings/julia/gen/install-node-deps.sh)');
    process.exit(1);
  }
  await Parser.init();
  const Julia = await Parser.Language.load(require.resolve('tree-sitter-julia/tree-sitter-julia.wasm'));
  const parser = new Parser();
  parser.setLanguage(Julia);
  return parser;
}

module.exports = { julia_files, julia_parser };
