"""A results folder from the JSON data: results.json, results.md,
results.csv, plots/ and index.html.

Everything here is rendered from the tables of harness/bench/tables.py
(records -> tables as data -> renderers), so `lwcbench report FILE.json`
rebuilds the same folder from a saved run.  Each target gets, in this order:
a summary (the fastest and the smallest implementation of each scheme), one
chart comparing its implementations at 16 B and 32 KiB
(plots/<target>-<metric>.{png,svg}), then the long tables, folded; a run
with at least three message lengths also gets the per-byte cost against
message length (plots/<target>-<counter>-sweep.{png,svg}).  Every file is
written atomically (temporary file, then rename).  The folder then holds
exactly this run's files: the charts and temporary files an earlier run
left there are removed (write_folder); nothing else in it is touched.
"""
from __future__ import annotations

import csv
import functools
import hashlib
import html
import io
import multiprocessing
import os
import pathlib
import re
import signal

from harness.bench import tables as tb
from harness.bench.files import write_atomic, write_json
from harness.discover import ROOT

CSV_FIELDS = ["target", "scheme", "impl", "op", "adlen", "mlen", "cycles", "instructions",
              "cycles_per_byte", "instructions_per_byte", "cycles_min", "cycles_max",
              "instructions_min", "instructions_max", "modelled_cycles",
              "modelled_cycles_per_byte", "wait_states", "samples", "mode", "kat", "status",
              "code_bytes", "stack_bytes", "table_bytes", "table_lookup_cycles", "sets", "error"]
SWEEP_MIN_LENGTHS = 3  # fewer message lengths make no curve worth drawing
LONG, SHORT, CALL = "#1d4e89", "#8dbbe3", "#4c8c4a"  # bars: long, short message; one call
# What write_folder writes, and so all it may remove from an earlier run:
# these names at the top of the folder, and plots/<name>.<format> (FORMATS)
# -- never any other file a user keeps there.
TOP_FILES = ("results.json", "results.csv", "results.md", "index.html")
PLOTS = "plots"


def to_csv(records: list[dict]) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, CSV_FIELDS, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    for r in records:
        w.writerow({**r, "sets": " ".join(r.get("sets", []))})
    return buf.getvalue()


def slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", name)


def chart_name(target: str, field: str) -> str:
    return f"{slug(target)}-{field}"


def _left(rows: list[list[str]], i: int) -> bool:
    """First column and columns of words (a cell starting lowercase): left."""
    return i == 0 or any(r[i][:1].islower() for r in rows[1:])


class Page:
    """What every renderer of the folder shows, per target, in order."""

    def __init__(self, data: dict, baseline: str | None, lengths=tb.LENGTHS):
        self.records = data["results"]
        self.env = data.get("environment", {})
        self.targets_env = self.env.get("targets", {})
        self.failures = data.get("failures", [])
        # what the default run left out (./lwcbench run --all runs it), and
        # how many jobs were answered from the results cache
        self.left_out = self.env.get("left_out") or {}
        self.reused = self.env.get("reused_jobs") or 0
        labels = tb.clock_labels_of(data)
        self.summaries = tb.summaries(self.records, labels)
        self.declared = tb.declared_counters_of(data)
        self.costs = tb.cost_sections(self.records, labels, baseline, lengths,
                                      counters=self.declared)
        self.published = (tb.published_sections(self.records, lengths) +
                          tb.permutation_sections(self.records, labels) +
                          tb.flash_ratio_sections(self.records) +
                          tb.floor_sections(self.records, labels))
        self.targets = tb.targets_of(self.records)

    def of(self, target: str):
        """(summaries, long sections: per byte and per call, published, sizes)."""
        return ([s for s in self.summaries if s.target == target],
                [s for s in self.costs if s.target == target],
                [s for s in self.published if s.target == target],
                tb.sizes(self.records, target))

    def cost(self, target: str) -> str | None:
        """The target's cost metric: that of its summary and its chart."""
        return tb.cost_metric([r for r in self.records if r["target"] == target]) or \
            next(iter(self.declared.get(target, [])), None)

    def metric(self, target: str) -> str:
        return str(self.targets_env.get(target, {}).get("metric", ""))


def scope_lines(page: Page) -> list[str]:
    """What the run left out and what it reused, in words."""
    out = []
    for target, lo in page.left_out.items():
        if lo.get("target"):
            out.append(f"Left out of the default run: the target {target} ({lo.get('reason', '')}); "
                       f"./lwcbench run --all or --target {target} runs it.")
            continue
        out.append(f"Left out of the default run on {target}: {len(lo.get('jobs', []))} job(s) "
                   f"of {', '.join(lo.get('impls', []))} ({lo.get('reason', '')}); "
                   f"./lwcbench run --all runs them.")
    if page.reused:
        out.append(f"{page.reused} job(s) were answered from the results cache (exact "
                   f"targets; each record's reused_from says when and at which commit it "
                   f"was measured).")
    return out


# -- Markdown ------------------------------------------------------------------

def _md_table(rows: list[list[str]]) -> list[str]:
    align = ["---" if _left(rows, i) else "--:" for i in range(len(rows[0]))]
    out = ["| " + " | ".join(rows[0]) + " |", "|" + "|".join(align) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    return out


def _md_sections(sections) -> list[str]:
    out = []
    for s in sections:
        out += [f"**{s.title}**", ""]
        for g in s.grids:
            out += _md_table(g.text_rows()) + [""]
    return out


def to_markdown(data: dict, baseline: str | None, images: list[pathlib.Path] = (),
                folder: pathlib.Path | None = None) -> str:
    page = Page(data, baseline)
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
    if page.failures:
        out += ["## Failures", ""]
        out += [f"- {f['target']} {f['impl']}: {f['status']}: {f['detail']}" for f in page.failures]
        out.append("")
    for target in page.targets:
        summaries, costs, published, sizes = page.of(target)
        out += [f"## {target}", ""]
        for s in summaries:
            out += [f"**{s.title}**", ""] + _md_table(s.grid().text_rows()) + [""]
        png = f"plots/{chart_name(target, page.cost(target))}.png"
        if png in shown:
            out += [f"![{target}: {page.cost(target)} of each implementation]({png})", ""]
        for what, sections in ((_all_tables(costs), costs),
                               ("measured here beside published figures", published),
                               ("code size and stack", [sizes])):
            if sections:
                out += [f"<details><summary>{target}: {what}</summary>", ""]
                out += _md_sections(sections) + ["</details>", ""]
    return "\n".join(out)


# -- plots ---------------------------------------------------------------------

def _pyplot():
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


# Rendered charts, by a hash of what they show and of the code that draws
# them: a chart whose data did not change (a run answered from the results
# cache) is copied, not drawn again -- drawing is most of a warm run's time.
FIGURE_CACHE = ROOT / "build" / "bench" / "figures"
FORMATS = ("png", "svg")


def _figure_key(kind: str, *data) -> str:
    import matplotlib
    h = hashlib.sha256(f"{kind}\n{matplotlib.__version__}\n".encode())
    h.update(pathlib.Path(__file__).read_bytes())  # the drawing code itself
    h.update(repr(data).encode())
    return h.hexdigest()


def _draw(plt, make) -> dict[str, bytes]:
    """The PNG and SVG of the figure make() draws (the SVG keeps its words
    as text: searchable, smaller)."""
    fig = make()
    blobs = {}
    for ext in FORMATS:
        buf = io.BytesIO()
        with plt.rc_context({"svg.fonttype": "none"}):
            fig.savefig(buf, format=ext, dpi=100)
        blobs[ext] = buf.getvalue()
    plt.close(fig)
    return blobs


_TO_DRAW: list = []  # the charts a forked drawing process draws (by index)


def _draw_nth(n: int) -> dict[str, bytes]:
    return _draw(_pyplot(), _TO_DRAW[n])


def _drawing_process() -> None:
    """In a forked drawing process: the run's signal handlers are not its
    own (the pool ends its processes with SIGTERM, which the run's handler
    turned into a traceback; Ctrl-C is the run's to handle)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _save_all(plt, charts: list[tuple], folder: pathlib.Path) -> list[pathlib.Path]:
    """Write each chart (make, name, key) as PNG and SVG: the files drawn
    earlier from the same data (FIGURE_CACHE) where there are, the others
    drawn now, in parallel (forked processes, one per core: drawing is
    most of the results folder's time)."""
    global _TO_DRAW
    blobs: dict[str, dict[str, bytes]] = {}
    for _make, _name, key in charts:
        try:
            blobs[key] = {ext: (FIGURE_CACHE / f"{key}.{ext}").read_bytes() for ext in FORMATS}
        except OSError:
            pass
    todo = [(make, key) for make, _name, key in charts if key not in blobs]
    workers = min(len(todo), os.cpu_count() or 1)
    drawn = None
    if workers > 1 and "fork" in multiprocessing.get_all_start_methods():
        _TO_DRAW = [make for make, _key in todo]
        try:
            with multiprocessing.get_context("fork").Pool(workers,
                                                          initializer=_drawing_process) as pool:
                drawn = pool.map(_draw_nth, range(len(todo)), chunksize=1)
        except Exception:  # noqa: BLE001 -- no processes to be had (a root without
            drawn = None   # /dev/shm has no semaphores), or a chart failed: here, it says why
        finally:
            _TO_DRAW = []
    if drawn is None:
        drawn = [_draw(plt, make) for make, _key in todo]
    for (_make, key), b in zip(todo, drawn):
        blobs[key] = b
        try:
            for ext, blob in b.items():
                write_atomic(FIGURE_CACHE / f"{key}.{ext}", blob)
        except OSError:  # no cache: the next run draws again
            pass
    written = []
    for _make, name, key in charts:
        for ext, blob in blobs[key].items():
            path = folder / PLOTS / f"{name}.{ext}"
            write_atomic(path, blob)
            written.append(path)
    return written


def _short(v: float) -> str:
    return f"{v:.0f}" if v >= 100 else f"{v:.1f}" if v >= 10 else f"{v:.2f}"


def _colours(panels: list) -> dict:
    """mlen -> (colour, legend text): the longest message dark, the shorter
    light; a permutation's call (mlen 0) green."""
    lengths = sorted({m for p in panels for m in p.lengths if m}, reverse=True)
    out = {m: (LONG if k == 0 else SHORT, f"{tb.fmt_len(m)} message")
           for k, m in enumerate(lengths)}
    if any(p.lengths == [0] for p in panels):
        out[0] = (CALL, "one call (bare permutation)")
    return out


def bar_chart(plt, target: str, field: str, label: str, panels: list):
    """One figure: a panel per scheme, a pair of horizontal bars per
    implementation (the longest and the shortest message; a permutation:
    one call), the cheapest at the top, each bar labelled with its value."""
    from matplotlib.patches import Patch
    cols = min(4, len(panels))
    nrows = (len(panels) + cols - 1) // cols
    heights = [max(len(p.impls) for p in panels[i * cols:(i + 1) * cols]) + 1.2
               for i in range(nrows)]
    legend_h = 1.0  # a last row, the legend's (matplotlib 3.6 has no loc="outside ...")
    fig = plt.figure(figsize=(4.3 * cols, 0.36 * (sum(heights) + legend_h) + 1.0),
                     layout="constrained")
    grid = fig.add_gridspec(nrows + 1, cols, height_ratios=[*heights, legend_h])
    colours = _colours(panels)
    for n, p in enumerate(panels):
        ax = fig.add_subplot(grid[n // cols, n % cols])
        top = max((v for i in p.impls for v in p.values[i].values() if v is not None),
                  default=1.0)
        width = 0.8 / len(p.lengths)
        for j, m in enumerate(reversed(p.lengths)):  # the longest message first
            for y, impl in enumerate(p.impls):
                v = p.values[impl][m]
                if v is None:
                    continue
                pos = y - 0.4 + width * (j + 0.5)
                ax.barh(pos, v, height=width * 0.92, color=colours[m][0])
                ax.text(v + top * 0.015, pos, _short(v), va="center", fontsize=7)
        for y, impl in enumerate(p.impls):
            if impl in p.fails:
                ax.text(top * 0.015, y, p.fails[impl], va="center", fontsize=7,
                        color="#b00020", fontweight="bold")
        ax.set_yticks(range(len(p.impls)), p.impls, fontsize=8)
        ax.set_ylim(len(p.impls) - 0.5, -0.5)  # cheapest at the top
        ax.set_xlim(0, top * 1.2)
        ax.set_title(p.scheme, fontsize=10, loc="left")
        ax.set_xlabel(f"{tb.flabel(field)} per call" if p.lengths == [0] else f"{tb.flabel(field)} per byte",
                      fontsize=8)
        ax.tick_params(axis="x", labelsize=7)
        ax.grid(True, axis="x", alpha=0.3)
        ax.set_axisbelow(True)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
    legend = fig.add_subplot(grid[nrows, :])
    legend.axis("off")
    legend.legend(handles=[Patch(color=c, label=text) for c, text in colours.values()],
                  loc="center", ncol=len(colours), fontsize=9, frameon=False)
    kinds = []
    if any(p.lengths != [0] for p in panels):
        kinds.append(f"{tb.flabel(field)} per byte, adlen 0 (AEAD: mean of encryption and decryption)")
    if 0 in colours:
        kinds.append(f"{tb.flabel(field)} per call of a bare permutation")
    fig.suptitle(f"{target}: {tb.flabel(field)} ({label}), shorter is faster\n" + "; ".join(kinds),
                 fontsize=11, x=0.01, ha="left")
    return fig


def sweep_chart(plt, target: str, field: str, series: dict):
    """Per-byte cost against message length: a panel per scheme, a line per
    implementation (AEAD: encryption)."""
    schemes = list(series)
    cols = min(4, len(schemes))
    nrows = (len(schemes) + cols - 1) // cols
    fig, axes = plt.subplots(nrows, cols, figsize=(4 * cols, 3.2 * nrows), squeeze=False)
    for ax, scheme in zip(axes.flat, schemes):
        for impl, pts in series[scheme].items():
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", markersize=3, label=impl)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_title(scheme, fontsize=9)
        ax.set_xlabel("message bytes", fontsize=8)
        ax.set_ylabel(f"{tb.flabel(field)} per byte", fontsize=8)
        ax.tick_params(labelsize=7)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
    for ax in list(axes.flat)[len(schemes):]:
        ax.axis("off")
    fig.suptitle(f"{target}: {tb.flabel(field)} per byte against message length (adlen 0; AEAD: "
                 "encryption)", fontsize=11)
    fig.tight_layout()
    return fig


def plots(records: list[dict], folder: pathlib.Path, clock_labels: dict | None = None
          ) -> list[pathlib.Path]:
    """Per target: the bar chart of its cost metric; per target and counter,
    when the run has at least SWEEP_MIN_LENGTHS message lengths, the sweep.
    Needs matplotlib (none without it); returns the files written."""
    plt = _pyplot()
    if plt is None:
        return []
    charts = []  # (make, name, key)
    for target in tb.targets_of(records):
        field, panels = tb.bars(records, target)
        if panels:
            label = tb.metric_label(clock_labels or {}, target, field)
            charts.append((functools.partial(bar_chart, plt, target, field, label, panels),
                           chart_name(target, field),
                           _figure_key("bars", target, field, label, panels)))
        recs = [r for r in records if r["target"] == target]
        for counter in tb.counters_of(recs):
            series = tb.sweep(records, target, counter)
            lengths = {m for s in series.values() for pts in s.values() for m, _v in pts}
            if series and len(lengths) >= SWEEP_MIN_LENGTHS:
                charts.append((functools.partial(sweep_chart, plt, target, counter, series),
                               chart_name(target, counter) + "-sweep",
                               _figure_key("sweep", target, counter, series)))
    return _save_all(plt, charts, folder)


# -- HTML ----------------------------------------------------------------------

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


def _e(text) -> str:
    return html.escape(str(text), quote=True)


def _html_table(rows: list[list[str]], cls: str = "", classes: dict | None = None,
                firsts: set | None = None, marks: set | None = None) -> list[str]:
    """classes: extra class of a column; firsts: body rows that open a group;
    marks: (body row, column) cells shown strong."""
    cols = [("l " if _left(rows, i) else "") + (classes or {}).get(i, "")
            for i in range(len(rows[0]))]
    attr = [f" class='{c.strip()}'" if c.strip() else "" for c in cols]
    h = [f"<table{f' class={cls}' if cls else ''}><tr>"
         + "".join(f"<th{a}>{_e(c)}</th>" for c, a in zip(rows[0], attr)) + "</tr>"]
    for n, r in enumerate(rows[1:]):
        first = " class=first" if firsts and n in firsts else ""
        cells = [f"<strong>{_e(c)}</strong>" if marks and (n, i) in marks else _e(c)
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
                          if role == f"fastest at {tb.fmt_len(m)}"}
            elif role == "smallest":
                marks.add((n, 3 + len(s.lengths)))
    return _html_table(rows, "summary", {1: "role", 2: "impl"}, firsts, marks)


def _html_sections(sections) -> list[str]:
    h = []
    for s in sections:
        h.append(f"<h3>{_e(s.title)}</h3>")
        for g in s.grids:
            h += _html_table(g.text_rows())
    return h


def _all_tables(costs) -> str:
    """What the folded long tables hold, e.g. "all tables (4): cycles and
    instructions per byte at 32 KiB and 16 B"."""
    n = sum(len(s.grids) for s in costs)
    fields = list(dict.fromkeys(s.field for s in costs))
    lengths = list(dict.fromkeys(s.mlen for s in costs if s.kind == "per-byte"))
    what = []
    if lengths:
        what.append(f"{' and '.join(fields)} per byte at "
                    + " and ".join(tb.fmt_len(m) for m in lengths))
    if any(s.kind == "per-call" for s in costs):
        what.append("per call of the bare permutations")
    return f"all tables ({n}): " + "; ".join(what)


def _img(path: str, alt: str) -> str:
    return f"<img src='{_e(path)}' alt='{_e(alt)}'>"


def to_html(data: dict, baseline: str | None, images: list[pathlib.Path],
            folder: pathlib.Path) -> str:
    page = Page(data, baseline)
    env = page.env
    shown = {p.relative_to(folder).as_posix() for p in images}
    h = ["<!doctype html><html lang=en><head><meta charset='utf-8'>",
         "<meta name=viewport content='width=device-width, initial-scale=1'>",
         "<title>lwcbench results</title>", f"<style>{STYLE}</style>",
         f"<script>{CHECK_IMAGES}</script></head><body>",
         "<h1>lwcbench results</h1>",
         f"<p class=meta>{_e(env.get('date', ''))} &middot; commit "
         f"{_e(env.get('git_commit') or '?')}"
         + (f" &middot; <code>{_e(' '.join(env.get('command', [])))}</code>"
            if env.get("command") else "")
         + " &middot; <a href='results.json'>JSON</a> &middot; <a href='results.csv'>CSV</a>"
         " &middot; <a href='results.md'>Markdown</a></p>"]
    h.append("<nav>")
    for target in page.targets:
        h.append(f"<a href='#{_e(slug(target))}'>{_e(target)} "
                 f"<span>{_e(page.cost(target) or '')}</span></a>")
    h.append("</nav>")
    skipped = {n: e["skipped"] for n, e in page.targets_env.items()
               if isinstance(e, dict) and "skipped" in e}
    if page.failures:
        h.append("<div class=failures><b>Failures</b><ul>")
        h += [f"<li>{_e(f['target'])} {_e(f['impl'])}: {_e(f['status'])}: {_e(f['detail'])}</li>"
              for f in page.failures]
        h.append("</ul></div>")
    if skipped:
        h.append("<p class=meta>Skipped: "
                 + "; ".join(f"<b>{_e(n)}</b> ({_e(why)})" for n, why in skipped.items()) + "</p>")
    for line in scope_lines(page):
        h.append(f"<p class=meta>{_e(line)}</p>")
    for target in page.targets:
        summaries, costs, published, sizes = page.of(target)
        h.append(f"<section id='{_e(slug(target))}'><h2>{_e(target)}</h2>")
        if page.metric(target):
            h.append(f"<p class=metric>{_e(page.metric(target))}</p>")
        for s in summaries:
            h.append(f"<h3>{_e(s.title)}</h3>")
            h += _summary_table(s)
        field = page.cost(target)
        svg = f"plots/{chart_name(target, field)}.svg"
        if svg in shown:
            h.append("<figure>" + _img(svg, f"{target}: {tb.flabel(field)} of each implementation")
                     + f"<figcaption>{_e(field)} per byte of each implementation (a bare "
                       "permutation: per call), cheapest first; the longest message in the "
                       "dark bar.</figcaption></figure>")
        h.append(f"<details><summary>{_e(target)}: {_e(_all_tables(costs))}</summary>")
        h += _html_sections(costs) + ["</details>"]
        if published:
            h.append(f"<details><summary>{_e(target)}: measured here beside published figures"
                     "</summary>")
            h += _html_sections(published) + ["</details>"]
        h.append(f"<details><summary>{_e(target)}: code size and stack</summary>")
        h += _html_sections([sizes]) + ["</details>"]
        for p in sorted(shown):
            if p.startswith(f"plots/{slug(target)}-") and p.endswith("-sweep.svg"):
                h.append(f"<details><summary>{_e(target)}: cost against message length "
                         f"({_e(p.split('-')[-2])})</summary>"
                         + _img(p, f"{target}: per-byte cost against message length")
                         + "</details>")
        h.append("</section>")
    h.append("</body></html>")
    return "\n".join(h)


def _chart(path: pathlib.Path) -> bool:
    """A chart write_folder writes (plots/<name>.png|svg), or the temporary
    file of one (write_atomic's .<name>.<random>.tmp)."""
    name = path.name
    if name.startswith(".") and name.endswith(".tmp"):
        name = name[1:].rsplit(".", 2)[0]
    elif name.startswith("."):
        return False
    return name.rpartition(".")[2] in FORMATS


def owned(folder: pathlib.Path) -> list[pathlib.Path]:
    """The files in folder that write_folder writes or wrote: its top-level
    names, the charts of plots/, and the temporary files of its atomic
    writes that an earlier run could not remove (killed outright)."""
    out = []
    for name in TOP_FILES:
        out += [p for p in (folder / name, *sorted(folder.glob(f".{name}.*.tmp")))
                if p.is_file()]
    plots_dir = folder / PLOTS
    if plots_dir.is_dir():
        out += [p for p in sorted(plots_dir.iterdir()) if p.is_file() and _chart(p)]
    return out


def write_folder(data: dict, folder: pathlib.Path, baseline: str | None,
                 with_plots: bool = True) -> list[pathlib.Path]:
    """Write the results folder of data; afterwards it holds exactly this
    run's files: what an earlier run wrote that this one did not (its
    charts of other targets or suites, all charts after --no-plots) is
    removed -- only names write_folder writes (owned()), never a user's
    other files.  Each file is replaced atomically; the stale ones go
    after every new file is in place.  Returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    files = []

    def put(name: str, text: str):
        path = folder / name
        write_atomic(path, text.encode())
        files.append(path)

    write_json(str(folder / "results.json"), data)
    files.append(folder / "results.json")
    put("results.csv", to_csv(data["results"]))
    images = plots(data["results"], folder, tb.clock_labels_of(data)) if with_plots else []
    put("results.md", to_markdown(data, baseline, images, folder))
    files += images
    put("index.html", to_html(data, baseline, images, folder))
    keep = {p.absolute() for p in files}
    for stale in owned(folder):
        if stale.absolute() not in keep:
            stale.unlink(missing_ok=True)
    try:
        (folder / PLOTS).rmdir()  # only when empty: nothing of a user's goes
    except OSError:
        pass
    return files


def written(folder: pathlib.Path, files: list[pathlib.Path], with_plots: bool) -> str:
    """What write_folder wrote, in words: "wrote DIR/ (results.json, ...,
    index.html; 3 charts in plots/, PNG and SVG)"; without plots it says why."""
    names = [p.name for p in files if p.parent == folder]
    charts = [p for p in files if p.parent == folder / PLOTS]
    if charts:
        n = len({p.stem for p in charts})
        what = (f"{n} chart{'s' if n > 1 else ''} in {PLOTS}/, "
                + " and ".join(sorted({p.suffix[1:].upper() for p in charts})))
    elif not with_plots:
        what = "no plots: --no-plots"
    elif _pyplot() is None:
        what = "no plots: matplotlib is not installed"
    else:
        what = "no plots: nothing measured to plot"
    return f"wrote {folder}/ ({', '.join(names)}; {what})"
