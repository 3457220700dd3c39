#!/usr/bin/env bash
# `sgmc run --checkpoint FILE --resume`: a run killed (SIGKILL, as a crash or
# a preempted job) and started again with the same command line finishes
# with exactly the draws of an uninterrupted run; a damaged checkpoint is
# refused and left as it is. Usage: resume.sh SGMC WORK_DIR SAMPLER [--set k=v ...]
set -euo pipefail
sgmc=$1
work=$2
sampler=$3
shift 3
rm -rf "$work" && mkdir -p "$work"
# A second or two of sampling on the 25-mode target, three chains.
args=(run --target gauss25 --set "sampler=$sampler" --set n_steps=400000 --set thin=50
      --set n_chains=3 --set step_size=0.01 --set temperature_max=5 --set progress_every=10000
      --set seed=11 "$@")
"$sgmc" "${args[@]}" --draws "$work/whole.csv" --summary "$work/whole.json" 2> /dev/null
resume=("${args[@]}" --checkpoint "$work/run.ckpt" --set checkpoint_every=20000 --resume
        --draws "$work/resumed.csv" --summary "$work/resumed.json")
"$sgmc" "${resume[@]}" 2> "$work/first.txt" &
pid=$!
# Killed once at least one checkpoint is there.
for _ in $(seq 1 200); do [ -f "$work/run.ckpt" ] && break; sleep 0.05; done
[ -f "$work/run.ckpt" ] || { echo "no checkpoint was written"; cat "$work/first.txt"; exit 1; }
kill -KILL "$pid"
wait "$pid" || true
# A SIGKILL in the middle of a write leaves that write's temporary file
# (docs/checkpoints.md): nothing reads it. The resumed run must leave none.
rm -f "$work"/run.ckpt.tmp.*
"$sgmc" "${resume[@]}" 2> "$work/second.txt"
ls "$work"/run.ckpt.tmp.* 2> /dev/null && { echo "a temporary file was left behind"; exit 1; }
grep -q "no checkpoint" "$work/second.txt" && { echo "the second run did not resume"; exit 1; }
cmp "$work/whole.csv" "$work/resumed.csv" || { echo "the resumed run's draws differ"; exit 1; }

# A damaged checkpoint: refused with a message naming it, and not changed.
cp "$work/run.ckpt" "$work/saved.ckpt"
size=$(stat -c %s "$work/run.ckpt")
printf '\xff' | dd of="$work/run.ckpt" bs=1 seek=$((size / 2)) conv=notrunc status=none
cp "$work/run.ckpt" "$work/damaged.ckpt"
rc=0
"$sgmc" "${resume[@]}" 2> "$work/damaged.txt" || rc=$?
[ "$rc" -eq 1 ] || { echo "exit code $rc for a damaged checkpoint, expected 1"; exit 1; }
grep -q "run.ckpt' is corrupt" "$work/damaged.txt" || { cat "$work/damaged.txt"; exit 1; }
cmp "$work/run.ckpt" "$work/damaged.ckpt" || { echo "the damaged checkpoint was changed"; exit 1; }
# A changed option is refused too.
cp "$work/saved.ckpt" "$work/run.ckpt"
rc=0
"$sgmc" "${resume[@]}" --set n_steps=500000 2> "$work/changed.txt" || rc=$?
[ "$rc" -eq 1 ] && grep -q "option 'n_steps' differs" "$work/changed.txt" ||
  { echo "a changed n_steps was not refused"; cat "$work/changed.txt"; exit 1; }
echo "$sampler: resumed after SIGKILL with identical draws ($(wc -l < "$work/whole.csv") lines)"
