#!/usr/bin/env node
// Parses Julia files with the tree-sitter Julia grammar and reports every
// ERROR or MISSING node as a failure: node parse_julia.js FILE_OR_DIR...
'use strict';
const fs = require('fs');
const { julia_files, julia_parser } = require('./grammar');

(async () => {
  const parser = await julia_parser();
  const files = process.argv.slice(2).flatMap(julia_files);
  if (files.length === 0) {
    console.log('FAIL: no Julia files given');
    process.exit(1);
  }
  let bad = 0;
  for (const file of files) {
    const src = fs.readFileSync(file, 'utf8');
    const tree = parser.parse(src);
    const errors = [];
    const walk = (node) => {
      if (node.type === 'ERROR' || node.isMissing) {
        const p = node.startPosition;
        const what = node.isMissing ? `missing "${node.type}"` : 'syntax error';
        const text = src.split('\n')[p.row].trim();
        errors.push(`${file}:${p.row + 1}:${p.column + 1}: ${what} near: ${text.slice(0, 80)}`);
      }
      for (const child of node.children) walk(child);
    };
    walk(tree.rootNode);
    if (tree.rootNode.hasError && errors.length === 0) errors.push(`${file}: does not parse`);
    if (errors.length) {
      bad += 1;
      console.log(errors.slice(0, 20).join('\n'));
    }
  }
  if (bad) {
    console.log(`FAIL: ${bad} of ${files.length} Julia files do not parse (tree-sitter-julia)`);
    process.exit(1);
  }
  console.log(`ok: ${files.length} Julia files parse`);
})();
