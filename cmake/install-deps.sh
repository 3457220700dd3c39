#!/usr/bin/env bash
# Installs the Debian 12 packages sgmc needs to build and test, skipping the
# ones already present. Run as root (or with sudo available).
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config  # toolchain
  libeigen3-dev libtbb-dev              # engine
  libgtest-dev                          # C++ tests
  libcli11-dev nlohmann-json3-dev       # the sgmc program: arguments, config files
  libcairo2-dev                         # its pictures
  doxygen                               # the C API reference (docs/Doxyfile.in)
  r-base-core r-cran-posterior          # R-hat/ESS checked against R's posterior
  swig r-base-dev r-cran-testthat       # the R package (bindings/r)
  r-cran-cli                            # its progress bars
  devscripts                            # checkbashisms, for R CMD check --as-cran (configure)
  r-cran-bayesplot r-cran-coda          # the R package's bayesplot and coda methods, tested
  libopenmpi-dev openmpi-bin            # the optional MPI driver (SGMC_MPI)
  clang libclang-rt-14-dev llvm ccache  # the fuzzers and sanitizer stages (cmake/ci/fuzz.sh,
  dpkg-dev                              # asan.sh, tsan.sh): clang, its runtimes, llvm-symbolizer;
                                        # dpkg-source unpacks oneTBB's source (tsan-onetbb.sh)
)

# The Julia package's syntax check runs the tree-sitter Julia grammar under
# node (bindings/julia/gen/install-node-deps.sh, run when this script ends).
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)
trap 'bash "$(dirname "${BASH_SOURCE[0]}")/../bindings/julia/gen/install-node-deps.sh" || exit 1' EXIT

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
