#!/usr/bin/env bash
# CI stage: the libFuzzer targets of tests/fuzz (docs/fuzzing.md). Builds
# them with clang in build-fuzz (SGMC_FUZZ=ON: libFuzzer, ASan and UBSan),
# then runs `ctest -L fuzz`: each seed corpus replayed, then each fuzzer for
# SGMC_FUZZ_SECONDS (default 15 s each, about a minute in all).
#   cmake/ci/fuzz.sh [build-dir]     (default: build-fuzz)
# Environment: SGMC_FUZZ_SECONDS, JOBS (default: the number of cores).
set -euo pipefail
source "$(dirname "$0")/common.sh"
build=${1:-build-fuzz}
# RelWithDebInfo at -O1 and without NDEBUG: Eigen's and the library's
# assertions stay on, and stack traces stay readable.
cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  "${launcher[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
  -DSGMC_FUZZ=ON -DSGMC_FUZZ_SECONDS="${SGMC_FUZZ_SECONDS:-15}" \
  -DSGMC_BUILD_TESTS=OFF -DSGMC_BUILD_BENCH=OFF -DSGMC_BUILD_R=OFF -DSGMC_MPI=OFF
cmake --build "$build" --target sgmc_fuzzers -j "${JOBS:-$(nproc)}"
ctest --test-dir "$build" -L fuzz --output-on-failure
