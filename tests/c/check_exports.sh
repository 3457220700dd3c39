#!/usr/bin/env bash
# Fails when libsgmc exports any symbol outside the C API (sgmc_*).
set -euo pipefail
library=$1
stray=$(nm -D --defined-only "$library" | awk '{print $NF}' | grep -v '^sgmc_' || true)
if [ -n "$stray" ]; then
  echo "symbols outside the C API exported from $library:"
  echo "$stray"
  exit 1
fi
echo "$(nm -D --defined-only "$library" | wc -l) exported symbols, all sgmc_*"
