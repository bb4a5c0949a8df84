#!/usr/bin/env python3
"""Compare the exact records of two `./lwcbench run --json` files.

Usage: tools/compare_runs.py BEFORE.json AFTER.json [--field F]... [--all-targets]

A record is named by (target, scheme, impl, op, adlen, mlen); its counts
(cycles, modelled_cycles, instructions, and a bare permutation's function
alone: function_cycles, function_modelled_cycles, function_instructions,
function_bytes), code_bytes, stack_bytes and kat (--field: others) must be
equal in both files.  AFTER may be a smaller run (some targets or
implementations): BEFORE's records count only for the (target, scheme,
impl) jobs that AFTER has; a record of such a job missing on either side is
a difference.  The host's clock is not exact: its cycles are left out
unless --all-targets (its instructions, sizes and KAT still count).

Prints every difference and a summary; exit status 0 when the records are
identical, 1 when one differs, 2 when a file cannot be read.
"""
from __future__ import annotations

import argparse
import json
import sys

FIELDS = ("cycles", "modelled_cycles", "instructions", "function_cycles",
          "function_modelled_cycles", "function_instructions", "function_bytes",
          "code_bytes", "stack_bytes", "kat")
KEY = ("target", "scheme", "impl", "op", "adlen", "mlen")
NOISY = {("host", "cycles")}  # measured by a clock: differs from run to run


def load(path: str) -> dict[tuple, dict]:
    with open(path) as f:
        records = json.load(f)["results"]
    out: dict[tuple, dict] = {}
    for r in records:
        k = tuple(r.get(f) for f in KEY)
        if k in out:
            raise ValueError(f"{path}: two records for {k}")
        out[k] = r
    return out


def compare(before: dict, after: dict, fields, noisy=NOISY) -> tuple[int, list[str]]:
    """(records compared, lines describing each difference)"""
    jobs = {k[:3] for k in after}
    diffs, compared = [], 0
    for k in sorted(set(before) | set(after), key=lambda k: tuple(map(str, k))):
        if k[:3] not in jobs:
            continue
        name = " ".join(f"{f}={v}" for f, v in zip(KEY, k))
        if k not in after:
            diffs.append(f"{name}: only in the first run")
            continue
        if k not in before:
            diffs.append(f"{name}: only in the second run")
            continue
        compared += 1
        for f in fields:
            if (k[0], f) in noisy:
                continue
            a, b = before[k].get(f), after[k].get(f)
            if a != b:
                delta = f" ({b - a:+})" if isinstance(a, int) and isinstance(b, int) else ""
                diffs.append(f"{name}: {f} {a} -> {b}{delta}")
    return compared, diffs


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--field", action="append", help=f"a field to compare (default: {', '.join(FIELDS)})")
    ap.add_argument("--all-targets", action="store_true",
                    help="compare the host's clock cycles too")
    args = ap.parse_args(argv)
    try:
        before, after = load(args.before), load(args.after)
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"compare_runs: {e}", file=sys.stderr)
        return 2
    fields = tuple(args.field or FIELDS)
    compared, diffs = compare(before, after, fields, set() if args.all_targets else NOISY)
    for line in diffs:
        print(line)
    per_target: dict[str, int] = {}
    for k in after:
        per_target[k[0]] = per_target.get(k[0], 0) + 1
    print(f"{compared} records compared ({', '.join(f'{t} {n}' for t, n in per_target.items())}; "
          f"fields {', '.join(fields)}): {len(diffs)} difference(s)")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
