"""The run: every (target, implementation) job -- build, KAT on the target,
measure -- in parallel on the machine's cores.

Jobs of targets with noisy clocks (the host's rdtsc) run first, alone;
the simulators' jobs then share the cores.  A failing implementation
(build, KAT, crash, hang) is recorded with its reason and the run goes on.
"""
from __future__ import annotations

import concurrent.futures
import sys
import threading
import time

from harness.bench.impls import impl_id
from harness.bench.session import INTERRUPTED, interrupt_all
from harness.bench.targets import JobResult, Point, Target
from harness.bench.targets.base import cpu_count
from harness.discover import Impl

# The thesis' inputs (Figures 5.2-5.5), a length sweep, the MSP430 paper's
# adlen x mlen grid (AEAD only), and one call of each bare permutation
# (the permutation paper's figures).
THESIS = [16, 32768]
SWEEP = [0, 1, 8, 16, 32, 64, 128, 1536, 4096]
GRID = [0, 16, 128, 1024]
SUITES = ("thesis", "sweep", "grid", "permutation")
OPS = {"aead": ["encrypt", "decrypt"], "hash": ["hash"], "perm": ["permutation"]}


def points_for(kind: str, suites: tuple[str, ...] = SUITES) -> list[Point]:
    """The operations to measure for one implementation, each once, with
    the suites that ask for it."""
    want: dict[tuple, list[str]] = {}
    if kind == "perm":
        return [Point("permutation", 0, 0, ("permutation",))] if "permutation" in suites else []
    for op in OPS[kind]:
        if "thesis" in suites:
            for m in THESIS:
                want.setdefault((op, 0, m), []).append("thesis")
        if "sweep" in suites:
            for m in SWEEP:
                want.setdefault((op, 0, m), []).append("sweep")
        if "grid" in suites and kind == "aead":
            for a in GRID:
                for m in GRID:
                    want.setdefault((op, a, m), []).append("grid")
    return [Point(op, a, m, tuple(sets)) for (op, a, m), sets in
            sorted(want.items(), key=lambda kv: (OPS[kind].index(kv[0][0]), kv[0][1], kv[0][2]))]


class Progress:
    """[#####.....] 12/44 (3 running) rv32-ibex ascon-hash256/bi32 -- redrawn
    in place on a terminal, one line per finished job otherwise."""

    def __init__(self, total: int, stream=None, width: int = 24):
        self.total, self.done, self.width = total, 0, width
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self._last = 0
        self._running: dict[int, str] = {}
        self._lock = threading.Lock()
        self._t0 = time.monotonic()

    def _bar(self) -> str:
        fill = self.width * self.done // max(self.total, 1)
        el = int(time.monotonic() - self._t0)
        return (f"[{'#' * fill}{'.' * (self.width - fill)}] {self.done}/{self.total} "
                f"{el // 60}:{el % 60:02d}")

    def _draw(self, text: str) -> None:
        text = text[:150]
        pad = max(self._last - len(text), 0)
        self.stream.write("\r" + text + " " * pad)
        self.stream.flush()
        self._last = len(text)

    def start(self, key: int, label: str) -> None:
        with self._lock:
            self._running[key] = label
            if self.tty:
                self._draw(f"{self._bar()} {' | '.join(self._running.values())}")

    def end(self, key: int, label: str) -> None:
        with self._lock:
            self._running.pop(key, None)
            self.done += 1
            if self.tty:
                self._draw(f"{self._bar()} {' | '.join(self._running.values()) or label}")
            else:
                print(f"{self._bar()} {label}", file=self.stream, flush=True)

    def note(self, text: str) -> None:
        """A line that stays (a failure, a build message)."""
        with self._lock:
            if self.tty and self._last:
                self.stream.write("\r" + " " * self._last + "\r")
                self._last = 0
            print(text, file=self.stream, flush=True)

    def finish(self) -> None:
        if self.tty and self._last:
            self.stream.write("\r" + " " * self._last + "\r")
            self.stream.flush()
            self._last = 0


def records_of(res: JobResult, points: list[Point]) -> list[dict]:
    """One JSON record per measured point (nulls when the job failed)."""
    out = []
    for p in points:
        v = res.values.get(p, {})
        n = p.adlen + p.mlen
        rec = {"target": res.target, "scheme": res.impl.scheme, "impl": res.impl.name,
               "op": p.op, "adlen": p.adlen, "mlen": p.mlen,
               "cycles": v.get("cycles"), "instructions": v.get("instructions"),
               "samples": v.get("samples", 0), "kat": res.kat,
               "code_bytes": res.code_bytes, "stack_bytes": res.stack.get(p.op),
               "cycles_min": v.get("cycles_min"), "cycles_max": v.get("cycles_max"),
               "instructions_min": v.get("instructions_min"),
               "instructions_max": v.get("instructions_max"),
               "cycles_per_byte": round(v["cycles"] / n, 3)
               if v.get("cycles") is not None and n else None,
               "instructions_per_byte": round(v["instructions"] / n, 3)
               if v.get("instructions") is not None and n else None,
               "mode": v.get("mode"), "sets": list(p.sets), "status": res.status}
        if res.status != "ok":
            rec["error"] = res.errors.get(p) or res.detail
        out.append(rec)
    return out


def each(jobs: list[tuple[Target, Impl]], one, workers: int | None = None,
         alone=lambda t: not t.parallel) -> None:
    """Call one(n, target, impl) for the n-th job: first, one after the
    other, the jobs of the targets `alone` picks (noisy clocks: nothing
    beside them); then the others in parallel, the heaviest first
    (job_weight), so that a slow simulator's last job does not run alone at
    the end.  Ctrl-C or SIGTERM: the jobs not started are dropped and the
    running jobs' programs killed, not awaited (interrupt_all)."""
    INTERRUPTED.clear()
    lone = [(n, t, i) for n, (t, i) in enumerate(jobs) if alone(t)]
    shared = sorted(((n, t, i) for n, (t, i) in enumerate(jobs) if not alone(t)),
                    key=lambda job: -job[1].job_weight)  # stable
    for n, t, i in lone:
        one(n, t, i)
    with concurrent.futures.ThreadPoolExecutor(workers or cpu_count()) as pool:
        futures = [pool.submit(one, n, t, i) for n, t, i in shared]
        try:
            for f in concurrent.futures.as_completed(futures):
                f.result()
        except KeyboardInterrupt:
            for f in futures:
                f.cancel()
            interrupt_all()
            raise


def run(jobs: list[tuple[Target, Impl]], suites: tuple[str, ...], quick: bool,
        progress: Progress, workers: int | None = None) -> tuple[list[dict], list[JobResult]]:
    """Run the jobs; returns (records, job results) in the jobs' order."""
    results: dict[int, tuple[list[dict], JobResult]] = {}

    def one(n: int, target: Target, impl: Impl):
        label = f"{target.name} {impl_id(impl)}"
        progress.start(n, label)
        t0 = time.monotonic()
        points = points_for(impl.kind, suites)
        try:
            res = target.run_job(impl, points, quick)
        except Exception as e:  # a harness bug must not stop the others
            res = JobResult(target.name, impl, status="crashed",
                            detail=f"harness error: {type(e).__name__}: {e}")
        res.seconds = round(time.monotonic() - t0, 2)
        if INTERRUPTED.is_set():  # its program was killed for that: no verdict
            progress.end(n, f"{label} interrupted")
            return
        results[n] = (records_of(res, points), res)
        progress.end(n, f"{label} {res.status} ({res.seconds:.1f} s)")
        if res.failed:
            progress.note(f"{label}: {res.status}: {res.detail}")

    each(jobs, one, workers)
    records, outcomes = [], []
    for n in sorted(results):
        records += results[n][0]
        outcomes.append(results[n][1])
    return records, outcomes
