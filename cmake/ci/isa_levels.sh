#!/usr/bin/env bash
# CI stage: everything that is compiled for an instruction-set level builds,
# warning-free under -Werror, for every level, whatever CPU this machine has.
# The engine's kernels and the libraries' copies are compiled for every
# level of SGMC_ISA_LEVELS in every build already; the benchmarks are
# compiled for one level, SGMC_BENCH_ISA_LEVEL (by default this machine's
# best), so a build on an AVX2 machine would never see an AVX-512-only
# warning in them. This stage builds them for each level that the README
# build did not (compiling for a level needs no CPU of that level; the
# programs are not run). docs/building.md.
set -euo pipefail
source "$(dirname "$0")/common.sh"
build=${1:-build-isa}

configure() {  # level ("" = the baseline)
  cmake -S . -B "$build" -DSGMC_WERROR=ON -DSGMC_BUILD_TESTS=OFF -DSGMC_BUILD_APPS=OFF \
    -DSGMC_BUILD_R=OFF -DSGMC_MPI=OFF "${launcher[@]}" "$@" > /dev/null
}

configure
host=$(sed -n 's/^SGMC_BENCH_ISA_LEVEL:STRING=//p' "$build/CMakeCache.txt")
levels=$(sed -n 's/^SGMC_ISA_LEVELS:STRING=//p' "$build/CMakeCache.txt")
for level in "" ${levels//;/ }; do
  if [ "$level" = "$host" ]; then
    echo "isa_levels.sh: benchmarks for '${level:-baseline}': built by the README's command"
    continue
  fi
  echo "isa_levels.sh: benchmarks for '${level:-baseline}'"
  configure -DSGMC_BENCH_ISA_LEVEL="$level"
  cmake --build "$build" -j "${JOBS:-$(nproc)}"
done
