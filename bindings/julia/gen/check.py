#!/usr/bin/env python3
"""CI checks of the Julia package that need no Julia (run by CTest):

  check.py fresh      --generated F            F is what generate.py makes now
  check.py coverage   --generated F [--lib L]  every C symbol, constant, enum value
                                               and opaque type of the header is wrapped,
                                               every C struct field for field
  check.py signatures --src D...               every ccall and @cfunction in D/**.jl
                                               has the C prototype's types
  check.py docs       --generated F            every constant and enumerator with a
                                               trailing /**< */ comment in the header
                                               has that comment as its docstring
  check.py arity      --generated F --src D... every call LibSgmc.sgmc_*(...) in D/**.jl
                                               passes as many arguments as the
                                               generated function takes (tree-sitter)
  check.py names      [--src D] [--docs P...]  every exported and every public
                                               (_PUBLIC) name has a docstring, none is
                                               both, none of NOT_EXPORTED is exported,
                                               and no ```julia block of the docs nor
                                               test file calls a public name unqualified
                                               without importing it (tree-sitter)
Each exits 1 with a message naming what is wrong.
"""
import argparse
import difflib
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cheader  # noqa: E402
import generate  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_HEADER = os.path.join(generate.ROOT, "capi", "include", "sgmc", "sgmc.h")


def fail(lines):
    for line in lines:
        print(line)
    sys.exit(1)


def cmd_fresh(args):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "libsgmc.jl")
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), "--out", out]
                       + sum((["--header", h] for h in args.header), []), check=True)
        with open(out, encoding="utf-8") as f:
            new = f.read().splitlines(keepends=True)
    with open(args.generated, encoding="utf-8") as f:
        old = f.read().splitlines(keepends=True)
    if new != old:
        diff = difflib.unified_diff(old, new, args.generated, "regenerated", n=1)
        fail(["FAIL: " + args.generated + " is not what the generator makes from the header now.",
              "Run `python3 bindings/julia/gen/generate.py` and commit the result. Difference:", ""]
             + [l.rstrip("\n") for l in list(diff)[:80]])
    print(f"ok: {args.generated} is current ({len(old)} lines)")


def shown(path):
    """path relative to the working directory, or as it is when outside it."""
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


def call_args(text, start):
    """The comma-separated arguments from text[start] to the unmatched ")"."""
    items, depth, cur = [], 0, ""
    for ch in text[start:]:
        if ch in "({[":
            depth += 1
        elif ch in ")}]":
            if depth == 0:
                items.append(cur.strip())
                break
            depth -= 1
        if ch == "," and depth == 0:
            items.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return items


def ccalls(text):
    """(name, return type, [argument types], number of arguments passed, line) of
    every ccall: `ccall((:name, lib), ...)`, or `ccall(pointer, ...)` whose line
    names the C function in a comment (`# sgmc_x`; name None without one)."""
    out = []
    for m in re.finditer(r"ccall\((?:\(\s*:(\w+)\s*,\s*[\w.]+\s*\)|\s*[\w.]+)\s*,", text):
        items = call_args(text, m.end())
        ret, tup, passed = items[0], items[1], items[2:]
        name = m.group(1)
        if name is None:
            line = text[text.rfind("\n", 0, m.start()) + 1:].split("\n", 1)[0]
            tag = re.search(r"#.*\b(sgmc_\w+)", line)
            name = tag.group(1) if tag else None
        out.append((name, ret, split_tuple(tup), len(passed), text.count("\n", 0, m.start()) + 1))
    return out


def split_tuple(tup):
    tup = tup.strip()
    assert tup.startswith("(") and tup.endswith(")"), tup
    return [p for p in call_args(tup, 1) if p]


def aliases(texts):
    """const X = Y aliases of types in the Julia sources."""
    out = {}
    for t in texts:
        for m in re.finditer(r"^\s*const\s+(\w+)\s*=\s*(Cint|Cuint|Int32|Int64|UInt32|UInt64|Cdouble|Ptr\{Cvoid\})\s*$",
                             t, re.M):
            out[m.group(1)] = m.group(2)
    return out


def canonical(t, al):
    t = re.sub(r"\s+", "", t)
    t = re.sub(r"\b(?:Sgmc\.)?LibSgmc\.", "", t)
    synonyms = {"Float64": "Cdouble", "Int32": "Cint", "UInt32": "Cuint", "Nothing": "Cvoid",
                "Clonglong": "Int64", "Culonglong": "UInt64"}
    def sub(m):
        name = m.group(0)
        seen = set()
        while name in al and name not in seen:
            seen.add(name)
            name = al[name]
        return synonyms.get(name, name)
    prev = None
    while prev != t:
        prev = t
        t = re.sub(r"[A-Za-z_]\w*", sub, t)
    return t


def header_decls(headers):
    parsed = [cheader.parse(h) for h in headers]
    return parsed


def cmd_coverage(args):
    parsed = header_decls(args.header)
    with open(args.generated, encoding="utf-8") as f:
        text = f.read()
    wrapped = {c[0] for c in ccalls(text)}
    problems = []
    names = set()
    for h in parsed:
        for fn in cheader.functions(h):
            names.add(fn.name)
    if args.lib:
        nm = subprocess.run(["nm", "-D", "--defined-only", args.lib], check=True,
                            capture_output=True, text=True).stdout
        exported = {l.split()[-1] for l in nm.splitlines() if l.split() and l.split()[-1].startswith("sgmc_")}
        # The optional MPI driver (sgmc_mpi.h, in MPI builds only) is not
        # wrapped: its functions take MPI's own types.
        mpi_h = os.path.join(os.path.dirname(DEFAULT_HEADER), "sgmc_mpi.h")
        mpi = set()
        if os.path.exists(mpi_h):
            with open(mpi_h, encoding="utf-8") as f:
                mpi = set(re.findall(r"^SGMC_API\b[^;(]*?\b(sgmc_mpi_\w+)\s*\(", f.read(), re.M))
        skipped = sorted(exported & mpi)
        if skipped:
            print("note: optional MPI functions (sgmc_mpi.h) not wrapped: " + ", ".join(skipped))
        exported -= mpi
        for s in sorted(exported - names):
            problems.append(f"exported by {os.path.basename(args.lib)} but not declared in the header: {s}")
        names |= exported
    for s in sorted(names - wrapped):
        problems.append(f"C function {s} has no ccall wrapper in {args.generated}")
    for h in parsed:
        for name, value in cheader.constants(h).items():
            m = re.search(rf"^const {name} = \w+\((-?\d+)\)$", text, re.M)
            if not m:
                problems.append(f"constant {name} (= {value}) is not defined in {args.generated}")
            elif int(m.group(1)) != value:
                problems.append(f"constant {name} is {m.group(1)} in {args.generated} but {value} in the header")
        for d in h.order:
            if isinstance(d, cheader.Typedef) and d.kind == "struct":
                if not re.search(rf"^mutable struct {d.name} end$", text, re.M):
                    problems.append(f"opaque type {d.name} is not declared (mutable struct {d.name} end)")
            if isinstance(d, cheader.Typedef) and d.kind == "record":
                problems += record_problems(d, h, text, args.generated)
            if isinstance(d, cheader.Typedef) and d.kind in ("enum", "callback"):
                want = "Cint" if d.kind == "enum" else "Ptr{Cvoid}"
                if not re.search(rf"^const {d.name} = {re.escape(want)}$", text, re.M):
                    problems.append(f"type {d.name} must be `const {d.name} = {want}` in {args.generated}")
    if problems:
        fail(["FAIL: the Julia low-level layer does not wrap the whole C API:"] + ["  " + p for p in problems]
             + ["Run `python3 bindings/julia/gen/generate.py` (and extend it if a construct is new)."])
    n_const = sum(len(cheader.constants(h)) for h in parsed)
    print(f"ok: {len(names)} functions and {n_const} constants/enum values wrapped")


def record_problems(d, h, text, generated):
    """A C struct with fields must be a Julia `struct` with the same fields,
    in the same order, of the same types: C writes it through a pointer."""
    want = [(generate.jl_name(f.name), canonical(cheader.julia_type(f.ctype, h, canonical=True), {}))
            for f in d.fields]
    m = re.search(rf"^struct {d.name}\n(.*?)^end$", text, re.M | re.S)
    if not m:
        return [f"struct {d.name} is not declared (struct {d.name} ... end) in {generated}"]
    got = [(n, canonical(t, aliases([text]))) for n, t in
           re.findall(r"^\s*(\w+)::(\S+)\s*$", m.group(1), re.M)]
    if got != want:
        show = lambda fs: ", ".join(f"{n}::{t}" for n, t in fs)
        return [f"struct {d.name} has fields ({show(got)}) but C has ({show(want)})"]
    return []


def cmd_signatures(args):
    parsed = header_decls(args.header)
    protos = {}
    callbacks = {}
    for h in parsed:
        for fn in cheader.functions(h):
            protos[fn.name] = (cheader.julia_type(fn.ret, h, canonical=True),
                               [cheader.julia_type(p.ctype, h, canonical=True) for p in fn.params])
    # Callback typedefs: their prototypes, parsed from the typedef text.
    for h in parsed:
        for d in h.order:
            if isinstance(d, cheader.Typedef) and d.kind == "callback":
                callbacks[d.name] = callback_types(d.prototype)
    files = sorted(f for d in args.src for f in glob.glob(os.path.join(d, "**", "*.jl"), recursive=True))
    texts = {}
    for p in files:
        with open(p, encoding="utf-8") as f:
            texts[p] = f.read()
    al = aliases(texts.values())
    problems, n_checked, n_cb = [], 0, 0
    for path, text in texts.items():
        rel = shown(path)
        for name, ret, types, n_passed, line in ccalls(text):
            where = f"{rel}:{line}: ccall of {name}"
            if name is None:
                problems.append(f"{rel}:{line}: a ccall through a pointer without a comment naming "
                                "its C function (# sgmc_...) on its line")
                continue
            if name not in protos:
                problems.append(f"{where}: no such function in the header")
                continue
            want_ret, want_args = protos[name]
            want_ret, want_args = canonical(want_ret, {}), [canonical(t, {}) for t in want_args]
            got_ret = canonical(ret, al)
            got_args = [canonical(t, al) for t in types]
            n_checked += 1
            if got_ret != want_ret:
                problems.append(f"{where}: returns {ret} (= {got_ret}) but C returns {want_ret}")
            if len(got_args) != len(want_args):
                problems.append(f"{where}: {len(got_args)} argument types but C takes {len(want_args)}")
            else:
                for i, (g, w) in enumerate(zip(got_args, want_args)):
                    if g != w:
                        problems.append(f"{where}: argument {i + 1} is {types[i]} (= {g}) but C has {w}")
            if n_passed != len(types):
                problems.append(f"{where}: passes {n_passed} values for {len(types)} types")
        for m in re.finditer(r"@cfunction\(\s*\$?(\w+)\s*,", text):
            line = text.count("\n", 0, m.start()) + 1
            before = "\n".join(text[:m.start()].split("\n")[-4:])
            tag = re.findall(r"\b(sgmc_\w+_fn)\b", before)
            if not tag or tag[-1] not in callbacks:
                problems.append(f"{rel}:{line}: @cfunction without a comment naming its C type (sgmc_*_fn) nearby")
                continue
            ret, tup = call_args(text, m.end())[:2]  # @cfunction(f, Ret, (T1, ...))
            want_ret, want_args = callbacks[tag[-1]]
            want_ret, want_args = canonical(want_ret, {}), [canonical(t, {}) for t in want_args]
            got = [canonical(t, al) for t in split_tuple(tup)]
            n_cb += 1
            if canonical(ret, al) != want_ret or got != want_args:
                problems.append(f"{rel}:{line}: @cfunction for {tag[-1]} is ({', '.join(got)}) -> "
                                f"{canonical(ret, al)} but C has ({', '.join(want_args)}) -> {want_ret}")
    if problems:
        fail(["FAIL: Julia ccall/@cfunction types disagree with the C prototypes:"] + ["  " + p for p in problems])
    print(f"ok: {n_checked} ccalls and {n_cb} @cfunctions in {len(files)} files match the header")


SCALAR_WORDS = {
    "double": "Cdouble", "int": "Cint", "int32_t": "Int32", "int64_t": "Int64", "uint32_t": "UInt32",
    "uint64_t": "UInt64", "void": "Cvoid", "char": "Cchar", "unsigned": "Cuint",
}


def callback_types(proto):
    """(return, [args]) Julia types of `typedef R (*name)(T a, ...);`."""
    m = re.match(r"typedef\s+(.*?)\(\s*\*\s*\w+\s*\)\s*\((.*)\)\s*;", proto)
    ret, params = m.group(1), m.group(2)

    def jt(decl):
        decl = decl.replace("const", " ")
        stars = decl.count("*")
        words = decl.replace("*", " ").split()
        base = words[0]
        if base == "char" and stars:
            jl, stars = "Cstring", stars - 1
        else:
            jl = SCALAR_WORDS.get(base, base)
        for _ in range(stars):
            jl = f"Ptr{{{jl}}}"
        return jl
    args = [jt(p) for p in params.split(",")] if params.strip() not in ("", "void") else []
    return jt(ret), args


def cmd_docs(args):
    with open(args.generated, encoding="utf-8") as f:
        generated = f.read()
    # name -> docstring of every documented definition in the generated file.
    docs = {m.group(2): m.group(1) for m in
            re.finditer(r'"""\n    \S+\n\n((?:(?!""").)*)"""\nconst (\w+) =', generated, re.S)}
    problems = []
    for header in args.header:
        with open(header, encoding="utf-8") as f:
            for line in f:
                m = re.match(r"\s*(?:#define\s+)?(SGMC_\w+)\b[^/]*/\*\*<(.*?)\*/", line)
                if not m:
                    continue
                name = m.group(1)
                text = " ".join(generate.markdown(m.group(2).strip()).split())
                got = " ".join(docs.get(name, "").split())
                if text not in got:
                    problems.append(f"{name}: docstring {got!r} lacks its header comment {text!r}")
    if problems:
        fail(["docstrings that are not their own declaration's:"] + problems)
    print("every trailing header comment is its own declaration's docstring")


# Names Sgmc must not export (issue #18): Turing exports SGLD and SGHMC,
# Distributions Sampler; the others are too generic.
NOT_EXPORTED = ["SGLD", "SGHMC", "Sampler", "Model", "Data", "check", "target", "linear"]


def run_node(script, argv):
    """The JSON that gen/node/<script> prints for argv."""
    node = os.environ.get("SGMC_NODE") or "node"
    path = os.path.join(HERE, "node", script)
    out = subprocess.run([node, path] + argv, capture_output=True, text=True)
    if out.returncode != 0:
        fail(["FAIL: " + path + " failed:", out.stdout + out.stderr])
    return json.loads(out.stdout)


def default_docs():
    """What shows Julia code to users: the READMEs, docs/ and the package's tests."""
    return sorted([os.path.join(HERE, "..", "README.md"), os.path.join(generate.ROOT, "README.md")]
                  + glob.glob(os.path.join(generate.ROOT, "docs", "*.md"))) + [os.path.join(HERE, "..", "test")]


def cmd_names(args):
    src = args.src[0]
    found = run_node("julia_names.js", [os.path.join(src, "Sgmc.jl"), src] + args.docs)
    exports, public, documented = found["exports"], found["public"], set(found["documented"])
    problems = []
    for name in exports + public:
        if name not in documented:
            problems.append(f"{name} is {'exported' if name in exports else 'public'} but has no docstring")
    for name in sorted(set(exports) & set(public)):
        problems.append(f"{name} is both exported and in _PUBLIC (public but not exported)")
    for name in NOT_EXPORTED:
        if name in exports:
            problems.append(f"{name} is exported: it clashes or is too generic; make it public (_PUBLIC)")
    qualified = set(public) - set(exports)
    for c in found["calls"]:
        if c["name"] in qualified and c["name"] not in c["imported"]:
            problems.append(f"{shown(c['file'])}:{c['line']}: calls {c['name']}(...), which Sgmc does "
                            f"not export: write Sgmc.{c['name']} (or `using Sgmc: {c['name']}`)")
    if problems:
        fail(["FAIL: Sgmc's names:"] + ["  " + p for p in problems])
    print(f"ok: {len(exports)} exported and {len(public)} public names documented; "
          f"{len(found['calls'])} calls in the examples and tests ({len(args.docs)} paths) qualify "
          f"or import the rest")


def cmd_arity(args):
    found = run_node("libsgmc_calls.js", [args.generated] + args.src)
    defs, calls = found["defs"], found["calls"]
    problems = []
    for c in calls:
        where = f"{shown(c['file'])}:{c['line']}: LibSgmc.{c['name']}"
        if c["name"] not in defs:
            problems.append(f"{where}: no such function in {args.generated}")
        elif c["splat"] or c["keywords"]:
            problems.append(f"{where}: splatted or keyword arguments ({', '.join(c['keywords']) or '...'}) "
                            f"cannot be checked; the generated function takes {defs[c['name']]} positional ones")
        elif c["positional"] != defs[c["name"]]:
            problems.append(f"{where}: passes {c['positional']} argument(s) but the generated "
                            f"function takes {defs[c['name']]}")
    if problems:
        fail(["FAIL: calls into the generated layer with the wrong number of arguments:"]
             + ["  " + p for p in problems])
    if not calls:
        fail([f"FAIL: no call LibSgmc.sgmc_*(...) found in {', '.join(args.src)}"])
    print(f"ok: {len(calls)} calls of {len({c['name'] for c in calls})} generated functions "
          f"pass as many arguments as they take")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("command", choices=["fresh", "coverage", "signatures", "docs", "arity", "names"])
    ap.add_argument("--header", action="append")
    ap.add_argument("--generated", default=os.path.join(HERE, "..", "src", "gen", "libsgmc.jl"))
    ap.add_argument("--src", action="append",
                    help="a directory of Julia files (repeatable); default the package's src "
                         "(signatures), src and test (arity)")
    ap.add_argument("--lib")
    ap.add_argument("--docs", nargs="*", help="Markdown files with Julia examples and Julia test files "
                    "or directories (names; default: the package's README.md, the top-level README.md, "
                    "docs/*.md and the package's test/)")
    args = ap.parse_args()
    args.header = args.header or [DEFAULT_HEADER]
    package = os.path.normpath(os.path.join(HERE, ".."))
    args.src = args.src or ([os.path.join(package, "src")] if args.command in ("signatures", "names")
                            else [os.path.join(package, "src"), os.path.join(package, "test")])
    args.docs = default_docs() if args.docs is None else args.docs
    {"fresh": cmd_fresh, "coverage": cmd_coverage, "signatures": cmd_signatures,
     "docs": cmd_docs, "arity": cmd_arity, "names": cmd_names}[args.command](args)


if __name__ == "__main__":
    main()
