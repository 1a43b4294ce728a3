#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Differential test: acpi-survey --json against ACPICA's disassembler.

usage: diff_iasl.py [--json-out FILE] ACPI_SURVEY NAME TABLE...

Runs `acpi-survey --json TABLE...` once (one namespace) and `iasl -d` on
each table, and compares, table by table: every Device path, every Method
path with its argument count, and every Field, IndexField and BankField
unit with its bit offset and width. Tables are taken in the order the
kernel loads them (the DSDT, then the SSDTs as given), and a path is
credited to the first table that defines it, as ACPICA does: a later
definition fails with AE_ALREADY_EXISTS. iasl -d runs per table, because
with -e it often stops at those duplicates. iasl's side is read from the .dsl
source it writes, by the small ASL reader below, which shares nothing with
acpi-survey. Prints one KTAP line; exits 1 on any difference. --json-out
keeps acpi-survey's report, for checks of its own, so that they need no
second run of the sanitizer build (on the 55 real sets, 24 s of CPU).
"""
import functools
import hashlib
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
# Other objects a table creates when it is loaded, named by their first
# argument: they take part in the first-definition rule.
NAMED = {"Name", "OperationRegion", "Mutex", "Event", "DataTableRegion"}


# A string (kept), a // comment to the end of its line or a /* */ comment
# (both dropped), whichever starts first: one regular expression, because
# a real DSDT's .dsl is a megabyte and a loop over its characters was
# most of this test's time.
COMMENT_OR_STRING = re.compile(r'("(?:[^"\\]|\\.)*(?:"|\\?\Z))|//[^\n]*|/\*.*?(?:\*/|\Z)', re.S)


def strip_comments(text):
    return COMMENT_OR_STRING.sub(lambda m: m.group(1) or "", text)


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
            fields.setdefault(show(resolve(scope, t)), (bit, width))
            bit += width
            i += 3
        elif re.match(r"^\d|^0x", t):
            bit += number(t)
            i += 1
        else:
            raise ValueError("field list: unexpected %r" % t)
    return i + 1


def read_dsl(path):
    """Devices, methods, fields, and every path the table defines at load."""
    toks = TOKEN.findall(strip_comments(open(path, encoding="latin-1").read()))
    devices, methods, fields, defined = set(), {}, {}, set()
    stack = [[]]
    in_method = [False]
    pending_method = False
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
                    methods.setdefault(show(path), number(a[1][0]))
                if t != "Scope" and not in_method[-1]:
                    defined.add(show(path))
                pending = path
                pending_method = t == "Method"
            i = j
            continue
        if t in NAMED and i + 2 < len(toks) and toks[i + 1] == "(":
            # only the name: the arguments are read on (iasl may have
            # put a Field inside them when a method's arity is unknown)
            if not in_method[-1]:
                defined.add(show(resolve(stack[-1], toks[i + 2])))
            i += 2
            continue
        if t in FIELDS and i + 1 < len(toks) and toks[i + 1] == "(":
            _, j = args_until_close(toks, i + 1)
            before = set(fields)
            i = field_units(toks, j, stack[-1], fields)
            if not in_method[-1]:
                defined.update(set(fields) - before)
            continue
        if t == "{":
            stack.append(pending if pending is not None else stack[-1])
            in_method.append(in_method[-1] or pending_method)
            pending, pending_method = None, False
        elif t == "}":
            stack.pop()
            in_method.pop()
            if not stack:
                break
        i += 1
    return devices, methods, fields, defined


@functools.lru_cache(maxsize=None)
def iasl_version():
    out = subprocess.run(["iasl", "-v"], capture_output=True, text=True).stdout
    return "".join(l for l in out.splitlines() if "version" in l.lower())


def cache_key(copy, dsdt):
    """The same iasl, table and externals give the same .dsl."""
    h = hashlib.sha256(iasl_version().encode())
    for path in (copy, dsdt):
        h.update(b"\0" + open(path, "rb").read())
    return h.hexdigest()


def disassemble(copy, dsdt, cwd):
    """iasl -d on one table; again with the DSDT as externals if that fails.

    With IASL_DSL_CACHE set, each table's .dsl (or its failure) is kept
    there: the real sets' disassembly is most of this test's time.
    """
    dsl = os.path.splitext(copy)[0] + ".dsl"
    cache = os.environ.get("IASL_DSL_CACHE")
    if cache:
        kept = os.path.join(cache, cache_key(copy, dsdt))
        if os.path.exists(kept + ".dsl"):
            shutil.copy(kept + ".dsl", dsl)
            return True
        if os.path.exists(kept + ".failed"):
            return False
    ok = False
    cmds = [["iasl", "-d", copy]]
    if dsdt != copy:
        cmds.append(["iasl", "-e", dsdt, "-d", copy])
    for cmd in cmds:
        if os.path.exists(dsl):
            os.remove(dsl)
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
        if r.returncode == 0 and os.path.exists(dsl):
            ok = True
            break
    if cache:
        os.makedirs(cache, exist_ok=True)
        if ok:
            shutil.copy(dsl, kept + ".tmp")
            os.replace(kept + ".tmp", kept + ".dsl")
        else:
            open(kept + ".failed", "w").close()
    return ok


@functools.lru_cache(maxsize=None)
def script_hash():
    """This file's own hash: a change to the reader drops what it read."""
    return hashlib.sha256(open(__file__, "rb").read()).hexdigest()


def read_table(copy, dsdt, cwd):
    """read_dsl of the table's iasl -d output, or None where iasl fails.

    With IASL_DSL_CACHE set, what the reader found is kept beside the
    .dsl, keyed by the table, iasl's version and this file: reading the
    real sets' .dsl again was a quarter of their test's CPU time.
    """
    cache = os.environ.get("IASL_DSL_CACHE")
    if cache:
        kept = os.path.join(cache, "read-%s-%s.json" % (
            cache_key(copy, dsdt)[:32], script_hash()[:16]))
        if os.path.exists(kept):
            with open(kept) as f:
                r = json.load(f)
            return (set(r["devices"]), r["methods"],
                    {k: tuple(v) for k, v in r["fields"].items()}, set(r["defined"]))
    if not disassemble(copy, dsdt, cwd):
        return None
    found = read_dsl(os.path.splitext(copy)[0] + ".dsl")
    if cache:
        devices, methods, fields, defined = found
        tmp = "%s.%d.tmp" % (kept, os.getpid())
        with open(tmp, "w") as f:
            json.dump({"devices": sorted(devices), "methods": methods,
                       "fields": fields, "defined": sorted(defined)}, f)
        os.replace(tmp, kept)
    return found


def norm(path):
    return show(segs(path.lstrip("\\"))) if path != "\\" else path


def main():
    args = sys.argv[1:]
    json_out = None
    if args[:1] == ["--json-out"]:
        json_out, args = args[1], args[2:]
    survey, name, tables = args[0], args[1], args[2:]
    out = subprocess.run([survey, "--json"] + tables, capture_output=True, text=True)
    if json_out:
        with open(json_out, "w") as f:
            f.write(out.stdout)
    if out.returncode:
        print("not ok - %s: acpi-survey failed: %s" % (name, out.stderr.strip()))
        return 1
    report = json.loads(out.stdout)
    diffs, counts, skipped = [], [0, 0, 0], []
    seen = set()
    tmp = tempfile.mkdtemp()
    dsdt_first = sorted(tables, key=lambda t: open(t, "rb").read(4) != b"DSDT")
    dsdt_copy = None
    try:
        for table in dsdt_first:
            base = os.path.basename(table)
            copy = os.path.join(tmp, "t%d-%s" % (dsdt_first.index(table), base))
            shutil.copy(table, copy)
            if dsdt_copy is None:
                dsdt_copy = copy
            found = read_table(copy, dsdt_copy, tmp)
            if found is None:
                skipped.append(base)
                continue
            dev_i, meth_i, field_i, defined = found
            # ACPICA's first-definition rule, across tables: a path an
            # earlier table defined fails here (AE_ALREADY_EXISTS), and
            # with it everything under it.
            dups = {k for k in defined if k in seen}

            def kept(k, dups=dups):
                return not any(k == d or k.startswith(d + ".") for d in dups)
            dev_i = {k for k in dev_i if kept(k)}
            meth_i = {k: v for k, v in meth_i.items() if kept(k)}
            field_i = {k: v for k, v in field_i.items() if kept(k)}
            seen.update(k for k in defined if kept(k))
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
    if skipped:
        what += " (not compared, iasl -d cannot read them: %s)" % ", ".join(skipped)
    if diffs or not sum(counts):
        print("not ok - %s" % what)
        for d in diffs[:40]:
            print("#   " + d)
        return 1
    print("ok - %s" % what)
    return 0


if __name__ == "__main__":
    sys.exit(main())
