"""lwcbench's results cache (harness/bench/cache.py): an exact target's job
whose firmware image, simulator build and requests are byte-identical to an
earlier one's is answered from the cache, says so (reused_from: when, at
which commit), and gives the very records a measurement gives; the host's
clock is never reused; --fresh measures again; a corrupted or foreign entry
is rejected and measured anew; after one source file changes, only the jobs
whose firmware links it run again.

Each test has its own cache folder (LWC_BENCH_CACHE); the rest of the suite
runs with the cache off (conftest.py).
"""
from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess

from tests.helpers import ROOT
from harness.bench.cache import FORMAT, ResultsCache
from harness.bench.session import Response

LWCBENCH = ROOT / "lwcbench"
EXACT = "rv32i-qemu"


def lwcbench(cache: pathlib.Path, *args, extra: pathlib.Path | None = None):
    env = dict(os.environ, LWC_NO_SETUP="1", LWC_BENCH_CACHE=str(cache))
    env.pop("LWC_EXTRA_IMPLS", None)
    if extra is not None:
        env["LWC_EXTRA_IMPLS"] = str(extra)
    r = subprocess.run([str(LWCBENCH), "run", *args, "--out", "none", "--no-plots"], env=env,
                       capture_output=True, text=True, timeout=900)
    return r


def records(path: pathlib.Path) -> list[dict]:
    return json.loads(path.read_text())["results"]


def without_provenance(recs: list[dict]) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "reused_from"} for r in recs]


def run_json(cache, tmp_path, name, *args, extra=None, expect=0):
    out = tmp_path / f"{name}.json"
    r = lwcbench(cache, *args, "--json", str(out), extra=extra)
    assert r.returncode == expect, r.stdout + r.stderr
    return records(out), r


SMALL = ("--target", EXACT, "--scheme", "ascon-aead128", "--impl", "bi32", "--impl",
         "asm_rv32_shift", "--suite", "thesis")


def test_an_unchanged_job_is_answered_from_the_cache(tmp_path):
    cache = tmp_path / "cache"
    first, r1 = run_json(cache, tmp_path, "first", *SMALL)
    assert first and all(r["reused_from"] is None and r["status"] == "ok" for r in first)
    assert "answered from the results cache" in r1.stdout and "0 answered" in r1.stdout
    second, r2 = run_json(cache, tmp_path, "second", *SMALL)
    assert without_provenance(second) == without_provenance(first)
    for r in second:  # provenance: when and at which commit it was measured
        rf = r["reused_from"]
        assert rf is not None and rf["measured_at"] and rf["commit"], r
        assert set(rf) == {"measured_at", "commit", "cache_key"}
    assert "2 answered from the results cache" in r2.stdout
    assert "(2 from the cache)" in r2.stdout  # the target's summary line
    # the jobs' times: measured in the first run, kept as then in the second
    env1, env2 = (json.loads((tmp_path / f"{n}.json").read_text())["environment"]
                  for n in ("first", "second"))
    assert env2["job_seconds"] == {} and env1["job_seconds"]
    assert env2["reused_job_seconds"] == env1["job_seconds"]
    fresh, _ = run_json(cache, tmp_path, "fresh", *SMALL, "--fresh")
    assert all(r["reused_from"] is None for r in fresh)
    assert without_provenance(fresh) == without_provenance(first)


def test_the_host_clock_is_never_reused_its_callgrind_counts_are(tmp_path):
    """rdtsc is measured on every run; callgrind's exact counts of the same
    program are read back (instructions_reused_from), equal, and a damaged
    entry is counted again."""
    cache = tmp_path / "cache"
    args = ("--target", "host", "--scheme", "ascon-hash256", "--impl", "opt64",
            "--suite", "thesis", "--quick")
    runs = []
    for name in ("a", "b"):
        recs, _ = run_json(cache, tmp_path, name, *args)
        assert recs and all(r["reused_from"] is None for r in recs)
        runs.append(recs)
    assert not (cache / "host").exists()
    assert all("instructions_reused_from" not in r for r in runs[0])
    assert all(r["instructions_reused_from"]["commit"] for r in runs[1])
    assert [r["instructions"] for r in runs[1]] == [r["instructions"] for r in runs[0]]
    assert all(isinstance(r["instructions"], int) and r["instructions"] > 0 for r in runs[1])
    (entry,) = (cache / "host-callgrind").glob("*.json")
    entry.write_text(entry.read_text().replace("instructions=", "instructions=1"))
    recs, r = run_json(cache, tmp_path, "c", *args)
    assert "rejected (checksum mismatch" in r.stdout + r.stderr
    assert all("instructions_reused_from" not in r for r in recs)
    assert [r["instructions"] for r in recs] == [r["instructions"] for r in runs[0]]
    # how long it took is remembered (the next run's order and estimate), not its result
    assert set(ResultsCache(cache).job_seconds()) == {"host ascon-hash256/opt64"}


def test_job_times_are_merged_over_runs(tmp_path):
    """job-seconds.json keeps every job's last measured time: a run of
    other jobs adds its own and leaves the rest; a later time replaces an
    earlier one; a damaged file counts as none.  runner reads it first."""
    from harness.bench import runner
    c = ResultsCache(tmp_path)
    assert c.job_seconds() == {}
    c.remember_job_seconds({"avr-atmega128 dumbo/opt32": 52.2, "msp430 dumbo/opt32": 28.5})
    c.remember_job_seconds({"msp430 dumbo/opt32": 20.0, "host ascon-aead128/ref": 0.4})
    assert c.job_seconds() == {"avr-atmega128 dumbo/opt32": 52.2, "msp430 dumbo/opt32": 20.0,
                               "host ascon-aead128/ref": 0.4}
    assert runner.previous_job_seconds(c) == c.job_seconds()
    (tmp_path / "job-seconds.json").write_text("{not json")
    assert c.job_seconds() == {}


def entries(cache: pathlib.Path) -> list[pathlib.Path]:
    return sorted((cache / EXACT).glob("*.json"))


def test_a_corrupted_entry_is_measured_anew(tmp_path):
    cache = tmp_path / "cache"
    args = ("--target", EXACT, "--scheme", "ascon-hash256", "--impl", "bi32",
            "--suite", "thesis")
    first, _ = run_json(cache, tmp_path, "first", *args)
    (entry,) = entries(cache)
    data = json.loads(entry.read_text())
    # a count changed on disk: the checksum no longer matches
    for resp in data["responses"]:
        if resp["request"].startswith("measure") and resp["ok"]:
            resp["ok"] = resp["ok"].replace("instructions=", "instructions=9")
            break
    else:
        raise AssertionError("no measure answer in the entry")
    entry.write_text(json.dumps(data))
    again, r = run_json(cache, tmp_path, "again", *args)
    assert "rejected (checksum mismatch (corrupted))" in r.stdout, r.stdout
    assert all(x["reused_from"] is None for x in again)
    assert without_provenance(again) == without_provenance(first)
    # garbage instead of JSON: rejected too
    (entry,) = entries(cache)
    entry.write_text("{ not json")
    _, r = run_json(cache, tmp_path, "garbage", *args)
    assert "rejected" in r.stdout and "measured anew" in r.stdout


def test_a_foreign_entry_is_rejected(tmp_path):
    cache = tmp_path / "cache"
    a = ("--target", EXACT, "--scheme", "ascon-hash256", "--impl", "bi32", "--suite", "thesis")
    b = ("--target", EXACT, "--scheme", "ascon-hash256", "--impl", "opt64", "--suite", "thesis")
    run_json(cache, tmp_path, "a", *a)
    (entry_a,) = entries(cache)
    first_b, _ = run_json(cache, tmp_path, "b", *b)
    (entry_b,) = [e for e in entries(cache) if e != entry_a]
    shutil.copyfile(entry_a, entry_b)  # bi32's answers under opt64's key
    again_b, r = run_json(cache, tmp_path, "b2", *b)
    assert "foreign entry" in r.stdout, r.stdout
    assert all(x["reused_from"] is None for x in again_b)
    assert without_provenance(again_b) == without_provenance(first_b)


def test_cache_checks_its_entries(tmp_path):
    """The entry's checks one by one, through the class itself."""
    c = ResultsCache(tmp_path, commit="abc")
    reqs = ["hello", "overhead 1"]
    resp = [Response("hello", "ok protocol=2"), Response("overhead 1", "ok instructions=3")]
    key = c.key("t", "f" * 64, "s" * 64, reqs)
    assert key != c.key("t", "f" * 64, "s" * 64, reqs[:1])
    assert key != c.key("t", "e" * 64, "s" * 64, reqs)  # another image
    assert key != c.key("t", "f" * 64, "r" * 64, reqs)  # another simulator
    assert key != c.key("u", "f" * 64, "s" * 64, reqs)  # another target
    c.store("t", key, reqs, resp, "x/y")
    got, prov = c.load("t", key, reqs)
    assert [(g.request, g.ok) for g in got] == [(r.request, r.ok) for r in resp]
    assert prov["commit"] == "abc" and prov["cache_key"] == key[:16]
    assert c.load("t", key, ["hello", "overhead 2"]) is None  # other requests
    assert "requests differ" in c.notes[-1]
    c.store("t", key, reqs, resp, "x/y")
    path = c.path("t", key)
    data = json.loads(path.read_text())
    data["format"] = FORMAT + "x"
    path.write_text(json.dumps(data))
    assert c.load("t", key, reqs) is None and "format" in c.notes[-1]
    assert not path.exists()  # a rejected entry is removed
    c.store("t", key, reqs, resp, "x/y")
    assert ResultsCache(tmp_path, fresh=True).load("t", key, reqs) is None  # --fresh
    assert c.load("t", key, reqs) is not None


def copy_perm_impls(extra: pathlib.Path) -> list[pathlib.Path]:
    """Two copies of the RV32I assembly of p^6, each with its own .S."""
    src = ROOT / "crypto_perm" / "ascon-p6"
    scheme = extra / "crypto_perm" / "ascon-p6"
    scheme.mkdir(parents=True)
    for f in ("scheme.h", "kat-via", "via.c"):
        shutil.copy(src / f, scheme / f)
    asm = (ROOT / "src" / "ascon" / "rv32" / "shift.S").read_text()
    folders = []
    for name in ("cache_a", "cache_b"):
        d = scheme / name
        shutil.copytree(src / "asm_rv32_shift", d)
        (d / "ascon.S").write_text('#include "api.h"\n' + asm)
        folders.append(d)
    return folders


def test_after_one_source_changes_only_its_jobs_run_again(tmp_path):
    cache, extra = tmp_path / "cache", tmp_path / "extra"
    a, _b = copy_perm_impls(extra)
    args = ("--target", EXACT, "--target", "rv32-zbb-qemu", "--scheme", "ascon-p6",
            "--impl", "cache_a", "--impl", "cache_b", "--impl", "bi32")
    first, _ = run_json(cache, tmp_path, "first", *args, extra=extra)
    assert len(first) == 6 and all(r["status"] == "ok" for r in first)
    with open(a / "ascon.S", "a") as f:  # one more instruction in cache_a's code
        f.write("\n.text\n.globl cache_test_extra\ncache_test_extra:\n  addi a0, a0, 1\n  ret\n")
    second, _ = run_json(cache, tmp_path, "second", *args, extra=extra)
    again = {(r["target"], r["impl"]) for r in second if r["reused_from"] is None}
    assert again == {(EXACT, "cache_a"), ("rv32-zbb-qemu", "cache_a")}
    assert all(r["status"] == "ok" for r in second)
    grew = {r["target"]: r["code_bytes"] for r in second if r["impl"] == "cache_a"}
    was = {r["target"]: r["code_bytes"] for r in first if r["impl"] == "cache_a"}
    assert all(grew[t] > was[t] for t in was)  # the change is in the measured image


def test_an_unchanged_chart_is_copied_not_drawn(tmp_path, monkeypatch):
    """The results folder's charts are drawn again only when what they show
    changed (a warm run's time was mostly drawing)."""
    from harness.bench.output import folder, plots
    monkeypatch.setattr(plots, "FIGURE_CACHE", tmp_path / "figures")
    drawn = []
    real = plots.bar_chart
    monkeypatch.setattr(plots, "bar_chart", lambda *a: drawn.append(a[1]) or real(*a))
    rec = {"target": "rv32i-qemu", "scheme": "ascon-hash256", "impl": "bi32", "op": "hash",
           "adlen": 0, "mlen": 16, "cycles": None, "instructions": 4000, "samples": 1,
           "kat": "pass", "code_bytes": 100, "stack_bytes": 200, "status": "ok",
           "instructions_per_byte": 250.0, "cycles_per_byte": None}
    data = {"results": [rec], "environment": {}}
    first = folder.write_folder(data, tmp_path / "a", None)
    assert drawn == ["rv32i-qemu"]
    again = folder.write_folder(data, tmp_path / "b", None)
    assert drawn == ["rv32i-qemu"]  # copied
    png = [p for p in first if p.suffix == ".png"]
    assert png and all((tmp_path / "b" / p.relative_to(tmp_path / "a")).read_bytes() ==
                       p.read_bytes() for p in png)
    assert len(again) == len(first)
    rec2 = dict(rec, instructions=4016, instructions_per_byte=251.0)
    folder.write_folder({"results": [rec2], "environment": {}}, tmp_path / "c", None)
    assert drawn == ["rv32i-qemu", "rv32i-qemu"]  # the data changed: drawn again


def test_charts_drawn_in_parallel_are_those_drawn_one_by_one(tmp_path, monkeypatch):
    """The charts not in the figure cache are drawn by forked processes,
    one per core; the files are those drawn in this process."""
    from harness.bench.output import folder, plots
    recs = [{"target": t, "scheme": "ascon-hash256", "impl": "bi32", "op": "hash", "adlen": 0,
             "mlen": m, "cycles": None, "instructions": 4000 + m * 30, "samples": 1,
             "kat": "pass", "code_bytes": 100, "stack_bytes": 200, "status": "ok",
             "instructions_per_byte": (4000 + m * 30) / m, "cycles_per_byte": None}
            for t in ("rv32i-qemu", "rv64-qemu") for m in (16, 64, 1536, 32768)]
    data = {"results": recs, "environment": {}}
    files = {}
    for cores in (2, 1):
        monkeypatch.setattr(plots, "FIGURE_CACHE", tmp_path / f"figures{cores}")
        monkeypatch.setattr(plots.os, "cpu_count", lambda cores=cores: cores)
        pool = plots.multiprocessing.get_context("fork").Pool
        forks = []
        monkeypatch.setattr(plots.multiprocessing.get_context("fork"), "Pool",
                            lambda n, pool=pool, **kw: forks.append(n) or pool(n, **kw))
        out = folder.write_folder(data, tmp_path / f"r{cores}", None)
        assert forks == ([2] if cores == 2 else []), forks
        files[cores] = {p.relative_to(tmp_path / f"r{cores}"): p.read_bytes()
                        for p in out if p.suffix == ".png"}
    assert len(files[2]) >= 2 and files[2] == files[1]


def _sigterm_is_default(_n):
    import signal
    return signal.getsignal(signal.SIGTERM) == signal.SIG_DFL


def test_a_drawing_process_has_not_the_runs_signal_handlers():
    """The run turns SIGTERM into an exception (cli.py); the pool ends its
    drawing processes with SIGTERM: they must die quietly, not print a
    traceback (seen at the end of a run)."""
    import multiprocessing
    import signal
    from harness.bench.output import plots

    def handler(signum, frame):
        raise RuntimeError("the run's handler")
    old = signal.signal(signal.SIGTERM, handler)
    try:
        ctx = multiprocessing.get_context("fork")
        pool = ctx.Pool(1)
        try:
            assert pool.map(_sigterm_is_default, [0]) == [False]  # inherited, as before
        finally:  # ended by its task queue, not SIGTERM: its handler raises (and once
            pool.close()  # lost the signal in a lock's wait, hanging the suite)
            pool.join()
        with ctx.Pool(1, initializer=plots._drawing_process) as pool:
            assert pool.map(_sigterm_is_default, [0]) == [True]
    finally:
        signal.signal(signal.SIGTERM, old)
