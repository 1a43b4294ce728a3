# SPDX-License-Identifier: GPL-2.0
"""What a boot needs before QEMU: the kernel fetched, the modules built,
the firmware compiled, the initramfs packed. Each step is a pipeline
script in bench/scripts (shell, as they are pipelines of Debian's tools),
called here as a subprocess."""
from __future__ import annotations

import os
import subprocess
import threading
from dataclasses import dataclass

from plan import BENCH, TOP

CACHE = os.environ.get("BENCH_CACHE") or os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"),
    "toshiba-bluetooth-bench")
SCRIPTS = os.path.join(BENCH, "scripts")


class BuildError(Exception):
    """A step before the boot failed; the message says which and why."""


def run(cmd: list[str], what: str, **kw) -> str:
    """Run a pipeline step; its stdout, or BuildError with its stderr."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, stdin=subprocess.DEVNULL, **kw)
    except OSError as e:
        raise BuildError(f"{what}: {e}") from e
    if p.returncode != 0:
        tail = "\n".join((p.stderr or p.stdout).strip().splitlines()[-20:])
        raise BuildError(f"{what} failed (exit {p.returncode}):\n{tail}")
    return p.stdout


@dataclass(frozen=True)
class KernelFiles:
    """A fetched bench kernel: its cache/kernels/NAME/kernel.env."""
    name: str
    kver: str
    vmlinuz: str
    moddir: str


# One fetch and one build per kernel at a time, whoever asks: boots of
# one kernel side by side would otherwise build the same modules twice.
_locks: dict[str, threading.Lock] = {}
_locks_lock = threading.Lock()
# What the build steps printed, once per run: the sources do not change
# while the runner runs, and each boot of a kernel asks again.
_done: dict[str, str] = {}


def _lock(key: str) -> threading.Lock:
    with _locks_lock:
        return _locks.setdefault(key, threading.Lock())


def _once(key: str, cmd: list[str], what: str, lock: str | None = None) -> str:
    """The last line that @cmd printed, run once per run for @key, under
    the lock @lock (default: @key)."""
    with _lock(lock or key):
        if key not in _done:
            _done[key] = run(cmd, what).strip().splitlines()[-1]
        return _done[key]


def kernel(name: str) -> KernelFiles:
    """Fetch a bench kernel once (fetch-kernel.sh), and read its env."""
    env_file = os.path.join(CACHE, "kernels", name, "kernel.env")
    with _lock("kernel " + name):
        if not os.path.isfile(env_file):
            if name.startswith("debug-"):
                raise BuildError(f"kernel {name} is not built: run make check-debug")
            run([os.path.join(SCRIPTS, "fetch-kernel.sh"), name], f"fetching kernel {name}")
    env = {}
    with open(env_file, encoding="utf-8") as fh:
        for line in fh:
            k, sep, v = line.strip().partition("=")
            if sep:
                env[k] = v
    return KernelFiles(name, env["KVER"], env["VMLINUZ"], env["MODDIR"])


def modules(name: str) -> str:
    """The folder of the guest's modules for a kernel (build-modules.sh)."""
    return _once("modules " + name, [os.path.join(SCRIPTS, "build-modules.sh"), name],
                 f"building the modules for {name}")


def upstream_module(patches: str, name: str) -> str:
    """The upstream file with the first @patches patches ("series": all),
    built for a kernel (build-upstream.sh)."""
    # One at a time per kernel: they fetch the same upstream source.
    return _once(f"upstream+{patches} {name}",
                 [os.path.join(SCRIPTS, "build-upstream.sh"), patches, name],
                 f"building upstream+{patches} for {name}", lock="upstream " + name)


def driver_module(driver: str, kernel_name: str, mods: str) -> str:
    """The toshiba_bluetooth.ko that a boot loads as @driver."""
    if driver.startswith("upstream+"):
        return upstream_module(driver.removeprefix("upstream+"), kernel_name)
    if driver not in ("ours", "in-tree"):
        raise BuildError(f"driver must be ours, in-tree or upstream+N, not {driver!r}")
    return os.path.join(mods, driver, "toshiba_bluetooth.ko")


def firmware(table: str, out: str) -> str:
    """bench/firmware/TABLE.asl compiled to OUT/TABLE.aml (common.sh's
    compile_firmware: cpp, then iasl)."""
    os.makedirs(out, exist_ok=True)
    base = os.path.join(out, table)
    shell("compile_firmware", table, base, what=f"compiling bench/firmware/{table}.asl")
    return base + ".aml"


def initramfs(mods: str, ko: str, out: str) -> str:
    path = os.path.join(out, "initrd.gz")
    run([os.path.join(SCRIPTS, "make-initramfs.sh"), mods, ko, path],
        "packing the initramfs")
    return path


def pvh_kernel(vmlinuz: str) -> str:
    """The kernel uncompressed, for QEMU's PVH entry (pvh-kernel.sh)."""
    return _once("pvh " + vmlinuz, [os.path.join(SCRIPTS, "pvh-kernel.sh"), vmlinuz],
                 "uncompressing the kernel")


def shell(fn: str, *args: str, what: str | None = None, cwd: str = TOP) -> str:
    """A function of bench/scripts/common.sh (in_root, apt_in...)."""
    return run(["bash", "-c", '. bench/scripts/common.sh && "$@"', "bash", fn, *args],
               what or fn, cwd=cwd)
