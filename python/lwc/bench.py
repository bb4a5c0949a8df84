"""python -m lwc.bench: lwc from Python beside the C library under it,
pyascon (PyPI `ascon`, pure Python) and the `cryptography` package's
AES-128-GCM and ChaCha20-Poly1305: encryption time per call at 16 bytes and
per byte at 32 KiB, all measured in this run on this machine.

Method: wall-clock time from the host's monotonic clock
(time.perf_counter_ns; the C loop: clock_gettime(CLOCK_MONOTONIC) around
lwc_aead_encrypt calls into one buffer, the GIL released), each figure the
best of several rounds of enough calls to fill the round.  Associated data
is empty, the key and nonce fixed.  The two goals of the package: from
Python, at 32 KiB, within 5% of the C library's own speed; at 16 B, no
slower per call than cryptography's AES-GCM.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

import lwc

SIZES = (16, 32 * 1024)
GOAL_LONG = 1.05   # Python / C at 32 KiB
GOAL_SHORT = 1.00  # lwc / AES-GCM per call at 16 B


@dataclass
class Row:
    library: str
    algorithm: str
    size: int
    ns_per_call: float
    calls: int       # per round
    rounds: int

    @property
    def ns_per_byte(self) -> float:
        return self.ns_per_call / self.size


def calibrate(run: Callable[[int], int], round_ns: float, max_calls: int) -> int:
    """Calls a round needs to last about round_ns (run(k) makes k calls and
    returns the nanoseconds they took)."""
    calls = 1
    while calls < max_calls:
        t = run(calls)
        if t >= round_ns:
            break
        calls = min(max_calls, max(calls * 2, int(calls * round_ns / max(t, 1) * 1.2)))
    return calls


def timer(fn: Callable[[], object]) -> Callable[[int], int]:
    def run(k: int) -> int:
        t0 = time.perf_counter_ns()
        for _ in range(k):
            fn()
        return time.perf_counter_ns() - t0
    return run


def contenders(scheme: str, impl: str | None, size: int):
    """(library, algorithm, run) for every contender present here."""
    key, nonce, data = bytes(range(16)), bytes(range(16, 32)), os.urandom(size)
    a = lwc.Aead(scheme, impl)
    k, n = key[:a.key_size], (nonce * 2)[:a.nonce_size]
    yield "lwc (Python)", f"{a.scheme} {a.impl}", timer(lambda: a.encrypt(k, n, data))
    yield "lwc (C, same process)", f"{a.scheme} {a.impl}", \
        lambda c: a._c_encrypt_ns(k, n, data, b"", c)
    try:
        import ascon  # pyascon
    except ImportError:
        ascon = None
    if ascon is not None and "ascon128-v12" in lwc.schemes("aead"):
        v12 = lwc.Aead("ascon128-v12")
        yield "lwc (Python)", f"ascon128-v12 {v12.impl}", \
            timer(lambda: v12.encrypt(key, nonce, data))
        yield "pyascon", "Ascon-128 (v1.2)", \
            timer(lambda: ascon.encrypt(key, nonce, b"", data, "Ascon-128"))
    try:
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM, ChaCha20Poly1305
    except ImportError:
        return
    gcm, chacha = AESGCM(key), ChaCha20Poly1305(key * 2)
    yield "cryptography", "AES-128-GCM", timer(lambda: gcm.encrypt(nonce[:12], data, None))
    yield "cryptography", "ChaCha20-Poly1305", timer(lambda: chacha.encrypt(nonce[:12], data, None))


def measure(scheme: str, impl: str | None, round_ns: float, rounds: int,
            progress: Callable[[str], None]) -> list[Row]:
    """Every contender at each size, the rounds interleaved (round 1 of
    each, then round 2 of each, ...) so that a drift of the machine's speed
    falls on all alike; each figure the best of its rounds."""
    rows = []
    for size in SIZES:
        runs = list(contenders(scheme, impl, size))
        calls, best = [], []
        for library, algorithm, run in runs:
            progress(f"{library} {algorithm} at {size} B")
            # pure Python is slow: one call a round at 32 KiB
            calls.append(calibrate(run, round_ns, 1 if library == "pyascon" and size > 1024
                                   else 1 << 22))
            best.append(float("inf"))
        for r in range(rounds):
            for i, (library, _, run) in enumerate(runs):
                if library == "pyascon" and r >= 2:
                    continue  # two rounds of pure Python are enough to see its place
                best[i] = min(best[i], run(calls[i]) / calls[i])
        rows += [Row(library, algorithm, size, best[i], calls[i],
                     min(rounds, 2) if library == "pyascon" else rounds)
                 for i, (library, algorithm, _) in enumerate(runs)]
    return rows


def goals(rows: list[Row]) -> list[dict]:
    def find(library: str, algorithm_start: str, size: int) -> Row | None:
        return next((r for r in rows if r.library == library and r.size == size
                     and r.algorithm.startswith(algorithm_start)), None)
    lwc_long = next(r for r in rows if r.library == "lwc (Python)" and r.size == SIZES[1])
    c_long = find("lwc (C, same process)", lwc_long.algorithm, SIZES[1])
    lwc_short = find("lwc (Python)", lwc_long.algorithm, SIZES[0])
    gcm = find("cryptography", "AES-128-GCM", SIZES[0])
    out = [{"goal": f"{lwc_long.algorithm} from Python at 32 KiB within 5% of the C library",
            "ours": lwc_long.ns_per_byte, "reference": c_long.ns_per_byte,
            "unit": "ns/byte", "ratio": lwc_long.ns_per_byte / c_long.ns_per_byte,
            "limit": GOAL_LONG}]
    if gcm is not None:
        out.append({"goal": f"{lwc_short.algorithm} from Python at 16 B no slower per call "
                            "than cryptography's AES-128-GCM",
                    "ours": lwc_short.ns_per_call, "reference": gcm.ns_per_call,
                    "unit": "ns/call", "ratio": lwc_short.ns_per_call / gcm.ns_per_call,
                    "limit": GOAL_SHORT})
    for g in out:
        g["met"] = g["ratio"] <= g["limit"]
    return out


def table(rows: list[Row]) -> str:
    keys = list(dict.fromkeys((r.library, r.algorithm) for r in rows))
    at = {(r.library, r.algorithm, r.size): r for r in rows}
    lines = ["| library | algorithm | 16 B: ns/call | 32 KiB: ns/byte | 32 KiB: MB/s |",
             "|---|---|---:|---:|---:|"]
    for lib, alg in keys:
        short, long_ = at.get((lib, alg, SIZES[0])), at.get((lib, alg, SIZES[1]))
        lines.append(f"| {lib} | {alg} | {short.ns_per_call:,.0f} | "
                     f"{long_.ns_per_byte:,.3f} | {1e3 / long_.ns_per_byte:,.1f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m lwc.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--scheme", default="ascon-aead128", help="lwc's AEAD scheme (default %(default)s)")
    p.add_argument("--impl", default=None, help="its implementation (default: the preferred one)")
    p.add_argument("--quick", action="store_true", help="short rounds (a few seconds in all)")
    p.add_argument("--json", action="store_true", help="print the records and goals as JSON")
    args = p.parse_args(argv)
    try:
        a = lwc.Aead(args.scheme, args.impl)
    except ValueError as e:
        p.error(str(e))
    round_ns, rounds = (2e7, 3) if args.quick else (2e8, 7)
    quiet = args.json or not sys.stderr.isatty()
    progress = (lambda s: None) if quiet else (lambda s: print(f"  {s} ...", file=sys.stderr))
    rows = measure(a.scheme, a.impl, round_ns, rounds, progress)
    g = goals(rows)
    if args.json:
        json.dump({"lwc": lwc.__version__, "python": platform.python_version(),
                   "machine": platform.machine(), "clock": "time.perf_counter_ns",
                   "records": [dict(asdict(r), ns_per_byte=r.ns_per_byte) for r in rows],
                   "goals": g}, sys.stdout, indent=1)
        print()
    else:
        print(f"lwc {lwc.__version__}, Python {platform.python_version()} on "
              f"{platform.machine()}: wall-clock time, best of {rounds} rounds of "
              f"about {round_ns / 1e9:g} s (pyascon: 2)")
        print(table(rows))
        for x in g:
            verdict = "met" if x["met"] else "NOT met"
            print(f"goal {verdict}: {x['goal']}: {x['ours']:,.3f} against {x['reference']:,.3f} "
                  f"{x['unit']} (ratio {x['ratio']:.3f}, limit {x['limit']:.2f})")
    if not any(r.library == "cryptography" for r in rows):
        print("(cryptography is not installed: pip install cryptography)", file=sys.stderr)
    if not any(r.library == "pyascon" for r in rows):
        print("(pyascon is not installed: pip install ascon)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
