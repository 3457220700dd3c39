#!/usr/bin/env bash
# CI stage: the whole test suite (every label) under AddressSanitizer +
# UndefinedBehaviorSanitizer (+ LeakSanitizer), built with clang in
# build-asan. Any report fails the test that caused it. docs/testing.md.
set -euo pipefail
source "$(dirname "$0")/common.sh"
build=build-asan

cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DSGMC_SANITIZE=address,undefined -DSGMC_WERROR=ON "${launcher[@]}"
cmake --build "$build" -j2

# Stop at the first report and fail loudly; LSan ignores leaks only in the
# third-party libraries listed (with reasons) in lsan.supp.
export ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:detect_leaks=1:check_initialization_order=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$root/cmake/sanitizers/lsan.supp:print_suppressions=0

ctest --test-dir "$build" --output-on-failure -j2 --timeout 900
