#!/usr/bin/env bash
# Stands in for both programs of bench/model_throughput/run.sh in the test
# bench_model_throughput_table: as bench_model_throughput (no argument) or
# as the PyTorch script (one argument, the script's path, as run.sh passes
# it to PYTHON), with fixed times, so that the table's columns and ratios
# can be checked exactly.
set -euo pipefail
if [ $# -eq 0 ]; then
  printf 'case\tsgmc_f64_us\tsgmc_f32_us\tread_f64_us\tread_f32_us\n'
  printf 'logistic N=1e5 p=50 n=1000\t100.00\t50.00\t40.00\t25.00\n'
  printf 'mlp 64-100-10 N=1e4 n=100\t150.00\t75.00\t-\t-\n'
else
  printf 'case\ttorch_f32_us\ttorch_f64_us\n'
  printf 'logistic N=1e5 p=50 n=1000\t300.00\t500.00\n'
  printf 'mlp 64-100-10 N=1e4 n=100\t1500.00\t2400.00\n'
fi
