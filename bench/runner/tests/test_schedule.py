# SPDX-License-Identifier: GPL-2.0
"""The scheduler: at most N at a time, results in plan order."""
import threading
import time
import unittest

from schedule import GuestSlots, background, ordered


class Ordered(unittest.TestCase):
    def test_results_in_plan_order_whatever_ends_first(self):
        ended = []

        def job(i, delay):
            def run():
                time.sleep(delay)
                ended.append(i)
                return i
            return run
        out = list(ordered([job(0, 0.3), job(1, 0.0), job(2, 0.1)], 3))
        self.assertEqual(out, [0, 1, 2])
        self.assertEqual(ended[0], 1)

    def test_at_most_n_at_a_time(self):
        lock, now, peak = threading.Lock(), [0], [0]

        def job():
            with lock:
                now[0] += 1
                peak[0] = max(peak[0], now[0])
            time.sleep(0.05)
            with lock:
                now[0] -= 1
        list(ordered([job] * 8, 2))
        self.assertEqual(peak[0], 2)

    def test_start_first(self):
        started = []
        list(ordered([lambda i=i: started.append(i) for i in range(4)], 1, [3, 2]))
        self.assertEqual(started, [3, 2, 0, 1])

    def test_an_exception_reaches_the_caller(self):
        def bad():
            raise ValueError("boom")
        with self.assertRaises(ValueError):
            list(ordered([bad], 1))


class Background(unittest.TestCase):
    def test_a_job_waits_for_what_it_comes_after_even_a_failure(self):
        order = []

        def first():
            time.sleep(0.1)
            order.append("first")
            raise ValueError("boom")
        f = background(first)
        g = background(lambda: order.append("second") or 2, after=[f])
        self.assertEqual(g.result(), 2)
        self.assertEqual(order, ["first", "second"])
        with self.assertRaises(ValueError):
            f.result()


class Slots(unittest.TestCase):
    def test_slots_bound_guests_and_name_cpus(self):
        slots = GuestSlots([0, 1])
        got, lock, peak, now = [], threading.Lock(), [0], [0]

        def guest():
            with slots.slot() as cpu:
                with lock:
                    now[0] += 1
                    peak[0] = max(peak[0], now[0])
                    got.append(cpu)
                time.sleep(0.05)
                with lock:
                    now[0] -= 1
        list(ordered([guest] * 6, 6))
        self.assertEqual(peak[0], 2)
        self.assertEqual(set(got), {0, 1})

    def test_per_core_pins_to_allowed_cpus(self):
        import os
        slots = GuestSlots.per_core(2)
        with slots.slot() as cpu:
            self.assertTrue(cpu is None or cpu in os.sched_getaffinity(0))


if __name__ == "__main__":
    unittest.main()
