# SPDX-License-Identifier: GPL-2.0
"""make bench's report: docs/benchmarks.md and the reaction-time plot,
from the "data KEY VALUE..." lines that bench/guest/benchmark.sh writes."""
from __future__ import annotations

import math
import subprocess
import time


def data(text: str) -> dict[str, list[str]]:
    """A run's "data KEY ..." lines, by key (a key may repeat)."""
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        f = line.split(None, 2)
        if len(f) >= 2 and f[0] == "data":
            out.setdefault(f[1], []).append(f[2] if len(f) > 2 else "")
    return out


def calls_cell(counts: str) -> str:
    """"BTST=1 AUSB=1 DUSB=0 BTPO=1 BTPF=0" -> "3: BTST AUSB BTPO"."""
    n, names = 0, []
    for kv in counts.split():
        k, _, v = kv.partition("=")
        c = int(v or 0)
        if c > 0:
            n += c
            names.append((f"{c}x" if c > 1 else "") + k)
    return f"{n}: " + (" ".join(names) or "none")


def reaction_cell(samples: list[str]) -> str:
    """"median / p90 / max" in ms of samples in microseconds, or never."""
    never = sum(1 for s in samples if s == "never")
    v = sorted(int(s) for s in samples if s not in ("never", ""))
    if not v:
        return f"never ({never} of {never} flips)"
    p90 = v[math.ceil(0.9 * len(v)) - 1]
    tail = f", {never} never" if never else ""
    return (f"{v[(len(v) + 1) // 2 - 1] / 1000:.1f} / {p90 / 1000:.1f} / {v[-1] / 1000:.1f} "
            f"({len(v)} flips{tail})")


def markdown(runs: list[tuple[str, dict]], jobs: int) -> str:
    """@runs: ("KERNEL/DRIVER", data) in column order."""
    def header(first):
        return [f"| {first} |" + "".join(f" {r} |" for r, _ in runs),
                "|---|" + "---|" * len(runs)]

    def row(label, cells):
        return f"| {label} |" + "".join(f" {c} |" for c in cells)
    kernels = " ".join(d.get("kernel", ["?"])[0] for r, d in runs if r.endswith("/ours"))
    out = [
        "# Benchmarks: our driver and the in-tree one, side by side", "",
        f"Made by `make bench` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; "
        "regenerate it", "rather than editing it. All runs were made in one run, "
        f"{jobs}", "guests at a time (both drivers of a kernel side by side), under QEMU with",
        "TCG, on the reference firmware.", f"Kernels: {kernels}.", "",
        "Under TCG, absolute times are only indicative; the call counts and the",
        "ratios are the result. Calls are counted by the emulated firmware's own",
        "per-method counters, so both drivers are measured the same way.", "",
        "## Firmware calls per event", "",
        "Median of 3 repetitions, counted from the event until the firmware's",
        "counters stop moving for 0.5 s. \"3: BTST AUSB BTPO\" means three calls, one",
        "of each. For events, polls and rfkill our driver makes one `BTST` plus only",
        "the calls whose effect is missing; at load and resume it calls `AUSB` and",
        "`BTPO` whatever `BTST` says, as boards whose status bits are shadows",
        "need ([firmware-behaviours.md](firmware-behaviours.md)).", ""]
    out += header("event")

    def calls(d):
        return {line.split(None, 1)[0]: line.split(None, 1)[1] if " " in line else ""
                for line in d.get("calls", [])}
    # The events in the order the guest measured them.
    for e in calls(runs[0][1]):
        out.append(row(e.replace("_", " "), [calls_cell(calls(d).get(e, "")) for _, d in runs]))
    out += ["", "## Idle cost: firmware calls per minute while nothing happens", "",
            "Windows of 60 s of guest time, two per switch position, one after the",
            "other in the same boot. The switch-off windows come after the firmware",
            "has notified a switch-on edge.", ""]
    out += header("switch, window")
    for pos in ("on", "off"):
        for w in ("1", "2"):
            cells = []
            for _, d in runs:
                n = ""
                for line in d.get("idle", []):
                    f = line.split()
                    if f[:2] == [pos, w]:
                        n = str(sum(int(kv.partition("=")[2] or 0) for kv in f[2:]))
                cells.append(n)
            out.append(row(f"{pos}, window {w}", cells))
    out += ["", "## Reaction time: switch-on event to radio up", "",
            "From just before the control method that sends `Notify (BT, 0x90)` to",
            "the first time the registers show the radio attached and powered, with",
            "`CLOCK_MONOTONIC` inside the guest, the registers polled every 200 us",
            "(`bench/guest/tools/reaction.c`). Median / p90 / max in ms. \"never\" means",
            "the radio stayed down for 3 s after each of the first three flips: the",
            "in-tree driver only reports the switch to rfkill on the event, it does not",
            "power the radio back on, so the run stops there.",
            "See also the [distribution](reaction-time.svg).", ""]
    out += header("driver and kernel")
    out.append(row("median / p90 / max",
                   [reaction_cell(" ".join(d.get("reaction_us", [""])).split()) for _, d in runs]))
    out += ["", "## Load to radio up", "",
            "From `finit_module()` to the radio attached and powered, median of 3",
            "loads with the switch on and the radio down, in ms.", ""]
    out += header("driver and kernel")
    cells = []
    for _, d in runs:
        v = (d.get("load_to_up_us") or [""])[0].strip()
        cells.append("never" if v in ("", "never") else f"{int(v) / 1000:.1f}")
    out.append(row("load to up", cells))
    return "\n".join(out) + "\n"


def svg(runs: list[tuple[str, list[float]]]) -> str:
    """The reaction-time distribution of every run (ms samples), by gnuplot."""
    plots, never = [], []
    for name, ms in runs:
        if ms:
            pts = "\n".join(f"{v:g} {100 * (i + 1) / len(ms):g}" for i, v in enumerate(sorted(ms)))
            plots.append((name, pts))
        else:
            never.append(name)
    script = ["set terminal svg size 800,450 dynamic font 'sans,12'",
              "set title 'Switch-on event to radio up (QEMU TCG; times indicative)'",
              "set xlabel 'ms'", "set ylabel 'flips done (%)'", "set yrange [0:100]",
              "set key bottom right", "set grid"]
    if never:
        script.append(f"set label 'never up after the event: {' '.join(never)}' "
                      "at graph 0.02, graph 0.95")
    if plots:
        script.append("plot " + ", ".join(f"'-' using 1:2 with steps lw 2 title '{n}'"
                                          for n, _ in plots))
        for _, pts in plots:
            script += [pts, "e"]
    else:
        script.append("plot NaN title 'no data'")
    return subprocess.run(["gnuplot"], input="\n".join(script) + "\n", text=True,
                          stdout=subprocess.PIPE, check=True).stdout
