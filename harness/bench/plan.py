"""What a `./lwcbench run` is asked to do: the command line parsed once into
an immutable Plan, and what a plan measures (suites -> points).

The run reads one way (docs/design/architecture.md: how a run flows):
  cli (options) -> plan.plan_of -> Plan
  runner.execute(plan): set-up, the targets made with plan.settings(),
      scope.select (which jobs), the jobs (here, or on a cluster, which is
      shipped the plan) -> runner.RunResult
  finish.finish_run(result, plan): terminal tables, JSON, results folder.
No module imports from one downstream of it.
"""
from __future__ import annotations

import dataclasses
import math
import os
import pathlib

from harness.bench.impls import SelectionError, all_impls
from harness.bench.targets import TARGETS
from harness.bench.targets.base import TargetSettings
from harness.bench.targets.job import NULL_OP, OPS, Point
from harness.discover import ROOT

# The thesis' inputs (Figures 5.2-5.5), a length sweep, the MSP430 paper's
# adlen x mlen grid (AEAD only), one call of each bare permutation (the
# permutation paper's figures), and MACs and PRFs at 1..16 bytes (short).
THESIS = [16, 32768]
SWEEP = [0, 1, 8, 16, 32, 64, 128, 1536, 4096]
GRID = [0, 16, 128, 1024]
SHORT = list(range(1, 17))  # a sensor's reading: MACs and PRFs, PrfShort's whole range
SUITES = ("thesis", "sweep", "grid", "permutation", "short")

DEFAULT_OUT = ROOT / "build" / "bench" / "latest"


class UsageError(SelectionError):
    """Bad arguments: a one-line message, exit status 2."""


def points_of(impl, suites: tuple[str, ...] = SUITES) -> list[Point]:
    """points_for an implementation (its kind and its longest input)."""
    return points_for(impl.kind, suites, impl.max_inbytes)


def points_for(kind: str, suites: tuple[str, ...] = SUITES,
               max_len: int | None = None) -> list[Point]:
    """The operations to measure for one implementation, each once, with
    the suites that ask for it; max_len: the longest input it takes
    (Impl.max_inbytes: longer points are not asked for)."""
    want: dict[tuple, list[str]] = {}
    if kind == "perm":  # the permutation, and the null one through the same call
        return [Point("permutation", 0, 0, ("permutation",)),
                Point(NULL_OP, 0, 0, ("permutation",))] if "permutation" in suites else []
    fits = (lambda m: True) if max_len is None else (lambda m: m <= max_len)
    for op in OPS[kind]:
        if "thesis" in suites:
            for m in filter(fits, THESIS):
                want.setdefault((op, 0, m), []).append("thesis")
        if "sweep" in suites:
            for m in filter(fits, SWEEP):
                want.setdefault((op, 0, m), []).append("sweep")
        if "short" in suites and kind == "auth":
            for m in filter(fits, SHORT):
                want.setdefault((op, 0, m), []).append("short")
        if "grid" in suites and kind == "aead":
            for a in GRID:
                for m in GRID:
                    want.setdefault((op, a, m), []).append("grid")
    return [Point(op, a, m, tuple(sets)) for (op, a, m), sets in
            sorted(want.items(), key=lambda kv: (OPS[kind].index(kv[0][0]), kv[0][1], kv[0][2]))]


@dataclasses.dataclass(frozen=True)
class Output:
    """Where a run's results go (finish.py)."""
    json: str | None = None               # --json FILE
    folder: pathlib.Path | None = DEFAULT_OUT  # --out DIR; None: no results folder
    plots: bool = True
    baseline: str | None = "ref"          # the implementation rows are compared with
    docs: bool = False                    # --docs: the run becomes the committed data set


@dataclasses.dataclass(frozen=True)
class Plan:
    """One run, as asked: made once from the command line (plan_of), read
    by every stage after it, changed by none."""
    targets: tuple[str, ...] = ()         # in the run's order
    named: bool = False                   # chosen with --target (else: the default set)
    left_out_targets: tuple[tuple[str, str], ...] = ()  # (target, why) the default run omits
    schemes: tuple[str, ...] | None = None
    impls: tuple[str, ...] | None = None
    suites: tuple[str, ...] = SUITES
    quick: bool = False
    all: bool = False
    fresh: bool = False                   # read nothing from the results cache
    workers: int | None = None            # --jobs
    timeout: float | None = None          # one request's limit; None: each target's own
    port: str | None = None
    baud: int | None = None
    cluster: str | None = None
    output: Output = Output()
    argv: tuple[str, ...] = ()            # the command line it was made from

    def settings(self, cache=None) -> TargetSettings:
        """What every target of this run is made with."""
        return TargetSettings(request_timeout=self.timeout, cache=cache, port=self.port,
                              baud=self.baud)

    def as_dict(self) -> dict:
        """Plain data (a cluster worker's copy of the plan)."""
        d = dataclasses.asdict(self)
        d["output"]["folder"] = str(self.output.folder) if self.output.folder else None
        return d

    @classmethod
    def from_dict(cls, d: dict) -> Plan:
        d = dict(d)
        out = dict(d.pop("output"))
        out["folder"] = pathlib.Path(out["folder"]) if out["folder"] else None
        for k in ("targets", "schemes", "impls", "suites", "argv"):
            if d[k] is not None:
                d[k] = tuple(d[k])
        d["left_out_targets"] = tuple(tuple(p) for p in d["left_out_targets"])
        return cls(**d, output=Output(**out))


def baseline_of(name: str, known) -> str | None:
    """--baseline's implementation (None for 'none'), checked against the
    implementation names known (run and report: one check)."""
    if name == "none":
        return None
    if name not in known:
        raise UsageError(f"unknown baseline '{name}' "
                         f"(valid: {', '.join(sorted(known))}, none)")
    return name


def _known_target(name: str) -> str:
    if name not in TARGETS:
        raise UsageError(f"unknown target '{name}' (valid: {', '.join(TARGETS)})")
    return name


def target_names(names: list[str] | None) -> list[str]:
    """The selected targets (every target without names), checked."""
    return [_known_target(n) for n in dict.fromkeys(names or TARGETS)]


def default_targets(names: list[str]) -> tuple[list[str], tuple[tuple[str, str], ...]]:
    """The default run's targets among names, and (target, why) of those it
    leaves out (a target's not_in_default_run)."""
    left = tuple((n, TARGETS[n].not_in_default_run) for n in names
                 if TARGETS[n].not_in_default_run)
    return [n for n in names if not TARGETS[n].not_in_default_run], left


def plan_of(args, argv: tuple[str, ...] = ()) -> Plan:
    """`./lwcbench run`'s options as a Plan; UsageError for a bad one
    (before anything is set up or built)."""
    if args.json:
        folder = os.path.dirname(os.path.abspath(args.json))
        if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            raise UsageError(f"cannot write --json {args.json}: {folder} is not a writable folder")
        if os.path.isdir(args.json):
            raise UsageError(f"cannot write --json {args.json}: it is a folder")
    if args.out not in (None, "none") and os.path.exists(args.out) \
            and not os.path.isdir(args.out):
        raise UsageError(f"cannot write --out {args.out}: it exists and is not a folder")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1 (got {args.jobs})")
    if args.timeout is not None and not 0 < args.timeout < math.inf:
        raise UsageError(f"--timeout must be a positive number of seconds (got {args.timeout})")
    names = target_names(args.target)
    left = ()
    if not args.target and not args.all:  # the default run's targets
        names, left = default_targets(names)
    folder = None if args.out == "none" else pathlib.Path(args.out) if args.out else DEFAULT_OUT
    if getattr(args, "docs", False):
        if not args.all or args.target or args.scheme or args.impl or args.suite or args.quick:
            raise UsageError("--docs stores the run as the committed data set: it takes --all "
                             "and no selection (--target, --scheme, --impl, --suite, --quick)")
        if folder is None and not args.json:
            raise UsageError("--docs needs the run's results: not with --out none")
    return Plan(targets=tuple(names), named=bool(args.target), left_out_targets=left,
                schemes=tuple(args.scheme) if args.scheme else None,
                impls=tuple(args.impl) if args.impl else None,
                suites=tuple(args.suite or SUITES), quick=args.quick, all=args.all,
                fresh=args.fresh, workers=args.jobs, timeout=args.timeout, port=args.port,
                baud=args.baud, cluster=args.cluster,
                output=Output(json=args.json, folder=folder, plots=not args.no_plots,
                              docs=bool(getattr(args, "docs", False)),
                              baseline=baseline_of(args.baseline,
                                                   {i.name for i in all_impls()})),
                argv=tuple(argv))
