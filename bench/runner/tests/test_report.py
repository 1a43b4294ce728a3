# SPDX-License-Identifier: GPL-2.0
"""make bench's report: the cells of docs/benchmarks.md."""
import unittest

import report


class Cells(unittest.TestCase):
    def test_calls(self):
        self.assertEqual(report.calls_cell("BTST=2 AUSB=1 DUSB=0 BTPO=1 BTPF=0"),
                         "4: 2xBTST AUSB BTPO")
        self.assertEqual(report.calls_cell("BTST=0 AUSB=0"), "0: none")

    def test_reaction(self):
        samples = [str(v) for v in (3000, 1000, 2000, 4000, 5000, 6000, 7000, 8000, 9000, 10000)]
        self.assertEqual(report.reaction_cell(samples + ["never"]),
                         "5.0 / 9.0 / 10.0 (10 flips, 1 never)")
        self.assertEqual(report.reaction_cell(["never"] * 3), "never (3 of 3 flips)")

    def test_markdown_columns_follow_the_runs(self):
        runs = [("6.1/ours", report.data("data kernel 6.1.0\ndata calls switch_on_event BTST=1\n"
                                          "data load_to_up_us 1500\n")),
                ("6.1/in-tree", report.data("data calls switch_on_event BTST=3\n"
                                             "data load_to_up_us never\n"))]
        md = report.markdown(runs, 4)
        self.assertIn("| event | 6.1/ours | 6.1/in-tree |", md)
        self.assertIn("| switch on event | 1: BTST | 3: 3xBTST |", md)
        self.assertIn("| load to up | 1.5 | never |", md)
        self.assertIn("Kernels: 6.1.0.", md)


if __name__ == "__main__":
    unittest.main()
