#!/usr/bin/env bash
# Installs the Debian 12 packages sgmc needs to build and test, skipping the
# ones already present. Run as root (or with sudo available).
set -euo pipefail

packages=(
  build-essential cmake pkg-config      # toolchain
  libeigen3-dev libtbb-dev              # engine
  libgtest-dev                          # C++ tests
  libcli11-dev nlohmann-json3-dev       # the sgmc program: arguments, config files
  libcairo2-dev                         # its pictures
  doxygen                               # the C API reference (docs/Doxyfile.in)
  r-base-core r-cran-posterior          # R-hat/ESS checked against R's posterior
)

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
