#!/usr/bin/env bash
# Installs the tree-sitter Julia grammar (pinned in gen/node/package.json and
# package-lock.json) that CTest uses to check the syntax of the Julia package
# without Julia. Needs node and npm; does nothing when already installed.
set -euo pipefail
dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/node" && pwd)"
if [ -f "$dir/node_modules/web-tree-sitter/tree-sitter.wasm" ] &&
   [ -f "$dir/node_modules/tree-sitter-julia/tree-sitter-julia.wasm" ]; then
  exit 0
fi
# --ignore-scripts: only the WebAssembly grammar is used, no native build.
(cd "$dir" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
