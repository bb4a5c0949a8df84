"""Markdown: a results folder's results.md, and the tables of the pages of
docs/results/ (docs_pages.py).

A table is a grid's text rows (model.Grid.text_rows) as a pipe table, words
left-aligned and counts right (model.left_aligned); a section its title in
bold, then its tables.  results.md gives, per target, what index.html gives
(html.py): the summary, the chart, then the long tables folded.
"""
from __future__ import annotations

import pathlib

from harness.bench.output import model
from harness.bench.output.page import Page, all_tables, scope_lines
from harness.bench.output.plots import chart_name


def table(rows: list[list[str]]) -> list[str]:
    """Text rows (a header, then the body) as a Markdown table."""
    align = ["---" if model.left_aligned(rows, i) else "--:" for i in range(len(rows[0]))]
    out = ["| " + " | ".join(rows[0]) + " |", "|" + "|".join(align) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    return out


def sections(secs) -> list[str]:
    """Each section's title in bold, then its tables."""
    out = []
    for s in secs:
        out += [f"**{s.title}**", ""]
        for g in s.grids:
            out += table(g.text_rows()) + [""]
    return out


def to_markdown(data: dict, baseline: str | None, images: list[pathlib.Path] = (),
                folder: pathlib.Path | None = None, facts: dict | None = None) -> str:
    """results.md: images, the charts written into folder (those shown);
    facts: target -> its facts (records.target_facts)."""
    page = Page(data, baseline, facts)
    env = page.env
    shown = {p.relative_to(folder).as_posix() for p in images if folder} if images else set()
    out = ["# lwcbench results", ""]
    if env.get("date"):
        out += [f"Run {env['date']}, commit {env.get('git_commit') or '?'}, "
                f"command `{' '.join(env.get('command', []))}`.", ""]
    for name, e in page.targets_env.items():
        if "skipped" in e:
            out.append(f"- `{name}`: skipped ({e['skipped']})")
        else:
            out.append(f"- `{name}`: {e.get('metric', '')}")
    out.append("")
    for line in scope_lines(page):
        out += [line, ""]
    if page.added:  # folders from outside the tree (./lwcbench run --add)
        out += ["## Added folders", ""] + [f"- {line}" for line in page.added] + [""]
    if page.failures:
        out += ["## Failures", ""]
        out += [f"- {f['target']} {f['impl']}: {f['status']}: {f['detail']}" for f in page.failures]
        out.append("")
    for target in page.targets:
        summaries, costs, published, sizes = page.of(target)
        out += [f"## {target}", ""]
        for s in summaries:
            out += [f"**{s.title}**", ""] + table(s.grid().text_rows()) + [""]
        png = f"plots/{chart_name(target, page.cost(target))}.png"
        if png in shown:
            out += [f"![{target}: {page.cost(target)} of each implementation]({png})", ""]
        for what, folded in ((all_tables(costs), costs),
                             ("measured here beside published figures", published),
                             ("code size and stack", [sizes])):
            if folded:
                out += [f"<details><summary>{target}: {what}</summary>", ""]
                out += sections(folded) + ["</details>", ""]
    return "\n".join(out)

