"""./lwcbench: build, verify against the KAT files, measure, report.

  lwcbench run [--target T]... [--scheme S]... [--impl I]... [--json FILE]
               [--quick] [--baseline IMPL|none]
  lwcbench list
"""
from __future__ import annotations

import argparse
import os
import sys
import time

from harness.bench import report
from harness.bench.impls import EXTRA_ENV, SelectionError, all_impls, impl_id, select
from harness.bench.runner import LENGTHS, Progress, run_target
from harness.bench.targets import TARGETS

EPILOG = f"""\
targets: {', '.join(TARGETS)}

Each selected implementation is built for each selected target and checked
against its scheme's official KAT file on that target; one that fails is
reported and not measured.  Then: AEAD encrypt and decrypt, hashes hash, with
mlen {' and '.join(map(str, LENGTHS))} and adlen 0 (the thesis' inputs).
Exit status: 0 when every selected implementation passed, 1 when one failed,
2 for bad arguments.
{EXTRA_ENV}=DIR[:DIR] adds the implementations found under DIR
(crypto_<kind>/<scheme>/<impl>/api.h) without touching the tree.
"""


class UsageError(Exception):
    pass


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="lwcbench", description=__doc__.splitlines()[0],
                                 epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="build, check and measure; print tables",
                         epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    run.add_argument("--target", action="append", metavar="T",
                     help="a target (repeatable); default: every target, unavailable ones skipped")
    run.add_argument("--scheme", action="append", metavar="S", help="a scheme (repeatable)")
    run.add_argument("--impl", action="append", metavar="I",
                     help="an implementation name, e.g. opt64 (repeatable)")
    run.add_argument("--json", metavar="FILE", help="write every result to FILE (JSON)")
    run.add_argument("--quick", action="store_true",
                     help="fewer samples (33 for 16 B, 9 for 32 KiB instead of 201 and 33)")
    run.add_argument("--baseline", metavar="IMPL", default="ref",
                     help="add the %% difference against this implementation's row "
                          "(default: ref; 'none' for no comparison)")
    sub.add_parser("list", help="targets with their availability and implementations")
    return ap


def _targets(names: list[str] | None):
    for n in names or []:
        if n not in TARGETS:
            raise UsageError(f"unknown target '{n}' (valid: {', '.join(TARGETS)})")
    return [TARGETS[n]() for n in dict.fromkeys(names or TARGETS)]


def cmd_list() -> int:
    impls = all_impls()
    printed: dict[tuple, str] = {}
    for t in _targets(None):
        ok, reason = t.is_available()
        print(f"{t.name:<18} {'available' if ok else 'unavailable':<12} {reason}")
        mine = tuple(i for i in impls if t.supports(i))
        if mine in printed:
            print(f"  implementations: the same {len(mine)} as {printed[mine]}")
            continue
        printed[mine] = t.name
        by_scheme: dict[str, list[str]] = {}
        for i in mine:
            by_scheme.setdefault(i.scheme, []).append(i.name)
        for scheme, names in by_scheme.items():
            print(f"  {scheme}: {' '.join(names)}")
    return 0


def cmd_run(args) -> int:
    started = time.monotonic()
    if args.json:
        folder = os.path.dirname(os.path.abspath(args.json))
        if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            raise UsageError(f"cannot write --json {args.json}: {folder} is not a writable folder")
    targets = _targets(args.target)
    impls = all_impls()
    chosen = select(impls, args.scheme, args.impl)
    if args.baseline != "none" and args.baseline not in {i.name for i in impls}:
        raise UsageError(f"unknown baseline '{args.baseline}' "
                         f"(valid: {', '.join(sorted({i.name for i in impls}))}, none)")
    runnable, skipped = [], []
    for t in targets:
        ok, reason = t.is_available()
        if not ok:
            skipped.append((t.name, reason))
            print(f"{t.name}: skipped: {reason}", flush=True)
            continue
        mine = [i for i in chosen if t.supports(i)]
        if not mine:
            skipped.append((t.name, "no selected implementation builds for it"))
            print(f"{t.name}: skipped: no selected implementation builds for it", flush=True)
            continue
        runnable.append((t, mine))
    load_before = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    if load_before is not None and load_before > max((os.cpu_count() or 1) - 1, 0.5) and runnable:
        print(f"lwcbench: note: the machine is busy (load average {load_before:.1f} on "
              f"{os.cpu_count()} cores); host timings may be inflated", file=sys.stderr)
    progress = Progress(sum(len(m) for _t, m in runnable))
    records, outcomes, target_env = [], [], {}
    try:
        for t, mine in runnable:
            r, o = run_target(t, mine, args.quick, progress)
            records += r
            outcomes += o
            target_env[t.name] = t.environment()
    finally:
        progress.finish()
        for t, _m in runnable:
            t.close()
    for name, reason in skipped:
        target_env[name] = {"skipped": reason}
    labels = {t.name: t.clock_label or t.name for t, _m in runnable}
    baseline = None if args.baseline == "none" else args.baseline
    if records:
        print()
        print(report.tables(records, labels, baseline))
    print(report.summary(outcomes, skipped))
    if args.json:
        env = report.environment(target_env, sys.argv[1:])
        env["quick"] = args.quick
        env["samples"] = {str(m): {t.name: t.samples(m, args.quick) for t, _ in runnable}
                          for m in LENGTHS}
        env["wall_seconds"] = round(time.monotonic() - started, 1)
        if load_before is not None:
            env["load_average"] = {"start": round(load_before, 2),
                                   "end": round(os.getloadavg()[0], 2)}
        report.write_json(args.json, {
            "results": records,
            "environment": env,
            "failures": [{"target": o.target, "impl": impl_id(o.impl), "status": o.status,
                          "detail": o.detail} for o in outcomes if o.failed],
        })
        print(f"wrote {args.json}")
    return 1 if any(o.failed for o in outcomes) else 0


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        if args.command == "list":
            return cmd_list()
        return cmd_run(args)
    except (UsageError, SelectionError) as e:
        print(f"lwcbench: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("lwcbench: interrupted", file=sys.stderr)
        return 130
