#!/usr/bin/env node
// Lists, as JSON on stdout, the functions `sgmc_*` that GENERATED defines
// (name -> number of parameters) and every call `LibSgmc.sgmc_*(...)` in
// the other files (file, line, function, positional arguments, keyword
// arguments, whether one is splatted), parsed with the tree-sitter Julia
// grammar: node libsgmc_calls.js GENERATED FILE_OR_DIR...
// gen/check.py arity compares the two.
'use strict';
const fs = require('fs');
const path = require('path');
const { julia_files, julia_parser } = require('./grammar');

function* nodes(node) {
  yield node;
  for (const child of node.namedChildren) yield* nodes(child);
}

(async () => {
  const parser = await julia_parser();
  const [generated, ...rest] = process.argv.slice(2);
  const parse = (file) => parser.parse(fs.readFileSync(file, 'utf8')).rootNode;

  // function sgmc_x(a, b) ... end in the generated module.
  const defs = {};
  for (const n of nodes(parse(generated))) {
    if (n.type !== 'function_definition') continue;
    const sig = n.namedChildren.find((c) => c.type === 'signature');
    const call = sig && sig.namedChildren.find((c) => c.type === 'call_expression');
    if (!call || !/^sgmc_\w+$/.test(call.namedChild(0).text)) continue;
    const args = call.namedChildren.find((c) => c.type === 'argument_list');
    defs[call.namedChild(0).text] = args ? args.namedChildren.length : 0;
  }

  // LibSgmc.sgmc_x(...), also qualified further (Sgmc.LibSgmc.sgmc_x).
  const calls = [];
  for (const file of rest.flatMap(julia_files)) {
    if (path.resolve(file) === path.resolve(generated)) continue;
    for (const n of nodes(parse(file))) {
      if (n.type !== 'call_expression') continue;
      const callee = n.namedChild(0);
      const m = /(?:^|\.)LibSgmc\.(sgmc_\w+)$/.exec(callee.text.replace(/\s+/g, ''));
      if (callee.type !== 'field_expression' || !m) continue;
      const args = n.namedChildren.find((c) => c.type === 'argument_list');
      const items = args ? args.namedChildren.filter((c) => c.type !== 'comment') : [];
      calls.push({
        file, line: n.startPosition.row + 1, name: m[1],
        positional: items.filter((c) => c.type !== 'named_argument').length,
        keywords: items.filter((c) => c.type === 'named_argument').map((c) => c.text),
        splat: items.some((c) => c.type === 'splat_expression'),
      });
    }
  }
  console.log(JSON.stringify({ defs, calls }));
})();
