"""The progress of a run (harness/bench/runner.py's Progress): the bar moves
by the jobs' expected cost (the cache's answers included), the estimate of
the time left plays out the schedule on the workers, scales each target by
its own pace, learns how much the cache answers, and nothing is written
after the run's last word.
"""
from __future__ import annotations

import io
import time

import pytest

from harness.bench.pool import Progress


def test_progress_without_terminal_prints_one_line_per_finished_job():
    out = io.StringIO()
    p = Progress(4, stream=out, width=8)
    p.start(0, "host a/ref")
    p.start(1, "host a/opt64")
    p.end(1, "host a/opt64 ok")
    p.end(0, "host a/ref ok")
    p.finish()
    lines = out.getvalue().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("[##......]  25% ") and lines[0].endswith(
        "| 1/4 jobs | host a/opt64 ok")
    assert lines[1].startswith("[####....]  50% ") and lines[1].endswith(
        "| 2/4 jobs | host a/ref ok")
    assert "left" in lines[1]  # an estimate once something finished


def test_progress_advances_by_expected_cost():
    """A long job weighs what it costs: the bar moves by weights, not jobs;
    a job answered from the cache is done too: it moves the bar by its weight."""
    out = io.StringIO()
    p = Progress(3, stream=out, width=10, weights=[90.0, 5.0, 5.0])
    assert p.eta() is None  # nothing finished: no estimate
    p.end(1, "qemu x ok")
    assert p.fraction() == pytest.approx(0.05)
    p.end(2, "qemu y ok", reused=True)
    assert p.fraction() == pytest.approx(0.10)
    p.end(0, "ibex z ok")
    assert p.fraction() == pytest.approx(1.0)
    assert out.getvalue().splitlines()[-1].startswith("[##########] 100% ")


def test_progress_moves_when_every_job_comes_from_the_cache():
    """A warm run: every job answered from the results cache.  The bar goes
    from 0 to 100% by the jobs' weights (it stayed at 0% until the end),
    and no estimate of the time left is made from jobs that cost nothing."""
    out = io.StringIO()
    p = Progress(4, stream=out, width=10, weights=[60.0, 20.0, 10.0, 10.0])
    shown = []
    for n in (1, 0, 3, 2):
        p.end(n, f"qemu {n} ok (reused)", reused=True)
        shown.append(round(p.fraction(), 3))
        assert p.eta() is None
    assert shown == [0.2, 0.8, 0.9, 1.0]
    lines = out.getvalue().splitlines()
    assert [ln[:17] for ln in lines] == ["[##........]  20%", "[########..]  80%",
                                        "[#########.]  90%", "[##########] 100%"]
    assert not any("left" in ln for ln in lines)


def test_progress_estimate_counts_only_measured_cost(monkeypatch):
    """Half the cost answered from the cache at once, then a quarter
    measured in 10 s: a quarter remains, about 10 s (the cache's half does
    not make the measured rate look twice as fast)."""
    from harness.bench import runner
    now = [100.0]
    monkeypatch.setattr(runner.time, "monotonic", lambda: now[0])
    p = Progress(3, stream=io.StringIO(), weights=[50.0, 25.0, 25.0])
    p.start(1, "b")
    p.end(0, "a", reused=True)
    assert p.fraction() == pytest.approx(0.5) and p.eta() is None
    now[0] += 10
    p.end(1, "b")
    assert p.fraction() == pytest.approx(0.75)
    assert p.eta() == pytest.approx(10.0)


def test_progress_estimate_plays_out_the_schedule(monkeypatch):
    """Two threads, a long job and six short ones: when the first short
    one ends, the long one holds a thread for 25 s more and the other
    thread runs the five short ones left meanwhile: 25 s, not the 60 s
    that the time so far scaled by the cost left would say.  The jobs that
    run alone first (a noisy clock) are added one after the other."""
    from harness.bench import runner
    now = [0.0]
    monkeypatch.setattr(runner.time, "monotonic", lambda: now[0])
    p = Progress(7, stream=io.StringIO(), weights=[30.0] + [5.0] * 6, workers=2)
    p.start(0, "long")
    p.start(1, "short")
    now[0] = 5.0
    p.end(1, "short")
    assert p.eta() == pytest.approx(25.0)
    p.start(2, "short")
    now[0] = 12.5  # 12.5 s for 10 s of weights: the rest costs 1.25 times its weight
    p.end(2, "short")
    assert p.eta() == pytest.approx(max(30 * 1.25 - 12.5, 4 * 5 * 1.25))
    q = Progress(4, stream=io.StringIO(), weights=[2.0, 2.0, 10.0, 10.0], workers=2,
                 lone={0, 1})
    q.start(0, "host")
    now[0] += 2
    q.end(0, "host")
    assert q.eta() == pytest.approx(2 + 10)  # the other lone job, then both in parallel


def test_progress_scales_each_target_by_its_own_jobs(monkeypatch):
    """The host's jobs taking twice their weights says nothing of a
    simulator's: its jobs keep their weights until one of them is measured,
    then take that target's own pace (a target not measured yet: the pace
    of the parallel jobs measured so far)."""
    from harness.bench import runner
    now = [0.0]
    monkeypatch.setattr(runner.time, "monotonic", lambda: now[0])
    p = Progress(5, stream=io.StringIO(), weights=[1.0, 1.0, 10.0, 10.0, 4.0], workers=2,
                 lone={0, 1}, groups=["host", "host", "ibex", "ibex", "avr"])
    p.start(0, "host")
    now[0] = 2.0
    p.end(0, "host")
    # the other host job (2 s at the host's pace), then ibex 10 and 10 on the two
    # workers, avr 4 after one of them, all at their weights
    assert p.eta() == pytest.approx(2.0 + 10.0 + 4.0)
    p.start(1, "host")
    now[0] = 4.0
    p.end(1, "host")
    p.start(2, "ibex")
    p.start(3, "ibex")
    now[0] = 34.0  # ibex: 30 s for a weight of 10
    p.end(2, "ibex")
    assert p.eta() == pytest.approx(max(3 * 10 - 30, 3 * 4))  # avr at the parallel pace too


def test_progress_first_estimate_is_the_run_time_of_a_small_run():
    """A small run on two threads through each(): a long job started first
    and six short ones beside it.  The estimate made when the first job
    ends, added to the time so far, is the run's time within a quarter."""
    from harness.bench.pool import each

    class Fake:
        parallel, job_weight, name = True, 1.0, "fake"

    seconds = [1.2] + [0.2] * 6
    jobs = [(Fake(), n) for n in range(len(seconds))]
    p = Progress(len(jobs), stream=io.StringIO(), weights=seconds, workers=2)
    first = []
    t0 = time.monotonic()

    def one(n, _t, _i):
        p.start(n, f"job {n}")
        time.sleep(seconds[n])
        p.end(n, f"job {n} ok")
        if not first:
            first.append(time.monotonic() - t0 + p.eta())

    each(jobs, one, workers=2, weights=seconds)
    total = time.monotonic() - t0
    assert total == pytest.approx(1.2, rel=0.25)
    assert first[0] == pytest.approx(total, rel=0.25)


def test_progress_says_nothing_after_finish():
    """A job thread still ending after an interrupt must not write after the
    run's last word (seen: a progress line after 'lwcbench: interrupted')."""
    out = io.StringIO()
    p = Progress(2, stream=out, width=4)
    p.end(0, "x ok")
    p.finish()
    before = out.getvalue()
    p.start(1, "y")
    p.end(1, "y interrupted")
    p.note("late")
    assert out.getvalue() == before and p.done == 2


def test_progress_estimate_learns_how_much_the_cache_answers(monkeypatch):
    """A warm run: the host's jobs are measured (never cached), then a
    simulator's first job is answered from the results cache: the jobs
    left of every reusable target cost nothing more (the estimate falls
    from the full run to ~0); one of three measured: a third of its
    weights; a target whose jobs the cache cannot answer keeps its cost."""
    from harness.bench import runner
    now = [0.0]
    monkeypatch.setattr(runner.time, "monotonic", lambda: now[0])
    groups = ["host", "ibex", "ibex", "ibex", "ibex", "avr", "avr", "board"]
    weights = [2.0, 30.0, 30.0, 30.0, 30.0, 10.0, 10.0, 6.0]
    p = Progress(8, stream=io.StringIO(), weights=weights, workers=2, lone={0},
                 groups=groups, reusable={"ibex", "avr"})
    p.start(0, "host")
    now[0] = 2.0
    p.end(0, "host")
    # nothing known of the cache yet: full weights (ibex 30 + 30 on each thread, avr 10
    # on each, then the board's 6)
    assert p.eta() == pytest.approx(76.0)
    p.start(1, "ibex")
    p.end(1, "ibex", reused=True)
    # ibex and avr (not started: every reusable group's share) cost nothing; the board 6
    assert p.eta() == pytest.approx(6.0)
    for n in (2, 3):
        p.start(n, "ibex")
    now[0] = 32.0
    p.end(2, "ibex")           # measured: 30 s for a weight of 30
    p.end(3, "ibex", reused=True)
    # ibex: 1 of 3 measured; avr: not started, 1 of 3 of all reusable jobs
    assert p.measured_share("ibex") == pytest.approx(1 / 3)
    assert p.measured_share("avr") == pytest.approx(1 / 3)
    assert p.measured_share("board") == 1.0
    # heaviest first: ibex's 10 on one thread; avr's 10/3 twice and the board's 6 on the other
    assert p.eta() == pytest.approx(max(30 / 3, 2 * 10 / 3 + 6))
