"""Reads the public C header(s) of sgmc into plain Python data.

SWIG (`swig -xml`) parses the declarations; the Doxygen comments are taken
from the header text (the `/** ... */` block right before a declaration, or
the `/**< ... */` after an enumerator). Used by generate.py and check.py.
"""
import os
import re
import subprocess
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field


@dataclass
class Param:
    name: str
    ctype: str  # SWIG type string, e.g. "p.q(const).double"


@dataclass
class Function:
    name: str
    ret: str
    params: list
    doc: str
    prototype: str


@dataclass
class Constant:
    name: str
    ctype: str
    value: int
    doc: str


@dataclass
class Enum:
    name: str
    items: list  # [(name, value, doc)]
    doc: str


@dataclass
class Field:
    name: str
    ctype: str  # SWIG type string, as Param's
    doc: str


@dataclass
class Typedef:
    name: str
    kind: str  # "struct" (opaque), "record" (a struct with fields), "enum", "callback"
    doc: str
    prototype: str = ""
    fields: list = field(default_factory=list)  # [Field] of a record, in declaration order


@dataclass
class Header:
    path: str
    order: list = field(default_factory=list)  # declarations in header order


def _attrs(node):
    al = node.find("attributelist")
    if al is None:
        return {}
    return {a.get("name"): a.get("value") for a in al.findall("attribute")}


def _params(node):
    al = node.find("attributelist")
    pl = al.find("parmlist") if al is not None else None
    out = []
    if pl is None:
        return out
    for p in pl.findall("parm"):
        a = _attrs(p)
        if a.get("type") == "void" and a.get("name") is None:
            continue
        out.append(Param(a.get("name") or f"arg{len(out) + 1}", a.get("type")))
    return out


def _fields(node, text):
    """The members of a struct's SWIG `class` node, in order, each with the
    /**< */ comment of its line in the struct's body."""
    name = _attrs(node).get("name")
    m = re.search(rf"\bstruct\s+{name}\s*\{{(.*?)\}}", text, re.S)
    body = m.group(1) if m else ""
    out = []
    for c in node.findall("cdecl"):
        a = _attrs(c)
        if a.get("ismember") != "1" or a.get("kind") != "variable":
            continue
        fm = re.search(rf"^[^/\n]*\b{a['name']}\s*;", body, re.M)  # in code, not in a comment
        out.append(Field(a["name"], a.get("decl", "") + a["type"], _doc_at(body, fm) if fm else ""))
    return out


def _comment_before(text, pos):
    """The /** ... */ block that ends right before text[pos] (whitespace only between)."""
    i = pos
    while i > 0 and text[i - 1] in " \t\r\n":
        i -= 1
    if not text[:i].endswith("*/"):
        return ""
    start = text.rfind("/**", 0, i)
    if start < 0:
        return ""
    block = text[start:i]
    if re.match(r"/\*\*\s*@name\b", block):
        return ""  # a group's heading, not this declaration's documentation
    if block.startswith("/**<"):
        return ""  # the trailing comment of the line before: its declaration's, not this one's
    return block


def _doc_at(text, m):
    """The documentation of the declaration matched by m: a trailing /**< */
    on its own line, else the /** */ block right before it."""
    line_end = text.find("\n", m.end())
    tail = re.search(r"/\*\*<(.*?)\*/", text[m.end():line_end if line_end >= 0 else len(text)])
    return tail.group(1).strip() if tail else clean_comment(_comment_before(text, m.start()))


def clean_comment(block):
    """Strips the comment markers of a Doxygen block, keeping line structure."""
    if not block:
        return ""
    body = block
    body = re.sub(r"^/\*\*<?", "", body)
    body = re.sub(r"\*/$", "", body)
    lines = []
    for line in body.split("\n"):
        line = re.sub(r"^\s*\* ?", "", line) if re.match(r"^\s*\*", line) else line.strip()
        lines.append(line.rstrip())
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    # Remove the common indentation.
    ind = min((len(l) - len(l.lstrip()) for l in lines if l.strip()), default=0)
    return "\n".join(l[ind:] for l in lines)


def _find_decl(text, pattern):
    m = re.search(pattern, text, re.M)
    return m


def _prototype(text, start):
    end = text.index(";", start)
    proto = re.sub(r"\s+", " ", text[start:end + 1]).strip()
    proto = proto.replace("SGMC_API ", "")
    proto = proto.replace("( ", "(").replace(" )", ")")
    return proto


def parse(header, include_dir=None, swig="swig"):
    """Parses one header; returns a Header with declarations in order."""
    with open(header, encoding="utf-8") as f:
        text = f.read()
    with tempfile.TemporaryDirectory() as tmp:
        xml_path = os.path.join(tmp, "h.xml")
        cmd = [swig, "-xml", "-module", "sgmc", "-DSGMC_API=", "-o", xml_path, header]
        subprocess.run(cmd, check=True, capture_output=True)
        root = ET.parse(xml_path).getroot()
    h = Header(header)
    records = {_attrs(n).get("name"): _fields(n, text) for n in root.iter("class")}
    for node in root.iter():
        a = _attrs(node)
        if node.tag == "constant" and a.get("storage") == "%constant":
            name = a["name"]
            value = a["value"]
            if not re.fullmatch(r"[0-9uUlL()*+\- ]+", value):
                raise ValueError(f"constant {name}: cannot evaluate {value!r}")
            value = eval(re.sub(r"(\d+)[uUlL]+", r"\1", value))  # digits and + - * ( ) only
            m = _find_decl(text, rf"^#define\s+{name}\b")
            doc = _doc_at(text, m) if m else ""
            h.order.append(Constant(name, a.get("type", "int"), int(value), doc))
        elif node.tag == "enum":
            name = a["name"]
            m = _find_decl(text, rf"typedef\s+enum\s+{name}\s*\{{")
            doc = clean_comment(_comment_before(text, m.start())) if m else ""
            items = []
            for it in node.iter("enumitem"):
                ia = _attrs(it)
                iname = ia["name"]
                im = _find_decl(text, rf"^\s*{iname}\s*=")
                idoc = _doc_at(text, im) if im else ""
                items.append((iname, int(ia["enumvalue"]), idoc))
            h.order.append(Enum(name, items, doc))
        elif node.tag == "cdecl":
            name = a["name"]
            kind = a.get("kind")
            if a.get("storage") == "typedef":
                t = a.get("type", "")
                if t.startswith("struct ") and records.get(name):
                    m = _find_decl(text, rf"typedef\s+struct\s+{name}\s*\{{")
                    doc = clean_comment(_comment_before(text, m.start())) if m else ""
                    h.order.append(Typedef(name, "record", doc, fields=records[name]))
                elif t.startswith("struct "):
                    m = _find_decl(text, rf"typedef\s+struct\s+{name}\s+{name}\s*;")
                    doc = clean_comment(_comment_before(text, m.start())) if m else ""
                    h.order.append(Typedef(name, "struct", doc))
                elif t.startswith("enum "):
                    h.order.append(Typedef(name, "enum", ""))
                elif a.get("decl", "").startswith("p.f("):
                    m = _find_decl(text, rf"typedef\s+[^;]*\(\s*\*\s*{name}\s*\)")
                    doc = clean_comment(_comment_before(text, m.start())) if m else ""
                    h.order.append(Typedef(name, "callback", doc, _prototype(text, m.start()) if m else ""))
                else:
                    raise ValueError(f"typedef {name}: unsupported {t!r}")
            elif kind == "function":
                decl = a["decl"]  # f(...).p. for a pointer return
                ret = a["type"]
                depth, i = 0, 0
                for i, ch in enumerate(decl):
                    depth += ch == "("
                    depth -= ch == ")"
                    if ch == ")" and depth == 0:
                        break
                ret = decl[i + 2:] + ret  # "f(...).p." returns a pointer
                m = _find_decl(text, rf"^SGMC_API\b[^;]*?\b{name}\s*\(")
                if not m:
                    raise ValueError(f"function {name}: declaration not found in {header}")
                doc = clean_comment(_comment_before(text, m.start()))
                h.order.append(Function(name, ret, _params(node), doc, _prototype(text, m.start())))
    return h


def functions(h):
    return [d for d in h.order if isinstance(d, Function)]


def constants(h):
    """Every #define constant and enumerator: {name: value}."""
    out = {}
    for d in h.order:
        if isinstance(d, Constant):
            out[d.name] = d.value
        elif isinstance(d, Enum):
            for n, v, _ in d.items:
                out[n] = v
    return out


# ---- C type (SWIG notation) -> Julia type --------------------------------

SCALARS = {
    "void": "Cvoid", "char": "Cchar", "int": "Cint", "unsigned int": "Cuint",
    "double": "Cdouble", "float": "Cfloat",
    "int8_t": "Int8", "int16_t": "Int16", "int32_t": "Int32", "int64_t": "Int64",
    "uint8_t": "UInt8", "uint16_t": "UInt16", "uint32_t": "UInt32", "uint64_t": "UInt64",
    "size_t": "Csize_t",
}


def julia_type(swig_type, h, canonical=False):
    """The Julia ccall type of a C type. With canonical=True, enums become
    Cint and callbacks Ptr{Cvoid} (what ccall actually sees); otherwise the
    typedef's own name is kept (it is an alias in the generated file)."""
    t = swig_type
    # A pointer to a function written inline (a struct's field such as
    # sgmc_exchange's collectives): what Julia passes is a C function pointer.
    if t.startswith("p.f("):
        return "Ptr{Cvoid}"
    ptrs = 0
    while True:
        if t.startswith("p."):
            ptrs += 1
            t = t[2:]
        elif t.startswith("q(const)."):
            t = t[len("q(const)."):]
        else:
            break
    t = t.replace("q(const).", "")
    kinds = {d.name: d.kind for d in h.order if isinstance(d, Typedef)}
    if t == "char" and ptrs >= 1:
        base, ptrs = "Cstring", ptrs - 1
    elif t in SCALARS:
        base = SCALARS[t]
    elif kinds.get(t) in ("struct", "record"):
        base = t
    elif kinds.get(t) == "enum":
        base = "Cint" if canonical else t
    elif kinds.get(t) == "callback":
        base = "Ptr{Cvoid}" if canonical else t
    else:
        raise ValueError(f"no Julia type for C type {swig_type!r}")
    for _ in range(ptrs):
        base = f"Ptr{{{base}}}"
    return base
