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
from harness.bench import added, install, scope
from harness.bench.cache import ResultsCache
from harness.bench.impls import all_impls, impl_id, select
from harness.bench.plan import DEFAULT_OUT, Plan, points_of
from harness.bench.pool import Progress, cpu_count, each
from harness.bench.session import INTERRUPTED
from harness.bench.targets import TARGETS, JobResult, Point, Target
from harness.bench.targets.job import NULL_OP
from harness.bench.targets.board import check_ports
from harness.discover import Impl


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
               "reused_from": res.reused_from, "image_sha256": res.image_sha256,
               "simulator_sha256": res.simulator_sha256}
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
        rec.update(added.record_fields(res.impl))  # a folder from --add: where from
        if res.glue_code_bytes is not None:
            rec["glue_code_bytes"] = res.glue_code_bytes
        out.append(rec)
    return out


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
    check_ports(classes, plan.port, plan.baud, plan.named, list(TARGETS.values()))
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
        for line in scope.left_out_lines(name, lo):
            progress.note(line)
    for t, _mine in sc.runnable:  # an added folder its architectures file keeps away: said
        for i in chosen:
            if added.is_added(i) and not t.supports(i):
                progress.note(f"{t.name}: {impl_id(i)} not built: its architectures file names "
                              f"{' '.join(i.architectures)}")
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
