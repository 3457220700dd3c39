#!/usr/bin/env bash
# Breaks a copy of the Julia package in several ways and asserts that each CI
# check notices: a stale generated file, a missing wrapper, a struct field
# of the wrong type, a wrong ccall type, a ccall through a pointer that
# does not name its C function, calls into the generated layer with
# too few and too many arguments, a clashing export, an undocumented export,
# an example and a test that call an unexported name unqualified, and a
# syntax error.
# Usage: checks_catch_breakage.sh bindings/julia libsgmc.so
set -uo pipefail
src=$1
lib=$2
py=${SGMC_PYTHON:-python3}
node=${SGMC_NODE:-node}
header=$(cd "$src/../.." && pwd)/capi/include/sgmc/sgmc.h
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fresh_copy() {
  rm -rf "$tmp/julia"
  mkdir -p "$tmp/julia"
  cp -r "$src/gen" "$src/src" "$src/test" "$tmp/julia/"
  # Reuse the installed grammar instead of copying node_modules.
  rm -rf "$tmp/julia/gen/node"
  ln -s "$src/gen/node" "$tmp/julia/gen/node"
}

expect_failure() {  # description, what the message must say (grep -E), command...
  local what=$1 says=$2
  shift 2
  if out=$("$@" 2>&1); then
    echo "NOT CAUGHT: $what"
    echo "$out" | sed 's/^/    /'
    failures=$((failures + 1))
  elif ! grep -qE "$says" <<<"$out"; then  # a here-string: with pipefail, grep -q leaving early would fail the echo
    echo "FAILED FOR ANOTHER REASON: $what (the message lacks /$says/)"
    echo "$out" | sed 's/^/    /'
    failures=$((failures + 1))
  else
    echo "caught: $what -> $(grep -m1 -E "$says" <<<"$out" | cut -c1-160)"
  fi
}

gen=$tmp/julia/src/gen/libsgmc.jl

fresh_copy
sed -i '0,/^function sgmc_options_create/s//function sgmc_options_create_renamed/' "$gen"
expect_failure "a hand-edited generated file" 'is not what the generator makes' \
  "$py" "$tmp/julia/gen/check.py" fresh --header "$header" --generated "$gen"

fresh_copy
"$py" - "$gen" <<'PY'
import re, sys
p = sys.argv[1]; s = open(p).read()
s = re.sub(r'function sgmc_draws_copy_column\(.*?\nend\n', '', s, flags=re.S)
s = s.replace('const SGMC_ERROR_IO = sgmc_status(-5)', '')
open(p, 'w').write(s)
PY
expect_failure "a missing wrapper and constant" 'sgmc_draws_copy_column has no ccall wrapper' \
  "$py" "$tmp/julia/gen/check.py" coverage --header "$header" --generated "$gen" --lib "$lib"

fresh_copy
sed -i '/^struct sgmc_evaluation$/,/^end$/s/^    gradient::Int32$/    gradient::Int64/' "$gen"
grep -q '^    gradient::Int64$' "$gen" || { echo "the breakage did not apply"; failures=$((failures + 1)); }
expect_failure "a struct field of the wrong type (int32_t as Int64)" 'struct sgmc_evaluation has fields' \
  "$py" "$tmp/julia/gen/check.py" coverage --header "$header" --generated "$gen"

fresh_copy
sed -i 's/ccall((:sgmc_options_set_int, libsgmc), sgmc_status, (Ptr{sgmc_options}, Cstring, Int64)/ccall((:sgmc_options_set_int, libsgmc), sgmc_status, (Ptr{sgmc_options}, Cstring, Cint)/' "$gen"
grep -q 'Cstring, Cint), options, key, value' "$gen" || { echo "the breakage did not apply"; failures=$((failures + 1)); }
expect_failure "a wrong argument type (int64_t passed as Cint)" 'argument 3 is Cint' \
  "$py" "$tmp/julia/gen/check.py" signatures --header "$header" --src "$tmp/julia/src"

fresh_copy
sed -i 's/ccall(sym, Int32, ()))  # sgmc_version_number$/ccall(sym, Int32, ()))/' "$tmp/julia/src/library.jl"
grep -q 'ccall(sym, Int32, ()))$' "$tmp/julia/src/library.jl" || { echo "the breakage did not apply"; failures=$((failures + 1)); }
expect_failure "a ccall through a pointer that does not name its C function" 'library.jl:[0-9]+: a ccall through a pointer without a comment' \
  "$py" "$tmp/julia/gen/check.py" signatures --header "$header" --src "$tmp/julia/src"

fresh_copy
sed -i 's/LibSgmc.sgmc_sample(ref, model, o, x, length(x), C_NULL, C_NULL)/LibSgmc.sgmc_sample(ref, model, o, x, C_NULL, C_NULL)/' "$tmp/julia/src/run.jl"
grep -q 'sgmc_sample(ref, model, o, x, C_NULL, C_NULL)' "$tmp/julia/src/run.jl" || { echo "the breakage did not apply"; failures=$((failures + 1)); }
expect_failure "a call of the generated layer with an argument too few (src/)" 'sgmc_sample: passes 6 argument\(s\) but the generated function takes 7' \
  "$py" "$tmp/julia/gen/check.py" arity --generated "$gen" --src "$tmp/julia/src" --src "$tmp/julia/test"

fresh_copy
cp "$(dirname "$0")/fixtures/wrong_arity.jl" "$tmp/julia/test/"
expect_failure "a call of the generated layer with an argument too many (test/, fixture)" 'wrong_arity.jl:5: LibSgmc.sgmc_version_number: passes 1 argument' \
  "$py" "$tmp/julia/gen/check.py" arity --generated "$gen" --src "$tmp/julia/src" --src "$tmp/julia/test"

names_check() {
  "$py" "$tmp/julia/gen/check.py" names --src "$tmp/julia/src" --docs "$@"
}

fresh_copy
sed -i 's/^export LibSgmc, SgmcError, SgmcFault, /export SGLD, LibSgmc, SgmcError, SgmcFault, /' "$tmp/julia/src/Sgmc.jl"
grep -q '^export SGLD, ' "$tmp/julia/src/Sgmc.jl" || { echo "the breakage did not apply"; failures=$((failures + 1)); }
expect_failure "an export that clashes with Turing (SGLD)" 'SGLD is exported' names_check

fresh_copy
"$py" - "$tmp/julia/src/run.jl" <<'PY'
import sys
p = sys.argv[1]; s = open(p).read()
i = s.index("function sample_chains(")
j = s.rindex('"""', 0, s.rindex('"""', 0, i))
open(p, "w").write(s[:j] + s[i:])
PY
expect_failure "an exported function without a docstring (sample_chains)" 'sample_chains is exported but has no docstring' names_check

fresh_copy
expect_failure "an example calling unexported names unqualified (fixture)" 'unqualified.md:8: calls SGLD' \
  names_check "$(dirname "$0")/fixtures/unqualified.md"

fresh_copy
sed -i 's/^\(using Sgmc: .*\) target, /\1 /' "$tmp/julia/test/runtests.jl"
grep -q '^using Sgmc: .* target, ' "$tmp/julia/test/runtests.jl" && { echo "the breakage did not apply"; failures=$((failures + 1)); }
expect_failure "a test that calls an unexported name it does not import (target)" \
  'runtests.jl:[0-9]+: calls target\(\.\.\.\)' names_check "$tmp/julia/test"

fresh_copy
sed -i 's/^function Base.show(io::IO, e::SgmcError)$/function Base.show(io::IO, e::SgmcError/' "$tmp/julia/src/errors.jl"
printf '\nfunction broken(x)\n    x +\n' >> "$tmp/julia/test/runtests.jl"
expect_failure "a syntax error" 'syntax error' "$node" "$tmp/julia/gen/node/parse_julia.js" "$tmp/julia"

if [ "$failures" -ne 0 ]; then
  echo "FAIL: $failures breakage(s) not caught by the Julia checks"
  exit 1
fi
echo "ok: every check fails on its broken copy"
