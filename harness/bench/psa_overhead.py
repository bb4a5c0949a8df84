"""./lwcbench psa-overhead: what the PSA Crypto API layer costs over the
direct lwc call, on this machine.

  lwcbench psa-overhead [--samples N] [--json FILE]

One program (harness/psa_bench/psa_bench.c, linked with src/psa/ and the
release liblwc.a) calls Ascon-AEAD128 encryption and Ascon-Hash256 through
the PSA Certified Crypto API (psa_aead_encrypt with a key imported once,
outside the timing; psa_hash_compute) and directly (lwc_aead_encrypt,
lwc_hash_compute) with the same implementation: the one psa_crypto_init
picks, lwc_*_find(scheme, NULL).  Before timing, both paths must give the
same bytes on messages of 0..64 bytes and of the timed sizes; when they
differ nothing is measured (exit status 1).

Timing: wall clock (clock_gettime, CLOCK_MONOTONIC), nanoseconds per call,
the contestants interleaved round by round, medians of N samples, at 16 B
and 32 KiB, no associated data.  The overhead is PSA minus direct: per
call at 16 B (goal: at most 150 ns) and relative per byte at 32 KiB (goal:
at most 5 %), the goals of issue 47.  A noisy machine can show a negative
overhead: the two paths differ by less than the noise.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import platform
import subprocess
import sys

from harness.bench.machine import cpu_info
from harness.build import VARIANTS, WARN, Builder, build_dir, run_stamped
from harness.discover import ROOT

OUT = ROOT / "build" / "psa-bench"
SRC = ROOT / "harness" / "psa_bench" / "psa_bench.c"
PSA_SOURCES = sorted((ROOT / "src" / "psa").glob("*.c"))
SMALL, LARGE = 16, 32768
GOAL_NS_PER_CALL = 150.0  # at SMALL bytes
GOAL_PERCENT_PER_BYTE = 5.0  # at LARGE bytes
METRIC = "ns, wall clock (clock_gettime CLOCK_MONOTONIC)"
TITLES = {"encrypt": "Ascon-AEAD128 encryption", "hash": "Ascon-Hash256"}


class OverheadError(Exception):
    pass


def add_parser(sub) -> None:
    p = sub.add_parser("psa-overhead", help="the PSA Crypto API layer's cost over the direct lwc "
                       "call (Ascon-AEAD128, Ascon-Hash256) on this machine",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--samples", type=int, default=201, metavar="N",
                   help="samples per contestant; the median is reported (default 201)")
    p.add_argument("--json", metavar="FILE", help="write the rows and the overheads as JSON")


def build_program() -> pathlib.Path:
    if not Builder("release", quiet=True, only=["lwc"]).build():
        raise OverheadError("the library does not build (python3 -m harness.build)")
    exe = OUT / "lwc-psa-bench"
    lib = build_dir("release") / "lib" / "liblwc.a"
    inputs = [SRC, *PSA_SOURCES, lib, *sorted((ROOT / "include" / "psa").glob("*.h")),
              ROOT / "src" / "psa" / "psa_internal.h"]
    cmd = ["gcc", *WARN[1:], *VARIANTS["release"]["cflags"], "-std=gnu11", "-Iinclude", "-Isrc",
           "-o", str(exe), *(str(p.relative_to(ROOT)) for p in [SRC, *PSA_SOURCES]), str(lib),
           "-lpthread", "-ldl", "-lm"]
    OUT.mkdir(parents=True, exist_ok=True)
    err = run_stamped(exe, cmd, inputs)
    if err:
        raise OverheadError(f"building lwc-psa-bench failed:\n{err}")
    return exe


def parse(out: str) -> tuple[list[dict], dict]:
    rows, selected = [], {}
    for line in out.splitlines():
        f = line.split()
        if f and f[0] == "row":
            rows.append({"op": f[1], "scheme": f[2], "path": f[3], "bytes": int(f[4]),
                         "calls_per_sample": int(f[5]), "median_ns": float(f[6]),
                         "min_ns": float(f[7])})
        elif f and f[0] == "selected":
            selected[f[1]] = f[2]
    return rows, selected


def overheads(rows: list[dict]) -> list[dict]:
    """PSA against direct per (operation, size): ns per call at SMALL,
    percent per byte at LARGE, each with its goal."""
    out = []
    for op in ("encrypt", "hash"):
        for size in (SMALL, LARGE):
            d = next(r for r in rows if (r["op"], r["path"], r["bytes"]) == (op, "direct", size))
            p = next(r for r in rows if (r["op"], r["path"], r["bytes"]) == (op, "psa", size))
            q = {"op": op, "scheme": d["scheme"], "bytes": size, "direct_ns": d["median_ns"],
                 "psa_ns": p["median_ns"], "direct_ns_per_byte": d["median_ns"] / size,
                 "psa_ns_per_byte": p["median_ns"] / size}
            if size == SMALL:
                q["overhead_ns_per_call"] = p["median_ns"] - d["median_ns"]
                q["goal"] = f"at most {GOAL_NS_PER_CALL:g} ns per call"
                q["met"] = q["overhead_ns_per_call"] <= GOAL_NS_PER_CALL
            else:
                q["overhead_percent_per_byte"] = 100.0 * (p["median_ns"] / d["median_ns"] - 1)
                q["goal"] = f"at most {GOAL_PERCENT_PER_BYTE:g}% per byte"
                q["met"] = q["overhead_percent_per_byte"] <= GOAL_PERCENT_PER_BYTE
            out.append(q)
    return out


def print_table(over: list[dict], selected: dict, samples: int) -> None:
    print(f"psa-overhead: {METRIC}, median of {samples} samples, adlen 0; both paths run "
          + ", ".join(f"{s} {i}" for s, i in sorted(selected.items()))
          + " (lwc_*_find(scheme, NULL), as psa_crypto_init)")
    print(f"  {'operation':<26}{'bytes':>7}{'direct':>16}{'PSA':>16}{'overhead':>16}  goal")
    for q in over:
        if q["bytes"] == SMALL:
            d, p = f"{q['direct_ns']:.1f} ns", f"{q['psa_ns']:.1f} ns"
            o = f"{q['overhead_ns_per_call']:+.1f} ns"
        else:
            d, p = f"{q['direct_ns_per_byte']:.3f} ns/B", f"{q['psa_ns_per_byte']:.3f} ns/B"
            o = f"{q['overhead_percent_per_byte']:+.2f} %"
        print(f"  {TITLES[q['op']]:<26}{q['bytes']:>7}{d:>16}{p:>16}{o:>16}  "
              f"{q['goal']}: {'met' if q['met'] else 'not met'}")


def main(args) -> int:
    if args.samples < 3:
        print("lwcbench: psa-overhead: --samples at least 3", file=sys.stderr)
        return 2
    try:
        exe = build_program()
        print(f"psa-overhead: timing {args.samples} samples ...", file=sys.stderr)
        try:  # well under a second per sample; a far larger budget still ends a hang
            r = subprocess.run([str(exe), str(args.samples), str(SMALL), str(LARGE)],
                               capture_output=True, text=True, timeout=300 + 0.5 * args.samples)
        except subprocess.TimeoutExpired:
            raise OverheadError("lwc-psa-bench ran past its time limit")
        differs = [ln[8:] for ln in r.stdout.splitlines() if ln.startswith("differs ")]
        if differs:
            raise OverheadError("the PSA path and the direct call differ ("
                                + ", ".join(differs) + "): nothing measured")
        if r.returncode != 0:
            raise OverheadError(f"lwc-psa-bench failed:\n{r.stdout}{r.stderr}")
    except OverheadError as e:
        print(f"lwcbench: psa-overhead: {e}", file=sys.stderr)
        return 1
    rows, selected = parse(r.stdout)
    over = overheads(rows)
    print_table(over, selected, args.samples)
    if args.json:
        env = {"machine": platform.machine(), "cpu": cpu_info()["cpu"], "samples": args.samples,
               "metric": METRIC, "compiler": _gcc(), "cflags": "-O2", "selected": selected}
        pathlib.Path(args.json).write_text(json.dumps(
            {"kind": "psa-overhead", "environment": env, "rows": rows, "overhead": over},
            indent=1) + "\n")
    return 0


def _gcc() -> str:
    r = subprocess.run(["gcc", "--version"], capture_output=True, text=True)
    return (r.stdout.splitlines() or ["gcc"])[0]
