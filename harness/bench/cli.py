"""./lwcbench: build, verify against the KAT files, measure, report.

  lwcbench run [--target T]... [--scheme S]... [--impl I]... [--json FILE]
               [--out DIR] [--suite thesis|sweep|grid]... [--quick] [--all] [--fresh]
               [--baseline IMPL|none] [--jobs N] [--timeout SECONDS]
               [--port DEVICE] [--baud N] [--estimate] [--add DIR [--as SCHEME]]...
  lwcbench report FILE.json [--out DIR] [--baseline IMPL|none] [--no-plots]
  lwcbench report --docs [--check | --stale] [--supplement NAME] [FILE.json]
  lwcbench report --site DIR [FILE.json] [--compare OLD.json]
  lwcbench list [--target T]... [--scheme S]... [--verbose]
  lwcbench worker tcp://HOST:PORT [--nthreads N] [--name NAME] [--wait SECONDS]
  lwcbench ct [--target T]... [--scheme S]... [--impl I]... [--jobs N] [--add DIR [--as S]]...
  lwcbench fuzz [--seconds N] [--jobs N] [--seed N] [--out DIR] [--verbose] [--add DIR]...
  lwcbench export supercop DIR [--scheme S]... [--impl I]... [--verbose]
  lwcbench host-compare [--samples N] [--size B]... [--supercop DIR]... [--json FILE]
  lwcbench profile --target T --scheme S --impl I [--op OP] [--adlen N] [--mlen N]
                   [--json FILE] [--plot FILE]
  lwcbench launcher [--calls N] [--json FILE]
  lwcbench psa-overhead [--target T] [--samples N] [--json FILE]
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import signal
import subprocess
import sys
import time

from harness.bench import (added, added_kat, budget, cluster, ct, fuzz, hostcmp, install,
                           launcher, leak, pool, profile, psa_overhead, runner, scope, stale,
                           supercop)
from harness.bench.cache import ENV as CACHE_ENV
from harness.bench.finish import finish_run
from harness.bench.impls import EXTRA_ENV, SelectionError, all_impls, select
from harness.bench.output import (docs_pages, folder, goals, markdown, model, records,
                                  site, terminal)
from harness.bench.plan import (DEFAULT_OUT, GRID, SUITES, SWEEP, THESIS, UsageError, baseline_of,
                                default_targets, plan_of, target_names)
from harness.bench.targets import TARGETS, traced_as
from harness.build import KINDS
from harness.discover import ROOT
from harness.version import main as print_version

EPILOG = f"""\
targets: {', '.join(TARGETS)}

Each selected implementation is built for each selected target and checked
against its scheme's official KAT file on that target (the target computes
every entry); one that fails is reported and not measured.  Then AEAD
encrypt and decrypt, hashes hash, permutations permute, MACs and PRFs auth
(their full output, inputs up to the function's limit: PrfShort's 16 bytes),
for the suites: thesis (mlen
{', '.join(map(str, THESIS))}, adlen 0), sweep (mlen {', '.join(map(str, SWEEP))}),
grid (AEAD, adlen x mlen over {', '.join(map(str, GRID))}), permutation (one
call of each bare permutation, crypto_perm/; checked through the official
KAT of a scheme built on it), short (MACs and PRFs, mlen 1 .. 16); plus code size and stack high-water mark.  Exact targets (simulators) count one operation;
the host's rdtsc takes many samples (median, min, max).
Results: tables on the terminal, and a folder (default build/bench/latest)
with results.json, results.md, results.csv, plots and index.html: the
files of this run only (an earlier run's charts there are removed; files
the folder has that lwcbench does not write are kept).
A program that crashes, hangs (no answer within the time limit of a request,
--timeout) or answers something that is not the protocol is reported for its
implementation, and the run goes on.  Files are replaced whole or not at all:
an interrupted run (Ctrl-C, SIGTERM) writes none.
Exit status: 0 when every selected implementation passed, 1 when one failed,
2 for bad arguments or when the results cannot be written, 130 when
interrupted (143 on SIGTERM).
Results cache: an exact target's job (a simulator: QEMU, Ibex, simavr, the
MSP430 simulator) whose firmware image, simulator build and requests are
byte-identical to an earlier one's is answered from build/bench/cache/ (the
record's reused_from says when and at which commit it was measured); the
host's clock is always measured; --fresh measures everything again;
{CACHE_ENV}=DIR keeps the cache elsewhere, {CACHE_ENV}=off disables it.
Default scope: without --impl, the cycle-accurate simulators (rv32-ibex,
avr-atmega128, msp430) leave out ref and lowsize, and rv32-ibex the portable C
no seed table shows there (bi32 and the masked C); without --scheme, rv32-ibex
measures six Ascon schemes (the thesis' four, SP 800-232's AEAD and hash) and
avr-atmega128 leaves the MSP430 paper's finalists to msp430, the Cortex-M0,
M0+, M4 and M33 targets measure those six and the permutation paper's four
permutations, rv32e-ibex Ascon-AEAD128 (as rv32-ibex: without ref, lowsize
and the C no goal compares with); without --target, the emulated board
mps2-an385 (no counts) and the Cortex-M3 wait-state variants are left out;
the report says so, and --all runs them.
--estimate prints what the run will cost, from the plan (budget.py).
{EXTRA_ENV}=DIR[:DIR] adds the implementations found under DIR
(crypto_<kind>/<scheme>/<impl>/api.h) without touching the tree.
--add DIR [--as SCHEME] (repeatable) adds a SUPERCOP / NIST LWC folder (api.h,
sources): named +<folder>, built, KAT-checked and measured beside ours (without
--scheme: of its scheme); its records say where it comes from; kept out of
the shared cache entries and of --docs (docs/lwcbench/run.md).
fuzz: libFuzzer (clang, ASan, UBSan) compares every host implementation with
ref on random inputs, seeded from the KAT files; the corpus is kept in
build/fuzz/; exit status 1 with the reproducer when one differs.
"""


def add_run(sub) -> None:
    run = sub.add_parser("run", help="build, check and measure; print tables",
                         epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    run.add_argument("--target", action="append", metavar="T",
                     help="a target (repeatable); default: every target, unavailable ones skipped")
    run.add_argument("--scheme", action="append", metavar="S", help="a scheme (repeatable)")
    run.add_argument("--impl", action="append", metavar="I",
                     help="an implementation name, e.g. opt64 (repeatable)")
    run.add_argument("--port", metavar="DEVICE",
                     help="a real board's serial port (with --target BOARD)")
    run.add_argument("--baud", type=int, metavar="N",
                     help="the boards' serial speed (default 115200)")
    run.add_argument("--json", metavar="FILE", help="write every result to FILE (JSON)")
    run.add_argument("--out", metavar="DIR",
                     help=f"results folder (default {DEFAULT_OUT.relative_to(ROOT)}; 'none': none)")
    run.add_argument("--suite", action="append", choices=SUITES,
                     help="measurement suites (repeatable; default: all)")
    run.add_argument("--quick", action="store_true",
                     help="fewer samples on noisy clocks (33 instead of 201 for short inputs)")
    run.add_argument("--jobs", type=int, metavar="N",
                     help="parallel jobs for simulator targets (default: the number of cores)")
    run.add_argument("--no-plots", action="store_true",
                     help="skip the PNG/SVG plots (and remove those of an earlier run in the "
                          "results folder)")
    run.add_argument("--timeout", type=float, metavar="SECONDS",
                     help="time limit of one request to a target's program (default: the "
                          "target's own, 120 s on most); past it the program is killed "
                          "and its implementation reported as timed out")
    run.add_argument("--all", action="store_true",
                     help="the whole matrix: also what the default run leaves out (see "
                          "'left out' in its report: ref and lowsize on the cycle-accurate "
                          "simulators, all but eight Ascon schemes on the RTL model "
                          "rv32-ibex, the emulated board mps2-an385)")
    run.add_argument("--docs", action="store_true",
                     help="with --all: store the run as the committed data set and regenerate "
                          "docs/results/ and README.md's table from it (./lwcbench report "
                          "--docs)")
    run.add_argument("--fresh", action="store_true",
                     help="measure everything again: read nothing from the results cache "
                          "(build/bench/cache; exact targets only, the host is always "
                          "measured)")
    run.add_argument("--cluster", metavar="tcp://HOST:PORT",
                     help="send the simulator jobs to this Dask scheduler, whose workers "
                          "run './lwcbench worker tcp://HOST:PORT' in a checkout of the same "
                          "commit; the host's jobs run here")
    run.add_argument("--estimate", action="store_true",
                     help="print what the selection will cost (jobs, minutes on "
                          f"{budget.REFERENCE_WORKERS} cores or --jobs, the heaviest jobs; "
                          "harness/bench/budget.py) and run nothing")
    run.add_argument("--calibration", metavar="RESULTS.json",
                     help="with --estimate: each job's time from this run's results instead "
                          "of the committed data set's")
    run.add_argument("--cluster-wait", type=float, default=cluster.WAIT_SECONDS,
                     metavar="SECONDS",
                     help="with --cluster: how long to wait for a first worker before "
                          f"stopping with an error (default {cluster.WAIT_SECONDS})")
    run.add_argument("--baseline", metavar="IMPL", default="ref",
                     help="add the %% difference against this implementation's row "
                          "(default: ref; 'none' for no comparison)")
    added.add_arguments(run)


def with_added(args, only_added: bool = False) -> list:
    """The --add folders made extra implementations (added.prepare), and
    the selection widened to take them: their names join --impl when it is
    given, their schemes --scheme; without --scheme the run is of their
    schemes alone (beside ours of the same schemes), and with only_added
    and no --impl, of them alone."""
    got = added_kat.prepare(getattr(args, "add", None))
    if got:
        schemes = [a.scheme for a in got]
        args.scheme = list(dict.fromkeys([*(args.scheme or []), *schemes]))
        if args.impl or only_added:
            args.impl = list(dict.fromkeys([*(args.impl or []), *(a.name for a in got)]))
    return got


def add_report(sub) -> None:
    rep = sub.add_parser("report", help="rebuild tables and the results folder from a JSON file")
    rep.add_argument("json_file", metavar="FILE.json", nargs="?",
                     help="the results of a run (./lwcbench run --json, or a results "
                          "folder's results.json); with --docs: stored first as the "
                          "committed data set")
    rep.add_argument("--docs", action="store_true",
                     help="write docs/results/ (a page per target family and per paper) and "
                          "README.md's table from the committed data set "
                          "(docs/results/data/results.json.xz)")
    rep.add_argument("--site", metavar="DIR",
                     help="write a static results site into DIR (HTML, no server or network "
                          "needed) from FILE.json, or from the committed data set without it")
    rep.add_argument("--compare", metavar="OLD.json",
                     help="with --site: a page comparing OLD.json's run with this one "
                          "(regressions in red)")
    rep.add_argument("--check", action="store_true",
                     help="with --docs: write nothing; exit 1 naming every generated file "
                          "that differs from what the data set gives")
    rep.add_argument("--stale", action="store_true",
                     help="with --docs: rebuild (no simulation) the images behind the README's "
                          "table and the cells beside the published figures; exit 1 naming "
                          "each whose image is not the one its records measured")
    rep.add_argument("--supplement", metavar="NAME",
                     help="with --docs FILE.json: store the run as the data of a page of its "
                          "own instead (masking: docs/results/masking.md, the masked "
                          "implementations beside their published figures)")
    rep.add_argument("--out", metavar="DIR",
                     help="results folder (default: the JSON's folder); afterwards it holds "
                          "this report's files only (other files of yours are kept)")
    rep.add_argument("--baseline", metavar="IMPL", default="ref",
                     help="add the %% difference against this implementation's row "
                          "(default: ref; 'none' for no comparison)")
    rep.add_argument("--goals", action="store_true",
                     help="judge harness/bench/goals.toml's goals against FILE.json (a run of "
                          "yours, --add folders included): each goal with a measured cell, its "
                          "verdict, cells met and worst ratio; exit 1 when one is not met")
    rep.add_argument("--no-plots", action="store_true",
                     help="skip the PNG/SVG plots (and remove those of an earlier report)")


def add_list(sub) -> None:
    lst = sub.add_parser("list", help="targets with their availability and implementations",
                         description="One line per target: available or not (and why), and "
                                     "how many implementations it builds, per kind (aead: "
                                     "AEAD; hash: hash, XOF, CXOF; perm: bare permutation; "
                                     "auth: MAC and PRF).  With --target, --scheme or "
                                     "--verbose: each scheme's implementations too.")
    lst.add_argument("--target", action="append", metavar="T",
                     help="only this target, with its implementations (repeatable)")
    lst.add_argument("--scheme", action="append", metavar="S",
                     help="only this scheme's implementations (repeatable)")
    lst.add_argument("--verbose", action="store_true",
                     help="every target's implementations, scheme by scheme")


def add_worker(sub) -> None:
    wk = sub.add_parser("worker", help="serve jobs of './lwcbench run --cluster' (a Dask worker "
                                       "in this checkout, after the set-up)")
    wk.add_argument("scheduler", metavar="tcp://HOST:PORT",
                    help="the Dask scheduler's address (checked reachable first)")
    wk.add_argument("--nthreads", type=int, metavar="N",
                    help="jobs at once (default: the number of cores)")
    wk.add_argument("--name", help="the worker's name on the scheduler")
    wk.add_argument("--wait", type=float, default=cluster.WAIT_SECONDS, metavar="SECONDS",
                    help="how long to wait for the scheduler to come up before stopping "
                         f"with an error (default {cluster.WAIT_SECONDS}; 0: not at all)")


def add_ct(sub) -> None:
    ctp = sub.add_parser("ct", help="constant-time check: traces of different secrets compared",
                         description=ct.__doc__.split("\n\n")[0],
                         epilog="Simulated targets: the simulator records the address of "
                                "every executed instruction and data access (QEMU: the plugin "
                                "harness/platforms/qemu/ct_trace.c; Ibex, simavr, lwc-msp430sim: "
                                "their --ct-trace option), compared between secrets.  The host: "
                                "valgrind's memcheck with the secrets undefined (the TIMECOP "
                                "approach).  Exit status: 0 when no finding, 1 on a finding or "
                                "a failure, 2 for bad arguments.")
    ctp.add_argument("--target", action="append", metavar="T",
                     help="a target (repeatable); default: every target with a tracer")
    ctp.add_argument("--scheme", action="append", metavar="S", help="a scheme (repeatable)")
    ctp.add_argument("--impl", action="append", metavar="I", help="an implementation (repeatable)")
    ctp.add_argument("--jobs", type=int, metavar="N", help="parallel jobs (default: the cores)")
    ctp.add_argument("--all", action="store_true",
                     help="every implementation on every target; default: what ./lwcbench run "
                          "measures (the default run's targets and each one's default scope)")
    added.add_arguments(ctp)


def impl_counts(impls) -> str:
    """How many implementations, per kind in lwc.h's order of the descriptor
    types (harness/build.py's KINDS): "145 implementations (aead 49, hash
    47, perm 33, auth 15)"; a kind with none is left out."""
    kinds: dict[str, int] = {}
    for i in impls:
        kinds[i.kind] = kinds.get(i.kind, 0) + 1
    order = {k: n for n, k in enumerate(KINDS)}
    shown = sorted(kinds.items(), key=lambda kn: (order.get(kn[0], len(order)), kn[0]))
    return (f"{len(impls)} implementation{'' if len(impls) == 1 else 's'}"
            + (f" ({', '.join(f'{k} {n}' for k, n in shown)})" if kinds else ""))


def cmd_list(args) -> int:
    """One line per target (availability, reason, implementation counts);
    each scheme's implementations too when filtered or with --verbose."""
    classes = [TARGETS[n] for n in target_names(args.target)]
    impls = all_impls()
    if args.scheme:
        impls = select(impls, args.scheme, None)
    full = bool(args.verbose or args.target or args.scheme)
    printed: dict[tuple, str] = {}
    rows = []
    for t in [c() for c in classes]:
        ok, reason = t.is_available()
        mine = tuple(i for i in impls if t.supports(i))
        rows.append((t.name, "available" if ok else "unavailable", reason, mine))
    width = max(len(impl_counts(m)) for *_x, m in rows)
    name_w = max(len(r[0]) for r in rows)  # the longest target name sets the column
    for name, state, reason, mine in rows:
        if not full:
            print(f"{name:<{name_w}} {state:<12} {impl_counts(mine):<{width}}  {reason}")
            continue
        print(f"{name:<{name_w}} {state:<12} {reason}")
        if not mine:
            print("  implementations: none" + (" of the selected schemes" if args.scheme else ""))
            continue
        if mine in printed:
            print(f"  implementations: the same {len(mine)} as {printed[mine]}")
            continue
        printed[mine] = name
        by_scheme: dict[str, list[str]] = {}
        for i in mine:
            by_scheme.setdefault(i.scheme, []).append(i.name)
        for scheme, names in by_scheme.items():
            print(f"  {scheme}: {' '.join(names)}")
    if not full:
        print("each scheme's implementations: ./lwcbench list --verbose, or --target T, "
              "--scheme S")
    return 0


def cmd_run(args) -> int:
    """The main job: the options parsed once into a plan, the run it asks
    for (runner.execute, on the cluster when --cluster), its report."""
    started = time.monotonic()
    if getattr(args, "add", None) and args.docs:
        raise UsageError("--docs stores the run as the committed data set, which holds the "
                         "tree's implementations only: run --add without --docs")
    with_added(args)
    plan = plan_of(args, tuple(args.argv))
    if args.estimate:  # the plan's cost, nothing run
        known = budget.calibration(args.calibration) if args.calibration else None
        lines = budget.estimate(plan, args.jobs or budget.REFERENCE_WORKERS, known).lines(
            budget.BUDGET_SECONDS if budget.is_default(plan) else None)
        print("estimate: " + "\n".join(lines))
        return 0
    client = None
    if plan.cluster:  # first: an unreachable scheduler is said at once
        install.setup(["cluster"])
        try:
            client = cluster.connect(plan.cluster)
            cluster.wait_for_workers(client, plan.cluster, args.cluster_wait,
                                     lambda text: print(text, file=sys.stderr, flush=True))
        except cluster.ClusterError as e:
            if client is not None:
                client.close()
            raise UsageError(str(e)) from e
    try:
        result = runner.execute(plan, client, started)
    finally:
        if client is not None:
            client.close()
    return finish_run(result)


def cmd_ct(args) -> int:
    """Trace every selected implementation on every selected target that
    can; print each finding; 1 when there is one (or a trace failed)."""
    if args.jobs is not None and args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1 (got {args.jobs})")
    names = target_names(args.target)
    if not args.target and not args.all:  # the default run's targets, as `run`
        names, left = default_targets(names)
        for name, why in left:
            print(f"{name}: left out of the default run ({why}); --all or --target {name} "
                  f"traces it", flush=True)
    classes = [TARGETS[n] for n in names]
    with_added(args, only_added=True)
    install.setup(install.profiles_for(classes))
    targets = [c() for c in classes]  # after the set-up
    chosen = select(all_impls(), args.scheme, args.impl)
    jobs = []
    for t in targets:
        why = t.ct_missing()
        if why is not None:
            if args.target:
                print(f"{t.name}: skipped: {why}", flush=True)
            continue
        base = traced_as(t)
        if base in names:  # the same images under the same tracer
            print(f"{t.name}: runs {base}'s firmware under the same tracer: traced there",
                  flush=True)
            continue
        mine, own, rest = scope.kept(t, [i for i in chosen if t.supports(i)], args.all,
                                     bool(args.impl), bool(args.scheme))
        if own:  # said, never silent (as `run`)
            print(f"{t.name}: not traced on this target: {len(own)} implementation(s) "
                  f"({t.measured_schemes_why})", flush=True)
        if rest:
            print(f"{t.name}: left out of the default scope: {len(rest)} "
                  f"implementation(s) ({t.default_left_out_why}); --all traces them", flush=True)
        jobs += [(t, i) for i in mine]
    if not jobs:
        raise UsageError("nothing to trace (no selected implementation on a target with a tracer)")
    return ct.run(jobs, args.jobs)


def cmd_worker(args) -> int:
    """A Dask worker serving this checkout's jobs (harness/bench/cluster.py):
    the scheduler checked reachable, the set-up of every target, then
    `dask worker` with the repository on its Python path."""
    if args.nthreads is not None and args.nthreads < 1:
        raise UsageError(f"--nthreads must be at least 1 (got {args.nthreads})")
    if args.wait < 0:
        raise UsageError(f"--wait must be 0 or more seconds (got {args.wait:g})")
    try:  # first: the scheduler, waited for (started together, it may come later)
        cluster.scheduler_address(args.scheduler)
        cluster.wait_reachable(args.scheduler, args.wait,
                               lambda text: print(f"lwcbench worker: {text}", file=sys.stderr,
                                                  flush=True))
    except cluster.ClusterError as e:
        raise UsageError(str(e)) from e
    install.setup(["all"])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
    argv = [sys.executable, "-m", "distributed.cli.dask_worker", args.scheduler,
            "--nthreads", str(args.nthreads or pool.cpu_count()), "--nworkers", "1",
            "--no-dashboard", "--death-timeout", "30"]
    if args.name:
        argv += ["--name", args.name]
    try:
        return subprocess.run(argv, cwd=ROOT, env=env).returncode
    except FileNotFoundError as e:
        raise UsageError(f"cannot start the Dask worker: {e}") from e


def cmd_report(args) -> int:
    if args.goals:
        if args.docs or args.site or args.json_file is None:
            raise UsageError("--goals goes with FILE.json alone (the design pages' goals are "
                             "judged from the data set by --docs)")
        try:
            data = records.load(pathlib.Path(args.json_file))
        except records.DataError as e:
            raise UsageError(str(e)) from e
        return goals_report(data)
    if args.check and not args.docs:
        raise UsageError("--check goes with --docs")
    if args.stale:
        if not args.docs or args.check or args.supplement:
            raise UsageError("--stale goes with --docs alone (it checks the committed data "
                             "set, or FILE.json, against today's code)")
        try:
            data = records.load(pathlib.Path(args.json_file) if args.json_file
                                else docs_pages.DATA)
        except records.DataError as e:
            raise UsageError(str(e)) from e
        lines = stale.stale_lines(data)
        if lines:
            print(f"{len(lines)} job(s) of the README's table or of the published tables "
                  f"are no longer what the data set measured:")
            print("\n".join(f"  {ln}" for ln in lines))
            print(f"refresh the data set: {stale.REFRESH}")
            return 1
        print("the README's table and the published tables are today's code")
        return 0
    if args.supplement and not args.docs:
        raise UsageError("--supplement goes with --docs")
    if args.compare and not args.site:
        raise UsageError("--compare goes with --site")
    if args.site:
        if args.docs:
            raise UsageError("--site and --docs are two commands: run them one after the other")
        try:
            data = records.load(pathlib.Path(args.json_file) if args.json_file
                                else docs_pages.DATA)
            old = records.load(pathlib.Path(args.compare)) if args.compare else None
            # the facts of every target of both runs (the new run's, of one in both)
            facts = {**(records.target_facts(old) if old is not None else {}),
                     **records.target_facts(data)}
            files = site.write(data, pathlib.Path(args.site), old, facts)
        except records.DataError as e:
            raise UsageError(str(e)) from e
        except OSError as e:
            raise UsageError(f"cannot write the site in {args.site}: {e}") from e
        print(f"wrote {args.site}/ ({len(files)} files): open "
              f"{(pathlib.Path(args.site) / 'index.html').resolve().as_uri()}")
        return 0
    if args.docs:
        try:
            status, lines = docs_pages.run(pathlib.Path(args.json_file) if args.json_file
                                           else None, args.check, args.supplement)
        except records.DataError as e:
            raise UsageError(str(e)) from e
        print("\n".join(lines))
        return status
    if args.json_file is None:
        raise UsageError("report needs FILE.json (or --docs, or --site DIR)")
    try:
        data = json.loads(pathlib.Path(args.json_file).read_text())
        recs = data["results"]
        names = {r["impl"] for r in recs}
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise UsageError(f"cannot read {args.json_file}: {e}") from e
    baseline = baseline_of(args.baseline, names | {i.name for i in all_impls()})
    out = pathlib.Path(args.out) if args.out else pathlib.Path(args.json_file).resolve().parent
    try:  # before the tables: a folder that cannot be written is said at once
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"cannot write --out {out}: {e.strerror or e}") from e
    targets = data.get("environment", {}).get("targets", {})
    labels = {t: e.get("clock_label", t) for t, e in targets.items()}
    facts = records.target_facts(data)
    print(terminal.tables(recs, labels, baseline, model.declared_counters_of(data), facts))
    for line in model.added_folders(recs):  # folders from outside the tree (run --add)
        print(line)
    try:
        files = folder.write_folder(data, out, baseline, facts, with_plots=not args.no_plots)
    except OSError as e:  # the file being written was removed; others are whole
        raise UsageError(f"cannot write the results in {out}: {e}") from e
    print(folder.written(out, files, not args.no_plots))
    return 0


def goals_report(data: dict) -> int:
    """The goals judged against a run's records (report FILE.json --goals):
    those with a measured cell, as the design pages show them; 1 when one
    is not met."""
    try:
        every = goals.load()
    except goals.GoalError as e:
        raise UsageError(str(e)) from e
    judged = [j for j in goals.judge_all(every, data["results"])
              if any(c.value is not None for c in j.cells)]
    if not judged:
        print(f"no goal of {len(every)} has a measured cell in these records")
        return 0
    print("\n".join(markdown.table(goals.grid(judged).text_rows())))
    for line in goals.notes(judged):
        print(f"- {line}")
    print(f"{len(judged)} of {len(every)} goals have a measured cell here "
          f"(harness/bench/goals.toml says what each compares)")
    return 1 if any(j.verdict == "not met" for j in judged) else 0


class Terminated(KeyboardInterrupt):
    """SIGTERM, handled like Ctrl-C: the run stops, its programs are
    killed, no file is left half-written."""


def _on_sigterm(signum, frame):
    raise Terminated()


# Every subcommand: its options (added to the parser) and what runs it.
COMMANDS = {
    "run": (add_run, cmd_run),
    "report": (add_report, cmd_report),
    "list": (add_list, cmd_list),
    "worker": (add_worker, cmd_worker),
    "ct": (add_ct, cmd_ct),
    "fuzz": (fuzz.add_parser, fuzz.main),
    "export": (supercop.add_parser, supercop.main),
    "host-compare": (hostcmp.add_parser, hostcmp.main),
    "profile": (profile.add_parser, profile.main),
    "leak": (leak.add_parser, leak.main),
    "launcher": (launcher.add_parser, launcher.main),
    "psa-overhead": (psa_overhead.add_parser, psa_overhead.main),
}


class _Version(argparse.Action):
    """--version: "lwcbench x.y.z", as the ./lwcbench launcher prints it for
    a lone --version (harness/version.py: its errors, its exit status); the
    version is read when asked for, not on every command."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        parser.exit(print_version(["lwcbench"]))


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="lwcbench", description=__doc__.splitlines()[0],
                                 epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--version", action=_Version,
                    help="print lwcbench's version (CMakeLists.txt's project() line) and exit")
    sub = ap.add_subparsers(dest="command", required=True)
    for add, _run in COMMANDS.values():
        add(sub)
    return ap


def parse(argv: list[str] | None):
    """The command line's arguments (args.argv: the words they came from);
    an unknown option of a subcommand is that subcommand's error, with its
    usage (argparse blames the top-level parser, whose usage says nothing of
    the subcommand's options); exit status 2."""
    argv = sys.argv[1:] if argv is None else list(argv)
    ap = parser()
    args, extra = ap.parse_known_args(argv)
    if extra:
        subs = next(a for a in ap._actions if isinstance(a, argparse._SubParsersAction))
        subs.choices[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
    args.argv = argv
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    try:
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    except ValueError:  # not the main thread: no handler
        previous = None
    try:
        return _main(args)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _main(args) -> int:
    try:
        return COMMANDS[args.command][1](args)
    except SelectionError as e:  # UsageError is one too
        print(f"lwcbench: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as e:
        print("lwcbench: interrupted", file=sys.stderr)
        return 143 if isinstance(e, Terminated) else 130
