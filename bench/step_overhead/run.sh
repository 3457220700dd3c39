#!/usr/bin/env bash
# The engine's cost per chain-step of whole runs (bench_run_overhead,
# through the C API only), this tree against a reference revision built
# beside it (default 5646516, the last before the run-level ask/tell),
# side by side: each case alternates the two builds `repeats` times and
# reports the medians and their ratio. Then, on this tree, sgmc_sample
# against the same run answered through sgmc_run_ask / sgmc_run_tell.
#
# Usage: bash bench/step_overhead/run.sh [REV] [STEPS=200000] [REPEATS=5]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
ref=${1:-5646516}
steps=${2:-200000}
repeats=${3:-5}
work=${TMPDIR:-/tmp}/sgmc-run-overhead-$ref

if [ ! -d "$work/src" ]; then
  mkdir -p "$work"
  git -C "$root" worktree add --detach "$work/src" "$ref" >/dev/null
fi
off=(-DSGMC_BUILD_TESTS=OFF -DSGMC_BUILD_BENCH=OFF -DSGMC_BUILD_APPS=OFF -DSGMC_BUILD_R=OFF -DSGMC_MPI=OFF)
cmake -S "$work/src" -B "$work/build" "${off[@]}" >/dev/null
cmake --build "$work/build" --target sgmc -j2 >/dev/null
cmake --build "$root/build" --target bench_run_overhead -j2 >/dev/null
cc -O2 -std=c99 -DRUN_OVERHEAD_SAMPLE_ONLY -I"$work/src/capi/include" \
  "$root/bench/step_overhead/run_overhead.c" -L"$work/build/capi" -lsgmc \
  -Wl,-rpath,"$work/build/capi" -o "$work/run_overhead_ref"
new=$root/build/bench/step_overhead/bench_run_overhead
old=$work/run_overhead_ref

ns() { "$@" | awk '{print $1}'; }
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

# compare "CASE" A... -- B...: alternates the commands A CASE STEPS and
# B CASE STEPS `repeats` times and prints the medians and their ratio B / A.
compare() {
  local case=$1 a=() b=() ta=() tb=()
  shift
  while [ "$1" != -- ]; do a+=("$1"); shift; done
  shift
  b=("$@")
  for _ in $(seq "$repeats"); do
    # shellcheck disable=SC2086
    ta+=("$(ns "${a[@]}" $case "$steps")")
    # shellcheck disable=SC2086
    tb+=("$(ns "${b[@]}" $case "$steps")")
  done
  local ma mb
  ma=$(printf '%s\n' "${ta[@]}" | median)
  mb=$(printf '%s\n' "${tb[@]}" | median)
  printf '%-18s %14.1f %14.1f %8.3f\n' "$case" "$ma" "$mb" "$(awk -v a="$ma" -v b="$mb" 'BEGIN {print b / a}')"
}

printf '%-18s %14s %14s %8s\n' "case" "$ref ns" "this ns" "ratio"
for case in "sgld builtin" "sgld callback" "sgld4 callback" "resgld callback" "icsgld callback"; do
  compare "$case" "$old" sample -- "$new" sample
done

echo
printf '%-18s %14s %14s %8s\n' "case" "sample ns" "ask/tell ns" "ratio"
for case in "sgld callback" "sgld4 callback" "resgld callback" "icsgld callback"; do
  compare "$case" "$new" sample -- "$new" hosted
done
