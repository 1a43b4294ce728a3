# SPDX-License-Identifier: GPL-2.0
"""QEMU's argument lists: what each profile and each kind of boot gets."""
import unittest

import qemu


def guest(**kw):
    base = dict(profile="systemd", out="/o", vmlinuz="/vmlinuz", initrd="/initrd",
                firmware="/fw.aml", disk="/disk.img", suspends=True)
    base.update(kw)
    return qemu.Guest(**base)


class Argv(unittest.TestCase):
    def test_a_suspending_boot_has_one_cpu_and_no_pvh(self):
        a = qemu.argv(guest())
        self.assertEqual(a[a.index("-smp") + 1], "1")
        self.assertEqual(a[a.index("-kernel") + 1], "/vmlinuz")
        self.assertNotIn("resume=", a[a.index("-append") + 1])

    def test_hibernation_adds_the_swap_disk_and_resume(self):
        a = qemu.argv(guest(swap="/swap.img"))
        self.assertIn("file=/swap.img,format=raw,if=virtio", a)
        self.assertIn("resume=/dev/vdb", a[a.index("-append") + 1])
        self.assertEqual(a[a.index("-smp") + 1], "1")

    def test_a_restore_appends_to_the_results(self):
        first = qemu.argv(guest(swap="/swap.img"))
        again = qemu.argv(guest(swap="/swap.img"), restore=True)
        self.assertIn("file,id=results,path=/o/results.ktap,append=off", first)
        self.assertIn("file,id=results,path=/o/results.ktap,append=on", again)

    def test_pinned_guests_run_under_taskset_in_one_thread(self):
        a = qemu.argv(guest(cpu=1))
        self.assertEqual(a[:3], ["taskset", "-c", "1"])
        self.assertEqual(a[a.index("-accel") + 1], "tcg,thread=single")


if __name__ == "__main__":
    unittest.main()
