"""A job: one implementation on one target, the same way on every target.

run(target, impl, points) builds the program (target.build), sends it one
request list (requests: hello, overhead, kat, the measurements, the stack
probes) through a Session (target.open_session) or reads the answers back
from the results cache (cache_key), and judges them (judge: the greeting,
the counter overhead, the KAT against the official file, every answer
checked against its request).  What a target gives a job: build,
code_bytes, open_session, point_samples, exact, request_timeout, cache,
simulator_identity, counts_named (its counters' names) and extra_counts.
The target's description and its firmware build are elsewhere (the
package's docstring, firmware.py).
"""
from __future__ import annotations

import dataclasses

from harness.bench import added
from harness.bench import kat as katcheck
from harness.bench.cache import file_sha256
from harness.bench.impls import impl_id
from harness.bench.session import Response
from harness.discover import Impl

COUNTERS = ("cycles", "instructions")


class BuildError(Exception):
    pass


class DoesNotFit(BuildError):
    """The firmware is larger than the device's memory: the implementation
    is not available on this target (reported, not a failure)."""


class MeasureError(Exception):
    """The implementation crashed, hung or refused the operation."""


@dataclasses.dataclass(frozen=True)
class Point:
    """One measured operation: op on adlen bytes of AD and mlen of message;
    `sets` names the suites asking for it (thesis, sweep, grid)."""
    op: str
    adlen: int
    mlen: int
    sets: tuple[str, ...] = ()


@dataclasses.dataclass
class JobResult:
    """One implementation on one target."""
    target: str
    impl: Impl
    status: str = "ok"     # ok, does-not-fit, build-failed, kat-missing, kat-failed,
    #                        crashed, timed-out, bad-output, failed
    kat: str = "skipped"   # pass, fail, skipped
    detail: str = ""
    code_bytes: int | None = None
    glue_code_bytes: int | None = None    # an --add folder's glue (code_bytes: the folder's)
    stack: dict = dataclasses.field(default_factory=dict)    # op -> bytes
    values: dict = dataclasses.field(default_factory=dict)   # Point -> counts
    errors: dict = dataclasses.field(default_factory=dict)   # Point -> message
    seconds: float = 0.0
    # answers read back from the results cache: {measured_at, commit, cache_key}
    reused_from: dict | None = None
    # the host's callgrind counts read back from it (its rdtsc is measured)
    instructions_reused_from: dict | None = None
    # what was measured: the image's digest (Target.image_digest) and the
    # simulator's identity (the results cache's; None: a clock, a board)
    image_sha256: str | None = None
    simulator_sha256: str | None = None

    @property
    def failed(self) -> bool:
        return self.status not in ("ok", "does-not-fit")


def counts_of(fields: dict[str, str]) -> dict:
    """cycles / instructions (+ _min/_max) of an answer, as ints."""
    out = {}
    for c in COUNTERS:
        for suffix in ("", "_min", "_max"):
            if c + suffix in fields:
                out[c + suffix] = int(fields[c + suffix])
    return out


# each kind's operations, in the order they are measured and reported
OPS = {"aead": ("encrypt", "decrypt"), "hash": ("hash",), "perm": ("permutation",),
       "auth": ("auth",)}
# The null permutation (bench_core.c): measured beside each bare permutation
# through the same call, subtracted from it (records_of): the function's own
# cost.  Not an operation of its own in the records.
NULL_OP = "null-permutation"
OP_ORDER = [op for ops in OPS.values() for op in ops] + [NULL_OP]



def died_status(r) -> str:
    """The status of a job whose program stopped answering at response r."""
    return "timed-out" if r.hung else "crashed"


def unexpected_answer(r, impl: Impl, p: Point, samples: int | None = None) -> str | None:
    """Why the ok answer r to a measure (samples given) or stack request for
    point p is not the program's answer to it (None: it is).  Output the
    protocol does not have -- an implementation writing to the console, an
    answer to another request, a line cut short -- means the rest of the
    conversation cannot be trusted either."""
    if r.lines:
        return f"unexpected output before the answer: {r.lines[0][:80]!r}"
    f = r.fields
    want = {"scheme": impl.scheme, "impl": impl.name, "op": p.op, "adlen": str(p.adlen),
            "mlen": str(p.mlen)}
    if samples is not None:
        want["samples"] = str(samples)
    if any(f.get(k) != v for k, v in want.items()):
        return f"not the answer to this request: {r.ok[:120]!r}"
    try:
        counts_of(f)
        if "stack" in f:
            int(f["stack"])
    except ValueError:
        return f"unreadable answer: {r.ok[:120]!r}"
    return None


def stack_point(impl: Impl, op: str) -> Point:
    """Where an operation's stack is probed: 16 bytes (and 16 of AD)."""
    if impl.kind == "perm":
        return Point(op, 0, 0)
    return Point(op, 16 if impl.kind == "aead" else 0, 16)


def requests(target, impl: Impl, points: list[Point], quick: bool,
             kat_req: str) -> tuple[list[str], list[Point], list[Point]]:
    """A job's request list: hello, overhead, kat, the measurements (each
    length's encryption just before its decryption: the target then
    decrypts the ciphertext left by the encryption, bench_core.c), the
    stack probes; with the points in the order asked and the probes."""
    ops = sorted({p.op for p in points if p.op != NULL_OP}, key=OP_ORDER.index)
    stacks = [stack_point(impl, op) for op in ops]
    overhead_n = 1 if target.exact else 33
    points = sorted(points, key=lambda p: (p.adlen, p.mlen, OP_ORDER.index(p.op)))
    reqs = ["hello", f"overhead {overhead_n}", kat_req]
    reqs += [f"measure {impl.scheme} {impl.name} {p.op} {p.adlen} {p.mlen} "
             f"{target.point_samples(impl, p, quick)}" for p in points]
    reqs += [f"stack {impl.scheme} {impl.name} {p.op} {p.adlen} {p.mlen}" for p in stacks]
    return reqs, points, stacks


def cache_area(target, impl: Impl | None = None) -> str:
    """Where a job's answers are kept in the results cache: the target's
    shared entries; a folder added with --add (harness/bench/added.py) in
    an area of its own, added/<target>, never among the shared ones."""
    return f"added/{target.name}" if impl is not None and added.is_added(impl) else target.name


def cache_key(target, program: object, reqs: list[str], impl: Impl | None = None) -> str | None:
    """The job's key: its image, simulator and requests; an added folder's
    also holds the digest of the folder's files."""
    if target.cache is None or not target.exact:
        return None
    ident = target.simulator_identity()
    if ident is None:
        return None
    info = added.info(impl) if impl is not None else None
    keyed = [f"added {info['sha256']}", *reqs] if info else reqs
    return target.cache.key(cache_area(target, impl), file_sha256(program), ident, keyed)


def conversation(target, impl: Impl, program: object, reqs: list[str],
                 res: JobResult) -> tuple[list[Response] | None, str | None]:
    """The program's answers to reqs, and the cache key to keep live
    answers under (None: not cacheable, or read back from the cache:
    res.reused_from then says where they come from).  No answers: the
    program could not start; res says why."""
    key = cache_key(target, program, reqs, impl)
    if key is not None:
        hit = target.cache.load(cache_area(target, impl), key, reqs,
                                f"{target.name} {impl_id(impl)}")
        if hit is not None:
            res.reused_from = hit[1]
            return hit[0], None
    try:
        session = target.open_session(program)
    except (OSError, MeasureError) as e:
        res.status, res.detail = "crashed", f"cannot start: {e}"
        return None, None
    try:
        resp = session.run_all(reqs, [target.request_timeout] * len(reqs))
    except BaseException:  # interrupted: stop the program now
        session.abort()
        raise
    finally:
        session.close()
    return resp, key


def run(target, impl: Impl, points: list[Point], quick: bool = False) -> JobResult:
    res = JobResult(target.name, impl)
    try:
        program = target.build(impl)
    except DoesNotFit as e:
        res.status, res.detail = "does-not-fit", added.in_source_terms(impl, str(e))
        return res
    except BuildError as e:
        res.status, res.detail = "build-failed", added.in_source_terms(impl, str(e))
        return res
    res.code_bytes = target.code_bytes(impl)
    if added.is_added(impl):  # its own objects above; the glue's apart
        res.glue_code_bytes = target.code_bytes(impl, glue=True)
    res.image_sha256 = target.image_digest(impl, program)
    res.simulator_sha256 = target.simulator_identity()
    kat_req = katcheck.request(impl)
    if kat_req is None:
        res.status, res.detail = "kat-missing", f"no official KAT file {impl.kat_file.name}"
        return res
    reqs, points, stacks = requests(target, impl, points, quick, kat_req)
    resp, key = conversation(target, impl, program, reqs, res)
    if resp is None:
        return res
    judge(target, impl, points, stacks, quick, resp, res)
    if res.status == "ok":
        if key is not None:  # only answers that passed are kept
            target.cache.store(cache_area(target, impl), key, reqs, resp, impl_id(impl))
        target.extra_counts(impl, program, points, res)
    return res


def judge(target, impl: Impl, points: list[Point], stacks: list[Point], quick: bool,
          resp: list[Response], res: JobResult) -> None:
    """Fill res from the answers: the greeting, the counter overhead, the
    KAT against the official file, then every measurement and stack
    probe (an answer that is not the protocol voids the job's counts)."""
    hello, overhead, kat_resp = resp[0], resp[1], resp[2]
    if hello.ok is None or hello.fields.get("protocol") != "2":
        res.status = died_status(hello) if hello.died else "crashed"
        res.detail = f"no lwc-bench greeting: {hello.error or hello.ok}"
        return
    try:
        over = counts_of(overhead.fields)
    except ValueError:
        over = None
    if overhead.ok is None:
        res.status = died_status(overhead) if overhead.died else "failed"
        res.detail = f"overhead: {overhead.error}"
        return
    if over is None or overhead.lines:
        res.status = "bad-output"
        res.detail = (f"overhead: unexpected output before the answer: "
                      f"{overhead.lines[0][:80]!r}" if overhead.lines else
                      f"overhead: unreadable answer: {overhead.ok[:120]!r}")
        return
    k = katcheck.judge(impl, kat_resp)
    res.kat = k.status
    if not k.passed:  # the target refuses to measure from here on
        res.status = died_status(kat_resp) if kat_resp.died else "kat-failed"
        res.detail = k.detail
        return
    base = over if target.exact else {}
    target.counter_overhead = over
    bad = None  # the first answer that was not one: nothing after it is trusted
    for p, r in zip(points, resp[3:3 + len(points)]):
        why = None
        if r.ok is not None and bad is None:
            why = unexpected_answer(r, impl, p, target.point_samples(impl, p, quick))
            if why:
                bad = f"{p.op} adlen={p.adlen} mlen={p.mlen}: {why}"
        if r.ok is None or bad is not None:
            res.errors[p] = why or (r.error if r.ok is None else f"after {bad}")
            if res.status == "ok":
                res.status = ("bad-output" if bad is not None else
                              died_status(r) if r.died else "failed")
                res.detail = bad or f"{p.op} adlen={p.adlen} mlen={p.mlen}: {r.error}"
            continue
        f = r.fields
        v = counts_of(f)
        for c in COUNTERS:  # exact counters: the counter reads themselves out
            for suffix in ("", "_min", "_max"):
                if c + suffix in v and c in base:
                    v[c + suffix] -= base[c]
        v["samples"] = int(f.get("samples", 0))
        v["mode"] = f.get("mode", "oneshot")
        if "random_bytes" in f:  # a masked implementation's draws, per operation
            v["random_bytes"] = int(f["random_bytes"])
        res.values[p] = v
    for p, r in zip(stacks, resp[3 + len(points):]):
        if r.ok and bad is None:
            why = unexpected_answer(r, impl, p)
            if why:
                bad = f"stack {p.op} adlen={p.adlen} mlen={p.mlen}: {why}"
                if res.status == "ok":
                    res.status, res.detail = "bad-output", bad
        res.stack[p.op] = (int(r.fields["stack"]) if r.ok and bad is None
                           and "stack" in r.fields else None)
    if bad is not None:  # answers before it may have been forged as well
        res.values.clear()
        res.stack = {op: None for op in res.stack}
    target.name_counts(res)
