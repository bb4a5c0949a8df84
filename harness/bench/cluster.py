"""./lwcbench run --cluster tcp://HOST:PORT: the jobs on a Dask cluster.

A lab's machines each run `./lwcbench worker tcp://HOST:PORT` in a
checkout of the same commit (the worker sets itself up as ./lwcbench does,
then serves jobs); one machine runs the scheduler
(`python3 -m distributed.cli.dask_scheduler --port PORT`).  The run sends
every job of an exact target (a simulator) to the scheduler; a worker
builds the firmware, runs the KAT and the measurements in its own
checkout (remote_job) and sends back the job's result as plain data,
which the run turns into records and reports exactly as a local job's.
A worker lost mid-run loses no job: the scheduler gives its jobs to
another.  The host's clock jobs, and implementations from LWC_EXTRA_IMPLS
(folders the workers do not have), run here.  A worker at another commit
refuses the job (status failed, the reason given).
"""
from __future__ import annotations

import socket
import threading
import time

from harness.bench.cache import ResultsCache, commit_label
from harness.bench.impls import all_impls, is_extra
from harness.bench.plan import Plan, points_of
from harness.bench.targets import TARGETS, JobResult, Point, Target
from harness.discover import Impl

CONNECT_SECONDS = 5  # the one-line error of an unreachable scheduler comes within 10 s
# How long a worker waits for its scheduler (started together, by a job
# system or a script: the scheduler may come up later), and a run for its
# first worker: ./lwcbench worker --wait, ./lwcbench run --cluster-wait.
WAIT_SECONDS = 120


class ClusterError(Exception):
    """The scheduler cannot be reached (a one-line message)."""


def scheduler_address(address: str) -> tuple[str, int]:
    """(host, port) of tcp://HOST:PORT, or ClusterError."""
    host, _sep, port = address.split("://", 1)[-1].rpartition(":")
    if not address.startswith(("tcp://", "tls://")) or not host or not port.isdigit() \
            or not 0 < int(port) < 65536:
        raise ClusterError(f"{address!r} is not a scheduler address: give tcp://HOST:PORT")
    return host, int(port)


def reachable(address: str) -> tuple[str, int]:
    """(host, port) of tcp://HOST:PORT once a TCP connection to it succeeds
    within CONNECT_SECONDS, or ClusterError: a refused or unroutable
    address answers at once here, where Dask (the client, a worker) would
    retry for half a minute."""
    host, port = scheduler_address(address)
    try:
        socket.create_connection((host.strip("[]"), port), timeout=CONNECT_SECONDS).close()
    except OSError as e:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: "
                           f"{e.strerror or e}") from e
    return host, port


def wait_reachable(address: str, seconds: float, say=None) -> tuple[str, int]:
    """reachable(address), tried again every second for up to `seconds`
    (say(text) is told once that it waits); then ClusterError naming the
    wait and the last reason."""
    end = time.monotonic() + seconds
    told = False
    while True:
        try:
            return reachable(address)
        except ClusterError as e:
            if time.monotonic() >= end:
                raise ClusterError(f"{e} (waited {seconds:g} s)") from e
            if say and not told:
                say(f"waiting up to {seconds:g} s for the Dask scheduler at {address} ({e})")
                told = True
            time.sleep(min(1.0, max(0.0, end - time.monotonic())))


def wait_for_workers(client, address: str, seconds: float, say=None) -> int:
    """The number of workers on the scheduler, waiting up to `seconds` for
    the first (say(text) is told once that it waits); ClusterError when
    none joined."""
    have = len(client.scheduler_info().get("workers", {}))
    if have:
        return have
    if say:
        say(f"cluster: no worker on {address} yet: waiting up to {seconds:g} s for one "
            f"(./lwcbench worker {address})")
    try:
        client.wait_for_workers(1, timeout=seconds)
    except (TimeoutError, OSError) as e:
        raise ClusterError(f"no worker joined the Dask scheduler at {address} within "
                           f"{seconds:g} s: start ./lwcbench worker {address} on a machine, "
                           f"or run without --cluster") from e
    return len(client.scheduler_info().get("workers", {}))


def connect(address: str):
    """A Client of the scheduler at address, or ClusterError."""
    try:
        from distributed import Client
    except ImportError as e:
        raise ClusterError("the Dask client is not installed (PyPI 'distributed'; "
                           "bash -c '. harness/setup.sh && lwc_setup cluster')") from e
    reachable(address)
    got: list = []

    def make():  # Dask's own timeout does not bound a peer that never answers
        try:
            got.append(Client(address, timeout=f"{CONNECT_SECONDS}s", set_as_default=True))
        except BaseException as e:  # noqa: BLE001 -- reported below
            got.append(e)

    th = threading.Thread(target=make, daemon=True)
    th.start()
    th.join(CONNECT_SECONDS + 1)
    if not got:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: no answer within "
                           f"{CONNECT_SECONDS + 1} s (is it a Dask scheduler?)")
    if isinstance(got[0], BaseException):
        e = got[0]
        why = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {why[:200]}") from e
    return got[0]


def local_only(t: Target, impl: Impl) -> bool:
    """Jobs that stay on this machine: noisy clocks (they measure this
    machine), folders only this machine has."""
    return not t.exact or not t.parallel or is_extra(impl)


# -- the worker side ------------------------------------------------------------
_targets: dict[tuple, Target] = {}
_lock = threading.Lock()


def _worker_target(name: str, plan: Plan) -> Target:
    """The worker's target for the run's plan, made once with its settings."""
    with _lock:
        key = (name, plan.timeout, plan.fresh)
        if key not in _targets:
            _targets[key] = TARGETS[name](plan.settings(ResultsCache.from_env(plan.fresh)))
        return _targets[key]


def remote_job(spec: dict) -> dict:
    """One job on a worker, from its own checkout and the run's plan (shipped
    as plain data): the result as plain data."""
    t0 = time.monotonic()
    host = socket.gethostname()
    mine = commit_label()
    if spec["commit"] != mine:
        return {"status": "failed",
                "detail": f"worker {host} is at commit {mine}, the run at {spec['commit']}: "
                          "check out the same commit on every worker"}
    impl = next((i for i in all_impls() if (i.top, i.scheme, i.name) == tuple(spec["impl"])),
                None)
    if impl is None:
        return {"status": "failed",
                "detail": f"worker {host} has no implementation {spec['impl'][1]}/"
                          f"{spec['impl'][2]}"}
    plan = Plan.from_dict(spec["plan"])
    t = _worker_target(spec["target"], plan)
    try:
        res = t.run_job(impl, points_of(impl, plan.suites), plan.quick)
    except Exception as e:  # a harness bug must not stop the worker
        res = JobResult(t.name, impl, status="crashed",
                        detail=f"harness error on {host}: {type(e).__name__}: {e}")
    return {"status": res.status, "kat": res.kat, "detail": res.detail,
            "code_bytes": res.code_bytes, "stack": res.stack,
            "values": [[_fields(p), v] for p, v in res.values.items()],
            "errors": [[_fields(p), e] for p, e in res.errors.items()],
            "reused_from": res.reused_from,
            "instructions_reused_from": res.instructions_reused_from,
            "image_sha256": res.image_sha256, "simulator_sha256": res.simulator_sha256,
            "seconds": round(time.monotonic() - t0, 2)}


def _fields(p: Point) -> list:
    return [p.op, p.adlen, p.mlen, list(p.sets)]


def _point(fields: list) -> Point:
    op, adlen, mlen, sets = fields
    return Point(op, adlen, mlen, tuple(sets))


def result_of(data: dict, target: Target, impl: Impl) -> JobResult:
    """The worker's plain data as the JobResult a local job gives."""
    res = JobResult(target.name, impl, status=data["status"], kat=data.get("kat", "skipped"),
                    detail=data.get("detail", ""), code_bytes=data.get("code_bytes"),
                    stack=dict(data.get("stack") or {}),
                    reused_from=data.get("reused_from"),
                    instructions_reused_from=data.get("instructions_reused_from"),
                    image_sha256=data.get("image_sha256"),
                    simulator_sha256=data.get("simulator_sha256"))
    res.values = {_point(p): v for p, v in data.get("values", [])}
    res.errors = {_point(p): e for p, e in data.get("errors", [])}
    res.seconds = data.get("seconds", 0.0)
    return res


def spec_of(target: Target, impl: Impl, plan: Plan, commit: str | None) -> dict:
    return {"target": target.name, "impl": [impl.top, impl.scheme, impl.name],
            "commit": commit, "plan": plan.as_dict()}


def results(client, plan: Plan, jobs: list[tuple[Target, Impl]], numbers: list[int],
            weights: list[float], stop: threading.Event):
    """Send the numbered jobs to the scheduler, heaviest first; yield (n,
    JobResult) as each comes back, until all came back or `stop` is set."""
    from distributed import as_completed

    commit = commit_label()
    futures = {}
    for n in sorted(numbers, key=lambda n: -weights[n]):
        t, i = jobs[n]
        f = client.submit(remote_job, spec_of(t, i, plan, commit), pure=False,
                          priority=int(weights[n] * 1000),
                          key=f"lwc-{t.name}-{i.scheme}-{i.name}-{time.monotonic_ns()}")
        futures[f] = n
    try:
        for f in as_completed(list(futures)):
            if stop.is_set():
                break
            n = futures[f]
            t, i = jobs[n]
            try:
                data = f.result()
            except Exception as e:  # noqa: BLE001 -- a job the cluster could not run
                data = {"status": "failed",
                        "detail": f"cluster: {type(e).__name__}: {str(e)[:200]}"}
            yield n, result_of(data, t, i)
    finally:
        if stop.is_set():
            client.cancel(list(futures))
