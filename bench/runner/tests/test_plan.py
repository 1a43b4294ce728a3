# SPDX-License-Identifier: GPL-2.0
"""The plan: kernels.list and plan.toml into boots, and its errors."""
import os
import shutil
import tempfile
import unittest

import plan


class Plan(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        b = self.dir
        os.makedirs(f"{b}/firmware")
        os.makedirs(f"{b}/guest/scenarios/ref")
        os.makedirs(f"{b}/guest/scenarios/two")
        os.makedirs(f"{b}/system/guest")
        for t in ("ref", "two"):
            open(f"{b}/firmware/{t}.asl", "w").close()
        self.write("guest/scenarios/ref/10-a.sh", "scenario_a1() {\n}\nscenario_a2() {\n}\n")
        self.write("guest/scenarios/ref/20-b.sh", "helper() {\n}\nscenario_b1() {\n}\n")
        self.write("guest/scenarios/two/10-c.sh", "scenario_c1() {\n}\n")
        self.write("system/guest/scenarios.sh", "scenario_s1() { true; }\n")
        self.write("kernels.list", "# comment\nk1\tbookworm\tlinux-image-amd64\thost\n"
                   "k2\tx,y\tlinux-image-amd64\thost\nk3\tsid\tlinux-image-amd64\tsid\n")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def write(self, path, text):
        with open(os.path.join(self.dir, path), "w") as fh:
            fh.write(text)

    def load(self, toml):
        self.write("plan.toml", toml)
        return plan.load(self.dir)

    def test_roles_default_to_first_and_last(self):
        p = self.load('[tables.ref]\n[tables.two]\n')
        self.assertEqual((p.roles["oldest"], p.roles["newest"]), ("k1", "k3"))
        self.assertEqual(p.kernel("newest"), "k3")
        self.assertEqual(p.kernels[1].suites, ("x", "y"))

    def test_splits_by_name_and_middle_kernels(self):
        p = self.load('[roles]\nnewest = "k2"\n'
                      '[tables.ref]\nsplit_before = ["b1"]\nmiddle = ["a2"]\n[tables.two]\n')
        boots = [(b.kernel, b.table, b.scenarios) for b in p.boots(["ours"])]
        self.assertEqual(boots, [
            ("k1", "ref", ("a1", "a2")), ("k1", "ref", ("b1",)), ("k1", "two", ("c1",)),
            ("k2", "ref", ("a1", "a2")), ("k2", "ref", ("b1",)), ("k2", "two", ("c1",)),
            ("k3", "ref", ("a2",))])

    def test_a_folder_of_scenarios_is_a_table(self):
        os.makedirs(f"{self.dir}/guest/scenarios/new")
        self.write("guest/scenarios/new/10-n.sh", "scenario_n1() {\n}\n")
        open(f"{self.dir}/firmware/new.asl", "w").close()
        p = self.load('[tables.ref]\n')
        self.assertEqual(list(p.tables), ["new", "ref", "two"])
        self.assertEqual([(b.kernel, b.table) for b in p.boots(["ours"]) if b.table == "new"],
                         [("k1", "new"), ("k3", "new")])

    def test_renaming_a_file_moves_nothing(self):
        os.rename(f"{self.dir}/guest/scenarios/ref/20-b.sh", f"{self.dir}/guest/scenarios/ref/05-b.sh")
        p = self.load('[tables.ref]\nsplit_before = ["a1"]\n[tables.two]\n')
        self.assertEqual([b.scenarios for b in p.boots(["ours"], ["k1"], tables=["ref"])],
                         [("b1",), ("a1", "a2")])

    def test_unknown_names_are_errors(self):
        for toml, msg in (
                ('[tables.ref]\nmiddle = ["nope"]\n[tables.two]\n', "'nope'"),
                ('[roles]\noldest = "k9"\n[tables.ref]\n[tables.two]\n', "k9"),
                ('[tables.ref]\n[tables.two]\n[tables.three]\n', "three"),
                ('[tables.ref]\n[tables.two]\n[[system]]\nstep = "s"\ndriver = "ours"\n'
                 'disk = "package"\nscenarios = ["s2"]\n', "scenario_s2"),
                ('[tables.ref\n', "plan.toml")):
            with self.subTest(toml=toml):
                with self.assertRaises(plan.PlanError) as e:
                    self.load(toml)
                self.assertIn(msg, str(e.exception))

    def test_the_real_plan_loads(self):
        p = plan.load()
        self.assertIn(p.roles["oldest"], p.names())
        ref = p.tables["reference"]
        self.assertEqual(sum(len(g) for g in ref.groups(ref.split_before)), len(ref.scenarios))
        self.assertTrue(any(b.suspends for b in p.system))


if __name__ == "__main__":
    unittest.main()
