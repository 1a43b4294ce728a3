# SPDX-License-Identifier: GPL-2.0
"""The plan: bench/kernels.list and bench/plan.toml as typed records, and
the boots that a lane makes of them.

A kernel's name is followed from here to QEMU: Kernel (this file) ->
Boot.kernel -> bench.boot() -> build.kernel() reads its kernel.env -> qemu.launch()
puts its vmlinuz in the argument list.
"""
from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.path.join(TOP, "bench")
SCENARIO = re.compile(r"^scenario_([a-z0-9_]+)\(\) \{")


class PlanError(Exception):
    """The plan names something that does not exist, or is malformed."""


@dataclass(frozen=True)
class Kernel:
    """A line of kernels.list."""
    name: str
    suites: tuple[str, ...]
    meta: str
    builds: str  # "host", or the Debian suite of its build root


@dataclass(frozen=True)
class Table:
    name: str
    scenarios: tuple[str, ...]  # in file order, then definition order
    split_before: tuple[str, ...] = ()
    debug_split_before: tuple[str, ...] = ()
    middle: tuple[str, ...] = ()

    def groups(self, split: tuple[str, ...]) -> list[tuple[str, ...]]:
        """The scenarios cut into boots before each name of @split."""
        groups, cur = [], []
        for s in self.scenarios:
            if s in split and cur:
                groups.append(tuple(cur))
                cur = []
            cur.append(s)
        if cur:
            groups.append(tuple(cur))
        return groups


@dataclass(frozen=True)
class SystemBoot:
    step: str
    driver: str
    disk: str
    scenarios: tuple[str, ...]
    args: str = ""
    suspends: bool = False
    hibernates: bool = False


@dataclass(frozen=True)
class Boot:
    """One guest of the busybox bench: a kernel, a driver, a table."""
    kernel: str
    driver: str
    table: str
    scenarios: tuple[str, ...]
    part: int = 1  # which of the table's boots on this kernel
    parts: int = 1  # of how many


@dataclass
class Plan:
    kernels: list[Kernel]
    roles: dict[str, str]
    tables: dict[str, Table]
    system: list[SystemBoot] = field(default_factory=list)
    series_exempt: tuple[str, ...] = ()

    def kernel(self, name: str) -> str:
        """A kernel's name, with a role ("oldest", "newest", ...) resolved."""
        name = self.roles.get(name, name)
        if name not in self.names() and not name.startswith("debug-"):
            raise PlanError(f"no bench kernel {name!r} in kernels.list "
                            f"(roles: {', '.join(self.roles)})")
        return name

    def names(self) -> list[str]:
        return [k.name for k in self.kernels]

    def full_kernels(self) -> list[str]:
        return list(dict.fromkeys([self.roles["oldest"], self.roles["newest"]]))

    def boots(self, drivers: list[str], kernels: list[str] | None = None,
              every: bool = False, tables: list[str] | None = None,
              debug: bool = False) -> list[Boot]:
        """The boots of the bench: for each driver, kernel (list order) and
        table, its boots. The oldest and newest kernels (or all with
        @every) run every scenario, split as the plan says; the others a
        table's "middle" scenarios in one boot."""
        kernels = kernels or self.names()
        tables = tables or list(self.tables)
        full = self.full_kernels()
        out = []
        for d in drivers:
            for k in kernels:
                for t in (self.tables[n] for n in tables):
                    if every or k in full:
                        groups = t.groups(t.debug_split_before if debug else t.split_before)
                        for i, g in enumerate(groups, 1):
                            out.append(Boot(k, d, t.name, g, i, len(groups)))
                    elif t.middle:
                        out.append(Boot(k, d, t.name, t.middle))
        return out


def scenarios_in(files: list[str]) -> list[str]:
    names = []
    for f in files:
        with open(f, encoding="utf-8") as fh:
            for line in fh:
                m = SCENARIO.match(line)
                if m:
                    names.append(m.group(1))
    return names


def read_kernels(path: str) -> list[Kernel]:
    kernels = []
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if line.startswith("#") or not line.strip():
                continue
            f = line.split()
            if len(f) != 4:
                raise PlanError(f"{path}:{n}: expected name, suites, meta and builds")
            kernels.append(Kernel(f[0], tuple(f[1].split(",")), f[2], f[3]))
    if not kernels:
        raise PlanError(f"{path}: no kernel")
    return kernels


def _names(value, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise PlanError(f"{where}: expected a list of scenario names")
    return tuple(value)


def load(bench: str = BENCH, plan_file: str | None = None) -> Plan:
    """Read kernels.list and plan.toml, and check every name in them
    against the scenarios the guest will find."""
    kernels = read_kernels(os.path.join(bench, "kernels.list"))
    plan_file = plan_file or os.path.join(bench, "plan.toml")
    try:
        with open(plan_file, "rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as e:
        raise PlanError(f"{plan_file}: {e}") from e
    names = [k.name for k in kernels]
    roles = dict(data.get("roles", {}))
    for role in ("oldest", "newest"):
        roles.setdefault(role, names[0] if role == "oldest" else names[-1])
    # The series' kernel is upstream/base.conf's, which the scripts that
    # fetch and build the upstream file read too: one place says it.
    if "upstream" in roles:
        raise PlanError(f"{plan_file}: the upstream role is UPSTREAM_KERNEL in upstream/base.conf")
    base = os.path.join(os.path.dirname(os.path.abspath(bench)), "upstream", "base.conf")
    if os.path.isfile(base):
        with open(base, encoding="utf-8") as fh:
            for line in fh:
                k, sep, v = line.strip().partition("=")
                if sep and k == "UPSTREAM_KERNEL":
                    roles["upstream"] = v
    for role, k in roles.items():
        if role != "debug" and k not in names:
            raise PlanError(f"{plan_file}: role {role} names {k!r}, not in kernels.list")
    tables = {}
    sdir = os.path.join(bench, "guest", "scenarios")
    specs = data.get("tables", {})
    for name in specs:
        if not os.path.isdir(os.path.join(sdir, name)):
            raise PlanError(f"{plan_file}: table {name}: no folder bench/guest/scenarios/{name}")
    # Every folder of scenarios is a table; the plan only says where it
    # differs from the default (one boot, not on the middle kernels).
    for name in sorted(os.listdir(sdir)):
        spec = specs.get(name, {})
        d = os.path.join(sdir, name)
        if not os.path.isfile(os.path.join(bench, "firmware", name + ".asl")):
            raise PlanError(f"{plan_file}: table {name}: no bench/firmware/{name}.asl")
        files = sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".sh")) \
            if os.path.isdir(d) else []
        found = scenarios_in(files)
        if not found:
            raise PlanError(f"{plan_file}: table {name}: no scenario in {d}")
        t = Table(name, tuple(found),
                  _names(spec.get("split_before", []), f"{name}.split_before"),
                  _names(spec.get("debug_split_before", []), f"{name}.debug_split_before"),
                  _names(spec.get("middle", []), f"{name}.middle"))
        for what in (t.split_before, t.debug_split_before, t.middle):
            for s in what:
                if s not in found:
                    raise PlanError(f"{plan_file}: table {name} names scenario "
                                    f"{s!r}, which no file of {d} defines")
        tables[name] = t
    system = []
    sys_found = scenarios_in([os.path.join(bench, "system", "guest", "scenarios.sh")])
    for i, b in enumerate(data.get("system", [])):
        where = f"{plan_file}: system boot {i + 1}"
        try:
            sb = SystemBoot(b["step"], b["driver"], b["disk"],
                            _names(b["scenarios"], where), b.get("args", ""),
                            bool(b.get("suspends", False)), bool(b.get("hibernates", False)))
        except KeyError as e:
            raise PlanError(f"{where}: no {e}") from e
        if sb.disk not in ("before-package", "package", "removed"):
            raise PlanError(f"{where}: unknown disk {sb.disk!r}")
        for s in sb.scenarios:
            if s not in sys_found:
                raise PlanError(f"{where}: no scenario_{s} in bench/system/guest/scenarios.sh")
        system.append(sb)
    exempt = _names(data.get("series", {}).get("exempt", []), "series.exempt")
    for e in exempt:
        t, _, s = e.partition("/")
        if t not in tables or s not in tables[t].scenarios:
            raise PlanError(f"{plan_file}: series.exempt names {e!r}, which no table has")
    return Plan(kernels, roles, tables, system, exempt)
