"""The run: every (target, implementation) job -- build, KAT on the target,
measure -- in parallel on the machine's cores (or on a cluster's).

execute(plan) is the whole run: the set-up, the targets made with the
plan's settings, the scope (harness/bench/scope.py), the jobs; it returns
a RunResult, which harness/bench/finish.py turns into the terminal's
tables, the JSON file and the results folder.  Jobs of targets with noisy
clocks (the host's rdtsc) run first, alone; the simulators' jobs then
share the cores.  A failing implementation (build, KAT, crash, hang) is
recorded with its reason and the run goes on.
"""
from __future__ import annotations

import dataclasses
import json
import os
import sys
import threading
import time

from harness.bench import cluster as cluster_mod
from harness.bench import install, scope
from harness.bench.cache import ResultsCache
from harness.bench.impls import all_impls, impl_id, select
from harness.bench.plan import DEFAULT_OUT, Plan, points_of
from harness.bench.session import INTERRUPTED, interrupt_all
from harness.bench.targets import TARGETS, JobResult, Point, Target
from harness.bench.targets.base import NULL_OP, cpu_count
from harness.bench.targets.board import check_ports
from harness.bench.units import fmt_time
from harness.discover import Impl


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


def job_label(target: str, impl: Impl) -> str:
    return f"{target} {impl_id(impl)}"


def expected_seconds(jobs: list[tuple[Target, Impl]],
                     previous: dict[str, float] | None = None) -> list[float]:
    """Each job's expected cost in seconds of one core: the time the same
    job took in the previous run (its results.json's job_seconds), else
    the target's job_weight (relative to a QEMU job of about 0.3 s)."""
    previous = previous or {}
    out = []
    for t, i in jobs:
        prev = previous.get(job_label(t.name, i))
        out.append(float(prev) if isinstance(prev, (int, float)) and prev > 0.05
                   else 0.3 * t.job_weight)
    return out


FUNCTION_METHOD = ("null-difference: the same call of a permutation that returns at once "
                   "(bench_core.c null_permute), measured in the same job, subtracted")
TRACED_KEYS = ("function_bytes", "function_symbols", "function_traced_instructions",
               "function_traced_cycles")


def function_fields(v: dict, null: dict) -> dict:
    """A bare permutation's function alone: each counter minus the null
    permutation's through the same call (same job), and what one traced
    call showed (extra_counts), with the methods named."""
    rec = {}
    for c in ("cycles", "instructions", "modelled_cycles"):
        if v.get(c) is not None and null.get(c) is not None:
            rec[f"function_{c}"] = v[c] - null[c]
    if rec:
        rec["function_method"] = FUNCTION_METHOD
    traced = {k: v[k] for k in TRACED_KEYS if k in v}
    if traced:
        rec.update(traced)
        rec["function_bytes_method"] = ("the code symbols one traced call ran in, between its "
                                        "entry and its return (the linked firmware's symbol table)")
    return rec


def records_of(res: JobResult, points: list[Point]) -> list[dict]:
    """One JSON record per measured point (nulls when the job failed); the
    null permutation's point gives no record of its own (function_fields)."""
    out = []
    null = next((res.values.get(p, {}) for p in points if p.op == NULL_OP), None)
    for p in points:
        if p.op == NULL_OP:
            continue
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
               "mode": v.get("mode"), "sets": list(p.sets), "status": res.status,
               "reused_from": res.reused_from}
        if p.op == "permutation" and null is not None:
            rec.update(function_fields(v, null))
        if p.op in ("encrypt", "decrypt", "hash") and res.impl.sponge:
            # an Ascon mode: its rate and rounds, the terms of its permutation floor
            rec.update({f"sponge_{k}": v for k, v in res.impl.sponge.items()})
        if p.op == "auth":  # the longest input: PrfShort's 16, 0 for no limit
            rec["max_inbytes"] = res.impl.max_inbytes or 0
        if res.instructions_reused_from is not None:
            rec["instructions_reused_from"] = res.instructions_reused_from
        if v.get("random_bytes") is not None:
            # fresh random bytes a masked implementation drew (lwc_random)
            rec["random_bytes"] = v["random_bytes"]
            rec["random_bytes_per_byte"] = round(v["random_bytes"] / n, 3) if n else None
        if v.get("wait_states") is not None or "modelled_cycles" in v:
            # a cycle model's figure (cortex-m3-qemu*): never `cycles`
            rec.update({"modelled_cycles": v.get("modelled_cycles"),
                        "modelled_cycles_min": v.get("modelled_cycles_min"),
                        "modelled_cycles_max": v.get("modelled_cycles_max"),
                        "modelled_cycles_per_byte": round(v["modelled_cycles"] / n, 3)
                        if v.get("modelled_cycles") is not None and n else None,
                        "wait_states": v.get("wait_states")})
        if "table_bytes" in v:  # msp430's permutations: from a traced call
            rec.update({"table_bytes": v["table_bytes"],
                        "table_lookup_cycles": v.get("table_lookup_cycles")})
        if res.status != "ok":
            rec["error"] = res.errors.get(p) or res.detail
        out.append(rec)
    return out


def each(jobs: list[tuple[Target, Impl]], one, workers: int | None = None,
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

    def free(t: Target) -> bool:
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


@dataclasses.dataclass
class RunResult:
    """What a run measured and how (execute's answer; finish.py reports it)."""
    plan: Plan
    records: list[dict]
    outcomes: list[JobResult]       # in the run's order
    scope: scope.Scope              # the targets that ran, skipped, could not run, left out
    cache: ResultsCache | None
    started: float                  # time.monotonic() when the command started
    load_before: float | None       # the load average before the jobs


def previous_job_seconds(cache: ResultsCache | None = None) -> dict[str, float]:
    """The time each job took the last time it was measured (the results
    cache's job-seconds.json, else build/bench/latest's results.json), for
    the run's order and the progress bar's weights; {} when there is none."""
    if cache is not None:
        known = cache.job_seconds()
        if known:
            return known
    try:
        env = json.loads((DEFAULT_OUT / "results.json").read_text()).get("environment", {})
        js = env.get("job_seconds", {})
        return js if isinstance(js, dict) else {}
    except (OSError, ValueError, AttributeError):
        return {}


def execute(plan: Plan, client=None, started: float | None = None) -> RunResult:
    """The run a plan asks for: the set-up of its targets' families, then
    the targets (made with the plan's settings, never changed after), the
    scope, the jobs (the exact targets' on the cluster when a Dask client
    is given).  UsageError for a selection that cannot run (a named target
    that cannot, no job at all)."""
    started = time.monotonic() if started is None else started
    classes = [TARGETS[n] for n in plan.targets]
    check_ports(classes, plan.port, plan.baud, plan.named)
    failed_setup = install.setup(install.profiles_for(classes))
    cache = ResultsCache.from_env(plan.fresh)
    targets = [c(plan.settings(cache)) for c in classes]  # after the set-up
    chosen = select(all_impls(), plan.schemes, plan.impls)
    sc = scope.select(plan, targets, chosen, failed_setup)
    load_before = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    if load_before is not None and load_before > max((os.cpu_count() or 1) - 1, 0.5) \
            and sc.runnable:
        print(f"lwcbench: note: the machine is busy (load average {load_before:.1f} on "
              f"{os.cpu_count()} cores); host timings may be inflated", file=sys.stderr)
    jobs = sc.jobs
    weights = expected_seconds(jobs, previous_job_seconds(cache))
    progress = Progress(len(jobs), weights=weights, workers=plan.workers or cpu_count(),
                        lone={n for n, (t, _i) in enumerate(jobs) if not t.parallel},
                        groups=[t.name for t, _i in jobs],
                        reusable={t.name for t, _i in jobs
                                  if t.exact and cache is not None and not cache.fresh})
    for name, lo in sc.left_out.items():
        progress.note(scope.left_out_line(name, lo))
    try:
        for t, mine in sc.runnable:
            progress.note(f"{t.name}: {len(mine)} implementation(s); {t.description}")
            t.prepare(mine)
        records, outcomes = run_jobs(jobs, plan, progress, weights, client)
    finally:
        progress.finish()
        for t, _m in sc.runnable:
            t.close()
    return RunResult(plan, records, outcomes, sc, cache, started,
                     load_before)


def run_jobs(jobs: list[tuple[Target, Impl]], plan: Plan, progress: Progress,
             weights: list[float] | None = None,
             client=None) -> tuple[list[dict], list[JobResult]]:
    """Run the jobs (the plan's suites, samples and workers); returns
    (records, job results) in the jobs' order.  With a cluster (a
    distributed.Client), the exact targets' jobs run on its workers
    (harness/bench/cluster.py), the others here meanwhile."""
    results: dict[int, tuple[list[dict], JobResult]] = {}
    weights = weights or [t.job_weight for t, _i in jobs]

    def one(n: int, target: Target, impl: Impl):
        label = job_label(target.name, impl)
        progress.start(n, label)
        t0 = time.monotonic()
        points = points_of(impl, plan.suites)
        try:
            res = target.run_job(impl, points, plan.quick)
        except Exception as e:  # a harness bug must not stop the others
            res = JobResult(target.name, impl, status="crashed",
                            detail=f"harness error: {type(e).__name__}: {e}")
        res.seconds = round(time.monotonic() - t0, 2)
        if INTERRUPTED.is_set():  # its program was killed for that: no verdict
            progress.end(n, f"{label} interrupted")
            return
        finished(n, target, impl, res)

    def finished(n: int, target: Target, impl: Impl, res: JobResult):
        label = job_label(target.name, impl)
        results[n] = (records_of(res, points_of(impl, plan.suites)), res)
        how = "reused" if res.reused_from else f"{res.seconds:.1f} s"
        progress.end(n, f"{label} {res.status} ({how})", reused=res.reused_from is not None)
        if res.failed:
            progress.note(f"{label}: {res.status}: {res.detail}")

    remote = ([n for n, (t, i) in enumerate(jobs) if not cluster_mod.local_only(t, i)]
              if client is not None else [])
    sent = set(remote)
    here = [n for n in range(len(jobs)) if n not in sent]
    stop, failure = threading.Event(), []

    def collect():
        try:
            for n, res in cluster_mod.results(client, plan, jobs, remote, weights, stop):
                t, i = jobs[n]
                finished(n, t, i, res)
        except BaseException as e:  # noqa: BLE001 -- handed to the main thread
            failure.append(e)

    collector = threading.Thread(target=collect, daemon=True) if remote else None
    if collector:
        progress.note(f"cluster: {len(remote)} job(s) sent to the scheduler "
                      f"({len(client.scheduler_info().get('workers', {}))} worker(s) now); "
                      f"{len(here)} run here")
        collector.start()
    try:
        each([jobs[n] for n in here], lambda k, t, i: one(here[k], t, i), plan.workers,
             weights=[weights[n] for n in here])
        while collector and collector.is_alive():
            collector.join(0.2)
    except KeyboardInterrupt:
        stop.set()
        raise
    if failure:
        raise failure[0]
    records, outcomes = [], []
    for n in sorted(results):
        records += results[n][0]
        outcomes.append(results[n][1])
    return records, outcomes
