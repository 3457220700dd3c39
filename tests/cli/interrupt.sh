#!/usr/bin/env bash
# Ctrl-C during `sgmc run`: the run stops cleanly, writes what was drawn,
# marks the summary interrupted and exits with 130. Usage: interrupt.sh SGMC WORK_DIR
set -euo pipefail
sgmc=$1
work=$2
rm -rf "$work" && mkdir -p "$work"
# About ten seconds of sampling if left alone; thin keeps the draws small.
"$sgmc" run --target gaussian --set n_steps=1000000000 --set burn_in=1000 --set thin=10000 \
  --draws "$work/draws.csv" --summary "$work/summary.json" 2> "$work/stderr.txt" &
pid=$!
sleep 2
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
[ "$rc" -eq 130 ] || { echo "exit code $rc, expected 130"; cat "$work/stderr.txt"; exit 1; }
grep -q '"interrupted": true' "$work/summary.json" || { echo "summary not marked interrupted"; exit 1; }
# stderr is a file here: no progress bar redrawn with carriage returns.
! grep -q $'\r' "$work/stderr.txt" || { echo "carriage returns in stderr written to a file"; exit 1; }
rows=$(($(wc -l < "$work/draws.csv") - 1))
[ "$rows" -gt 0 ] || { echo "no draws written"; exit 1; }
echo "interrupted cleanly after $rows draws"
