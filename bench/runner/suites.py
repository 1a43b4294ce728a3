# SPDX-License-Identifier: GPL-2.0
"""The runner's own unit tests and the shell suites of tests/ as subtests,
and the Markdown table of bench results."""
from __future__ import annotations

import os
import subprocess
import time
import unittest

import ktap
from plan import TOP

RUNNER = os.path.dirname(os.path.abspath(__file__))


def shell_suite(name: str, cmd: list[str], prefix: str, low_priority: bool = False,
                env: dict | None = None) -> ktap.Result:
    """A shell suite's flat KTAP as a subtest, with its wall and CPU time.
    The host-side suites that boot nothing and wait on no clock run at the
    lowest priority and take what the guests leave."""
    start = time.monotonic()
    what = cmd[0]
    if low_priority:
        cmd = ["nice", "-n", "19"] + cmd
    p = subprocess.Popen(cmd, cwd=TOP, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         text=True, env={**os.environ, **(env or {})})
    text = p.stdout.read()
    p.stdout.close()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = rc = os.waitstatus_to_exitcode(status)
    r = ktap.subtest(name, text, prefix=prefix)
    # A suite that failed without saying which test did fails itself.
    if rc != 0 and r.passed:
        r.ok = False
        r.trailer.append(f"# {what} exited with {rc}")
    r.trailer.append(f"# {name} took {time.monotonic() - start:.0f} s, "
                     f"{usage.ru_utime + usage.ru_stime:.0f} CPU-s")
    return r


class _Collect(unittest.TestResult):
    def __init__(self):
        super().__init__()
        self.results: list[ktap.Result] = []

    def _add(self, test, ok, diag=(), skip=None):
        self.results.append(ktap.Result(f"runner: {test.id().removeprefix('test_')}", ok=ok,
                                        skip=skip, diag=["# " + ln for ln in diag]))

    def addSuccess(self, test):
        self._add(test, True)

    def addFailure(self, test, err):
        self._add(test, False, self._exc_info_to_string(err, test).splitlines())

    addError = addFailure

    def addSkip(self, test, reason):
        self._add(test, True, skip=reason)


def unit_tests() -> ktap.Result:
    """bench/runner/tests, in this process: a few seconds."""
    start = time.monotonic()
    loader = unittest.TestLoader()
    suite = loader.discover(os.path.join(RUNNER, "tests"))
    res = _Collect()
    suite.run(res)
    r = ktap.Result("runner", ok=bool(res.results), children=res.results)
    r.trailer.append(f"# runner took {time.monotonic() - start:.1f} s")
    return r


def table(results: list[ktap.Result]) -> list[str]:
    """Bench results (leaves named "KERNEL/DRIVER: table/scenario") as a
    Markdown table: a row per scenario, a column per kernel and driver, in
    the order they first appear. Cells: pass, FAIL, skip, or "-" where the
    scenario did not run."""
    rows: dict[str, dict[str, str]] = {}
    cols: list[str] = []
    for leaf in ktap.leaves(results):
        col, sep, name = leaf.name.partition(": ")
        if not sep:
            continue
        col = col.split(" ")[-1]
        if col not in cols:
            cols.append(col)
        rows.setdefault(name, {})[col] = ktap.verdict(leaf)
    w = max([len("firmware/scenario")] + [len(n) for n in rows])
    cw = [max(13, len(c)) for c in cols]
    out = ["| " + "firmware/scenario".ljust(w) + " |"
           + "".join(f" {c.ljust(x)} |" for c, x in zip(cols, cw)),
           "|" + "-" * (w + 2) + "|" + "".join("-" * (x + 2) + "|" for x in cw)]
    for name, r in rows.items():
        out.append("| " + name.ljust(w) + " |"
                   + "".join(f" {r.get(c, '-').ljust(x)} |" for c, x in zip(cols, cw)))
    return out
