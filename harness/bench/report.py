"""The terminal's report of a run, the run's environment and its JSON file.

The flow is one way: records -> tables as data (tables.py) -> renderers.
This module renders for the terminal: the tables shaped like the thesis'
figures 5.2-5.5 (rows implementations, columns schemes, cycles or
instructions per byte at 32 KiB and 16 B; AEAD: the mean of encryption and
decryption), the published figures beside ours, then the summary of each
target (its fastest and smallest implementations).  The results folder
(Markdown, CSV, plots, HTML) is rendered by export.py from the same tables.
finish_run() reports a finished run: the tables, the summaries, the
environment, the JSON file and the results folder, and its exit status.
"""
from __future__ import annotations

import dataclasses
import datetime
import os
import pathlib
import platform
import subprocess
import sys
import time

from harness.bench import export
from harness.bench import tables as tb
from harness.bench.files import write_atomic, write_json
from harness.bench.impls import impl_id
from harness.discover import ROOT

__all__ = ["Run", "environment", "finish_run", "permutation_sections", "published_sections", "summary",
           "table_sections", "tables", "write_atomic",
           "write_json"]  # write_*: fuzz.py and the tests call them here


def table_sections(records: list[dict], clock_labels: dict, baseline: str | None,
                   lengths=tb.LENGTHS):
    """(title, [rows of text per scheme group]) for each target, counter and
    length, then the per-call table of the bare permutations."""
    for s in tb.cost_sections(records, clock_labels, baseline, lengths):
        yield s.title, [g.text_rows() for g in s.grids]


def published_sections(records: list[dict], lengths=tb.LENGTHS):
    """(title, [rows of text per scheme group]) against each published
    reference, where its target and counter were measured."""
    for s in tb.published_sections(records, lengths):
        yield s.title, [g.text_rows() for g in s.grids]


def permutation_sections(records: list[dict], clock_labels: dict):
    """(title, [rows of text]) of the permutation table of each target
    (the permutation paper's Tables 1-2, its figures beside ours)."""
    for s in tb.permutation_sections(records, clock_labels):
        yield s.title, [g.text_rows() for g in s.grids]


def _text_table(rows: list[list[str]]) -> list[str]:
    """Columns padded; the first column and columns of words (names, roles:
    a cell starting with a lowercase letter) left-aligned, counts right."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    left = [i == 0 or any(r[i][:1].islower() for r in rows[1:]) for i in range(len(widths))]
    return ["  ".join(c.ljust(w) if lf else c.rjust(w)
                      for c, w, lf in zip(r, widths, left)).rstrip() for r in rows]


def tables(records: list[dict], clock_labels: dict, baseline: str | None) -> str:
    """Every table of the run for the terminal, the summaries last (the
    lines a person sees when the run ends)."""
    out = []
    for title, groups in [*table_sections(records, clock_labels, baseline),
                          *published_sections(records),
                          *permutation_sections(records, clock_labels)]:
        out.append(title)
        for rows in groups:
            out += _text_table(rows)
            out.append("")
    for s in tb.summaries(records, clock_labels):
        out.append(s.title)
        out += _text_table(s.grid().text_rows())
        out.append("")
    return "\n".join(out)


def _cpuinfo() -> dict:
    info = {"cpu": platform.processor() or platform.machine(), "cpu_count": os.cpu_count()}
    try:
        text = pathlib.Path("/proc/cpuinfo").read_text()
    except OSError:
        return info
    fields: dict[str, str] = {}
    for line in text.splitlines():  # the first processor's block is enough
        key, _, value = line.partition(":")
        fields.setdefault(key.strip(), value.strip())
    if "model name" in fields:
        info["cpu"] = fields["model name"]
    flags = fields.get("flags", "").split()
    info["cpu_flags"] = [f for f in ("constant_tsc", "nonstop_tsc", "rdtscp", "tsc_known_freq",
                                     "hypervisor", "bmi1", "bmi2", "avx2") if f in flags]
    return info


def environment(target_env: dict[str, dict], argv: list[str]) -> dict:
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                                text=True, timeout=10).stdout.strip() or None
    except (OSError, subprocess.TimeoutExpired):
        commit = None
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "command": ["lwcbench", *argv],
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "uname": " ".join(platform.uname()),
        **_cpuinfo(),
        "git_commit": commit,
        "targets": target_env,
    }


def summary(outcomes, skipped: list[tuple[str, str]]) -> str:
    lines = []
    failed = [o for o in outcomes if o.failed]
    for o in outcomes:
        if o.status == "does-not-fit":
            lines.append(f"not available: {o.target} {o.impl.scheme}/{o.impl.name}: {o.detail}")
    for o in failed:
        lines.append(f"FAILED {o.target} {o.impl.scheme}/{o.impl.name}: {o.status}: {o.detail}")
    ok = len([o for o in outcomes if o.status == "ok"])
    nofit = len(outcomes) - ok - len(failed)
    lines.append(f"{ok} of {len(outcomes)} (target, implementation) runs built, passed the KAT "
                 f"check and were measured; {len(failed)} failed; {nofit} do not fit their "
                 f"device; {len(skipped)} target(s) skipped")
    return "\n".join(lines)


def left_out_line(target: str, lo: dict) -> str:
    if lo.get("target"):
        return (f"{target}: left out of the default run ({lo['reason']}); "
                f"./lwcbench run --all or --target {target} runs it")
    n = len(lo["jobs"])
    return (f"{target}: left out of the default run: {n} job(s), implementations "
            f"{', '.join(lo['impls'])} ({lo['reason']}); ./lwcbench run --all runs them")


def target_lines(outcomes) -> list[str]:
    """One summary line per target, in the run's order."""
    by: dict[str, list] = {}
    for o in outcomes:
        by.setdefault(o.target, []).append(o)
    lines = []
    for name, os_ in by.items():
        ok = sum(1 for o in os_ if o.status == "ok")
        nofit = sum(1 for o in os_ if o.status == "does-not-fit")
        failed = sum(1 for o in os_ if o.failed)
        reused = sum(1 for o in os_ if o.reused_from)
        secs = sum(o.seconds for o in os_ if not o.reused_from)
        parts = [f"{ok} ok" + (f" ({reused} from the cache)" if reused else "")]
        if failed:
            parts.append(f"{failed} FAILED")
        if nofit:
            parts.append(f"{nofit} do not fit")
        lines.append(f"{name:<18} {len(os_):4d} jobs: {', '.join(parts)}; "
                     f"{fmt_time(secs)} of job time")
    return lines


def fmt_time(seconds: float) -> str:
    """12:03, or 1:02:03 past an hour."""
    s = int(max(seconds, 0))
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


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
    for name, reason in skipped:
        target_env[name] = {"skipped": reason}
    labels = {t.name: t.clock_label or t.name for t, _m in runnable}
    baseline = None if args.baseline == "none" else args.baseline
    if records:
        print()
        print(tables(records, labels, baseline))
    print(summary(outcomes, skipped))
    for line in target_lines(outcomes):
        print(line)
    for name, lo in left_out.items():
        print(left_out_line(name, lo))
    wall = time.monotonic() - started
    reused = sum(1 for o in outcomes if o.reused_from)
    env = environment(target_env, sys.argv[1:])
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
                      "detail": o.detail} for o in outcomes if o.failed],
    }
    try:
        if args.json:
            write_json(args.json, data)
            print(f"wrote {args.json}")
        if args.out != "none":
            folder = pathlib.Path(args.out) if args.out else default_out
            export.write_folder(data, folder, baseline, with_plots=not args.no_plots)
            print(f"wrote {folder}/ (results.json, .md, .csv, plots, index.html)")
    except OSError as e:  # the file being written was removed; others are whole
        print(f"lwcbench: cannot write the results: {e}", file=sys.stderr)
        return 2
    # the whole command: set-up, builds, jobs, results written (the JSON's
    # wall_seconds stops before the files)
    print(f"run time: {fmt_time(time.monotonic() - started)} wall ({len(outcomes)} jobs, "
          f"{reused} answered from the results cache{', --fresh' if args.fresh else ''})")
    return 1 if any(o.failed for o in outcomes) else 0
