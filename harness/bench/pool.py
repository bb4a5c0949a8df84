"""Jobs on the machine's cores, and the progress line that follows them.

each() runs a list of (target, implementation) jobs on threads, the ones
that must run alone first; Progress draws the bar and says how long is
left.  `./lwcbench run` (runner.py), `ct` and `leak` share them; nothing
here knows what a job does.
"""
from __future__ import annotations

import os
import sys
import threading
import time

from harness.bench.session import INTERRUPTED, interrupt_all
from harness.bench.units import fmt_time


def cpu_count() -> int:
    """The cores this process may run on."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
               else (os.cpu_count() or 1))


class Progress:
    """[#####.....] 43% 3:12, about 4:05 left | 312/784 jobs | rv32-ibex
    ascon128-v12/ref | ...  -- redrawn in place on a terminal, one line per
    finished job otherwise.

    The bar advances by each job's expected cost (weight, in seconds of
    one core: the last time that job ran where known, else its target's
    job_weight), not by job count, so that a few long simulator jobs weigh
    what they cost.  A job answered from the results cache advances the
    bar by its weight too (it is done) but took no time.

    The time left is the run's remaining schedule played out (schedule()):
    the jobs that run alone first (`lone`, one after the other), then the
    others on `workers` threads, heaviest first as each() starts them, a
    running job holding its thread for what is left of its cost; every
    cost is scaled by how long the jobs of its group (its target) measured
    so far took against their weights (a slower machine, stale weights; a
    group not measured yet: all the measured jobs outside the lone ones,
    else the weights as they are).  So a long job still running
    at the end, with one thread left busy, is not counted as if both
    threads shared it, and the jobs answered from the cache, which cost
    nothing, do not make the rest look cheap.  They count another way: in
    a group whose jobs the cache may answer (`reusable`), a job not
    started yet costs its share of measured jobs so far (its group's, else
    every reusable group's): a warm run's estimate falls to what is really
    left once its first cached answers come, and after one source changed,
    to the few jobs that run again."""

    def __init__(self, total: int, stream=None, width: int = 24,
                 weights: list[float] | None = None, workers: int = 1,
                 lone: set[int] | frozenset[int] = frozenset(),
                 groups: list[str] | None = None,
                 reusable: set[str] | frozenset[str] = frozenset()):
        self.total, self.done, self.width = total, 0, width
        self.weights = list(weights) if weights is not None else [1.0] * total
        self.cost_total = sum(self.weights) or 1.0
        self.cost_done = 0.0    # the weights of the finished jobs, measured or reused
        self.workers, self.lone = max(int(workers), 1), frozenset(lone)
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self._last = 0
        self._running: dict[int, str] = {}
        self._started: dict[int, float] = {}   # running jobs: when they started
        self._finished: set[int] = set()
        self.groups = list(groups) if groups is not None else [""] * total
        # per group, and "" for every measured job outside the lone ones:
        # [seconds the measured jobs took, their weights]
        self._took: dict[str, list[float]] = {}
        # per reusable group, and "" for them all: [answered from the cache, finished]
        self.reusable = frozenset(reusable)
        self._reuse: dict[str, list[int]] = {}
        self._lock = threading.Lock()
        self._t0 = time.monotonic()
        self._closed = False  # finish() was called: the run's own lines follow

    def fraction(self) -> float:
        return min(self.cost_done / self.cost_total, 1.0) if self.cost_total > 0 else 1.0

    def eta(self) -> float | None:
        """Seconds left, or None before a measured job has finished."""
        if not self._took:
            return None
        return self.schedule(time.monotonic())

    def speed(self, group: str) -> float:
        """Seconds per unit of weight for a job of this group."""
        for g in (group, ""):
            took, weight = self._took.get(g, (0.0, 0.0))
            if weight > 0:
                return took / weight
        return 1.0

    def measured_share(self, group: str) -> float:
        """The part of a job of this group not started yet that costs its
        time: 1, or in a reusable group the share of its finished jobs that
        were measured (its own, else every reusable group's so far)."""
        if group not in self.reusable:
            return 1.0
        for g in (group, ""):
            reused, finished = self._reuse.get(g, (0, 0))
            if finished:
                return 1.0 - reused / finished
        return 1.0

    def schedule(self, now: float) -> float:
        """When the jobs not finished would end, from now: each costs its
        weight x its group's speed (x its measured share, not started yet),
        a running one what is left of that."""
        groups = set(self.groups)
        speeds = {g: self.speed(g) for g in groups}
        shares = {g: self.measured_share(g) for g in groups}

        def cost(n: int) -> float:
            if not 0 <= n < len(self.weights):
                return 0.0
            g = self.groups[n]
            c = self.weights[n] * speeds.get(g, 1.0)
            if n in self._started:
                c = max(c - (now - self._started[n]), 0.0)
            else:
                c *= shares.get(g, 1.0)
            return c

        todo = [n for n in range(self.total) if n not in self._finished]
        alone = sum(cost(n) for n in todo if n in self.lone)
        threads = [alone] * self.workers
        for n in todo:  # the running ones hold their threads
            if n in self._started and n not in self.lone:
                k = threads.index(min(threads))
                threads[k] += cost(n)
        waiting = sorted((n for n in todo if n not in self._started and n not in self.lone),
                         key=lambda n: -self.weights[n])
        for n in waiting:  # each() starts the heaviest first on the first free thread
            k = threads.index(min(threads))
            threads[k] += cost(n)
        return max(threads)

    def _bar(self) -> str:
        f = self.fraction()
        fill = int(self.width * f)
        el = time.monotonic() - self._t0
        eta = self.eta()
        left = f", about {fmt_time(eta)} left" if eta is not None and f < 1 else ""
        return (f"[{'#' * fill}{'.' * (self.width - fill)}] {int(100 * f):3d}% "
                f"{fmt_time(el)}{left} | {self.done}/{self.total} jobs")

    def _draw(self, text: str) -> None:
        text = text[:150]
        pad = max(self._last - len(text), 0)
        self.stream.write("\r" + text + " " * pad)
        self.stream.flush()
        self._last = len(text)

    def start(self, key: int, label: str) -> None:
        with self._lock:
            self._running[key] = label
            self._started[key] = time.monotonic()
            if self.tty and not self._closed:
                self._draw(f"{self._bar()} | {' | '.join(self._running.values())}")

    def end(self, key: int, label: str, reused: bool = False) -> None:
        """Job `key` finished (reused: answered from the results cache)."""
        with self._lock:
            self._running.pop(key, None)
            began = self._started.pop(key, None)
            self._finished.add(key)
            self.done += 1
            w = self.weights[key] if 0 <= key < len(self.weights) else 0.0
            self.cost_done += w
            g = self.groups[key] if 0 <= key < len(self.groups) else ""
            if g in self.reusable:
                for k in (g, ""):
                    acc_r = self._reuse.setdefault(k, [0, 0])
                    acc_r[0] += bool(reused)
                    acc_r[1] += 1
            if not reused and began is not None:  # (a cluster's job: not timed here)
                for k in {g, ""} if key not in self.lone else {g}:
                    acc = self._took.setdefault(k, [0.0, 0.0])
                    acc[0] += time.monotonic() - began
                    acc[1] += w
            if self._closed:  # a thread still ending after an interrupt: the run has spoken
                return
            if self.tty:
                self._draw(f"{self._bar()} | {' | '.join(self._running.values()) or label}")
            else:
                print(f"{self._bar()} | {label}", file=self.stream, flush=True)

    def note(self, text: str) -> None:
        """A line that stays (a failure, a build message)."""
        with self._lock:
            if self._closed:
                return
            if self.tty and self._last:
                self.stream.write("\r" + " " * self._last + "\r")
                self._last = 0
            print(text, file=self.stream, flush=True)

    def finish(self) -> None:
        """The bar's last word: nothing is drawn after it."""
        with self._lock:
            self._closed = True
            if self.tty and self._last:
                self.stream.write("\r" + " " * self._last + "\r")
                self.stream.flush()
                self._last = 0


def each(jobs: list[tuple], one, workers: int | None = None,
         alone=lambda t: not t.parallel, weights: list[float] | None = None) -> None:
    """Call one(n, target, impl) for the n-th job: first, one after the
    other, the jobs of the targets `alone` picks (noisy clocks: nothing
    beside them); then the others on `workers` threads, the heaviest first
    (weights, default the targets' job_weight), so that a slow simulator's
    last job does not run alone at the end.  A target with max_parallel
    (a board: one device) never runs more jobs at once than that; the
    other targets' jobs go on meanwhile.  Ctrl-C or SIGTERM: the jobs not
    started are dropped and the running jobs' programs killed, not awaited
    (interrupt_all)."""
    INTERRUPTED.clear()
    weight = weights or [t.job_weight for t, _i in jobs]
    lone = [(n, t, i) for n, (t, i) in enumerate(jobs) if alone(t)]
    pending = sorted(((n, t, i) for n, (t, i) in enumerate(jobs) if not alone(t)),
                     key=lambda job: -weight[job[0]])  # stable
    for n, t, i in lone:
        if INTERRUPTED.is_set():
            return
        one(n, t, i)
    running: dict[int, int] = {}
    cond = threading.Condition()
    errors: list[BaseException] = []

    def free(t) -> bool:
        cap = getattr(t, "max_parallel", None)
        return not cap or running.get(id(t), 0) < cap

    def worker() -> None:
        while True:
            with cond:
                while True:
                    if INTERRUPTED.is_set() or errors or not pending:
                        return
                    k = next((k for k, job in enumerate(pending) if free(job[1])), None)
                    if k is not None:
                        break
                    cond.wait(0.5)
                n, t, i = pending.pop(k)
                running[id(t)] = running.get(id(t), 0) + 1
            try:
                one(n, t, i)
            except BaseException as e:  # noqa: BLE001 -- handed to the main thread
                with cond:
                    errors.append(e)
            finally:
                with cond:
                    running[id(t)] -= 1
                    cond.notify_all()

    threads = [threading.Thread(target=worker, daemon=True)
               for _ in range(min(workers or cpu_count(), max(len(pending), 1)))]
    for th in threads:
        th.start()
    try:
        for th in threads:
            while th.is_alive():
                th.join(0.2)
    except KeyboardInterrupt:
        interrupt_all()
        with cond:
            pending.clear()
            cond.notify_all()
        # their programs are dead: the threads end at once; let them say so
        # before the run's own last word (bounded: a stuck thread is left)
        end = time.monotonic() + 5
        for th in threads:
            th.join(max(end - time.monotonic(), 0))
        raise
    if errors:
        raise errors[0]
