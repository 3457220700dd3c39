#!/usr/bin/env bash
# Runs the sgmc and PyTorch SGLD updates side by side and prints one table
# with the ratios. Builds nothing.
# Usage: bench/sgld_update/run.sh [path/to/bench_sgld_update]
#   (default build/bench/sgld_update/bench_sgld_update). Needs Debian's
#   python3-torch; PYTHON overrides the interpreter (default /usr/bin/python3).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=${1:-build/bench/sgld_update/bench_sgld_update}
python=${PYTHON:-/usr/bin/python3}

sgmc=$("$bench")
torch=$("$python" "$here/torch_sgld_update.py")
echo "SGLD update, one thread: ns per parameter per step; ratio = PyTorch time / sgmc time"
paste <(echo "$sgmc") <(echo "$torch" | cut -f2-) | awk -F'\t' '
  NR == 1 { printf "%-9s %10s %11s %11s %12s %12s\n", "d", "sgmc f64", "torch f32", "torch f64", "f32 / sgmc", "f64 / sgmc"; next }
  { printf "%-9s %10.3f %11.3f %11.3f %12.2f %12.2f\n", $1, $2, $3, $4, $3 / $2, $4 / $2 }'
