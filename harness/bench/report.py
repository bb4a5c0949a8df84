"""The terminal's report of a run, the run's environment and its JSON file.

The flow is one way: records -> tables as data (tables.py) -> renderers.
This module renders for the terminal: the tables shaped like the thesis'
figures 5.2-5.5 (rows implementations, columns schemes, cycles or
instructions per byte at 32 KiB and 16 B; AEAD: the mean of encryption and
decryption), the published figures beside ours, then the summary of each
target (its fastest and smallest implementations).  The results folder
(Markdown, CSV, plots, HTML) is rendered by export.py from the same tables.
finish.py reports a finished run with it (and with export.py).
"""
from __future__ import annotations

import datetime
import os
import pathlib
import platform
import subprocess

from harness.bench import tables as tb
from harness.bench.units import fmt_time
from harness.bench.files import write_atomic, write_json
from harness.discover import ROOT

__all__ = ["environment", "permutation_sections", "published_sections", "summary",
           "table_sections", "tables", "write_atomic",
           "write_json"]  # write_*: finish.py and the tests call them here


def table_sections(records: list[dict], clock_labels: dict, baseline: str | None,
                   lengths=tb.LENGTHS, counters: dict | None = None):
    """(title, [rows of text per scheme group]) for each target, counter and
    length, then the per-call table of the bare permutations (counters:
    tables.cost_sections')."""
    for s in tb.cost_sections(records, clock_labels, baseline, lengths, counters):
        yield s.title, [g.text_rows() for g in s.grids]


def published_sections(records: list[dict], lengths=tb.LENGTHS):
    """(title, [rows of text per scheme group]) against each published
    reference, where its target and counter were measured."""
    for s in tb.published_sections(records, lengths):
        yield s.title, [g.text_rows() for g in s.grids]


def permutation_sections(records: list[dict], clock_labels: dict):
    """(title, [rows of text]) of the permutation table of each target
    (the permutation paper's Tables 1-3, its figures beside ours) and of
    its Table 3 as flash ratios."""
    for s in tb.permutation_sections(records, clock_labels) + tb.flash_ratio_sections(records):
        yield s.title, [g.text_rows() for g in s.grids]


def auth_sections(records: list[dict], clock_labels: dict):
    """(title, [rows of text]) of the keyed functions at 1..16 bytes and
    against their bare permutation, and of the Ascon modes at their
    permutation floor, per target (tables.short_sections,
    tables.auth_goal_sections, tables.floor_sections)."""
    for s in (tb.short_sections(records, clock_labels) + tb.auth_goal_sections(records, clock_labels)
              + tb.floor_sections(records, clock_labels)):
        yield s.title, [g.text_rows() for g in s.grids]


def _text_table(rows: list[list[str]]) -> list[str]:
    """Columns padded; the first column and columns of words (names, roles:
    a cell starting with a lowercase letter) left-aligned, counts right."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    left = [i == 0 or any(r[i][:1].islower() for r in rows[1:]) for i in range(len(widths))]
    return ["  ".join(c.ljust(w) if lf else c.rjust(w)
                      for c, w, lf in zip(r, widths, left)).rstrip() for r in rows]


def tables(records: list[dict], clock_labels: dict, baseline: str | None,
           counters: dict | None = None) -> str:
    """Every table of the run for the terminal, the summaries last (the
    lines a person sees when the run ends).  counters: target -> the
    counters it has (tables.declared_counters), which title its tables
    when no record holds a count."""
    out = []
    for title, groups in [*table_sections(records, clock_labels, baseline, counters=counters),
                          *published_sections(records),
                          *permutation_sections(records, clock_labels),
                          *auth_sections(records, clock_labels)]:
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


def summary(outcomes, skipped: list[tuple[str, str]],
            unavailable: list[tuple[str, str]] = ()) -> str:
    lines = [f"FAILED {name}: cannot run: {why}" for name, why in unavailable]
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
                 f"device; {len(skipped)} target(s) skipped"
                 + (f"; {len(unavailable)} target(s) could not run" if unavailable else ""))
    return "\n".join(lines)


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
