#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Differential test: acpi-survey --json against ACPICA's disassembler.

usage: diff_iasl.py ACPI_SURVEY NAME TABLE...

Runs `acpi-survey --json TABLE...` once (one namespace) and `iasl -d` on
each table, and compares, table by table: every Device path, every Method
path with its argument count, and every Field, IndexField and BankField
unit with its bit offset and width. iasl's side is read from the .dsl
source it writes, by the small ASL reader below, which shares nothing with
acpi-survey. Prints one KTAP line; exits 1 on any difference.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[A-Za-z_\\^][A-Za-z0-9_.\\^]*|0x[0-9A-Fa-f]+|\d+|\S')
SCOPES = {"Scope", "Device", "Method", "Processor", "PowerResource", "ThermalZone"}
FIELDS = {"Field", "IndexField", "BankField"}


def strip_comments(text):
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def segs(path):
    """An ASL name as a list of 4-character segments."""
    return [s.ljust(4, "_") for s in path.split(".") if s]


def resolve(scope, name):
    if name.startswith("\\"):
        return segs(name[1:])
    cur = list(scope)
    while name.startswith("^"):
        cur = cur[:-1]
        name = name[1:]
    return cur + segs(name)


def show(path):
    return "\\" + ".".join(path)


def args_until_close(toks, i):
    """toks[i] is '('; return (list of top-level argument token lists, index after ')')."""
    depth, args, cur = 0, [], []
    while i < len(toks):
        t = toks[i]
        if t == "(":
            depth += 1
            if depth > 1:
                cur.append(t)
        elif t == ")":
            depth -= 1
            if depth == 0:
                args.append(cur)
                return args, i + 1
            cur.append(t)
        elif t == "," and depth == 1:
            args.append(cur)
            cur = []
        else:
            cur.append(t)
        i += 1
    raise ValueError("unbalanced parentheses")


def number(tok):
    words = {"Zero": 0, "One": 1}
    if tok in words:
        return words[tok]
    return int(tok, 0)


def field_units(toks, i, scope, fields):
    """toks[i] is '{' of a field list; return index after its '}'."""
    bit = 0
    i += 1
    while toks[i] != "}":
        t = toks[i]
        if t == ",":
            i += 1
        elif t == "Offset":
            a, i = args_until_close(toks, i + 1)
            bit = number(a[0][0]) * 8
        elif t in ("AccessAs", "Connection"):
            _, i = args_until_close(toks, i + 1)
        elif toks[i + 1] == "," and re.match(r"^\d|^0x", toks[i + 2] if i + 2 < len(toks) else ""):
            # NAME, width  (a reserved unit is written ", width")
            width = number(toks[i + 2])
            fields[show(resolve(scope, t))] = (bit, width)
            bit += width
            i += 3
        elif re.match(r"^\d|^0x", t):
            bit += number(t)
            i += 1
        else:
            raise ValueError("field list: unexpected %r" % t)
    return i + 1


def read_dsl(path):
    toks = TOKEN.findall(strip_comments(open(path, encoding="latin-1").read()))
    devices, methods, fields = set(), {}, {}
    stack = [[]]
    i = 0
    # skip DefinitionBlock (...) {
    while toks[i] != "{":
        i += 1
    i += 1
    pending = None
    while i < len(toks):
        t = toks[i]
        if t in SCOPES and i + 1 < len(toks) and toks[i + 1] == "(":
            a, j = args_until_close(toks, i + 1)
            if j < len(toks) and toks[j] == "{":
                path = resolve(stack[-1], a[0][0])
                if t == "Device":
                    devices.add(show(path))
                if t == "Method":
                    methods[show(path)] = number(a[1][0])
                pending = path
            i = j
            continue
        if t in FIELDS and i + 1 < len(toks) and toks[i + 1] == "(":
            _, j = args_until_close(toks, i + 1)
            i = field_units(toks, j, stack[-1], fields)
            continue
        if t == "{":
            stack.append(pending if pending is not None else stack[-1])
            pending = None
        elif t == "}":
            stack.pop()
            if not stack:
                break
        i += 1
    return devices, methods, fields


def norm(path):
    return show(segs(path.lstrip("\\"))) if path != "\\" else path


def main():
    survey, name, tables = sys.argv[1], sys.argv[2], sys.argv[3:]
    out = subprocess.run([survey, "--json"] + tables, capture_output=True, text=True)
    if out.returncode:
        print("not ok - %s: acpi-survey failed: %s" % (name, out.stderr.strip()))
        return 1
    report = json.loads(out.stdout)
    diffs, counts = [], [0, 0, 0]
    tmp = tempfile.mkdtemp()
    try:
        for table in tables:
            base = os.path.basename(table)
            copy = os.path.join(tmp, base)
            shutil.copy(table, copy)
            dis = subprocess.run(["iasl", "-d", copy], capture_output=True, text=True, cwd=tmp)
            dsl = os.path.splitext(copy)[0] + ".dsl"
            if dis.returncode or not os.path.exists(dsl):
                diffs.append("iasl -d failed on %s" % base)
                continue
            dev_i, meth_i, field_i = read_dsl(dsl)
            mine = lambda kind: [x for x in report[kind] if x["table"] == table]
            dev_s = {norm(d["path"]) for d in mine("devices")}
            meth_s = {norm(m["path"]): m["args"] for m in mine("methods")}
            field_s = {norm(f["path"]): (f["bit_offset"], f["width"])
                       for f in mine("fields") if f["kind"] != "BufferField"}
            for what, a, b in (("device", dev_i, dev_s), ("method", meth_i, meth_s),
                               ("field", field_i, field_s)):
                for k in sorted(set(a) | set(b)):
                    va = a.get(k) if isinstance(a, dict) else (k in a or None)
                    vb = b.get(k) if isinstance(b, dict) else (k in b or None)
                    if va != vb:
                        diffs.append("%s %s %s: iasl -d %s, acpi-survey %s" %
                                     (base, what, k, va, vb))
            counts[0] += len(dev_i)
            counts[1] += len(meth_i)
            counts[2] += len(field_i)
    finally:
        shutil.rmtree(tmp)
    what = "%s: %d devices, %d methods, %d fields as iasl -d has them" % (
        name, counts[0], counts[1], counts[2])
    if diffs or not sum(counts):
        print("not ok - %s" % what)
        for d in diffs[:40]:
            print("#   " + d)
        return 1
    print("ok - %s" % what)
    return 0


if __name__ == "__main__":
    sys.exit(main())
