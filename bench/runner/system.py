# SPDX-License-Identifier: GPL-2.0
"""The system lane: Debian as a user has it on the virtual Toshiba.

A disk made from the lane's root (bench/system/make-root.sh) boots with
systemd as init, once per step of the plan's [[system]] list. Between the
steps the runner changes the root as the user would, by chroot at native
speed (bench/system/disk.sh): apt install of our .deb (DKMS builds the
module), then apt remove. The host's /lib/modules, apt and packages are
not touched.
"""
from __future__ import annotations

import glob
import os
import shutil
import tempfile
import time

import build
import ktap
import qemu
from plan import BENCH, Plan, SystemBoot
from schedule import GuestSlots, background

DISK_SH = os.path.join(BENCH, "system", "disk.sh")


class Lane:
    def __init__(self, plan: Plan, kernel: str, slots: GuestSlots):
        self.plan, self.k, self.slots = plan, kernel, slots
        self.base = os.path.join(build.CACHE, "system", kernel)
        self.out = os.path.join(build.CACHE, "runs", f"system-{kernel}")
        self.work = os.path.join(self.base, "root")
        self.notes: list[str] = []
        self.disks = {"before-package": os.path.join(self.base, "disk-before-package.img"),
                      "package": os.path.join(self.base, "disk.img"),
                      "removed": os.path.join(self.base, "disk-after-remove.img")}

    def step(self, name: str, fn) -> ktap.Result:
        """One host-side step as one result, with its time (a figure)."""
        start = time.monotonic()
        try:
            fn()
            r = ktap.Result(f"{self.k}: {name}")
        except build.BuildError as e:
            r = ktap.Result(f"{self.k}: {name}", ok=False,
                            diag=["# " + ln for ln in str(e).splitlines()[-30:]])
        r.diag.insert(0, f"# time: {self.k}: {name}: {time.monotonic() - start:.0f} s")
        return r

    def guest(self, b: SystemBoot) -> ktap.Result:
        start = time.monotonic()
        out = os.path.join(self.out, b.step)
        name = f"{self.k}: {b.step}"
        try:
            fw = build.firmware("system", out)
        except build.BuildError as e:
            return ktap.Result(name, ok=False, diag=["# " + str(e)])
        with self.slots.slot() as cpu:
            swap = None
            if b.hibernates:
                swap = os.path.join(self.base, "swap.img")
                try:
                    build.run([DISK_SH, "swap", swap], "the swap disk")
                except build.BuildError as e:
                    return ktap.Result(name, ok=False, diag=["# " + str(e)])
            g = qemu.Guest("systemd", out, self.vmlinuz, self.initrd, fw,
                           append=f"bench.step={b.step} bench.driver={b.driver} "
                                  f"bench.only={','.join(b.scenarios)} {b.args}",
                           disk=self.disks[b.disk],
                           snapshot=b.disk == "before-package", suspends=b.suspends,
                           swap=swap, cpu=cpu)
            o = qemu.launch(g)
        r = ktap.subtest(name, o.results, ok=o.done, prefix=f"{name}: ", diag=o.notes)
        r.trailer.append(f"# time: {self.k}: boot {b.step}: {time.monotonic() - start:.0f} s, "
                         f"{o.cpu:.0f} CPU-s")
        return r

    def run(self) -> list[ktap.Result]:
        results = []
        start = time.monotonic()
        box: dict[str, str] = {}

        def make_root():
            box["root"] = build.run([os.path.join(BENCH, "system", "make-root.sh"), self.k],
                                    "make-root.sh").strip().splitlines()[-1]
        results.append(self.step("the Debian root of the lane", make_root))
        if not results[-1].passed:
            return results
        root = box["root"]
        try:
            kf = build.kernel(self.k)
            mods = build.modules(self.k)
        except build.BuildError as e:
            return results + [ktap.Result(f"{self.k}: the bench's modules", ok=False,
                                          diag=["# " + str(e)])]
        self.vmlinuz = sorted(glob.glob(os.path.join(root, "boot", "vmlinuz-*")))[0]
        self.initrd = sorted(glob.glob(os.path.join(root, "boot", "initrd.img-*")))[0]
        acpi_call = os.path.join(mods, "acpi_call.ko")
        os.makedirs(self.out, exist_ok=True)
        disk0 = self.disks["before-package"]
        kept = []

        def first_disk():
            key = build.run([DISK_SH, "key", root, acpi_call], "disk key").strip()
            build.run([DISK_SH, "prepare", root, self.work, os.path.join(self.base, "changes"),
                       kf.kver, acpi_call], "preparing the lane's root")
            try:
                with open(disk0 + ".key", encoding="utf-8") as fh:
                    if os.path.exists(disk0) and fh.read().strip() == key:
                        kept.append(True)
                        return
            except FileNotFoundError:
                pass
            if os.path.exists(disk0 + ".key"):
                os.unlink(disk0 + ".key")
            build.run([DISK_SH, "image", self.work, disk0], "the first disk")
            with open(disk0 + ".key", "w", encoding="utf-8") as fh:
                fh.write(key + "\n")
        results.append(self.step("a disk of the root, with the lane's runner", first_disk))
        if not results[-1].passed:
            return results
        if kept:
            self.notes.append(f"# {self.k}: the first boot's disk is the one made "
                              "before from the same root and files")
        boots = {d: [b for b in self.plan.system if b.disk == d] for d in self.disks}
        release = self._release()
        dist = tempfile.mkdtemp()
        try:
            # The first boots need nothing from the steps after them: the
            # package is built, installed and put on a disk of its own
            # while they run.
            first = background(lambda: [self.guest(b) for b in boots["before-package"]])
            inst = [self.step("apt install ./toshiba-bluetooth-dkms_*.deb builds and "
                              "installs the module with DKMS",
                              lambda: build.run([DISK_SH, "install", release, self.work,
                                                 kf.kver, dist], "apt install"))]
            if inst[-1].passed:
                inst.append(self.step("the disk with the package installed",
                                      lambda: build.run([DISK_SH, "image", self.work,
                                                         self.disks["package"]], "image")))
            results += first.result() + inst
            if not all(r.passed for r in inst):
                return results
            # The package goes from the root, and the last disk is made
            # from what is left, while the boots of the package's disk run.
            def removed():
                rs = [self.step("apt remove toshiba-bluetooth-dkms takes the DKMS module away",
                                lambda: build.run([DISK_SH, "remove", self.work, kf.kver],
                                                  "apt remove"))]
                if rs[-1].passed:
                    rs.append(self.step("the disk with the package removed",
                                        lambda: build.run([DISK_SH, "image", self.work,
                                                           self.disks["removed"]], "image")))
                if all(r.passed for r in rs):
                    rs += [self.guest(b) for b in boots["removed"]]
                return rs
            last = background(removed)
            results += [self.guest(b) for b in boots["package"]]
            results += last.result()
        finally:
            shutil.rmtree(dist, ignore_errors=True)
        self.notes.append(f"# time: {self.k}: the system lane: "
                          f"{time.monotonic() - start:.0f} s")
        return results

    def _release(self) -> str:
        """The Debian release whose packages go with the kernel: its build
        root's suite, or Debian 12's for a kernel built on the host."""
        k = next(k for k in self.plan.kernels if k.name == self.k)
        return "bookworm" if k.builds == "host" else k.builds
