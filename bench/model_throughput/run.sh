#!/usr/bin/env bash
# Runs the sgmc and PyTorch model steps side by side, ROUNDS times in turn
# (sgmc, PyTorch, sgmc, ...), and prints the median of every time and of
# every per-round ratio, then each ratio's range over the rounds. A
# machine's memory system drifts by tens of percent over minutes, so one
# round of each side can catch them in different states; the rounds
# alternate so that both see the same drift. Builds nothing.
# Usage: bench/model_throughput/run.sh [path/to/bench_model_throughput] [ROUNDS = 5]
#   (default build/bench/model_throughput/bench_model_throughput). Needs
#   Debian's python3-torch; PYTHON overrides the interpreter (default
#   /usr/bin/python3).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=${1:-build/bench/model_throughput/bench_model_throughput}
rounds=${2:-5}
python=${PYTHON:-/usr/bin/python3}

rows=""
for r in $(seq "$rounds"); do
  sgmc=$("$bench")
  torch=$("$python" "$here/torch_model_throughput.py")
  # One line per case and round: case, sgmc f64, sgmc f32, read f64, read f32, torch f32, torch f64.
  rows+=$(paste <(echo "$sgmc") <(echo "$torch" | cut -f2-) | tail -n +2)$'\n'
done

echo "One mini-batch gradient + SGLD step, one thread: microseconds per step; ratio = PyTorch time / sgmc time;"
echo "medians over $rounds rounds (sgmc and PyTorch in turn), ratios taken per round."
echo "(sgmc f64 / f32: the features stored as double / as float32 -- read by the regressions, widened to double;"
echo " the MLP computing in float -- draws double either way;"
echo " read f32: drawing the batch and bringing its float32 rows into the cache alone, the floor under any"
echo " implementation, so f32/read is the highest ratio to PyTorch float32 that any could reach)"
printf '%s' "$rows" | awk -F'\t' '
  function median(key, count,    i, j, v, t) {
    for (i = 1; i <= count; i++) v[i] = value[key, i]
    for (i = 1; i <= count; i++) for (j = i + 1; j <= count; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    low[key] = v[1]; high[key] = v[count]
    return (count % 2) ? v[(count + 1) / 2] : (v[count / 2] + v[count / 2 + 1]) / 2
  }
  function add(name, column, x) { if (x != "") value[name, column, ++n[name, column]] = x }
  function ratio(a, b) { return (a == "-" || b == "-") ? "" : a / b }
  {
    if (!($1 in seen)) { seen[$1] = 1; order[++cases] = $1 }
    add($1, 1, $2 == "-" ? "" : $2); add($1, 2, $3 == "-" ? "" : $3); add($1, 3, $5 == "-" ? "" : $5)
    add($1, 4, $6); add($1, 5, $7)
    add($1, 6, ratio($6, $2)); add($1, 7, ratio($6, $3)); add($1, 8, ratio($6, $5)); add($1, 9, ratio($7, $2))
  }
  function cell(name, column, format) {
    return n[name, column] ? sprintf(format, median(name SUBSEP column, n[name, column])) : "-"
  }
  function range(name, column) {
    if (!n[name, column]) return "-"
    median(name SUBSEP column, n[name, column])
    return sprintf("%.2f-%.2f", low[name SUBSEP column], high[name SUBSEP column])
  }
  END {
    printf "%-28s %9s %9s %9s %10s %10s %10s %10s %10s %10s\n", "case", "sgmc f64", "sgmc f32", "read f32",
           "torch f32", "torch f64", "f32/sgmc64", "f32/sgmc32", "f32/read", "f64/sgmc64"
    for (c = 1; c <= cases; c++) {
      k = order[c]
      printf "%-28s %9s %9s %9s %10s %10s %10s %10s %10s %10s\n", k, cell(k, 1, "%.1f"), cell(k, 2, "%.1f"),
             cell(k, 3, "%.1f"), cell(k, 4, "%.1f"), cell(k, 5, "%.1f"), cell(k, 6, "%.2f"), cell(k, 7, "%.2f"),
             cell(k, 8, "%.2f"), cell(k, 9, "%.2f")
    }
    printf "\nranges of the per-round ratios\n%-28s %12s %12s %12s %12s\n", "case", "f32/sgmc64", "f32/sgmc32",
           "f32/read", "f64/sgmc64"
    for (c = 1; c <= cases; c++) {
      k = order[c]
      printf "%-28s %12s %12s %12s %12s\n", k, range(k, 6), range(k, 7), range(k, 8), range(k, 9)
    }
  }'
