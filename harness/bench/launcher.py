"""./lwcbench launcher: what the ./lwc launcher adds to a call of the tool.

  lwcbench launcher [--calls N] [--json FILE]

Calls the binary build/host-release/bin/lwc N times, then the launcher ./lwc
N times, with the same arguments (`hash ascon-hash256 --msg 00`), round by
round (one of each a round, so that a change of the machine's load falls on
both), after one call of the launcher that brings the build up to date.
Prints the wall time of a call of each (the mean, and the median of the
rounds), what the launcher adds, and the goal: at most 20 ms a call when
nothing changed (./lwc's own check, not the build, decides that).
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

from harness.build import build_dir
from harness.discover import ROOT

LAUNCHER = ROOT / "lwc"
ARGS = ["hash", "ascon-hash256", "--msg", "00"]
GOAL_MS = 20.0


def add_parser(sub) -> None:
    """The `launcher` subcommand of ./lwcbench (harness/bench/cli.py)."""
    p = sub.add_parser("launcher", help="what ./lwc adds to a call of the binary",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--calls", type=int, default=1000, metavar="N",
                   help="calls of each (default 1000)")
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")


def timed(argv: list[str]) -> float:
    """Seconds of one call, which must succeed."""
    t = time.perf_counter()
    r = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    took = time.perf_counter() - t
    if r.returncode != 0:
        raise RuntimeError(f"{argv[0]} failed: {r.stderr.decode(errors='replace').strip()}")
    return took


def main(args) -> int:
    if args.calls < 1:
        print("lwcbench launcher: --calls must be at least 1", file=sys.stderr)
        return 2
    binary = build_dir("release") / "bin" / "lwc"
    try:
        timed([str(LAUNCHER), *ARGS])  # the build brought up to date, once
        rounds = [(timed([str(binary), *ARGS]), timed([str(LAUNCHER), *ARGS]))
                  for _ in range(args.calls)]
    except (OSError, RuntimeError) as e:
        print(f"lwcbench launcher: {e}", file=sys.stderr)
        return 1
    alone = [b for b, _ in rounds]
    via = [v for _, v in rounds]
    ms = {"binary_mean_ms": 1e3 * statistics.fmean(alone),
          "launcher_mean_ms": 1e3 * statistics.fmean(via),
          "binary_median_ms": 1e3 * statistics.median(alone),
          "launcher_median_ms": 1e3 * statistics.median(via)}
    added = ms["launcher_mean_ms"] - ms["binary_mean_ms"]
    print(f"{args.calls} calls of `lwc {' '.join(ARGS)}`, wall time a call (mean, median):")
    print(f"  the binary alone  {ms['binary_mean_ms']:7.2f} ms  {ms['binary_median_ms']:7.2f} ms")
    print(f"  through ./lwc     {ms['launcher_mean_ms']:7.2f} ms  "
          f"{ms['launcher_median_ms']:7.2f} ms")
    print(f"  the launcher adds {added:7.2f} ms a call (goal: at most {GOAL_MS:.0f} ms: "
          f"{'met' if added <= GOAL_MS else 'not met'})")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"calls": args.calls, "args": ARGS, **ms, "added_ms": added,
                       "goal_ms": GOAL_MS}, f, indent=1)
    return 0
