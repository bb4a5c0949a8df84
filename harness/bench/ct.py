"""./lwcbench ct: constant-time evidence from the targets' traces.

Each implementation runs each of its operations at a few lengths with
several secrets (other key and message bytes; a permutation's state),
under a tracer that records every executed instruction's address and every
data access's address (the "ct" request of lwc-bench; on QEMU the plugin
harness/platforms/qemu/ct_trace.c).  The lengths and everything public are
the same between the secrets, so the traces must be identical: the first
difference is a finding, named by the instruction where the traces part
(its symbol) and what differed (a branch target, a load or store address).

An implementation that is not meant to be constant-time says so in a file
`not-constant-time` in its folder (the reason); it is listed, not traced.
Every Ascon implementation is meant to be.

run() traces the (target, implementation) jobs the command selected
(cli.py) and reports them.
"""
from __future__ import annotations

import dataclasses
import pathlib
import tempfile

from harness.bench.impls import impl_id, not_ct_reason
from harness.bench.pool import Progress, cpu_count, each
from harness.bench.session import INTERRUPTED, SessionError
from harness.bench.targets.job import BuildError, DoesNotFit
from harness.bench.trace import (RECORD, Symbols, first_difference, last_instruction, record,
                                 segments)
from harness.discover import Impl

SECRETS = (0, 1, 2)
AEAD_LENGTHS = ((0, 0), (0, 16), (3, 17), (16, 40))  # (adlen, mlen): blocks, partial blocks
HASH_LENGTHS = (0, 8, 17, 40)


def cases(impl: Impl) -> list[tuple[str, int, int]]:
    """(op, adlen, mlen) traced for an implementation."""
    if impl.kind == "aead":
        return [(op, a, m) for op in ("encrypt", "decrypt") for a, m in AEAD_LENGTHS]
    if impl.kind == "hash":
        return [("hash", 0, m) for m in HASH_LENGTHS]
    if impl.kind == "auth":  # the key is the secret; within PrfShort's 16 bytes too
        top = impl.max_inbytes
        return [("auth", 0, m) for m in HASH_LENGTHS if top is None or m <= top] + \
            ([("auth", 0, top)] if top is not None else [])
    return [("permutation", 0, 0)]


@dataclasses.dataclass
class Outcome:
    target: str
    impl: Impl
    traced: int = 0                 # operations compared
    events: int = 0                 # trace records of the first secret, summed
    findings: list[str] = dataclasses.field(default_factory=list)
    error: str = ""                 # could not trace at all
    skipped: str = ""               # declared not constant-time
    unfit: str = ""                 # the program does not fit the device (as in `run`)


def describe(seg_a: bytes, seg_b: bytes, i: int, symbols: Symbols) -> str:
    ra, rb = record(seg_a, i), record(seg_b, i)
    where = symbols(last_instruction(seg_a, i - 1 if ra and ra[0] == "instruction" else i))
    if ra is None or rb is None:
        return f"one trace ends first at event {i}, after the instruction at {where}"
    if ra[0] == "instruction" and rb[0] == "instruction":
        what = f"branch: next instruction {symbols(ra[1])} vs {symbols(rb[1])}"
    elif ra[0] == rb[0]:
        what = f"{ra[0]} address 0x{ra[1]:x} vs 0x{rb[1]:x}"
    else:
        what = f"{ra[0]} vs {rb[0]}"
    return f"event {i}, at the instruction {where}: {what}"


def log_lines(lines: list[str]) -> list[str]:
    """valgrind's log lines without its "==pid==" / "**pid**" prefix."""
    return [ln.split(" ", 1)[1] if ln.startswith(("==", "**")) and " " in ln else ln
            for ln in lines]


def memcheck_findings(out: Outcome, todo: list, log: str) -> Outcome:
    """The host: valgrind's errors between the marks of each operation
    ("lwc-ct begin" / "end", printed by the program) are findings."""
    cases_run = [c for c in todo for _s in SECRETS]
    current, k, block = None, -1, []
    lines = log_lines(log.splitlines())
    begins = sum(1 for ln in lines if ln.strip() == "lwc-ct begin")
    if begins != len(cases_run):
        out.error = f"valgrind saw {begins} traced operations of {len(cases_run)}"
        return out

    def flush():
        if block:
            where = next((b.strip() for b in block[1:] if b.strip().startswith("at ")), "?")
            if current is None:
                out.findings.append(f"{out.target} {out.impl.scheme}/{out.impl.name}: outside "
                                    f"the traced operations: {block[0].strip()} {where}")
            else:
                op, a, m = current
                out.findings.append(f"{out.target} {out.impl.scheme}/{out.impl.name} {op} "
                                    f"adlen={a} mlen={m}: memcheck: {block[0].strip()} "
                                    f"{where}")
            block.clear()
    for ln in lines:
        text = ln.strip()
        if text == "lwc-ct begin":
            flush()
            k += 1
            current = cases_run[k]
        elif text == "lwc-ct end":
            flush()
            current = None
        elif any(text.startswith(w) for w in ("Conditional jump", "Use of uninitialised",
                                               "Syscall param", "Invalid read", "Invalid write")):
            flush()
            block.append(text)
        elif block and text.startswith(("at ", "by ")):
            block.append(text)
        elif block and not text:
            flush()
    flush()
    out.traced = len(todo)
    out.findings = list(dict.fromkeys(out.findings))  # the same error for each secret: once
    return out


def _built(target, impl: Impl) -> tuple[Outcome, object | None]:
    """The job's outcome so far and its program (None: nothing to trace)."""
    out = Outcome(target.name, impl)
    reason = not_ct_reason(impl)
    if reason is not None:
        out.skipped = reason
        return out, None
    try:
        return out, target.build(impl)
    except DoesNotFit as e:
        out.unfit = str(e)
    except BuildError as e:
        out.error = f"does not build: {e}"
    return out, None


def _requests(impl: Impl) -> list[str]:
    return [f"ct {impl.scheme} {impl.name} {op} {a} {m} {s}"
            for op, a, m in cases(impl) for s in SECRETS]


def _session(target, program, reqs: list[str]) -> tuple[bytes | None, str | None]:
    """What the tracer wrote while program answered reqs, or why not."""
    with tempfile.TemporaryDirectory(prefix="lwc-ct-") as tmp:
        path = pathlib.Path(tmp) / "trace.bin"
        session = target.ct_session(program, path)
        try:
            answers = session.run_all(["hello", *reqs, "quit"])
        except SessionError as e:
            return None, str(e)
        finally:
            session.close()
        bad = [r for r in answers[1:-1] if r.ok is None]
        if bad:
            return None, f"{bad[0].request}: {bad[0].error}"
        return (path.read_bytes() if path.is_file() else b""), None


def trace_batch(target, impls: list[Impl]) -> list[Outcome]:
    """memcheck (the host): the implementations that share a program in one
    valgrind session (its start-up, not the operations, was most of a job's
    time), its log cut where each implementation's first operation begins;
    anything before that belongs to the first, anything after an
    implementation's last operation to it."""
    built = [_built(target, i) for i in impls]
    by_program: dict[object, list[Outcome]] = {}
    for out, program in built:
        if program is not None:
            by_program.setdefault(program, []).append(out)
    for program, outs in by_program.items():
        data, error = _session(target, program, [q for o in outs for q in _requests(o.impl)])
        if error is not None:
            for o in outs:
                o.error = error
            continue
        lines = data.decode("utf-8", "replace").splitlines(keepends=True)
        starts = [n for n, ln in enumerate(log_lines(lines)) if ln.strip() == "lwc-ct begin"]
        at, cut = 0, [0]
        for o in outs[:-1]:  # where the next implementation's first operation begins
            at += len(cases(o.impl)) * len(SECRETS)
            cut.append(starts[at] if at < len(starts) else len(lines))
        cut.append(len(lines))
        for o, a, b in zip(outs, cut, cut[1:]):
            memcheck_findings(o, cases(o.impl), "".join(lines[a:b]))
    return [out for out, _p in built]


def trace_impl(target, impl: Impl) -> Outcome:
    """Every case of one implementation on one target, all secrets.  Each
    request gets the target's own time limit (a hang ends this job only)."""
    if target.ct_method == "memcheck":
        return trace_batch(target, [impl])[0]
    out, elf = _built(target, impl)
    if elf is None:
        return out
    todo = cases(impl)
    reqs = _requests(impl)
    data, error = _session(target, elf, reqs)
    if error is not None:
        out.error = error
        return out
    segs = segments(data)
    if len(segs) != len(reqs):
        out.error = f"the tracer recorded {len(segs)} operations of {len(reqs)}"
        return out
    symbols = Symbols(target.nm_tool(), elf)
    for k, (op, a, m) in enumerate(todo):
        group = segs[k * len(SECRETS):(k + 1) * len(SECRETS)]
        if not any(group[0][p + 8] == ord("I") for p in range(0, min(len(group[0]), 90), RECORD)):
            out.error = f"{op} adlen={a} mlen={m}: an empty trace (is the tracer loaded?)"
            return out
        out.traced += 1
        out.events += len(group[0]) // RECORD
        for s, seg in zip(SECRETS[1:], group[1:]):
            i = first_difference(group[0], seg)
            if i is not None:
                out.findings.append(f"{target.name} {impl.scheme}/{impl.name} {op} adlen={a} "
                                    f"mlen={m}: secrets {SECRETS[0]} and {s} differ at "
                                    + describe(group[0], seg, i, symbols))
                break
    return out


# memcheck: implementations per valgrind session (a few sessions, so that
# the host's batches still share the cores)
BATCH = 16


def units(jobs: list) -> list[tuple]:
    """The jobs as they run: (target, [implementations]): one each, but
    on a memcheck target (the host) batches of BATCH (trace_batch)."""
    out, batch = [], {}
    for t, impl in jobs:
        if t.ct_method != "memcheck":
            out.append((t, [impl]))
            continue
        batch.setdefault(t, []).append(impl)
        if len(batch[t]) == BATCH:
            out.append((t, batch.pop(t)))
    out += [(t, group) for t, group in batch.items()]
    return out


def run(jobs: list, njobs: int | None) -> int:
    """Trace every (target, implementation) job, njobs at a time (None: one
    per core), with the progress bar and each finding as it comes; then
    the report (report())."""
    for t in dict.fromkeys(t for t, _i in jobs):
        t.ct_prepare([i for tt, i in jobs if tt is t])
    work = units(jobs)
    progress = Progress(len(work), weights=[float(len(g)) for _t, g in work],
                        workers=njobs or cpu_count())
    results: dict[int, list[Outcome]] = {}

    def one(n, t, group):
        label = f"{t.name} {impl_id(group[0])}" + (f" (+{len(group) - 1})" if len(group) > 1
                                                      else "")
        progress.start(n, label)
        try:
            outs = (trace_batch(t, group) if t.ct_method == "memcheck" else
                    [trace_impl(t, group[0])])
        except Exception as e:  # a harness bug must not stop the others
            outs = [Outcome(t.name, i, error=f"harness error: {type(e).__name__}: {e}")
                    for i in group]
        progress.end(n, label)
        if INTERRUPTED.is_set():  # its program was killed for that: no verdict
            return
        results[n] = outs
        for o in outs:
            for line in o.findings:
                progress.note(f"FINDING {line}")
            if o.error:
                progress.note(f"FAILED {o.target} {impl_id(o.impl)}: {o.error}")
    try:  # traces are compared, not timed: every target runs in parallel
        each(work, one, njobs, alone=lambda t: False,
                    weights=[float(len(g)) for _t, g in work])
    finally:
        progress.finish()
    return report([o for n in sorted(results) for o in results[n]])


def report(outcomes: list[Outcome]) -> int:
    """What was not traced and why, the count of pairs, operations and
    findings, then each finding and failure; 1 when there is one."""
    for o in outcomes:
        if o.skipped:
            print(f"{o.target} {impl_id(o.impl)}: not traced: declared not constant-time: {o.skipped}")
        elif o.unfit:
            print(f"{o.target} {impl_id(o.impl)}: not traced: {o.unfit.splitlines()[0][:160]}")
    findings = [line for o in outcomes for line in o.findings]
    failed = [o for o in outcomes if o.error]
    traced = sum(o.traced for o in outcomes)
    events = sum(o.events for o in outcomes)
    detail = f" ({events} trace events per secret)" if events else ""
    unfit = sum(1 for o in outcomes if o.unfit)
    unfit = f" ({unfit} do not fit their device)" if unfit else ""
    print(f"{len(outcomes)} (target, implementation) pairs{unfit}, {traced} operations traced "
          f"with {len(SECRETS)} secrets each{detail}: {len(findings)} finding(s), "
          f"{len(failed)} failed")
    for line in findings:
        print(f"FINDING {line}")
    for o in failed:
        print(f"FAILED {o.target} {impl_id(o.impl)}: {o.error}")
    return 1 if findings or failed else 0
