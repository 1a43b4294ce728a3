# SPDX-License-Identifier: GPL-2.0
"""The KTAP parser and writer: what a guest prints, nested and counted."""
import unittest

import ktap

GUEST = """KTAP version 1\r
1..3
# driver: ours, kernel: 6.1
# time: 1 s
ok 1 - load_switch_on
# FAIL: no radio
not ok 2 - switch_off
ok 3 - debugfs_state # SKIP our driver's own interface
# 1 passed, 1 failed, 1 skipped
# bench: done
"""


class Parse(unittest.TestCase):
    def test_results_and_their_comments(self):
        rs, trailer = ktap.parse(GUEST)
        self.assertEqual([r.name for r in rs], ["load_switch_on", "switch_off", "debugfs_state"])
        self.assertEqual([r.ok for r in rs], [True, False, True])
        self.assertEqual(rs[2].skip, "our driver's own interface")
        self.assertEqual(rs[0].diag, ["# driver: ours, kernel: 6.1", "# time: 1 s"])
        self.assertEqual(rs[1].diag, ["# FAIL: no radio"])
        self.assertEqual(trailer, [])

    def test_unnumbered_results_and_stray_lines(self):
        rs, trailer = ktap.parse("ok - a\nsomething odd\nnot ok - b\n# after\n")
        self.assertEqual([(r.name, r.ok) for r in rs], [("a", True), ("b", False)])
        self.assertEqual(rs[1].diag, ["# something odd"])
        self.assertEqual(trailer, ["# after"])

    def test_a_name_that_starts_with_ok_is_no_result(self):
        rs, _ = ktap.parse("okay then\nok 1 - x\n")
        self.assertEqual([r.name for r in rs], ["x"])

    def test_silence_is_no_pass(self):
        self.assertFalse(ktap.subtest("boot", "KTAP version 1\n1..0\n").passed)

    def test_unfinished_boot_fails_with_passing_results(self):
        r = ktap.subtest("boot", "ok 1 - a\n", ok=False)
        self.assertFalse(r.passed)
        self.assertTrue(r.children[0].passed)


class Render(unittest.TestCase):
    def tree(self):
        boot = ktap.subtest("6.1/ours: reference", GUEST, prefix="6.1/ours: reference/")
        lane = ktap.Result("bench", children=[boot, ktap.subtest("7.3/ours: x", "ok 1 - y\n")])
        return [ktap.Result("lint", children=ktap.parse("ok - checkpatch\n")[0]), lane]

    def test_nesting_and_numbering(self):
        lines = ktap.render(self.tree())
        self.assertEqual(lines[:2], ["KTAP version 1", "1..2"])
        self.assertIn("        not ok 2 - 6.1/ours: reference/switch_off", lines)
        self.assertIn("    not ok 1 - 6.1/ours: reference", lines)
        self.assertIn("not ok 2 - bench", lines)
        self.assertIn("ok 1 - lint", lines)
        self.assertIn("        ok 3 - 6.1/ours: reference/debugfs_state"
                      " # SKIP our driver's own interface", lines)
        # A subtest's header comes before its results, its result after.
        i = lines.index("        # Subtest: 6.1/ours: reference")
        j = lines.index("        ok 1 - 6.1/ours: reference/load_switch_on")
        self.assertLess(i, j)
        self.assertLess(j, lines.index("    not ok 1 - 6.1/ours: reference"))

    def test_totals_agree_with_the_stream(self):
        tree = self.tree()
        text = "\n".join(ktap.render(tree))
        t = ktap.Totals().add(tree)
        c = ktap.count_stream(text)
        self.assertEqual((t.passed, t.failed, t.skipped), (c.passed, c.failed, c.skipped))
        # the failed scenario, its boot and its lane
        self.assertEqual(t.failed, 3)
        self.assertEqual(t.skipped, 1)
        self.assertEqual(t.lines()[-1], f"{t.passed} passed, 3 failed, 1 skipped")

    def test_rename_prefixes_every_descendant(self):
        tree = ktap.rename(ktap.Result("top", children=self.tree()), "x ")
        self.assertEqual(tree.name, "top")
        self.assertTrue(all(r.name.startswith("x ") for r in ktap.leaves([tree])))


if __name__ == "__main__":
    unittest.main()
