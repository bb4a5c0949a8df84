"""What a run measures and in which order (harness/bench/plan.py,
runner.py): the suites' points, the bare permutations' calls, the plan as
a cluster worker receives it, the jobs' order and expected times, and the
host's sample counts from its callgrind counts.
"""
from __future__ import annotations

import io
import json
import pathlib

from tests.helpers import host_impls
from harness.bench.plan import Plan, points_for
from harness.bench.pool import Progress
from harness.bench.targets import TARGETS
from harness.discover import discover


def test_measurement_plan_has_every_suite_once():
    aead = points_for("aead")
    keys = [(p.op, p.adlen, p.mlen) for p in aead]
    assert len(keys) == len(set(keys)) == 2 * (10 + 13)  # thesis+sweep, grid; shared ones once
    sets = {(p.op, p.adlen, p.mlen): p.sets for p in aead}
    assert sets[("encrypt", 0, 16)] == ("thesis", "sweep", "grid")
    assert sets[("decrypt", 1024, 128)] == ("grid",)
    assert sets[("encrypt", 0, 32768)] == ("thesis",)
    hashes = points_for("hash")
    assert [p.mlen for p in hashes] == [0, 1, 8, 16, 32, 64, 128, 1536, 4096, 32768]
    assert [(p.mlen, p.sets) for p in points_for("hash", ("thesis",))] == \
        [(16, ("thesis",)), (32768, ("thesis",))]
    # MACs and PRFs: 1..16 too (short); PrfShort's no longer than 16
    auth = {p.mlen: p.sets for p in points_for("auth")}
    assert sorted(auth) == sorted({0, *range(1, 17), 32, 64, 128, 1536, 4096, 32768})
    assert auth[16] == ("thesis", "sweep", "short") and auth[5] == ("short",)
    assert [p.mlen for p in points_for("auth", max_len=16)] == list(range(0, 17))
    assert points_for("hash", ("short",)) == []


def test_permutations_are_measured_once_per_call():
    assert [(p.op, p.adlen, p.mlen, p.sets) for p in points_for("perm")] == \
        [("permutation", 0, 0, ("permutation",)), ("null-permutation", 0, 0, ("permutation",))]
    assert points_for("perm", ("thesis", "sweep", "grid")) == []


def test_the_plan_reaches_a_cluster_worker_whole():
    """The cluster ships the plan as plain data; the worker's copy is the
    run's plan (its targets made with the same settings)."""
    from harness.bench import cli
    from harness.bench.plan import plan_of
    for argv in (["run"], ["run", "--target", "rv32i-qemu", "--suite", "thesis", "--timeout",
                           "5", "--quick", "--fresh", "--out", "none", "--baseline", "none"]):
        args = cli.parse(argv)
        plan = plan_of(args, tuple(args.argv))
        copy = Plan.from_dict(json.loads(json.dumps(plan.as_dict())))
        assert copy == plan
        assert copy.settings() == plan.settings()


def test_jobs_start_longest_first_and_report_in_order():
    """Slow simulators' jobs start first (so the last job to finish is not a
    long one running alone); noisy targets run before, alone; records keep
    the order of the jobs."""
    from harness.bench import runner
    from harness.bench.targets import JobResult, Target
    started = []

    class Fake(Target):
        def __init__(self, name, weight, parallel=True):
            self.name, self.job_weight, self.parallel = name, weight, parallel

        def run_job(self, impl, points, quick=False):
            started.append(self.name)
            return JobResult(self.name, impl)

    impl = next(i for i in discover() if i.scheme == "ascon-p12" and i.name == "ref")
    quick, slow, noisy = Fake("quick", 1.0), Fake("slow", 20.0), Fake("noisy", 1.0, False)
    jobs = [(quick, impl), (slow, impl), (noisy, impl), (quick, impl), (slow, impl)]
    _records, outcomes = runner.run_jobs(jobs, Plan(suites=("permutation",), quick=True,
                                                    workers=1),
                                         Progress(len(jobs), stream=io.StringIO()))
    assert started == ["noisy", "slow", "slow", "quick", "quick"]
    assert [o.target for o in outcomes] == ["quick", "slow", "noisy", "quick", "slow"]


def test_expected_seconds_prefer_the_last_run():
    from harness.bench.runner import expected_seconds, job_label
    t = TARGETS["rv32-ibex"]()
    q = TARGETS["rv32i-qemu"]()
    (impl,) = [i for i in discover() if (i.scheme, i.name) == ("ascon-aead128", "bi32")]
    w = expected_seconds([(t, impl), (q, impl)], {job_label(t.name, impl): 7.5})
    assert w == [7.5, 0.3 * q.job_weight]


def test_host_samples_follow_the_callgrind_counts(monkeypatch):
    """The host times an operation samples() times (201 up to 1 KiB, 33
    above) unless that passes SAMPLE_BUDGET instructions; then fewer, never
    below MIN_SAMPLES; without a count (no valgrind) as many as samples()
    says.  The counts are taken before the requests are written, and the
    requests and the judged answers ask the same numbers."""
    from harness.bench.targets import host
    from harness.bench.targets import job
    from harness.bench.targets.job import Point
    t = TARGETS["host"]()
    impl = next(i for i in host_impls() if (i.scheme, i.name) == ("dumbo", "ref"))
    fast, mid, slow = Point("encrypt", 0, 16), Point("encrypt", 0, 1024), Point("encrypt", 0, 32768)
    counts = {fast: 5_000, mid: host.SAMPLE_BUDGET // 50, slow: host.SAMPLE_BUDGET * 3}
    seen = []

    def counted(impl_, program, points):
        seen.append(list(points))
        return counts, None, None
    monkeypatch.setattr(t, "instruction_counts", counted)
    monkeypatch.setattr(t, "_bins", {impl: pathlib.Path("lwc-bench")})
    t._counted[impl] = counted(impl, None, [fast, mid, slow])
    assert [t.point_samples(impl, p, False) for p in (fast, mid, slow)] == [201, 50,
                                                                           host.MIN_SAMPLES]
    assert t.point_samples(impl, slow, True) == host.MIN_SAMPLES
    reqs, _pts, _st = job.requests(t, impl, [fast, mid, slow], False, "kat")
    assert [q.rsplit(" ", 1)[1] for q in reqs if q.startswith("measure")] == \
        ["201", "50", str(host.MIN_SAMPLES)]
    t._counted.clear()
    assert [t.point_samples(impl, p, False) for p in (fast, mid, slow)] == [201, 201, 33]
    # run_job counts first (here: stopped right after, at the build)
    monkeypatch.setattr(t, "build", lambda i: (_ for _ in ()).throw(host.BuildError("stop")))
    seen.clear()
    t.run_job(impl, [fast, slow])
    assert seen == [[fast, slow]]
