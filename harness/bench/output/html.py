"""HTML: a results folder's index.html, and the HTML every page shares.

index.html gives, per target, what results.md gives (markdown.py): its
summary (in each row the figure that earned the role strong), its chart
(plots/<name>.svg, plots.py), then the long tables folded; failures,
skipped targets and what the run left out first.  A script marks the page
once every image has loaded (the test suite reads the marks in headless
Chromium).  escape() is every HTML renderer's (site.py's too).
"""
from __future__ import annotations

import html
import pathlib

from harness.bench.output import model
from harness.bench.output.page import Page, all_tables, scope_lines
from harness.bench.output.plots import chart_name

STYLE = """
:root{--ink:#1b1f24;--muted:#5b6470;--line:#d9dee4;--soft:#f4f6f8;--accent:#1d4e89}
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);
 margin:0 auto;padding:1.5em 2em 4em;max-width:1500px}
h1{margin:0 0 .2em;font-size:1.7em}
h2{margin:2.2em 0 .3em;padding-top:.6em;border-top:3px solid var(--accent);font-size:1.35em}
h3{font-size:1em;margin:1.2em 0 .4em}
.meta,.metric{color:var(--muted);font-size:.9em;margin:.2em 0}
nav{margin:1em 0;display:flex;flex-wrap:wrap;gap:.4em}
nav a{padding:.25em .7em;border:1px solid var(--line);border-radius:1em;text-decoration:none;
 color:var(--accent);background:var(--soft);font-size:.9em}
nav a span{color:var(--muted)}
table{border-collapse:collapse;margin:.4em 0 1.2em;font-variant-numeric:tabular-nums;
 font-size:.88em}
td,th{border-bottom:1px solid var(--line);padding:3px 10px;text-align:right;white-space:nowrap}
th{background:var(--soft);font-weight:600}
td.l,th.l{text-align:left}
table.summary tr.first td{border-top:1px solid #aab3bd}
table.summary td.role{color:var(--muted)}
table.summary td.impl{font-weight:600}
table.summary strong{color:var(--accent)}
figure{margin:1em 0}
figure img,details img{max-width:100%;height:auto;border:1px solid var(--line)}
figcaption{color:var(--muted);font-size:.85em}
details{margin:.5em 0;border:1px solid var(--line);border-radius:4px;padding:.3em .8em}
details>summary{cursor:pointer;font-weight:600;color:var(--accent)}
.failures{border-left:4px solid #b00020;background:#fdf1f3;padding:.4em 1em}
.broken{outline:3px solid #b00020}
"""

# Marks the page once everything has loaded: data-images (how many <img>)
# and data-broken (how many did not load), and names each broken one; the
# test suite reads these from headless Chromium's DOM.
CHECK_IMAGES = """
window.addEventListener('load', function () {
  var imgs = Array.prototype.slice.call(document.images);
  var bad = imgs.filter(function (i) { return !i.complete || i.naturalWidth === 0; });
  document.body.setAttribute('data-images', String(imgs.length));
  document.body.setAttribute('data-broken', String(bad.length));
  bad.forEach(function (i) {
    i.classList.add('broken');
    var note = document.createElement('p');
    note.className = 'failures';
    note.textContent = 'image not loaded: ' + i.getAttribute('src');
    i.parentNode.insertBefore(note, i);
  });
});
"""


def escape(text) -> str:
    """Any value as HTML text (quotes too: attribute values)."""
    return html.escape(str(text), quote=True)


def _html_table(rows: list[list[str]], cls: str = "", classes: dict | None = None,
                firsts: set | None = None, marks: set | None = None) -> list[str]:
    """classes: extra class of a column; firsts: body rows that open a group;
    marks: (body row, column) cells shown strong."""
    cols = [("l " if model.left_aligned(rows, i) else "") + (classes or {}).get(i, "")
            for i in range(len(rows[0]))]
    attr = [f" class='{c.strip()}'" if c.strip() else "" for c in cols]
    h = [f"<table{f' class={cls}' if cls else ''}><tr>"
         + "".join(f"<th{a}>{escape(c)}</th>" for c, a in zip(rows[0], attr)) + "</tr>"]
    for n, r in enumerate(rows[1:]):
        first = " class=first" if firsts and n in firsts else ""
        cells = [f"<strong>{escape(c)}</strong>" if marks and (n, i) in marks else escape(c)
                 for i, c in enumerate(r)]
        h.append(f"<tr{first}>" + "".join(f"<td{a}>{c}</td>" for c, a in zip(cells, attr))
                 + "</tr>")
    h.append("</table>")
    return h


def _summary_table(s) -> list[str]:
    """The summary; in each row the figure that earned the role is strong
    (the cost at its length for the fastest, the code bytes for the smallest)."""
    rows = s.grid().text_rows()
    firsts = {n for n, r in enumerate(rows[1:]) if r[0]}
    cost = {m: 3 + k for k, m in enumerate(s.lengths)}
    marks = set()
    for n, p in enumerate(s.picks):
        for role in p.roles:
            if role == "fastest":
                marks |= {(n, i) for i in cost.values()}
            elif role.startswith("fastest at "):
                marks |= {(n, cost[m]) for m in s.lengths
                          if role == f"fastest at {model.fmt_len(m)}"}
            elif role == "smallest":
                marks.add((n, 3 + len(s.lengths)))
    return _html_table(rows, "summary", {1: "role", 2: "impl"}, firsts, marks)


def _html_sections(sections) -> list[str]:
    h = []
    for s in sections:
        h.append(f"<h3>{escape(s.title)}</h3>")
        for g in s.grids:
            h += _html_table(g.text_rows())
    return h




def _img(path: str, alt: str) -> str:
    return f"<img src='{escape(path)}' alt='{escape(alt)}'>"


def to_html(data: dict, baseline: str | None, images: list[pathlib.Path],
            folder: pathlib.Path, facts: dict | None = None) -> str:
    """index.html: images, the charts written into folder (those shown);
    facts: target -> its facts (records.target_facts)."""
    page = Page(data, baseline, facts)
    env = page.env
    shown = {p.relative_to(folder).as_posix() for p in images}
    h = ["<!doctype html><html lang=en><head><meta charset='utf-8'>",
         "<meta name=viewport content='width=device-width, initial-scale=1'>",
         "<title>lwcbench results</title>", f"<style>{STYLE}</style>",
         f"<script>{CHECK_IMAGES}</script></head><body>",
         "<h1>lwcbench results</h1>",
         f"<p class=meta>{escape(env.get('date', ''))} &middot; commit "
         f"{escape(env.get('git_commit') or '?')}"
         + (f" &middot; <code>{escape(' '.join(env.get('command', [])))}</code>"
            if env.get("command") else "")
         + " &middot; <a href='results.json'>JSON</a> &middot; <a href='results.csv'>CSV</a>"
         " &middot; <a href='results.md'>Markdown</a></p>"]
    h.append("<nav>")
    for target in page.targets:
        h.append(f"<a href='#{escape(model.slug(target))}'>{escape(target)} "
                 f"<span>{escape(page.cost(target) or '')}</span></a>")
    h.append("</nav>")
    skipped = {n: e["skipped"] for n, e in page.targets_env.items()
               if isinstance(e, dict) and "skipped" in e}
    if page.added:  # folders from outside the tree (./lwcbench run --add)
        h.append("<div><b>Added folders</b><ul>")
        h += [f"<li>{escape(line)}</li>" for line in page.added]
        h.append("</ul></div>")
    if page.failures:
        h.append("<div class=failures><b>Failures</b><ul>")
        h += [f"<li>{escape(f['target'])} {escape(f['impl'])}: {escape(f['status'])}: "
              f"{escape(f['detail'])}</li>" for f in page.failures]
        h.append("</ul></div>")
    if skipped:
        h.append("<p class=meta>Skipped: "
                 + "; ".join(f"<b>{escape(n)}</b> ({escape(why)})" for n, why in skipped.items())
                 + "</p>")
    for line in scope_lines(page):
        h.append(f"<p class=meta>{escape(line)}</p>")
    for target in page.targets:
        summaries, costs, published, sizes = page.of(target)
        h.append(f"<section id='{escape(model.slug(target))}'><h2>{escape(target)}</h2>")
        if page.metric(target):
            h.append(f"<p class=metric>{escape(page.metric(target))}</p>")
        for s in summaries:
            h.append(f"<h3>{escape(s.title)}</h3>")
            h += _summary_table(s)
        field = page.cost(target)
        svg = f"plots/{chart_name(target, field)}.svg"
        if svg in shown:
            h.append("<figure>"
                     + _img(svg, f"{target}: {model.flabel(field)} of each implementation")
                     + f"<figcaption>{escape(field)} per byte of each implementation (a bare "
                       "permutation: per call), cheapest first; the longest message in the "
                       "dark bar.</figcaption></figure>")
        h.append(f"<details><summary>{escape(target)}: {escape(all_tables(costs))}</summary>")
        h += _html_sections(costs) + ["</details>"]
        if published:
            h.append(f"<details><summary>{escape(target)}: measured here beside published figures"
                     "</summary>")
            h += _html_sections(published) + ["</details>"]
        h.append(f"<details><summary>{escape(target)}: code size and stack</summary>")
        h += _html_sections([sizes]) + ["</details>"]
        for p in sorted(shown):
            if p.startswith(f"plots/{model.slug(target)}-") and p.endswith("-sweep.svg"):
                h.append(f"<details><summary>{escape(target)}: cost against message length "
                         f"({escape(p.split('-')[-2])})</summary>"
                         + _img(p, f"{target}: per-byte cost against message length")
                         + "</details>")
        h.append("</section>")
    h.append("</body></html>")
    return "\n".join(h)


