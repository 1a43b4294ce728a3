# SPDX-License-Identifier: GPL-2.0
"""Run jobs side by side and hand their results back in plan order.

Threads, not processes: every job spends its time waiting on a child (a
QEMU, a shell suite), and the runner's coordination is then plain Python
objects in one process. No lock files, no file descriptors to number.
"""
from __future__ import annotations

import os
import queue
import threading
from concurrent.futures import Future, ThreadPoolExecutor, wait
from contextlib import contextmanager
from typing import Callable, Iterable, Iterator, TypeVar

T = TypeVar("T")


def ordered(jobs: list[Callable[[], T]], n: int,
            start_first: Iterable[int] = ()) -> Iterator[T]:
    """Run @jobs, at most @n at a time, and yield their results in the
    order of @jobs, each as soon as it and all before it have ended. The
    indexes in @start_first start before the others (the longest jobs
    first keeps the last one from starting late)."""
    first = list(dict.fromkeys(start_first))
    order = first + [i for i in range(len(jobs)) if i not in set(first)]
    futures: dict[int, Future] = {}
    with ThreadPoolExecutor(max_workers=max(1, n)) as pool:
        for i in order:
            futures[i] = pool.submit(jobs[i])
        for i in range(len(jobs)):
            yield futures[i].result()


def background(job: Callable[[], T], after: Iterable[Future] = ()) -> Future:
    """Start @job on a thread of its own, once the futures in @after are
    done (whether they succeeded or not); .result() waits for it."""
    f: Future = Future()
    after = list(after)

    def run():
        wait(after)
        try:
            f.set_result(job())
        except BaseException as e:  # handed to whoever waits
            f.set_exception(e)
    threading.Thread(target=run, daemon=True).start()
    return f


class GuestSlots:
    """At most as many guests as slots, whoever starts them: make check
    shares two between the bench and the system lane, so that a guest of
    one runs where the other has none. A slot is a host CPU that its guest
    is pinned to (None: not pinned): the guests stop moving between the
    cores, and the host-side suites run where a guest leaves room."""

    def __init__(self, cpus: list[int | None]):
        self._free: queue.Queue = queue.Queue()
        for c in cpus:
            self._free.put(c)

    @classmethod
    def per_core(cls, n: int = 2) -> "GuestSlots":
        """One slot per host CPU, up to @n, pinned where this process may
        run on that CPU."""
        allowed = sorted(os.sched_getaffinity(0))
        cpus: list[int | None] = list(allowed[:n])
        cpus += [None] * (n - len(cpus))
        return cls(cpus)

    @classmethod
    def unpinned(cls, n: int) -> "GuestSlots":
        return cls([None] * n)

    @contextmanager
    def slot(self) -> Iterator[int | None]:
        cpu = self._free.get()
        try:
            yield cpu
        finally:
            self._free.put(cpu)
