# Sourced by the CI stage scripts (asan.sh, tsan.sh, fuzz.sh): moves to the
# top of the tree, installs what is missing and sets `root` (the tree) and
# `launcher` (the CMake arguments that put ccache in front of the
# compilers, when ccache is installed). The stages build with Ninja, as the
# README's commands do: it compiles a target's objects while the targets it
# links are still being built.
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
root=$PWD
bash cmake/install-deps.sh
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root}
export CMAKE_GENERATOR=${CMAKE_GENERATOR:-Ninja}
launcher=()
command -v ccache >/dev/null 2>&1 &&
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
