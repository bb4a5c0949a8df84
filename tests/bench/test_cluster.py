"""./lwcbench run --cluster: the jobs on a Dask distributed cluster.

A scheduler and two workers (`./lwcbench worker`) run on the loopback
address; a small matrix of exact targets goes through them and its
records equal a local run's; a worker killed in the middle of a job loses
no job (the scheduler hands it to the other); an unreachable scheduler is a
one-line error within 10 seconds; a worker waits for its scheduler; a run
with no worker stops, saying so.
"""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from tests.helpers import ROOT

LWCBENCH = ROOT / "lwcbench"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def env() -> dict:
    e = dict(os.environ, LWC_NO_SETUP="1")
    e.pop("LWC_EXTRA_IMPLS", None)
    return e


def wait_for(cond, seconds: float, what: str):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


class Cluster:
    """A scheduler and n workers on 127.0.0.1, each in its own process group."""

    def __init__(self, tmp, workers: int = 2, scheduler: bool = True):
        self.port = free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.procs: dict[str, subprocess.Popen] = {}
        self.logs = tmp
        if scheduler:
            self.start_scheduler()
        for k in range(workers):
            self._start(f"w{k}", [str(LWCBENCH), "worker", self.address, "--nthreads", "1",
                                  "--name", f"w{k}"])
        if workers:
            wait_for(lambda: self.workers() == workers, 90, f"{workers} workers")

    def start_scheduler(self):
        self._start("scheduler", [sys.executable, "-m", "distributed.cli.dask_scheduler",
                                  "--host", "127.0.0.1", "--port", str(self.port),
                                  "--no-dashboard"])
        wait_for(self._listening, 60, "the scheduler")

    def _start(self, name, argv):
        log = open(self.logs / f"{name}.log", "w")
        self.procs[name] = subprocess.Popen(argv, cwd=ROOT, env=env(), stdout=log,
                                            stderr=subprocess.STDOUT, start_new_session=True)

    def _listening(self) -> bool:
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
            return True
        except OSError:
            return False

    def workers(self) -> int:
        from distributed import Client
        with Client(self.address, timeout="10s") as c:
            return len(c.scheduler_info()["workers"])

    def kill(self, name: str) -> None:
        os.killpg(self.procs[name].pid, signal.SIGKILL)
        self.procs[name].wait()

    def close(self):
        for p in self.procs.values():
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                p.wait()


@pytest.fixture
def cluster(tmp_path):
    c = Cluster(tmp_path)
    try:
        yield c
    finally:
        c.close()


def run(*args, timeout=900):
    return subprocess.run([str(LWCBENCH), "run", *args, "--out", "none", "--no-plots"],
                          env=env(), capture_output=True, text=True, timeout=timeout)


EXACT_FIELDS = ("target", "scheme", "impl", "op", "adlen", "mlen", "cycles", "instructions",
                "samples", "kat", "code_bytes", "stack_bytes", "status")


def exact(recs):
    return sorted(tuple(r[k] for k in EXACT_FIELDS) for r in recs)


MATRIX = ("--target", "rv32i-qemu", "--target", "msp430", "--target", "avr-atmega128",
          "--scheme", "ascon-aead128", "--scheme", "ascon-p6", "--impl", "bi32",
          "--impl", "lowsize", "--suite", "thesis", "--suite", "permutation")


@pytest.mark.slow
def test_cluster_records_equal_a_local_run(cluster, tmp_path):
    r = run(*MATRIX, "--cluster", cluster.address, "--json", str(tmp_path / "c.json"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "sent to the scheduler" in r.stderr
    local = run(*MATRIX, "--json", str(tmp_path / "l.json"))
    assert local.returncode == 0, local.stdout + local.stderr
    c = json.loads((tmp_path / "c.json").read_text())["results"]
    lo = json.loads((tmp_path / "l.json").read_text())["results"]
    assert len(c) == len(lo) > 0
    assert exact(c) == exact(lo)
    assert all(x["status"] == "ok" and x["kat"] == "pass" for x in c)


@pytest.mark.slow
def test_a_killed_worker_loses_no_job(cluster, tmp_path):
    # three Ibex jobs of several seconds each: both workers are busy when one
    # dies, and the survivor runs the lost job and the third
    args = ("--target", "rv32-ibex", "--scheme", "ascon-p12",
            "--impl", "asm_rv32_shift", "--impl", "asm_rv32_zbkb_bi32", "--impl", "bi32",
            "--suite", "permutation", "--cluster", cluster.address,
            "--json", str(tmp_path / "k.json"))
    p = subprocess.Popen([str(LWCBENCH), "run", *args, "--out", "none", "--no-plots"],
                         env=env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    log = cluster.logs / "w0.log"
    # the worker is in a job once its simulator runs: kill the worker then
    wait_for(lambda: subprocess.run(["pgrep", "-g", str(cluster.procs["w0"].pid),
                                     "Vibex_simple"], capture_output=True).returncode == 0,
             120, "a job on worker w0")
    cluster.kill("w0")
    out, err = p.communicate(timeout=900)
    assert p.returncode == 0, out + err + log.read_text()[-2000:]
    recs = json.loads((tmp_path / "k.json").read_text())["results"]
    assert len(recs) == 3 and all(r["status"] == "ok" for r in recs), recs
    assert "3 of 3" in out


def test_an_unreachable_scheduler_is_a_one_line_error():
    port = free_port()  # nothing listens there
    t0 = time.monotonic()
    r = run("--target", "rv32i-qemu", "--cluster", f"tcp://127.0.0.1:{port}", timeout=60)
    assert time.monotonic() - t0 < 10
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot reach the Dask scheduler" in lines[0], r.stderr


def test_a_worker_of_an_unreachable_scheduler_is_a_one_line_error():
    """It printed Dask's retries for 32 s and exited 1 without a word of
    ours: the scheduler is checked first, as for run --cluster, waited for
    --wait seconds (said), then one line."""
    port = free_port()  # nothing listens there
    address = f"tcp://127.0.0.1:{port}"
    for wait, said in ((0, []), (2, [f"lwcbench worker: waiting up to 2 s for the Dask "
                                     f"scheduler at {address} (cannot reach the Dask "
                                     f"scheduler at {address}: Connection refused)"])):
        t0 = time.monotonic()
        r = subprocess.run([str(LWCBENCH), "worker", address, "--wait", str(wait)], env=env(),
                           capture_output=True, text=True, timeout=60)
        assert wait <= time.monotonic() - t0 < wait + 10
        assert r.returncode == 2 and r.stdout == ""
        assert r.stderr.splitlines() == said + [
            f"lwcbench: cannot reach the Dask scheduler at {address}: Connection refused "
            f"(waited {wait} s)"]


def test_a_worker_started_before_its_scheduler_joins_it(tmp_path):
    """A job system starts the worker and the scheduler together: the worker
    waits for the scheduler and joins it when it comes up."""
    c = Cluster(tmp_path, workers=0, scheduler=False)
    try:
        c._start("w0", [str(LWCBENCH), "worker", c.address, "--nthreads", "1", "--wait", "60"])
        time.sleep(3)
        assert c.procs["w0"].poll() is None, (tmp_path / "w0.log").read_text()
        c.start_scheduler()
        wait_for(lambda: c.workers() == 1, 90, "the worker")
        assert "waiting up to 60 s" in (tmp_path / "w0.log").read_text()
    finally:
        c.close()


def test_a_run_with_no_worker_stops_with_a_clear_message(tmp_path):
    """--cluster with a scheduler and no worker: the run says that it waits,
    then stops (exit 2) naming what to start; it does not wait without a
    word."""
    c = Cluster(tmp_path, workers=0)
    try:
        t0 = time.monotonic()
        r = run("--target", "rv32i-qemu", "--cluster", c.address, "--cluster-wait", "3",
                timeout=120)
        assert 3 <= time.monotonic() - t0 < 60
        assert r.returncode == 2, r.stderr
        lines = r.stderr.strip().splitlines()
        assert lines[0].startswith(f"cluster: no worker on {c.address} yet: waiting up to 3 s")
        assert lines[-1] == (f"lwcbench: no worker joined the Dask scheduler at {c.address} "
                             f"within 3 s: start ./lwcbench worker {c.address} on a machine, "
                             f"or run without --cluster"), r.stderr
    finally:
        c.close()


def test_a_peer_that_never_answers_is_a_one_line_error():
    with socket.socket() as s:  # accepts the connection, never speaks
        s.bind(("127.0.0.1", 0))
        s.listen(4)
        t0 = time.monotonic()
        r = run("--target", "rv32i-qemu", "--cluster", f"tcp://127.0.0.1:{s.getsockname()[1]}",
                timeout=60)
        assert time.monotonic() - t0 < 10
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot reach the Dask scheduler" in lines[0], r.stderr


@pytest.mark.parametrize("argv", [["run", "--target", "rv32i-qemu", "--cluster", "foo"],
                                  ["run", "--target", "rv32i-qemu", "--cluster",
                                   "tcp://127.0.0.1:99999"],
                                  ["worker", "127.0.0.1:8786"]])
def test_a_bad_scheduler_address_is_a_one_line_error(argv):
    r = subprocess.run([str(LWCBENCH), *argv], env=env(), capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "is not a scheduler address" in lines[0], r.stderr
