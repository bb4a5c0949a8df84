"""The terminal: a run's tables, its summary lines and each target's line.

The tables shaped like the thesis' figures 5.2-5.5 (rows implementations,
columns schemes, cycles or instructions per byte at 32 KiB and 16 B; AEAD:
the mean of encryption and decryption), the published figures beside ours
(papers.py), then the summary of each target (its fastest and smallest
implementations): the same sections as every other renderer shows, as
padded text.  finish.py prints them at the end of a run, `./lwcbench report
FILE.json` from saved data.
"""
from __future__ import annotations

from harness.bench.output import model, papers
from harness.bench.units import fmt_time


def table_sections(records: list[dict], clock_labels: dict, baseline: str | None,
                   lengths=model.LENGTHS, counters: dict | None = None,
                   facts: dict | None = None):
    """(title, [rows of text per scheme group]) for each target, counter and
    length, then the per-call table of the bare permutations (counters,
    facts: model.cost_sections')."""
    for s in model.cost_sections(records, clock_labels, baseline, lengths, counters, facts):
        yield s.title, [g.text_rows() for g in s.grids]


def published_sections(records: list[dict], lengths=model.LENGTHS, facts: dict | None = None):
    """(title, [rows of text per scheme group]) against each published
    reference, where its target and counter were measured."""
    for s in papers.published_sections(records, lengths, facts):
        yield s.title, [g.text_rows() for g in s.grids]


def permutation_sections(records: list[dict], clock_labels: dict, facts: dict | None = None):
    """(title, [rows of text]) of the permutation table of each target
    (the permutation paper's Tables 1-3, its figures beside ours) and of
    its Table 3 as flash ratios."""
    for s in (papers.permutation_sections(records, clock_labels, facts)
              + papers.flash_ratio_sections(records, facts)):
        yield s.title, [g.text_rows() for g in s.grids]


def auth_sections(records: list[dict], clock_labels: dict, facts: dict | None = None):
    """(title, [rows of text]) of the keyed functions at 1..16 bytes and
    against their bare permutation, and of the Ascon modes at their
    permutation floor, per target (model.short_sections,
    papers.auth_goal_sections, papers.floor_sections)."""
    for s in (model.short_sections(records, clock_labels, facts)
              + papers.auth_goal_sections(records, clock_labels, facts)
              + papers.floor_sections(records, clock_labels, facts)):
        yield s.title, [g.text_rows() for g in s.grids]


def _text_table(rows: list[list[str]]) -> list[str]:
    """Columns padded; words left-aligned, counts right (model.left_aligned)."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    left = [model.left_aligned(rows, i) for i in range(len(widths))]
    return ["  ".join(c.ljust(w) if lf else c.rjust(w)
                      for c, w, lf in zip(r, widths, left)).rstrip() for r in rows]


def tables(records: list[dict], clock_labels: dict, baseline: str | None,
           counters: dict | None = None, facts: dict | None = None) -> str:
    """Every table of the run for the terminal, the summaries last (the
    lines a person sees when the run ends).  counters: target -> the
    counters it has (model.declared_counters), which title its tables
    when no record holds a count; facts: target -> its facts
    (records.target_facts)."""
    records, out = model.Records(records), []
    for title, groups in [*table_sections(records, clock_labels, baseline, counters=counters,
                                          facts=facts),
                          *published_sections(records, facts=facts),
                          *permutation_sections(records, clock_labels, facts),
                          *auth_sections(records, clock_labels, facts)]:
        out.append(title)
        for rows in groups:
            out += _text_table(rows)
            out.append("")
    for s in model.summaries(records, clock_labels, facts):
        out.append(s.title)
        out += _text_table(s.grid().text_rows())
        out.append("")
    return "\n".join(out)


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
