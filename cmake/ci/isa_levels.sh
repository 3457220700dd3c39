#!/usr/bin/env bash
# CI stage: everything that is compiled for an instruction-set level builds,
# warning-free under -Werror, for every level, whatever CPU this machine has.
# The engine's kernels and the libraries' copies are compiled for every
# level of SGMC_ISA_LEVELS in every build already; the benchmarks are
# compiled for one level, SGMC_BENCH_ISA_LEVEL (by default this machine's
# best), so a build on an AVX2 machine would never see an AVX-512-only
# warning in them. This stage compiles them for each level that the README
# build did not (compiling for a level needs no CPU of that level; nothing
# is linked or run). Needs the Ninja generator (common.sh sets it).
# docs/building.md.
set -euo pipefail
source "$(dirname "$0")/common.sh"
build=${1:-build-isa}

configure() {  # extra cmake arguments
  cmake -S . -B "$build" -DSGMC_WERROR=ON -DSGMC_BUILD_TESTS=OFF -DSGMC_BUILD_APPS=OFF \
    -DSGMC_BUILD_R=OFF -DSGMC_MPI=OFF "${launcher[@]}" "$@" > /dev/null
}

# The level this machine's build gives the benchmarks: the default, which
# an earlier run of this script may have overridden in the cache.
configure -USGMC_BENCH_ISA_LEVEL
host=$(sed -n 's/^SGMC_BENCH_ISA_LEVEL:STRING=//p' "$build/CMakeCache.txt")
levels=$(sed -n 's/^SGMC_ISA_LEVELS:STRING=//p' "$build/CMakeCache.txt")
for level in "" ${levels//;/ }; do
  if [ "$level" = "$host" ]; then
    echo "isa_levels.sh: benchmarks for '${level:-baseline}': built by the README's command"
    continue
  fi
  echo "isa_levels.sh: benchmarks for '${level:-baseline}'"
  configure -DSGMC_BENCH_ISA_LEVEL="$level"
  # Their object files alone: compiling is what differs between levels, and
  # the engine they would link is the README build's.
  mapfile -t objects < <(ninja -C "$build" -t targets all | sed -n 's|^\(bench/[^:]*\.o\): .*|\1|p')
  [ ${#objects[@]} -gt 0 ] || { echo "isa_levels.sh: no benchmark objects in $build" >&2; exit 1; }
  ninja -C "$build" -j "${JOBS:-$(nproc)}" "${objects[@]}"
done
