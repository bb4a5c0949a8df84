"""What `lwcbench run` ends with: the terminal report (report.py), the JSON
file and the results folder (export.py).  It sits above both renderers,
which never import each other (records -> tables -> renderers)."""
from __future__ import annotations

import dataclasses
import os
import pathlib
import sys
import time

from harness.bench import export, report
from harness.bench import tables as tb
from harness.bench.impls import impl_id


@dataclasses.dataclass
class Run:
    """What `lwcbench run` measured and how (cli.py fills it in)."""
    records: list[dict]
    outcomes: list                  # runner.JobResult, in the run's order
    runnable: list[tuple]           # (target, its implementations) that ran
    skipped: list[tuple[str, str]]  # (target, why)
    left_out: dict[str, dict]       # target -> what the default run left out
    suites: tuple[str, ...]
    cache: object                   # the ResultsCache, or None
    started: float                  # time.monotonic() when the command started
    load_before: float | None       # the load average before the jobs
    # (target, why) of the default run's targets that could not run after
    # the set-up: failures of the run (exit status 1)
    unavailable: list[tuple[str, str]] = dataclasses.field(default_factory=list)


def finish_run(run: Run, args, default_out: pathlib.Path) -> int:
    """The report of a finished run: the cache's notes, the tables, the
    summaries, the JSON file (--json) and the results folder (--out); the
    command's exit status (0; 1 when a job failed; 2 when the results
    cannot be written)."""
    records, outcomes, runnable, skipped = run.records, run.outcomes, run.runnable, run.skipped
    left_out, suites, cache, started, load_before = (run.left_out, run.suites, run.cache,
                                                     run.started, run.load_before)
    for line in cache.notes if cache else []:
        print(line)
    target_env = {}
    for t, _m in runnable:
        target_env[t.name] = {**t.environment(), "clock_label": t.clock_label or t.name}
        target_env[t.name]["counters"] = tb.declared_counters(target_env[t.name])
    for name, reason in skipped:
        target_env[name] = {"skipped": reason}
    for name, reason in run.unavailable:
        target_env[name] = {"skipped": reason, "failed": True}
    labels = {t.name: t.clock_label or t.name for t, _m in runnable}
    baseline = None if args.baseline == "none" else args.baseline
    if records:
        print()
        print(report.tables(records, labels, baseline,
                            {n: e["counters"] for n, e in target_env.items() if "counters" in e}))
    print(report.summary(outcomes, skipped, run.unavailable))
    for line in report.target_lines(outcomes):
        print(line)
    for name, lo in left_out.items():
        print(report.left_out_line(name, lo))
    wall = time.monotonic() - started
    reused = sum(1 for o in outcomes if o.reused_from)
    env = report.environment(target_env, sys.argv[1:])
    env.update(quick=args.quick, suites=list(suites), all=args.all, fresh=args.fresh,
               wall_seconds=round(wall, 1), left_out=left_out,
               reused_jobs=reused,
               job_seconds={f"{o.target} {impl_id(o.impl)}": o.seconds for o in outcomes
                            if not o.reused_from})
    if load_before is not None:
        env["load_average"] = {"start": round(load_before, 2),
                               "end": round(os.getloadavg()[0], 2)}
    data = {
        "results": records,
        "environment": env,
        "failures": [{"target": o.target, "impl": impl_id(o.impl), "status": o.status,
                      "detail": o.detail} for o in outcomes if o.failed]
        + [{"target": name, "impl": None, "status": "unavailable", "detail": why}
           for name, why in run.unavailable],
    }
    try:
        if args.json:
            report.write_json(args.json, data)
            print(f"wrote {args.json}")
        if args.out != "none":
            folder = pathlib.Path(args.out) if args.out else default_out
            files = export.write_folder(data, folder, baseline, with_plots=not args.no_plots)
            print(export.written(folder, files, not args.no_plots))
    except OSError as e:  # the file being written was removed; others are whole
        print(f"lwcbench: cannot write the results: {e}", file=sys.stderr)
        return 2
    # the whole command: set-up, builds, jobs, results written (the JSON's
    # wall_seconds stops before the files)
    print(f"run time: {report.fmt_time(time.monotonic() - started)} wall ({len(outcomes)} jobs, "
          f"{reused} answered from the results cache{', --fresh' if args.fresh else ''})")
    return 1 if run.unavailable or any(o.failed for o in outcomes) else 0
