#!/usr/bin/env bash
# CI stage: the tests that run work on several threads (CTest label
# `parallel`) under ThreadSanitizer, built with clang in build-tsan. Any
# report fails the test that caused it. docs/testing.md.
set -euo pipefail
source "$(dirname "$0")/common.sh"
build=build-tsan

# oneTBB instrumented like sgmc, or TSan cannot see its synchronisation
# (tsan-onetbb.sh says why); built once into the build directory.
bash cmake/ci/tsan-onetbb.sh "$build/onetbb-tsan"

# Only what the parallel tests need: no R package (R is not instrumented),
# no benchmarks, no MPI driver (Open MPI is not instrumented either).
cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DSGMC_SANITIZE=thread -DSGMC_WERROR=ON -DSGMC_BUILD_R=OFF -DSGMC_BUILD_BENCH=OFF -DSGMC_MPI=OFF \
  -DTBB_DIR="$root/$build/onetbb-tsan/prefix/lib/cmake/TBB" "${launcher[@]}"
cmake --build "$build" -j2

export TSAN_OPTIONS="halt_on_error=1:abort_on_error=1:second_deadlock_stack=1:history_size=4:suppressions=$root/cmake/sanitizers/tsan.supp"
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

ctest --test-dir "$build" --output-on-failure -j2 -L parallel --no-tests=error --timeout 900
