# SPDX-License-Identifier: GPL-2.0
"""The one guest launcher: QEMU with the bench firmware, in two profiles.

busybox: the bench's guest. A kernel of the bench, an initramfs with
  busybox, the modules and the scenarios; results on the second serial
  port.
systemd: the system lane's guest. Debian on a virtio disk, booted with the
  kernel and initramfs that Debian installed in it.

Both boot TCG (this machine's KVM is nested and fails; BENCH_KVM=1 tries
it), both boot the kernel through its PVH entry where they can, both are
watched: a guest whose runner has not written its KTAP header in time is
stopped, and a guest that crashed or hung before its runner started is
booted again, twice at most. No scenario has run then, so no result is
lost. Under TCG a 7.x guest kernel now and then dies of an int3 trap
while it patches its own code (QEMU 7.2's cross-CPU code modification),
or hangs there with nothing on either port; on a loaded host any kernel
may fail its boot-time check of the timer interrupt.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field

from build import pvh_kernel

# Base arguments of every guest's kernel command line.
CMDLINE = "console=ttyS0 quiet loglevel=4 no_console_suspend panic=-1"

# Units that a Debian boot starts and that nothing of the system lane
# touches: modules and file systems that systemd loads and mounts for
# other software, the utmp records, and the timers of apt, dpkg, e2scrub,
# fstrim and tmpfiles. Masked on the kernel's command line, the disk
# unchanged: each costs process starts under TCG. Not masked: udev,
# journald, dbus, logind (systemctl suspend asks it), systemd-rfkill, and
# the serial console's getty.
SYSTEMD_MASKED = (
    "modprobe@configfs.service modprobe@dm_mod.service modprobe@drm.service "
    "modprobe@efi_pstore.service modprobe@fuse.service modprobe@loop.service "
    "dev-hugepages.mount dev-mqueue.mount sys-kernel-tracing.mount "
    "sys-fs-fuse-connections.mount sys-kernel-config.mount "
    "e2scrub_reap.service systemd-update-utmp.service "
    "systemd-update-utmp-runlevel.service getty@tty1.service "
    "apt-daily.timer apt-daily-upgrade.timer dpkg-db-backup.timer "
    "e2scrub_all.timer fstrim.timer systemd-tmpfiles-clean.timer").split()


@dataclass
class Guest:
    """What one boot needs. The profile decides the rest."""
    profile: str  # "busybox" or "systemd"
    out: str  # folder: console.log, results.ktap
    vmlinuz: str
    initrd: str
    firmware: str  # the compiled table, passed with -acpitable
    append: str = ""  # the bench's own kernel arguments
    disk: str | None = None  # systemd: the root's raw image
    snapshot: bool = False  # systemd: the guest's writes are dropped
    suspends: bool = False  # systemd: the boot suspends to RAM for real
    swap: str | None = None  # systemd: a swap disk to hibernate to (vdb)
    cpu: int | None = None  # the host CPU of its guest slot
    console_stdio: bool = False  # the demo: the console is the terminal
    mem: int | None = None
    timeout: int | None = None
    start_timeout: int | None = None
    retries: int = 2


@dataclass
class Outcome:
    results: str  # the KTAP the guest wrote
    done: bool  # the guest's runner said it was done
    rc: int
    cpu: float  # QEMU's CPU time on the host, in seconds
    notes: list[str] = field(default_factory=list)  # KTAP comments


def _env_int(name: str, default: int) -> int:
    return int(os.environ.get(name) or default)


def argv(g: Guest, qmp: str | None = None, restore: bool = False) -> list[str]:
    """QEMU's argument list for @g: every setting, in one place."""
    kvm = os.environ.get("BENCH_KVM") == "1"
    if g.profile == "busybox":
        # TCG runs both vCPUs in one host thread: the guest is still SMP,
        # and guests side by side share the cores without a vCPU spinning
        # on a lock that its sibling holds while the host has the sibling
        # descheduled.
        accel = "kvm" if kvm else "tcg,thread=single"
        cpu, smp, mem = "max", 2, g.mem or _env_int("BENCH_MEM", 512)
        kernel = pvh_kernel(g.vmlinuz)
        append = f"{CMDLINE} {g.append}"
        console = "stdio" if g.console_stdio else f"file:{g.out}/console.log"
        extra = ["-monitor", "none"]
    elif g.profile == "systemd":
        # A guest pinned to a CPU runs its vCPUs in one thread, as the
        # bench's do; one with the host's CPUs to itself keeps a thread per
        # vCPU, which boots faster alone.
        accel = "kvm" if kvm else ("tcg,thread=single" if g.cpu is not None else "tcg")
        # qemu64 without SVM, so that the guest does not load kvm_amd, and
        # with RDRAND, as the laptops' CPUs have it: without it the
        # kernel's random pool is late and systemd-random-seed waits.
        # With "-cpu max", QEMU 7.2's TCG left systemd unable to mount its
        # API file systems.
        cpu, mem = "qemu64,-svm,+rdrand", g.mem or _env_int("BENCH_MEM", 1024)
        # Resume from S3 goes back through the firmware, which a PVH-booted
        # guest does not survive (QEMU exits at the wakeup): a boot that
        # suspends boots the kernel the usual way. It runs on one vCPU:
        # a 7.x kernel under TCG can die of the int3 trap when a suspend
        # takes the second CPU off and on line.
        # Hibernation takes the second CPU off line as a suspend does.
        smp = 1 if g.suspends or g.swap else 2
        kernel = g.vmlinuz if g.suspends else pvh_kernel(g.vmlinuz)
        resume = "resume=/dev/vdb " if g.swap else ""
        append = (f"root=/dev/vda rw fsck.mode=skip {resume}{CMDLINE} {g.append} "
                  + " ".join("systemd.mask=" + u for u in SYSTEMD_MASKED))
        console = f"file:{g.out}/console.log"
        extra = ["-nodefaults", "-monitor", "none",
                 "-drive", f"file={g.disk},format=raw,if=virtio,"
                           f"snapshot={'on' if g.snapshot else 'off'}"]
        if g.swap:
            extra += ["-drive", f"file={g.swap},format=raw,if=virtio"]
        if qmp:
            extra += ["-qmp", f"unix:{qmp},server=on,wait=off"]
    else:
        raise ValueError(f"unknown guest profile {g.profile!r}")
    # The results port appends when the boot restores a hibernated guest:
    # its results so far are in the file.
    results = ["-chardev", f"file,id=results,path={g.out}/results.ktap,"
               f"append={'on' if restore else 'off'}"]
    cmd = ["qemu-system-x86_64", "-accel", accel, "-cpu", cpu, "-smp", str(smp),
           "-m", str(mem), "-kernel", kernel, "-initrd", g.initrd,
           "-append", append.strip(), "-acpitable", f"file={g.firmware}"] + results + [
           "-serial", console, "-serial", "chardev:results",
           "-display", "none", "-net", "none", "-no-reboot"] + extra
    if g.cpu is not None:
        cmd = ["taskset", "-c", str(g.cpu)] + cmd
    return cmd


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read().replace("\r", "")
    except OSError:
        return ""


def _last_line(path: str) -> str:
    lines = [ln for ln in _read(path).splitlines() if ln.strip()]
    return lines[-1] if lines else ""


def _started(out: str) -> bool:
    return any(line.startswith("KTAP version")
               for line in _read(f"{out}/results.ktap").splitlines())


class _Waker(threading.Thread):
    """Wake a suspended guest through QMP. The system lane's guest sets an
    RTC alarm and suspends to RAM; when it takes longer to get to sleep
    than the alarm's delay (a loaded host, TCG), the alarm fires while it
    is still awake and nothing would wake it. Once it has been suspended
    for @grace seconds (the RTC's turn first), send system_wakeup."""

    def __init__(self, path: str, grace: float = 8.0):
        super().__init__(daemon=True)
        self.path, self.grace, self.notes = path, grace, []

    def run(self):
        sock = None
        for _ in range(300):
            try:
                sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                sock.connect(self.path)
                break
            except OSError:
                sock.close()
                sock = None
                time.sleep(0.2)
        if sock is None:
            return
        stream = sock.makefile("rw")

        def command(name):
            stream.write(json.dumps({"execute": name}) + "\n")
            stream.flush()
            while True:
                line = stream.readline()
                if not line:
                    raise EOFError
                reply = json.loads(line)
                if "return" in reply or "error" in reply:
                    return reply
        try:
            stream.readline()  # the greeting
            command("qmp_capabilities")
            since = None
            while True:
                status = command("query-status").get("return", {}).get("status")
                if status == "suspended":
                    since = since or time.monotonic()
                    if time.monotonic() - since >= self.grace:
                        command("system_wakeup")
                        self.notes.append("# qmp: the guest slept %.0f s; system_wakeup sent"
                                          % (time.monotonic() - since))
                        since = None
                else:
                    since = None
                time.sleep(1)
        except (EOFError, OSError, ValueError):
            return
        finally:
            sock.close()


def _once(g: Guest, restore: bool = False) -> tuple[int, float, list[str]]:
    """One boot, watched. Returns QEMU's status (125: stopped, its runner
    never started) and the notes to report. A boot that restores a
    hibernated guest keeps the results so far."""
    for f in ("console.log",) if restore else ("console.log", "results.ktap"):
        try:
            os.unlink(os.path.join(g.out, f))
        except FileNotFoundError:
            pass
    timeout = g.timeout or _env_int("BENCH_TIMEOUT", 600)
    start_timeout = g.start_timeout or _env_int(
        "BENCH_START_TIMEOUT", 360 if g.profile == "systemd" else 180)
    qmp = waker = sockdir = None
    if g.profile == "systemd":
        # A short path of its own: a socket's path has a small limit.
        sockdir = tempfile.mkdtemp(prefix="bench-qmp.")
        qmp = os.path.join(sockdir, "qmp")
        waker = _Waker(qmp)
        waker.start()
    notes: list[str] = []
    proc = subprocess.Popen(argv(g, qmp, restore), stdin=subprocess.DEVNULL,
                            stdout=None if g.console_stdio else subprocess.DEVNULL)
    begun = time.monotonic()
    started = g.console_stdio or restore
    rc = None
    while rc is None:
        # wait4 for QEMU's CPU time, which the boot reports.
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            proc.returncode = rc = os.waitstatus_to_exitcode(status)
            cpu = usage.ru_utime + usage.ru_stime
            break
        time.sleep(1)
        waited = time.monotonic() - begun
        if not started and _started(g.out):
            started = True
            notes.append(f"# the guest's runner started within {int(waited) + 1} s")
        if (not started and waited >= start_timeout) or waited >= timeout:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            cpu = 0.0
            rc = 125 if not started else 124
            if started:
                notes.append(f"# the guest was stopped after {timeout} s")
    if waker:
        waker.join(timeout=5)
        notes += waker.notes
        shutil.rmtree(sockdir, ignore_errors=True)
    return rc, cpu, notes


def launch(g: Guest) -> Outcome:
    """Boot @g, and again when it died or hung before its runner started."""
    os.makedirs(g.out, exist_ok=True)
    notes: list[str] = []
    tries = 0
    cpu = 0.0
    while True:
        rc, c, n = _once(g)
        cpu += c
        notes += n
        tries += 1
        if g.console_stdio or _started(g.out) or tries > g.retries:
            break
        console = _read(f"{g.out}/console.log")
        crash = next((ln for ln in console.splitlines()
                      if "Kernel panic" in ln or "Oops" in ln), None)
        if crash:
            notes.append(f"# the guest kernel crashed before the bench started: "
                         f"{crash.strip()}; booting again")
            shutil.copy(f"{g.out}/console.log", f"{g.out}/console.crashed.log")
        elif rc == 125:
            notes.append("# the guest's runner had not started in time; booting again")
            if os.path.exists(f"{g.out}/console.log"):
                shutil.copy(f"{g.out}/console.log", f"{g.out}/console.hung.log")
        else:
            break
    # A guest that hibernated said so last, and powered off: boot the same
    # disks again, and the initramfs restores it (resume=). Its console
    # until then is kept apart.
    restores = 0
    while (g.swap and _last_line(f"{g.out}/results.ktap") == "# hibernating"
           and restores < 8):
        restores += 1
        shutil.copy(f"{g.out}/console.log", f"{g.out}/console.hibernated.log")
        notes.append("# the guest hibernated; booting it again to restore it")
        rc, c, n = _once(g, restore=True)
        cpu += c
        notes += n
    results = _read(f"{g.out}/results.ktap")
    done = "# bench: done" in results.splitlines()
    if not done and not g.console_stdio:
        tail = _read(f"{g.out}/console.log").splitlines()[-40:]
        notes += ["# " + ln for ln in tail]
        notes.append(f"# qemu status {rc}; console: {g.out}/console.log")
    return Outcome(results, done, rc, cpu, notes)
