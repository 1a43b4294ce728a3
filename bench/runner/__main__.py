# SPDX-License-Identifier: GPL-2.0
"""The bench runner: every lane of the Makefile, from plan to results.

usage: python3 bench/runner LANE [options]
(the Makefile runs bench/scripts/setup.sh first, for the packages every
lane needs)

  check          make check: the runner's unit tests, lint, the DKMS round
                 trips, the bench (every scenario on the oldest and newest
                 kernels, "middle" on the others), the package, the system
                 lane on the oldest kernel, acpi-survey, and the host check
  check-system   the system lane [KERNEL... | oldest newest]
  compare        our driver, the in-tree one and the upstream series
  series-check   the upstream series patch by patch
  bench          benchmarks of both drivers -> docs/benchmarks.md
  stress         the stress scenarios at full counts
  check-debug    every scenario on the KASAN/lockdep/kmemleak kernel
  demo           the article's story on the console [KERNEL]
  lint           checkpatch, sparse, W=1 and the series' lint
  check-tools    acpi-survey's tests
  boot           one boot: -k KERNEL [-d DRIVER] [-t TABLE] [-o a,b] [-a ARGS]

Test lanes print nested KTAP and end with "N passed, N failed, N skipped";
they exit non-zero on any failure.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench  # noqa: E402
import build  # noqa: E402
import ktap  # noqa: E402
import plan as planmod  # noqa: E402
import report  # noqa: E402
import suites  # noqa: E402
import system  # noqa: E402
from schedule import GuestSlots, background  # noqa: E402

TOP = planmod.TOP


class Stream:
    """A test lane's output: the top-level results printed in plan order
    as each is ready, then the totals."""

    def __init__(self, count: int):
        self.n = 0
        self.totals = ktap.Totals()
        print("KTAP version 1", flush=True)
        print(f"1..{count}", flush=True)

    def add(self, r: ktap.Result) -> None:
        self.n += 1
        print("\n".join(ktap.render_one(r, self.n)), flush=True)
        self.totals.add([r])

    def finish(self, notes: list[str] = ()) -> int:
        for n in notes:
            print(n)
        print("\n".join(self.totals.lines()), flush=True)
        return 0 if self.totals.failed == 0 and self.n else 1


def result_of(future, name: str):
    """A suite's result; a suite that raised is one failure with the
    traceback, never the end of the whole run."""
    try:
        return future.result()
    except Exception:  # any bug of a suite's: reported, not fatal
        return ktap.Result(name, ok=False,
                           diag=["# " + ln for ln in traceback.format_exc().splitlines()])


def lane_result(name: str, children: list[ktap.Result], diag=(), trailer=()) -> ktap.Result:
    return ktap.Result(name, ok=bool(children), children=children,
                       diag=list(diag), trailer=list(trailer))


def system_lane(p: planmod.Plan, kernels: list[str], slots: GuestSlots) -> ktap.Result:
    results, notes = [], []
    for k in kernels:
        lane = system.Lane(p, p.kernel(k), slots)
        results += lane.run()
        notes += lane.notes
    return ktap.rename(lane_result("system", results, trailer=notes), "system: ")


def bench_lane(p, boots, settings, slots, jobs, name="bench", prefix="bench ") -> ktap.Result:
    start = time.monotonic()
    results = bench.run(boots, settings, slots, jobs)
    r = lane_result(name, results, diag=bench.describe(p, boots, settings.dkms_modules),
                    trailer=[f"# bench: {len(boots)} boots, {time.monotonic() - start:.0f} s"])
    return ktap.rename(r, prefix)


def check(args) -> int:
    p = planmod.load()
    # Two guests at a time in all, the bench's and the system lane's
    # together, each pinned to a core.
    slots = GuestSlots.per_core(2)
    host = tempfile.NamedTemporaryFile(prefix="bench-host.", delete=False).name
    subprocess.run(["tests/host.sh", "save", host], cwd=TOP, check=True)
    start = time.monotonic()
    dkms_dir = tempfile.mkdtemp(prefix="bench-dkms.")
    # The suites run in chains side by side; each result prints in a
    # fixed order once it and those before it are done.
    sys_f = background(lambda: system_lane(p, [p.roles["oldest"]], slots))
    dkms_f = background(lambda: suites.shell_suite(
        "dkms", ["tests/dkms.sh", "-o", dkms_dir] + p.full_kernels(), "dkms: "))

    def bench_with_dkms_modules():
        # The DKMS round trips boot nothing: the bench boots the modules
        # they built, in its boots on those kernels.
        mods = {k: os.path.join(dkms_dir, k + ".ko") for k in p.names()
                if os.path.isfile(os.path.join(dkms_dir, k + ".ko"))}
        return bench_lane(p, p.boots(["ours"]), bench.Settings(dkms_modules=mods), slots,
                          int(os.environ.get("BENCH_JOBS") or 2))
    bench_f = background(bench_with_dkms_modules, after=[dkms_f])
    unit_f = background(suites.unit_tests)
    lint_f = background(lambda: suites.shell_suite("lint", ["tests/lint.sh"], "lint: ",
                                                   low_priority=True), after=[unit_f])
    # The DKMS and the package round trips present kernels in the same
    # build roots: one after the other.
    deb_f = background(lambda: suites.shell_suite("deb", ["tests/deb.sh", p.roles["newest"]],
                                                  "deb: ", low_priority=True),
                       after=[lint_f, dkms_f])
    apt_f = background(lambda: suites.shell_suite(
        "autopkgtest", ["tests/autopkgtest.sh"] + p.full_kernels(), "autopkgtest: ",
        low_priority=True), after=[deb_f])
    survey_f = background(lambda: suites.shell_suite("acpi-survey", ["tests/survey.sh"],
                                                     "acpi-survey: ", low_priority=True))
    out = Stream(9)
    for f, name in ((unit_f, "runner"), (lint_f, "lint"), (dkms_f, "dkms"),
                    (bench_f, "bench"), (deb_f, "deb"), (apt_f, "autopkgtest"),
                    (sys_f, "system"), (survey_f, "acpi-survey")):
        out.add(result_of(f, name))
    shutil.rmtree(dkms_dir, ignore_errors=True)
    notes = [f"# all suites took {time.monotonic() - start:.0f} s"]
    host_r = suites.shell_suite("host", ["tests/host.sh", "compare", host], "host: ")
    os.unlink(host)
    out.add(host_r)
    return out.finish(notes)


def check_system(args) -> int:
    p = planmod.load()
    kernels = args.kernels or ["oldest", "newest"]
    out = Stream(1)
    # Alone on the machine, its guests are not pinned: a guest with the
    # host's CPUs to itself boots faster with a thread per vCPU.
    out.add(system_lane(p, list(dict.fromkeys(p.kernel(k) for k in kernels)),
                        GuestSlots.unpinned(2)))
    return out.finish()


def _failures(results, title, driver) -> list[str]:
    lines = ["", f"Failures of {title}, with what the scenario saw:"]
    for leaf in ktap.leaves(results):
        if not leaf.passed and f"/{driver}: " in leaf.name:
            lines.append(f"  not ok - {leaf.name}")
            lines += ["    " + d for d in leaf.diag if d.startswith("# FAIL")]
    return lines


def compare(args) -> int:
    p = planmod.load()
    jobs = int(os.environ.get("BENCH_JOBS") or 4)
    slots = GuestSlots.unpinned(jobs)
    both = bench.run(p.boots(["ours", "in-tree"]), bench.Settings(), slots, jobs)
    series = bench.run(p.boots(["upstream+series"], [p.roles["upstream"]], every=True),
                       bench.Settings(), slots, jobs)
    print("\n".join(suites.table(both + series)))
    print("\n".join(_failures(both, "the in-tree driver", "in-tree")))
    print("\n".join(_failures(series, "the upstream file with the series", "upstream+series")))
    ours = [x for x in ktap.leaves(both) if "/ours: " in x.name]
    return 0 if ours and all(x.passed for x in ours) else 1


def series_check(args) -> int:
    p = planmod.load()
    # The series' patches, as upstream.sh lists them for the builds.
    patches = build.run(["bash", "-c", ". bench/scripts/common.sh && "
                         ". bench/scripts/upstream.sh && upstream_patches"],
                        "listing upstream/'s patches", cwd=TOP).split()
    subjects = []
    for f in patches:
        # The Subject header, with its folded continuation lines.
        with open(f, encoding="utf-8") as fh:
            lines = fh.read().split("\n\n", 1)[0].splitlines()
        subj, taking = "", False
        for ln in lines:
            if ln.startswith("Subject:"):
                subj, taking = ln, True
            elif taking and ln[:1] in (" ", "\t"):
                subj += " " + ln.strip()
            else:
                taking = False
        subjects.append(subj.split("toshiba_bluetooth: ", 1)[-1].strip())
    total = len(patches)
    k = p.roles["upstream"]
    lint = suites.shell_suite("series-lint", ["tests/series-lint.sh", "--each"], "")
    # The first patches fail many scenarios, and each failing wait runs to
    # its bound: such a boot takes longer than the default allows.
    jobs = int(os.environ.get("BENCH_JOBS") or 4)
    drivers = [f"upstream+{n}" for n in range(total + 1)]
    res = bench.run(p.boots(drivers, [k], every=True),
                    bench.Settings(timeout=int(os.environ.get("BENCH_TIMEOUT") or 1800)),
                    GuestSlots.unpinned(jobs), jobs)
    by: dict[str, dict[int, str]] = {}
    for leaf in ktap.leaves(res):
        col, _, name = leaf.name.partition(": ")
        n = int(col.rsplit("+", 1)[1])
        by.setdefault(name, {})[n] = ktap.verdict(leaf)
    per_patch = []
    for i in range(1, total + 1):
        fixed = [s for s, r in by.items() if r.get(i - 1) == "FAIL" and r.get(i) == "pass"]
        # A scenario that no longer reports (its boot stopped) counts too.
        broken = [s for s, r in by.items() if r.get(i - 1) == "pass" and r.get(i) in ("FAIL", None)]
        diag = [f"# patch {i}, {subjects[i - 1]}: fail to pass: {' '.join(fixed) or 'none'}"]
        if broken:
            diag.append("# pass to fail: " + " ".join(broken))
        per_patch.append(ktap.Result(f"series: patch {i} turns no scenario from pass to fail",
                                     ok=not broken, diag=diag))
    exempt = set(p.series_exempt)
    full = [leaf for leaf in ktap.leaves(res) if leaf.name.startswith(f"{k}/upstream+{total}: ")
            and leaf.name.partition(": ")[2] not in exempt]
    table = ["# Each scenario after the first N patches (upstream+0: the file as shipped):"]
    table += ["# " + ln for ln in suites.table(res)]
    out = Stream(3)
    out.add(lint)
    out.add(lane_result("patches", per_patch, diag=table))
    out.add(lane_result(f"the full series on {k}", full,
                        diag=[f"# exempt, shown in the table above: {' '.join(sorted(exempt))}"]))
    return out.finish()


def stress(args) -> int:
    p = planmod.load()
    ref = p.tables["reference"]
    names = tuple(s for s in ref.scenarios if s.startswith("stress_"))
    boots = [planmod.Boot(k, "ours", "reference", names) for k in p.names()]
    out = Stream(1)
    out.add(bench_lane(p, boots, bench.Settings(stress="full", timeout=1800),
                       GuestSlots.unpinned(1), 1, "stress", ""))
    return out.finish()


def check_debug(args) -> int:
    p = planmod.load()
    start = time.monotonic()
    b = subprocess.run([os.path.join(planmod.BENCH, "debug", "build-kernel.sh")],
                       stdout=sys.stderr, cwd=TOP)
    out = Stream(1)
    if b.returncode != 0:
        out.add(ktap.Result("build the debug kernel", ok=False))
        return out.finish()
    built = time.monotonic()
    # Sanitizers make the guest several times slower: the bounds of the
    # scenarios' waits scale by bench.slow, the guest gets more memory and
    # its boot more time to start the runner.
    s = bench.Settings(append="bench.kmemleak=1 bench.slow=4 kmemleak=on", mem=1024,
                       timeout=1800, start_timeout=600)
    boots = p.boots(["ours"], [p.roles["debug"]], every=True, debug=True)
    out.add(bench_lane(p, boots, s, GuestSlots.per_core(2), 2, "debug", ""))
    return out.finish([f"# debug kernel: built or found in {built - start:.0f} s; "
                       f"scenarios in {time.monotonic() - built:.0f} s"])


def benchmark(args) -> int:
    p = planmod.load()
    runs = [(k, d) for k in p.names() for d in ("ours", "in-tree")]
    data = os.path.join(build.CACHE, "benchmark")
    shutil.rmtree(data, ignore_errors=True)
    os.makedirs(data)
    jobs = int(os.environ.get("BENCH_JOBS") or 4)
    boots = [planmod.Boot(k, d, "reference", ()) for k, d in runs]
    s = bench.Settings(mode="benchmark", timeout=900)
    slots = GuestSlots.unpinned(jobs)
    print(f"runner: booting {len(boots)} benchmark guests, {jobs} at a time", file=sys.stderr)
    from schedule import ordered
    outs = list(ordered([lambda b=b: bench.boot(b, s, slots, os.path.join(
        data, f"{b.kernel}-{b.driver}"))[1] for b in boots], jobs))
    failed = False
    texts = []
    for (k, d), o in zip(runs, outs):
        text = o.results if o else ""
        texts.append(text)
        with open(os.path.join(data, f"{k}-{d}.data"), "w", encoding="utf-8") as fh:
            fh.write(text)
        if "ok 1 - benchmark" not in text:
            failed = True
            print(f"benchmark of {k}/{d} did not finish", file=sys.stderr)
    if failed:
        return 1
    names = [f"{k}/{d}" for k, d in runs]
    parsed = [report.data(t) for t in texts]
    with open(os.path.join(TOP, "docs", "benchmarks.md"), "w", encoding="utf-8") as fh:
        fh.write(report.markdown(list(zip(names, parsed)), jobs))
    ms = [[int(v) / 1000 for line in d.get("reaction_us", []) for v in line.split()
           if v != "never"] for d in parsed]
    with open(os.path.join(TOP, "docs", "reaction-time.svg"), "w", encoding="utf-8") as fh:
        fh.write(report.svg(list(zip(names, ms))))
    print("runner: wrote docs/benchmarks.md and docs/reaction-time.svg", file=sys.stderr)
    return 0


def demo(args) -> int:
    p = planmod.load()
    k = p.kernel(args.kernels[0] if args.kernels else "oldest")
    print(f"Booting Debian {k} under QEMU (TCG); this takes a minute.", file=sys.stderr)
    b = planmod.Boot(k, os.environ.get("DRIVER") or "ours", "reference", ())
    r, o = bench.boot(b, bench.Settings(mode="demo"), GuestSlots.unpinned(1),
                      os.path.join(build.CACHE, "runs", f"{k}-demo"))
    if o is None:
        print("\n".join(r.diag), file=sys.stderr)
        return 1
    return 0 if o.done and r.passed else 1


def lint(args) -> int:
    out = Stream(1)
    out.add(suites.shell_suite("lint", ["tests/lint.sh"], "lint: "))
    return out.finish()


def check_tools(args) -> int:
    out = Stream(1)
    out.add(suites.shell_suite("acpi-survey", ["tests/survey.sh"], "acpi-survey: "))
    return out.finish()


def one_boot(args) -> int:
    """A single boot, for whoever works on a scenario."""
    p = planmod.load()
    k = p.kernel(args.kernel)
    t = p.tables[args.table]
    names = tuple(args.only.split(",")) if args.only else t.scenarios
    b = planmod.Boot(k, args.driver, t.name, names)
    out = Stream(1)
    out.add(bench_lane(p, [b], bench.Settings(append=args.append or ""),
                       GuestSlots.unpinned(1), 1, "boot", ""))
    return out.finish()


LANES = {"check": check, "check-system": check_system, "compare": compare,
         "series-check": series_check, "bench": benchmark, "stress": stress,
         "check-debug": check_debug, "demo": demo, "boot": one_boot,
         "lint": lint, "check-tools": check_tools}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="bench/runner", description=__doc__.split("\n\n")[0])
    ap.add_argument("lane", choices=LANES)
    ap.add_argument("kernels", nargs="*", help="kernels or roles (check-system, demo)")
    ap.add_argument("-k", "--kernel", default="oldest", help="boot: the kernel")
    ap.add_argument("-d", "--driver", default="ours", help="boot: ours, in-tree, upstream+N")
    ap.add_argument("-t", "--table", default="reference", help="boot: the firmware table")
    ap.add_argument("-o", "--only", help="boot: scenarios, comma-separated")
    ap.add_argument("-a", "--append", help="boot: more kernel arguments")
    args = ap.parse_args(argv)
    # The system lane mounts its root under an overlay: in a mount
    # namespace of the runner's own, which ends with it.
    if args.lane in ("check", "check-system") and os.geteuid() == 0 \
            and not os.environ.get("BENCH_RUNNER_NS"):
        os.environ["BENCH_RUNNER_NS"] = "1"
        os.execvp("unshare", ["unshare", "-m", "--propagation", "private", "--",
                              sys.executable] + (["-B"] if sys.dont_write_bytecode else [])
                  + [os.path.dirname(os.path.abspath(__file__))] + argv)
    try:
        return LANES[args.lane](args)
    except (planmod.PlanError, build.BuildError) as e:
        print(f"bench/runner: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
