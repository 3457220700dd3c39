#!/usr/bin/env bash
# Builds oneTBB with ThreadSanitizer for the tsan stage (cmake/ci/tsan.sh).
#
# Debian's libtbb is not instrumented, so ThreadSanitizer cannot see the
# synchronisation inside its scheduler: every hand-over of work from the
# calling thread to a worker and back looks unsynchronised, and TSan reports
# races on sgmc's own variables (a chain's state written by a worker, read
# by the caller after parallel_for returns) that cannot happen. A
# suppression cannot tell those from real races: the stacks are sgmc's, and
# the libtbb frames beneath them are under every task, racy or not. So the
# stage links an instrumented build of the very same source: Debian's source
# package of the installed libtbb-dev, fetched with apt-get source (a
# private deb-src list; the machine's apt configuration is not touched).
#
# Usage: tsan-onetbb.sh <work dir>. Installs into <work dir>/prefix (its
# TBBConfig.cmake in <work dir>/prefix/lib/cmake/TBB) and does nothing when
# that holds the installed version already.
set -euo pipefail
work=$(mkdir -p "$1" && cd "$1" && pwd)
prefix=$work/prefix
version=$(dpkg-query -W -f='${source:Version}' libtbb-dev)
source_package=$(dpkg-query -W -f='${source:Package}' libtbb-dev)
stamp=$prefix/sgmc-tsan-onetbb.version
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$source_package $version" ]; then
  exit 0
fi
echo "tsan-onetbb.sh: building $source_package $version with -fsanitize=thread in $work"

# The installed package's suites (bookworm, bookworm-updates,
# bookworm-security), as deb-src lines in a list of our own.
codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
apt_dir=$work/apt
rm -rf "$apt_dir" "$work/src" "$work/build" "$prefix"
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$work/src"
cat > "$apt_dir/sources.list" <<EOF
deb-src [signed-by=$keyring] http://deb.debian.org/debian $codename main
deb-src [signed-by=$keyring] http://deb.debian.org/debian $codename-updates main
deb-src [signed-by=$keyring] http://deb.debian.org/debian-security $codename-security main
EOF
apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=$apt_dir/none"
          -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache"
          -o APT::Sandbox::User=root -qq)
apt-get "${apt_opts[@]}" update
(cd "$work/src" && apt-get "${apt_opts[@]}" source --download-only "$source_package=$version")
dpkg-source --no-check -x "$work/src/${source_package}_${version#*:}.dsc" "$work/src/onetbb" > /dev/null

# The library only (no tbbmalloc, tests or examples), with line tables for
# the reports' stacks.
launcher=()
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$work/src/onetbb" -B "$work/build" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS=-gline-tables-only -DTBB_SANITIZE=thread \
  -DTBB_TEST=OFF -DTBB_EXAMPLES=OFF -DTBBMALLOC_BUILD=OFF -DTBB_STRICT=OFF \
  -DTBB_DISABLE_HWLOC_AUTOMATIC_SEARCH=ON -DCMAKE_INSTALL_PREFIX="$prefix" "${launcher[@]}" > /dev/null
cmake --build "$work/build" -j2 > /dev/null
cmake --install "$work/build" > /dev/null
echo "$source_package $version" > "$stamp"
