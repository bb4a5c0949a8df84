"""The default run's cost, known before anything runs.

`./lwcbench run` (no option) must measure every default target within 20
minutes on the reference machine (2 cores), set-up included.  This module
computes what a plan will cost from the plan alone, the way the run
schedules it:
  - the jobs: every target of the run (not a board without a port: the
    run skips it), each implementation it builds that its default scope
    keeps (targets/<name>.toml: default_left_out, default_schemes; a
    target's not_in_default_run), whether or not its tools are installed
    here;
  - each job's expected seconds of one core (runner.expected_seconds, the
    progress line's model): the time the job took in the committed data
    set (docs/results/data/results.json.xz, environment.job_seconds: jobs
    measured in that run, not read back from the cache), else the target's
    job_weight x 0.3 s;
  - the schedule of pool.each: the jobs of a target that runs alone (the
    host's clock) one after the other first, then the others on `workers`
    cores, the heaviest first, each to the first core free;
  - plus SETUP_SECONDS for the set-up of a fresh machine.
tests/bench/test_budget.py fails when the default plan's estimate passes
BUDGET_SECONDS, naming the targets and jobs that cost the most.
`./lwcbench run --estimate` prints the estimate of any plan.
"""
from __future__ import annotations

import dataclasses
import heapq
import json
import lzma

from harness.bench.impls import all_impls, select
from harness.bench.output.docs_pages import DATA
from harness.bench.plan import Output, Plan, default_targets
from harness.bench.scope import target_jobs
from harness.bench.runner import expected_seconds, job_label
from harness.bench.targets import TARGETS

BUDGET_SECONDS = 20 * 60
REFERENCE_WORKERS = 2
# The set-up of a fresh 2-core Debian machine before the first job
# (packages, QEMU plugins, simulators, the Ibex model, the host build):
# an allowance, not a measurement; docs/lwcbench/run.md "Time" gives the
# measured run it was checked against.
SETUP_SECONDS = 5 * 60


@dataclasses.dataclass
class Estimate:
    jobs: list[tuple]          # (target, impl), in the plan's order
    seconds: list[float]       # each job's expected seconds of one core
    calibrated: int            # jobs whose time comes from the data set
    makespan: float            # the jobs' wall time on `workers` cores
    workers: int
    setup: float

    @property
    def total(self) -> float:
        return self.makespan + self.setup

    def by_target(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for (t, _i), s in zip(self.jobs, self.seconds):
            out[t.name] = out.get(t.name, 0.0) + s
        return dict(sorted(out.items(), key=lambda kv: -kv[1]))

    def heaviest(self, n: int = 10) -> list[tuple[str, float]]:
        named = [(job_label(t.name, i), s) for (t, i), s in zip(self.jobs, self.seconds)]
        return sorted(named, key=lambda kv: -kv[1])[:n]

    def lines(self, budget: float | None = BUDGET_SECONDS) -> list[str]:
        """What the estimate says, for the terminal or a test's message."""
        out = [f"{len(self.jobs)} jobs, {sum(self.seconds) / 60:.1f} min of one core "
               f"({self.calibrated} timed by the calibration run, the others by their target's "
               f"job_weight); on {self.workers} cores {self.makespan / 60:.1f} min, with the "
               f"set-up allowance {self.setup / 60:.0f} min: {self.total / 60:.1f} min"
               + (f" (budget {budget / 60:.0f} min: "
                  f"{'within' if self.total <= budget else 'OVER'})" if budget else "")]
        out.append("by target (min of one core): " + ", ".join(
            f"{name} {s / 60:.1f}" for name, s in self.by_target().items()))
        out.append("heaviest jobs (s): " + ", ".join(
            f"{label} {s:.0f}" for label, s in self.heaviest()))
        return out


def calibration(path=DATA) -> dict[str, float]:
    """Seconds of each job of a run (its results.json, or the committed
    data set's .json.xz; {} when there is none): those it measured, and
    those whose results it reused from the cache at the time they took
    when measured (reused_job_seconds), as a cold run measures them all."""
    opener = lzma.open if str(path).endswith(".xz") else open
    try:
        with opener(path) as f:
            env = json.load(f).get("environment", {})
    except (OSError, ValueError, lzma.LZMAError):
        return {}
    out = {}
    for field in ("reused_job_seconds", "job_seconds"):  # measured in the run last: it wins
        js = env.get(field, {}) if isinstance(env, dict) else {}
        out.update(js if isinstance(js, dict) else {})
    return out


def plan_jobs(plan: Plan, impls=None) -> list[tuple]:
    """(target, impl) of every job the plan gives on its targets, as
    scope.select gives them but whatever this machine has installed."""
    chosen = select(impls if impls is not None else all_impls(), plan.schemes, plan.impls)
    jobs = []
    for name in plan.targets:
        t = TARGETS[name](plan.settings())
        if not plan.named and t.machine_lacks():  # a board without a port: skipped
            continue
        jobs += [(t, i) for i in target_jobs(plan, t, chosen)[0]]
    return jobs


def makespan(seconds: list[float], alone: list[bool], workers: int) -> float:
    """The wall time of pool.each's schedule: the lone jobs one after the
    other, then the others heaviest first, each on the core free first."""
    lone = sum(s for s, a in zip(seconds, alone) if a)
    cores = [0.0] * max(workers, 1)
    for s in sorted((s for s, a in zip(seconds, alone) if not a), reverse=True):
        heapq.heappush(cores, heapq.heappop(cores) + s)
    return lone + max(cores)


def estimate(plan: Plan, workers: int = REFERENCE_WORKERS, known: dict | None = None,
             impls=None, setup: float = SETUP_SECONDS) -> Estimate:
    """The plan's expected cost on `workers` cores (known: job seconds by
    job label, default the committed data set's)."""
    known = calibration() if known is None else known
    jobs = plan_jobs(plan, impls)
    seconds = expected_seconds(jobs, known)
    calibrated = sum(1 for t, i in jobs if job_label(t.name, i) in known)
    span = makespan(seconds, [not t.parallel for t, _i in jobs], workers)
    return Estimate(jobs, seconds, calibrated, span, workers, setup)


def is_default(plan: Plan) -> bool:
    """Does plan run the default run's jobs (whatever its outputs, cache
    policy, time limits or cores)?"""
    return dataclasses.replace(plan, fresh=False, workers=None, timeout=None, cluster=None,
                               port=None, baud=None, output=Output(),
                               argv=()) == default_plan()


def default_plan() -> Plan:
    """What `./lwcbench run` without options runs (plan.plan_of's default)."""
    names, left = default_targets(list(TARGETS))
    return Plan(targets=tuple(names), left_out_targets=left)

