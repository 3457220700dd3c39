#!/usr/bin/env bash
# `sgmc run --mpi` under mpirun: the draws CSV of every sampler family is
# byte for byte the one-process run's, for 2 and 3 processes; options that
# a run over processes refuses are refused by name.
# Usage: mpi.sh SGMC MPIEXEC WORK_DIR
set -euo pipefail
sgmc=$1
mpiexec=$2
work=$3
rm -rf "$work" && mkdir -p "$work"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
common=(run --target gauss25 --set n_chains=5 --set n_steps=3000 --set step_size=0.01 --set seed=4 --quiet)
for case in "sgld" "cycsgld --set cycles=3" "resgld --set temperature_max=3" \
            "icsgld --set contour_m=30 --set contour_u1=0 --set contour_du=0.5"; do
  read -r -a extra <<< "$case"
  sampler=${extra[0]}
  set_sampler=(--set "sampler=$sampler" "${extra[@]:1}")
  "$sgmc" "${common[@]}" "${set_sampler[@]}" --draws "$work/one.csv" --summary "$work/one.json" > /dev/null
  for np in 2 3; do
    "$mpiexec" -np "$np" --oversubscribe "$sgmc" "${common[@]}" "${set_sampler[@]}" --mpi \
      --draws "$work/many.csv" --summary "$work/many.json" > "$work/out.txt"
    cmp "$work/one.csv" "$work/many.csv" || { echo "$sampler on $np processes: the draws differ"; exit 1; }
    grep -q "5 chains x 3000 iterations" "$work/out.txt" || { cat "$work/out.txt"; exit 1; }
  done
done
if "$mpiexec" -np 2 --oversubscribe "$sgmc" "${common[@]}" --mpi --checkpoint "$work/c.ckpt" \
     --draws "$work/x.csv" --summary "$work/x.json" 2> "$work/err.txt"; then
  echo "a checkpoint under --mpi was accepted"; exit 1
fi
grep -q -- "--mpi writes no checkpoints" "$work/err.txt" || { cat "$work/err.txt"; exit 1; }
echo "sgmc run --mpi: the same draws on 1, 2 and 3 processes"
