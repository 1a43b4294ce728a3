# SPDX-License-Identifier: GPL-2.0
"""KTAP v1 for the runner: read what a guest or a shell suite printed, nest
it under its boot, table and lane, and count.

A suite prints flat KTAP ("ok - NAME", "not ok 3 - NAME # SKIP why") with
comment lines between; the runner reads it into Result records and writes
the whole run as one nested stream:

    KTAP version 1
    1..2
        KTAP version 1
        # Subtest: lint
        1..5
        ok 1 - lint: checkpatch --strict
        ...
    ok 1 - lint
    ...
    # Totals: pass:410 fail:0 xfail:0 xpass:0 skip:2 error:0
    410 passed, 0 failed, 2 skipped

The totals count every result line at every depth, as they appear in the
stream: a failed scenario is a "not ok" of its own, of its boot and of its
lane, and each is counted. A reader who counts the "not ok" lines gets the
figure on the last line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

_RESULT = re.compile(r"^(not ok|ok)(?: \d+)?(?: -)? ?(.*)$")
_SKIP = re.compile(r"\s+#\s*SKIP\b\s*(.*)$", re.IGNORECASE)
# Lines that frame a flat stream and that nesting replaces: the header,
# the plan, the guest's own summary and its end marker.
_FRAME = re.compile(r"^(KTAP version \d+|TAP version \d+|1\.\.\d+|# bench: done"
                    r"|# \d+ passed, \d+ failed(, \d+ skipped)?)\s*$")


@dataclass
class Result:
    """One test: a leaf (no children) or a subtest (children)."""
    name: str
    ok: bool = True
    skip: str | None = None
    # Comment lines printed before the result line (a leaf's diagnostics)
    # or, for a subtest, after its plan and before its first child.
    diag: list[str] = field(default_factory=list)
    children: list["Result"] = field(default_factory=list)
    # A subtest's comment lines after its last child.
    trailer: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.ok and all(c.passed for c in self.children)


def parse(text: str) -> tuple[list[Result], list[str]]:
    """A flat KTAP stream into its results, and the comments after the
    last one. Comment lines go with the result that follows them; any other
    line (a stray message) is kept as a comment."""
    results: list[Result] = []
    pending: list[str] = []
    for raw in text.splitlines():
        line = raw.rstrip("\r\n")
        if _FRAME.match(line):
            continue
        m = _RESULT.match(line)
        if m and (line.startswith("ok ") or line.startswith("not ok ")):
            name, skip = m.group(2), None
            s = _SKIP.search(name)
            if s:
                skip = s.group(1) or "skipped"
                name = name[:s.start()]
            results.append(Result(name=name.strip(), ok=m.group(1) == "ok",
                                  skip=skip, diag=pending))
            pending = []
        elif line.startswith("#"):
            pending.append(line)
        elif line.strip():
            pending.append("# " + line)
    return results, pending


def subtest(name: str, text: str, ok: bool = True, prefix: str = "",
            diag: list[str] | None = None) -> Result:
    """A suite's flat output as one subtest. @ok False marks the subtest
    itself failed (the suite did not finish) whatever its children say;
    a subtest with no result at all fails too: silence is no pass."""
    children, trailer = parse(text)
    for c in children:
        c.name = prefix + c.name
    return Result(name=name, ok=ok and bool(children), children=children,
                  diag=list(diag or []), trailer=trailer)


def rename(result: Result, prefix: str) -> Result:
    """Prefix the names of every result under @result (not its own)."""
    for c in result.children:
        c.name = prefix + c.name
        rename(c, prefix)
    return result


def render(results: list[Result], depth: int = 0, name: str | None = None,
           diag: list[str] | None = None, trailer: list[str] | None = None
           ) -> list[str]:
    """The lines of a (sub)test list, indented four spaces per depth."""
    ind = "    " * depth
    out = [ind + "KTAP version 1"]
    if name is not None:
        out.append(ind + "# Subtest: " + name)
    out.append(f"{ind}1..{len(results)}")
    out += [ind + d for d in (diag or [])]
    for n, r in enumerate(results, 1):
        out += render_one(r, n, depth)
    out += [ind + t for t in (trailer or [])]
    return out


def render_one(r: Result, n: int, depth: int = 0) -> list[str]:
    """The lines of result number @n of a list at @depth: its subtest, if
    it has one, then its result line."""
    ind = "    " * depth
    if r.children:
        out = render(r.children, depth + 1, r.name, r.diag, r.trailer)
    else:
        out = [ind + d for d in r.diag + r.trailer]
    status = "ok" if r.passed else "not ok"
    directive = f" # SKIP {r.skip}" if r.skip is not None else ""
    out.append(f"{ind}{status} {n} - {r.name}{directive}")
    return out


@dataclass
class Totals:
    passed: int = 0
    failed: int = 0
    skipped: int = 0

    def add(self, results: list[Result]) -> "Totals":
        for r in results:
            if not r.passed:
                self.failed += 1
            elif r.skip is not None:
                self.skipped += 1
            else:
                self.passed += 1
            self.add(r.children)
        return self

    def lines(self) -> list[str]:
        return [f"# Totals: pass:{self.passed} fail:{self.failed} xfail:0 "
                f"xpass:0 skip:{self.skipped} error:0",
                f"{self.passed} passed, {self.failed} failed, "
                f"{self.skipped} skipped"]


def count_stream(text: str) -> Totals:
    """Count the result lines of a rendered stream at every depth: what
    the last line must agree with (the unit tests check that it does)."""
    t = Totals()
    for line in text.splitlines():
        s = line.lstrip(" ")
        if s.startswith("not ok "):
            t.failed += 1
        elif s.startswith("ok "):
            if _SKIP.search(s):
                t.skipped += 1
            else:
                t.passed += 1
    return t


def verdict(r: Result) -> str:
    """A result as a table's cell: FAIL, skip or pass."""
    return "FAIL" if not r.passed else "skip" if r.skip is not None else "pass"


def leaves(results: list[Result]):
    """Every leaf under @results, in order."""
    for r in results:
        if r.children:
            yield from leaves(r.children)
        else:
            yield r
