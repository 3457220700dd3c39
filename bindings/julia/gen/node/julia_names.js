#!/usr/bin/env node
// Lists, as JSON on stdout, what `check.py names` compares (parsed with the
// tree-sitter Julia grammar):
//   exports     the names of the `export` statements of MODULE_FILE;
//   public      the symbols of its `const _PUBLIC = (:a, :b, ...)`;
//   documented  every name that a docstring documents in the Julia files
//               below SRC (the definition right after a string; the names
//               of a `for (f, ...) in ((:A, ...), ...)` loop that calls @doc);
//   calls       every unqualified call `name(...)` in the ```julia blocks of
//               the Markdown files, with the names the block imports
//               (`using Sgmc: a, b`), and in the Julia files (of the
//               directories) given, with the names all of them import (a
//               test suite's files are included into one module).
// Usage: node julia_names.js MODULE_FILE SRC [MARKDOWN_OR_JULIA...]
'use strict';
const fs = require('fs');
const { julia_files, julia_parser } = require('./grammar');

function* nodes(node) {
  yield node;
  for (const child of node.namedChildren) yield* nodes(child);
}

const leftmost = (node) => (node.type === 'identifier' ? node.text
  : node.namedChildCount ? leftmost(node.namedChild(0)) : null);
const find = (node, type) => {
  for (const n of nodes(node)) if (n.type === type) return n;
  return null;
};

// The name a documented definition defines (null for Base.f, X.g, ...).
function defined_name(def) {
  switch (def.type) {
    case 'function_definition':
    case 'assignment': {
      const head = def.type === 'assignment' ? def.namedChild(0) : find(def, 'signature');
      const call = head && (head.type === 'call_expression' ? head : find(head, 'call_expression'));
      const callee = call ? call.namedChild(0) : head;
      return callee && callee.type === 'identifier' ? callee.text : null;
    }
    case 'const_statement':
      return leftmost(def);
    case 'struct_definition':
    case 'abstract_definition':
    case 'module_definition':
      return leftmost(def);
    case 'macrocall_expression': {  // @inline function f(...) ... end
      const args = def.namedChildren.find((c) => c.type === 'macro_argument_list');
      return args && args.namedChildCount ? defined_name(args.namedChild(args.namedChildCount - 1)) : null;
    }
    default:
      return null;
  }
}

(async () => {
  const parser = await julia_parser();
  const [module_file, src, ...rest] = process.argv.slice(2);
  const parse = (text) => parser.parse(text).rootNode;

  const exports = [];
  const pub = [];
  for (const n of nodes(parse(fs.readFileSync(module_file, 'utf8')))) {
    if (n.type === 'export_statement') {
      for (const c of n.namedChildren) if (c.type === 'identifier') exports.push(c.text);
    }
    if (n.type === 'const_statement' && leftmost(n) === '_PUBLIC') {
      for (const q of nodes(n)) if (q.type === 'quote_expression') pub.push(q.namedChild(0).text);
    }
  }

  const documented = new Set();
  for (const file of julia_files(src)) {
    for (const n of nodes(parse(fs.readFileSync(file, 'utf8')))) {
      const prev = n.previousNamedSibling;
      if (prev && prev.type === 'string_literal') {
        const name = defined_name(n);
        if (name) documented.add(name);
      }
      if (n.type === 'for_statement' && /@doc\b/.test(n.text)) {
        const binding = n.namedChildren.find((c) => c.type === 'for_binding');
        const items = binding ? binding.namedChildren[binding.namedChildCount - 1] : null;
        for (const t of items ? items.namedChildren : []) {
          const first = t.namedChild(0);
          if (first && first.type === 'quote_expression') documented.add(first.namedChild(0).text);
        }
      }
    }
  }

  const calls = [];
  // The unqualified calls of a parsed piece of code, and what it imports.
  const scan = (root, file, first_line) => {
    const imported = [];
    const found = [];
    for (const n of nodes(root)) {
      if (n.type === 'selected_import' && n.namedChild(0).text === 'Sgmc') {
        imported.push(...n.namedChildren.slice(1).map((c) => c.text));
      }
      if (n.type === 'call_expression' && n.namedChild(0).type === 'identifier') {
        found.push({ file, line: first_line + n.startPosition.row, name: n.namedChild(0).text, imported });
      }
    }
    return found;
  };
  const julia = [];
  for (const file of rest) {
    if (!file.endsWith('.md')) {
      julia.push(...julia_files(file));
      continue;
    }
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (lines[i].trim() !== '```julia') continue;
      let j = i + 1;
      while (j < lines.length && lines[j].trim() !== '```') j++;
      const block = lines.slice(i + 1, j).map((l) => l.replace(/^julia> /, '')).join('\n');
      calls.push(...scan(parse(block), file, i + 2));
      i = j;
    }
  }
  const pooled = julia.map((file) => scan(parse(fs.readFileSync(file, 'utf8')), file, 1)).flat();
  const imported = [...new Set(pooled.flatMap((c) => c.imported))];
  calls.push(...pooled.map((c) => ({ ...c, imported })));
  console.log(JSON.stringify({ exports, public: pub, documented: [...documented].sort(), calls }));
})();
