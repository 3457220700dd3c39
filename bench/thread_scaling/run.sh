#!/usr/bin/env bash
# Runs bench_thread_scaling `repeats` times (default 5), printing the load
# before each run, then the median and range over the runs of the
# efficiency wall(1) / (2 wall(2)) and of cpu(2) / cpu(1) for every case.
# Builds nothing.
# Usage: bench/thread_scaling/run.sh [path/to/bench_thread_scaling] [REPEATS = 5] [STEPS = 6000]
set -euo pipefail
bench=${1:-build/bench/thread_scaling/bench_thread_scaling}
repeats=${2:-5}
steps=${3:-6000}

rows=()
for r in $(seq "$repeats"); do
  echo "run $r: $(uptime)"
  out=$("$bench" "$steps")
  echo "$out"
  while read -r line; do rows+=("$line"); done < <(echo "$out" | tail -n +2)
done

echo
echo "over $repeats runs: median [min, max]"
printf '%-7s %3s %26s %26s\n' driver k "efficiency" "cpu 2 / 1"
printf '%s\n' "${rows[@]}" | awk '
  { key = $1 " " $2; if (!(key in n)) order[++keys] = key; n[key]++; eff[key, n[key]] = $5; cpu[key, n[key]] = $8 }
  function stats(a, key, count,    i, j, v, t) {
    for (i = 1; i <= count; i++) v[i] = a[key, i]
    for (i = 1; i <= count; i++) for (j = i + 1; j <= count; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    return sprintf("%.3f [%.3f, %.3f]", (count % 2) ? v[(count + 1) / 2] : (v[count / 2] + v[count / 2 + 1]) / 2, v[1], v[count])
  }
  END { for (k = 1; k <= keys; k++) { split(order[k], f, " "); printf "%-7s %3s %26s %26s\n", f[1], f[2], stats(eff, order[k], n[order[k]]), stats(cpu, order[k], n[order[k]]) } }'
