"""The default run's budget (harness/bench/budget.py): what `./lwcbench run`
costs on the reference machine, computed from the plan before anything runs,
with each job's time from the committed data set."""
from __future__ import annotations

import dataclasses
import json

from harness.bench import budget
from tests.helpers import lwcbench


def test_the_default_run_fits_its_budget():
    """Every default target in at most 20 minutes on 2 cores, set-up
    included: the message names the targets and jobs that cost the most."""
    est = budget.estimate(budget.default_plan())
    assert est.jobs and est.calibrated, "no job, or no job timed by the data set"
    assert est.total <= budget.BUDGET_SECONDS, "\n".join(est.lines())


def test_a_plan_made_too_big_fails_naming_its_heaviest_jobs():
    """The default plan with every implementation (--all's scope on the same
    targets) passes the budget, and the estimate names the heaviest jobs:
    the check above can fail, and says why."""
    big = dataclasses.replace(budget.default_plan(), all=True)
    est = budget.estimate(big)
    assert est.total > budget.BUDGET_SECONDS, "\n".join(est.lines())
    said = "\n".join(est.lines())
    assert "OVER" in said and "heaviest jobs (s): " in said
    label, seconds = est.heaviest(1)[0]
    assert f"{label} {seconds:.0f}" in said


def test_the_schedule_is_the_runs():
    """pool.each's order: the lone (host) jobs one after the other first,
    then the others heaviest first, each on the core free first."""
    # 5 | 4, then 3 on the second (7), 3 on the first (8), 3 on the second (10)
    assert budget.makespan([5, 4, 3, 3, 3], [False] * 5, 2) == 10
    assert budget.makespan([5, 4, 3, 3, 3, 2], [False] * 5 + [True], 2) == 12
    assert budget.makespan([5, 4, 3], [False] * 3, 1) == 12


def test_estimate_prints_the_plan_and_runs_nothing(tmp_path):
    """./lwcbench run --estimate: the selection's estimate, nothing built or
    measured, no results written."""
    r = lwcbench("run", "--target", "rv32i-qemu", "--scheme", "ascon-aead128", "--estimate",
                 "--out", str(tmp_path / "out"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("estimate: ") and " jobs, " in r.stdout
    assert "rv32i-qemu" in r.stdout and not (tmp_path / "out").exists()


def test_reused_jobs_are_timed_as_when_measured(tmp_path):
    """A run that read some results back from the cache keeps their earlier
    times (reused_job_seconds): a cold run spends them too.  A job measured
    in the run keeps its own time."""
    path = tmp_path / "results.json"
    path.write_text(json.dumps({"results": [], "environment": {
        "job_seconds": {"msp430 a/ref": 2.0, "msp430 b/ref": 3.0},
        "reused_job_seconds": {"msp430 b/ref": 9.0, "msp430 c/ref": 4.0}}}))
    assert budget.calibration(path) == {"msp430 a/ref": 2.0, "msp430 b/ref": 3.0,
                                        "msp430 c/ref": 4.0}
