# SPDX-License-Identifier: GPL-2.0
"""The busybox bench: boots of the plan, side by side, as KTAP subtests."""
from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass

import build
import ktap
import qemu
from plan import Boot, Plan
from schedule import GuestSlots, ordered


@dataclass
class Settings:
    """What a lane changes for all of its boots."""
    mode: str = "check"  # check, demo or benchmark (the guest's bench.mode)
    append: str = ""  # more kernel arguments (the debug lane's)
    stress: str = "short"
    mem: int | None = None
    timeout: int | None = None
    start_timeout: int | None = None
    # ours booted from a module that DKMS built, per kernel name
    dkms_modules: dict[str, str] | None = None


def boot(b: Boot, s: Settings, slots: GuestSlots, out: str) -> tuple[ktap.Result, qemu.Outcome | None]:
    """One boot of the plan: built, booted, its KTAP read."""
    name = f"{b.kernel}/{b.driver}: {b.table}"
    title = name + (f" (boot {b.part} of {b.parts})" if b.parts > 1 else "")
    start = time.monotonic()
    try:
        k = build.kernel(b.kernel)
        mods = build.modules(b.kernel)
        ko = (s.dkms_modules or {}).get(b.kernel) if b.driver == "ours" else None
        ko = ko or build.driver_module(b.driver, b.kernel, mods)
        fw = build.firmware(b.table, out)
        initrd = build.initramfs(mods, ko, out)
    except build.BuildError as e:
        msg = ["# " + ln for ln in str(e).splitlines()]
        return ktap.Result(title, ok=False, diag=msg + ["# the boot did not complete"]), None
    append = (f"bench.driver={b.driver} bench.fw={b.table} bench.mode={s.mode} "
              f"bench.only={','.join(b.scenarios)} bench.stress={s.stress} {s.append}")
    with slots.slot() as cpu:
        g = qemu.Guest("busybox", out, k.vmlinuz, initrd, fw, append=append, cpu=cpu,
                       console_stdio=s.mode == "demo", mem=s.mem, timeout=s.timeout,
                       start_timeout=s.start_timeout)
        o = qemu.launch(g)
    wall = time.monotonic() - start
    r = ktap.subtest(title, o.results, ok=o.done, prefix=name + "/", diag=o.notes)
    # Figures for whoever makes the bench faster: the boot's wall time, its
    # scenarios' own ("# time:"), the guest's busy time in them ("# guest
    # CPU:"). A figure, never an assertion.
    secs = sum(int(m.group(1)) for m in re.finditer(r"^# time: (\d+) s$", o.results, re.M))
    gcpu = sum(int(m.group(1)) for m in re.finditer(r"^# guest CPU: (\d+) ms$", o.results, re.M))
    r.trailer.append(f"# boot {title}: {len(r.children)} scenarios, {secs} s in them "
                     f"(guest CPU {gcpu / 1000:.1f} s), {wall:.0f} s wall, {o.cpu:.0f} CPU-s")
    return r, o


def run(boots: list[Boot], s: Settings, slots: GuestSlots, jobs: int,
        prefix: str = "") -> list[ktap.Result]:
    """The boots, @jobs at a time (within @slots), as subtests in plan
    order. Each kernel's build steps run before its boots: one at a time,
    and never twice (build.py's locks)."""
    for k in dict.fromkeys(b.kernel for b in boots):
        try:
            build.kernel(k)
            build.modules(k)
        except build.BuildError:
            pass  # each of its boots reports it
    runs = os.path.join(build.CACHE, "runs")
    parts: dict[tuple, int] = {}
    outs = []
    for b in boots:
        key = (b.kernel, b.driver, b.table)
        parts[key] = parts.get(key, 0) + 1
        outs.append(os.path.join(runs, f"{b.kernel}-{b.driver}-{b.table}-{parts[key]:03d}"))
    # The longest boots start first: those that run a whole table.
    first = [i for i, b in enumerate(boots) if len(b.scenarios) > 12]
    jobs_ = [lambda b=b, o=o: boot(b, s, slots, o)[0] for b, o in zip(boots, outs)]
    results = []
    for r in ordered(jobs_, jobs, first):
        ktap.rename(r, prefix)
        r.name = prefix + r.name
        results.append(r)
    return results


def describe(p: Plan, boots: list[Boot], dkms: dict[str, str] | None = None) -> list[str]:
    """Say what runs where: a kernel left out by mistake would otherwise
    only show as fewer results."""
    lines = []
    for b in boots:
        what = ("all scenarios" if b.scenarios == p.tables[b.table].scenarios
                else f"{len(b.scenarios)} scenarios from {b.scenarios[0]}")
        by = " (built by DKMS)" if b.driver == "ours" and dkms and b.kernel in dkms else ""
        lines.append(f"# boot: {b.kernel} {b.table} ({what}), driver {b.driver}{by}")
    return lines
