"""./lwcbench leak: does an implementation's power reveal its key?  A
fixed-versus-random-key test (TVLA) on power traces simulated from the RTL.

The target, rv32-ibex, is the Ibex core as RTL (Verilator).  Every clock
cycle its testbench (harness/platforms/ibex/sim_main.cc --leak) takes six
samples, each a Hamming distance: the number of bits that flip.

  rf      a register-file write, against the value it overwrites
  alu_a   the ALU's first operand bus, against its previous value
  alu_b   the second operand bus
  result  the EX block's result bus (ALU or multiplier)
  wdata   the store-data bus, at a store, against the previous store
  rdata   the load-data bus, at a load's response, against the previous load

A core's dynamic power follows such transitions, so this is the usual model
of software masking's evaluations, at least as strict as a single power
sample per cycle: each wire is a sample of its own.  The firmware's "leak"
request (harness/firmware/bench_leak.c) encrypts TRACES times.  Each time it
picks a group at random: the fixed key (TVLA's 0123..f0) or a random one.
The nonce, associated data and message are random in both groups, so the
test sees the key alone.  A masked implementation gets its key in shares,
split outside the trace.  The traces are reduced to sums as they are
taken (no trace file): per sample and group, x and x^2 (and x^3, x^4 for
--order 2).  Several simulations, each with its own seed, run in parallel,
and their sums add up.

Welch's t per sample:
- first order: the two groups' means;
- second order (--order 2): the means of the centred squares (x - mean)^2,
  each sample on its own (univariate).

The traces form two independent sets (the simulations alternate between
them), as TVLA asks: a sample leaks when |t| is above 4.5 in both sets,
with the same sign.  One set alone would cry wolf: a trace of a masked
Ascon has hundreds of thousands of samples, and |t| above 4.5 happens by
chance about once in 150,000.  Reported per phase: initialization (init),
data (associated data and message), finalization (the tag).  For each
phase: the largest |t| over all traces, with the cycle (from the trace's
start), the sample and the instruction where it is; and the largest |t|
both sets agree on.  Every trace must last as many cycles as the first
(the implementation is constant-time: `./lwcbench ct`); one that does not is
counted and left out.

Exit status: 0 when no implementation leaks, 1 when one does (or fails to
build or run), 2 on bad arguments.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import json
import math
import os
import pathlib
import struct
import sys
import tempfile
import time

from harness.bench import install
from harness.bench.files import write_atomic
from harness.bench.impls import SelectionError, all_impls, impl_id, select
from harness.bench.session import INTERRUPTED, interrupt_all
from harness.bench.targets import TARGETS
from harness.bench.trace import Symbols

COMPONENTS = ("rf", "alu_a", "alu_b", "result", "wdata", "rdata")
PHASES = {1: "initialization", 2: "data", 3: "finalization"}
THRESHOLD = 4.5


def power_targets() -> list[str]:
    """The targets with a power model (Target.leak_model), the first the
    default of --target."""
    return [name for name, cls in TARGETS.items() if cls.leak_model]


class LeakError(Exception):
    """A reason the assessment cannot run (exit status 2)."""


def add_parser(sub) -> None:
    p = sub.add_parser("leak", help="power-leakage assessment (fixed-vs-random-key TVLA) on "
                       "the Ibex RTL model", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--target", default=power_targets()[0], metavar="T",
                   help=f"a target with a power model: {', '.join(power_targets())} "
                        "(default: the first)")
    p.add_argument("--scheme", default="ascon-aead128", metavar="S",
                   help="an AEAD scheme with 16-byte keys (default ascon-aead128)")
    p.add_argument("--impl", action="append", required=True, metavar="I",
                   help="an implementation (repeat for more)")
    p.add_argument("--traces", type=int, default=20000, metavar="N",
                   help="traces in all, both groups (default 20000)")
    p.add_argument("--mlen", type=int, default=16, metavar="N", help="message bytes (default 16)")
    p.add_argument("--adlen", type=int, default=0, metavar="N",
                   help="associated data bytes (default 0)")
    p.add_argument("--order", type=int, choices=(1, 2), default=1,
                   help="1: first order; 2: first and (univariate) second order")
    p.add_argument("--seed", type=int, default=1, metavar="S",
                   help="the first simulation's seed; the others follow (default 1)")
    p.add_argument("--jobs", type=int, metavar="N",
                   help="simulations at once (default: one per core)")
    p.add_argument("--json", metavar="FILE", help="write one record per implementation")
    p.add_argument("--plot", metavar="FILE",
                   help="|t| over the cycles of a trace, one panel per implementation "
                        "(format from FILE's suffix: .png, .svg, .pdf)")


# ---- the sums the model writes ----------------------------------------------

class Sums:
    """One simulation's (or several, added) power sums: see sim_main.cc.
    Layout (little-endian): "LWCLEAK1", u32 components, u32 cycles,
    u32 order, u64 n_fixed, u64 n_random, u64 mismatched, u32 marks, then
    the marks (u32 phase, u32 cycle) each, the PC of each cycle (u32), and
    for group 0 then 1, per sample (cycle-major, component-minor), the
    2 * order sums of x^1 .. x^(2 order) (u64 each)."""

    def __init__(self, data: bytes):
        import numpy as np
        if data[:8] != b"LWCLEAK1":
            raise LeakError("the model wrote no leakage sums (is it built with --leak?)")
        comps, cycles, order, n0, n1, bad, nmarks = struct.unpack_from("<IIIQQQI", data, 8)
        at = 8 + struct.calcsize("<IIIQQQI")
        marks = struct.unpack_from(f"<{2 * nmarks}I", data, at)
        at += 8 * nmarks
        self.pcs = np.frombuffer(data, dtype="<u4", count=cycles, offset=at).copy()
        at += 4 * cycles
        m = 2 * order
        count = cycles * comps * m
        sums = []
        for _g in range(2):
            sums.append(np.frombuffer(data, dtype="<u8", count=count, offset=at)
                        .reshape(cycles, comps, m).copy() if count else
                        np.zeros((cycles, comps, m), dtype=np.uint64))
            at += 8 * count
        self.comps, self.cycles, self.order = comps, cycles, order
        self.n = [n0, n1]
        self.mismatched = bad
        self.marks = [(marks[i], marks[i + 1]) for i in range(0, len(marks), 2)]
        self.sums = sums

    def copy(self) -> "Sums":
        new = Sums.__new__(Sums)
        new.__dict__.update(self.__dict__)
        new.n = list(self.n)
        new.sums = [s.copy() for s in self.sums]
        return new

    def add(self, other: "Sums") -> None:
        if other.n[0] + other.n[1] == 0:
            self.mismatched += other.mismatched
            return
        if self.n[0] + self.n[1] == 0:
            mism = self.mismatched + other.mismatched
            self.__dict__.update(other.__dict__)
            self.mismatched = mism
            return
        if (other.cycles, other.marks) != (self.cycles, self.marks):
            raise LeakError("two simulations' traces differ in length: not constant time?")
        for g in range(2):
            self.sums[g] += other.sums[g]
            self.n[g] += other.n[g]
        self.mismatched += other.mismatched


def welch(sums: Sums):
    """|t| per sample, first order (and second order): arrays cycles x comps."""
    import numpy as np
    stats = []
    for g in range(2):
        n = float(sums.n[g])
        s = sums.sums[g].astype(np.float64) / max(n, 1.0)
        mean = s[..., 0]
        var = np.maximum(s[..., 1] - mean * mean, 0.0) * (n / max(n - 1.0, 1.0))
        out = {"n": n, "m1": mean, "v1": var}
        if sums.order == 2:
            cm2 = np.maximum(s[..., 1] - mean * mean, 0.0)
            cm4 = s[..., 3] - 4 * mean * s[..., 2] + 6 * mean ** 2 * s[..., 1] - 3 * mean ** 4
            out["m2"], out["v2"] = cm2, np.maximum(cm4 - cm2 * cm2, 0.0) * (n / max(n - 1, 1))
        stats.append(out)

    def t_of(k):
        a, b = stats
        num = a["m" + k] - b["m" + k]
        den = np.sqrt(a["v" + k] / max(a["n"], 1) + b["v" + k] / max(b["n"], 1))
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(den > 0, num / np.where(den > 0, den, 1.0),
                            np.where(np.abs(num) > 1e-12, np.copysign(np.inf, num), 0.0))
    return {1: t_of("1"), 2: t_of("2") if sums.order == 2 else None}


def confirmed(ta, tb):
    """Per sample, the |t| both halves agree on: min(|t_a|, |t_b|) where
    their signs agree, else 0 (TVLA's two independent sets: a sample leaks
    when both exceed the threshold the same way)."""
    import numpy as np
    return np.where(np.sign(ta) == np.sign(tb), np.minimum(np.abs(ta), np.abs(tb)), 0.0)


# ---- one implementation ---------------------------------------------------

def phase_spans(marks: list[tuple[int, int]], cycles: int) -> list[tuple[int, int, int]]:
    """(phase, first cycle, end cycle) of each marked phase, in order."""
    spans = sorted((c, p) for p, c in marks)
    return [(p, c, spans[k + 1][0] if k + 1 < len(spans) else cycles)
            for k, (c, p) in enumerate(spans)]


def assess(target, impl, args, progress) -> dict:
    """Build, simulate in parallel chunks, add the sums, judge."""
    started = time.monotonic()
    rec = {"target": target.name, "scheme": impl.scheme, "impl": impl.name,
           "adlen": args.adlen, "mlen": args.mlen, "order": args.order,
           "threshold": THRESHOLD, "model": target.leak_model}
    elf = target.build(impl)
    jobs = max(1, args.jobs or len(os.sched_getaffinity(0)))

    def simulate(n: int, seed: int, timeout: float) -> Sums:
        with tempfile.TemporaryDirectory(prefix="lwc-leak-") as tmp:
            path = pathlib.Path(tmp) / "sums.bin"
            session = target.leak_session(elf, timeout, path, args.order)
            req = f"leak {impl.scheme} {impl.name} {n} {args.adlen} {args.mlen} {seed}"
            ans = session.run_all([req], [timeout])[0]
            if ans.ok is None:
                raise LeakError(f"{impl_id(impl)}: {ans.error}")
            return Sums(path.read_bytes())

    # a short first run: the time a trace takes, for the others' limits
    first = min(args.traces // 2, 16)
    t0 = time.monotonic()
    halves = [simulate(first, args.seed, 3600.0), None]
    per_trace = (time.monotonic() - t0) / first
    left = args.traces - first
    # at least two more runs (the second set starts with the first of them),
    # each about two minutes at most
    chunk = max(1, min(math.ceil(left / max(jobs, 2)),
                       max(50, int(120 / max(per_trace, 1e-6)))))
    chunks = []
    while left > 0:
        chunks.append(min(chunk, left))
        left -= chunks[-1]
    done = first
    progress(impl, done, args.traces, per_trace)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futs = [pool.submit(simulate, n, args.seed + 1 + k, 600.0 + 20 * n * per_trace)
                for k, n in enumerate(chunks)]
        try:
            for k, (fut, n) in enumerate(zip(futs, chunks)):
                s, h = fut.result(), k % 2 == 0  # runs 1, 3, 5 ...: the second set
                if halves[h] is None:
                    halves[h] = s
                else:
                    halves[h].add(s)
                done += n
                progress(impl, done, args.traces, per_trace)
        except BaseException:  # interrupted, or a run failed: stop the others' models now
            for f in futs:
                f.cancel()
            interrupt_all()
            raise
    total = halves[0].copy()
    total.add(halves[1])
    t = welch(total)
    t_a, t_b = welch(halves[0]), welch(halves[1])
    both = {o: confirmed(t_a[o], t_b[o]) if t[o] is not None else None for o in (1, 2)}
    symbols = Symbols(target.nm_tool(), elf)
    rec.update({"traces": int(total.n[0] + total.n[1]), "fixed": int(total.n[0]),
                "random": int(total.n[1]), "left_out": int(total.mismatched),
                "cycles": int(total.cycles), "simulations": 1 + len(chunks),
                "shares": None, "phases": []})
    worst = {1: 0.0, 2: 0.0}
    sure = {1: 0.0, 2: 0.0}
    num = lambda x: x if math.isfinite(x) else "inf"  # noqa: E731 (JSON has no inf)
    for phase, a, b in phase_spans(total.marks, total.cycles):
        row = {"phase": PHASES.get(phase, str(phase)), "first_cycle": a, "cycles": b - a}
        for order in (1, 2):
            if t[order] is None or b <= a:
                continue
            part = abs(t[order][a:b])
            k = int(part.argmax())
            cyc, comp = divmod(k, total.comps)
            top = float(part.flat[k])
            worst[order] = max(worst[order], top)
            both_top = float(both[order][a:b].max())
            sure[order] = max(sure[order], both_top)
            row[f"max_t{order}"] = num(top)
            row[f"confirmed_t{order}"] = num(both_top)
            row[f"at{order}"] = {"cycle": a + cyc, "sample": COMPONENTS[comp],
                                 "pc": int(total.pcs[a + cyc]),
                                 "where": symbols(int(total.pcs[a + cyc]))}
        rec["phases"].append(row)
    rec["max_t1"], rec["confirmed_t1"] = num(worst[1]), num(sure[1])
    if args.order == 2:
        rec["max_t2"], rec["confirmed_t2"] = num(worst[2]), num(sure[2])
    rec["leaks"] = any(w > THRESHOLD for w in sure.values())
    rec["seconds"] = round(time.monotonic() - started, 1)
    rec["t_curve"] = [float(x) if math.isfinite(x) else 1e9
                      for x in abs(t[1]).max(axis=1)]  # per cycle, for the plot
    return rec


def show(rec: dict) -> list[str]:
    """The report of one implementation."""
    lines = [f"{rec['target']} {rec['scheme']}/{rec['impl']}: {rec['traces']} traces "
             f"({rec['fixed']} fixed key, {rec['random']} random), {rec['mlen']} B message, "
             f"{rec['adlen']} B associated data; {rec['cycles']} cycles a trace, "
             f"{len(COMPONENTS)} samples a cycle"
             + (f"; {rec['left_out']} traces of another length left out" if rec["left_out"]
                else "")]
    fmt = lambda x: x if isinstance(x, str) else f"{x:.2f}"  # noqa: E731
    head = (f"  {'phase':<15} {'cycles':>15}  {'max |t|':>7}  {'both sets':>9}  "
            f"{'at cycle':>8}  {'sample':<6}  where")
    if rec["order"] == 2:
        head += "    2nd order: max |t|, both sets"
    lines.append(head)
    for p in rec["phases"]:
        at = p.get("at1", {})
        line = (f"  {p['phase']:<15} {p['first_cycle']:>7}..{p['first_cycle'] + p['cycles']:<7} "
                f" {fmt(p.get('max_t1', 0)):>7}  {fmt(p.get('confirmed_t1', 0)):>9}  "
                f"{at.get('cycle', ''):>8}  {at.get('sample', ''):<6}  {at.get('where', '')}")
        if rec["order"] == 2:
            line += f"    {fmt(p.get('max_t2', 0))}, {fmt(p.get('confirmed_t2', 0))}"
        lines.append(line)
    verdict = "LEAKS" if rec["leaks"] else "no leakage found"
    orders = "first and second order" if rec["order"] == 2 else "first order"
    lines.append(f"  {verdict} at {orders}: |t| above {THRESHOLD} in both independent sets "
                 f"of traces at the same sample; {rec['seconds']:.0f} s, "
                 f"{rec['simulations']} simulations")
    return lines


def plot(recs: list[dict], path: str) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(len(recs), 1, figsize=(10, 2.6 * len(recs)), squeeze=False)
    for ax, rec in zip(axes[:, 0], recs):
        y = [min(v, 1e6) for v in rec["t_curve"]]  # an infinite t drawn at 10^6
        top = max(y, default=0.0)
        ax.plot(range(len(y)), y, lw=0.5)
        ax.axhline(THRESHOLD, color="red", lw=0.8, ls="--", label=f"|t| = {THRESHOLD}")
        if top > 50:  # a leak: decades
            ax.set_yscale("log")
            ax.set_ylim(0.1, top * 2)
        else:
            ax.set_ylim(0, max(THRESHOLD * 1.3, top * 1.1))
        for p in rec["phases"]:
            ax.axvline(p["first_cycle"], color="grey", lw=0.6, ls=":")
            ax.annotate(p["phase"], (p["first_cycle"], 0), xytext=(3, 3),
                        textcoords="offset points", fontsize=7, color="dimgrey",
                        xycoords=("data", "axes fraction"))
        ax.set_title(f"{rec['scheme']}/{rec['impl']} on {rec['target']}: {rec['traces']} "
                     f"traces, first order ({'leaks' if rec['leaks'] else 'no leak found'})",
                     fontsize=9)
        ax.set_ylabel("max |t| of the cycle")
        ax.legend(loc="upper right", fontsize=7)
    axes[-1, 0].set_xlabel("cycle of the trace")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(args) -> int:
    try:
        if args.target not in power_targets():
            raise LeakError(f"--target: only {', '.join(power_targets())} has a power model "
                            f"(not '{args.target}')")
        if args.traces < 2:
            raise LeakError("--traces: at least 2")
        if min(args.mlen, args.adlen) < 0 or max(args.mlen, args.adlen) > 32768:
            raise LeakError("--mlen, --adlen: 0 .. 32768 bytes")
        if args.jobs is not None and args.jobs < 1:
            raise LeakError("--jobs: at least 1")
        if args.plot:
            suffix = pathlib.Path(args.plot).suffix.lower()
            if suffix not in (".png", ".svg", ".pdf"):
                raise LeakError(f"--plot: a .png, .svg or .pdf file (not '{args.plot}')")
        try:
            impls = select(all_impls(), [args.scheme], args.impl)
        except SelectionError as e:
            raise LeakError(str(e))
        for impl in impls:
            if impl.kind != "aead":
                raise LeakError(f"{impl_id(impl)}: leak assesses AEAD implementations")
        install.setup(install.profiles_for([TARGETS[args.target]]))
        target = TARGETS[args.target]()
        ok, why = target.is_available()
        if not ok:
            raise LeakError(f"{args.target}: {why}")
        for impl in impls:
            if not target.supports(impl):
                raise LeakError(f"{impl_id(impl)} does not build for {args.target}")
    except LeakError as e:
        print(f"lwcbench leak: {e}", file=sys.stderr)
        return 2

    def progress(impl, done, total, per_trace):
        print(f"leak: {impl_id(impl)}: {done}/{total} traces ({per_trace * 1000:.0f} ms "
              "of simulation a trace)", file=sys.stderr, flush=True)

    recs, failed = [], 0
    INTERRUPTED.clear()
    for impl in impls:
        try:
            rec = assess(target, impl, args, progress)
        except Exception as e:  # a build or a simulation failed: this one only
            print(f"lwcbench leak: {impl_id(impl)}: {e}", file=sys.stderr)
            failed += 1
            INTERRUPTED.clear()  # the next implementation's models may run
            continue
        recs.append(rec)
        print("\n".join(show(rec)), flush=True)
    if args.json:
        data = {"results": [{k: v for k, v in r.items() if k != "t_curve"} for r in recs],
                "environment": {"target": target.environment(), "model": target.leak_model}}
        write_atomic(pathlib.Path(args.json), (json.dumps(data, indent=1) + "\n").encode())
    if args.plot and recs:
        plot(recs, args.plot)
    return 1 if failed or any(r["leaks"] for r in recs) else 0
