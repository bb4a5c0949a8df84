"""./lwcbench report --site DIR: a static results site from any results data.

No server, no network: plain HTML files, one stylesheet and one script
(site.css, site.js, written here), charts as inline SVG drawn here.  Pages:
  index.html            which implementation for my core, at a glance;
                        links to every target and scheme
  target-<t>.html       every (scheme, implementation) of the target in one
                        sortable, filterable table; per scheme a chart of
                        cost per byte against code bytes (the curve a
                        firmware engineer chooses on) and of cost per byte
                        against message length; the bare permutations'
                        cost per call against code bytes; published
                        figures overlaid, labelled as published
  scheme-<s>.html       one scheme across every target and implementation
  compare.html          with --compare OLD.json: every record of both runs
                        side by side, regressions in red
Tables sort by a click on a header and filter by the text box above them;
the page's address can carry the state (?sort=COLUMN&desc=1&filter=TEXT),
so a view can be linked.  Each page marks <body> once its script ran
(data-ready, data-errors, data-rows, data-shown, data-plots): the tests read
those from headless Chromium.  What the site knows of a target beside its
records is the facts it is handed (records.target_facts).
"""
from __future__ import annotations

import math
import pathlib

from harness.bench.files import write_atomic
from harness.bench.output import model
from harness.bench.output.html import escape as e
from harness.bench.output.model import slug
from harness.bench.output.page import HEADLINE, Page, which
from harness.bench.output.papers import published

# how far from the old value a compared figure must move to be marked
CHANGE = 0.005


# -- the data, per target ---------------------------------------------------------

def target_rows(records: list[dict], target: str, field: str,
                facts: dict | None = None) -> list[dict]:
    """One row per (scheme, implementation) of a target: cost per byte at
    16 B and 32 KiB (AEAD: mean of encryption and decryption), the cost of
    one call of a bare permutation, code and stack bytes, KAT status; in
    the target's row order (facts: target -> its facts)."""
    recs = model.of_target(records, target)
    cells = model.per_byte(recs, field)
    calls = model.per_call(recs, field)
    rows: dict = {}
    for r in recs:
        row = rows.setdefault((r["scheme"], r["impl"]), {
            "scheme": r["scheme"], "impl": r["impl"], "op": "permutation" if r["op"] ==
            "permutation" else ("aead" if r["op"] in ("encrypt", "decrypt") else "hash"),
            "kat": r.get("kat"), "status": "ok", "code": None, "stack": None})
        if model.status_of(r) != "ok":
            row["status"] = model.status_of(r)
        if row["code"] is None:
            row["code"] = r.get("code_bytes")
        if r.get("stack_bytes") is not None:
            row["stack"] = max(row["stack"] or 0, r["stack_bytes"])
    for (scheme, impl), row in rows.items():
        row["b16"] = cells.get((impl, scheme, 16), model.Cell()).value
        row["b32k"] = cells.get((impl, scheme, 32768), model.Cell()).value
        row["call"] = calls.get((impl, scheme, 0), model.Cell()).value
    order = model.scheme_order({s for s, _ in rows})
    # the implementations as the records meet them (a set's order would
    # change from one process to the next: the pages too)
    impls = model.impl_order([i for _, i in rows], model.row_order(facts, target))
    return sorted(rows.values(), key=lambda x: (order.index(x["scheme"]), impls.index(x["impl"])))


def pareto(points: list[tuple[float, float, str]]) -> set[str]:
    """The labels of the points no other point beats in both coordinates
    (smaller is better in both)."""
    front, best = set(), math.inf
    for x, y, label in sorted(points):
        if y < best:
            front.add(label)
            best = y
    return front


# -- charts: inline SVG ------------------------------------------------------------

W, H, PAD_L, PAD_B, PAD_T, PAD_R = 720, 360, 70, 46, 28, 170


def _ticks(lo: float, hi: float, log: bool) -> list[float]:
    if log:
        a, b = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
        return [10.0 ** k for k in range(a, b + 1)]
    step = 10 ** math.floor(math.log10(max(hi - lo, 1e-9)))
    for m in (1, 2, 5, 10):
        if (hi - lo) / (step * m) <= 6:
            step *= m
            break
    start = math.floor(lo / step) * step
    return [start + i * step for i in range(int((hi - start) / step) + 2)]


def _fmt(v: float) -> str:
    if v >= 1e6:
        return f"{v / 1e6:g}M"
    if v >= 1e4:
        return f"{v / 1e3:g}k"
    return f"{v:g}"


def chart(title: str, xlabel: str, ylabel: str, series: list[dict], logx=False,
          logy=False) -> str:
    """series: {"name", "points": [(x, y, label)], "line": bool,
    "published": bool, "front": set of labels}: an SVG chart, one colour
    per series, published points hollow and named so."""
    pts = [(x, y) for s in series for x, y, _l in s["points"] if x and y]
    if not pts:
        return ""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    xlo, xhi = (min(xs) / 1.3, max(xs) * 1.3) if logx else (0, max(xs) * 1.08)
    ylo, yhi = (min(ys) / 1.3, max(ys) * 1.3) if logy else (0, max(ys) * 1.08)

    def sx(x):
        f = ((math.log10(x) - math.log10(xlo)) / (math.log10(xhi) - math.log10(xlo)) if logx
             else (x - xlo) / ((xhi - xlo) or 1))
        return PAD_L + f * (W - PAD_L - PAD_R)

    def sy(y):
        f = ((math.log10(y) - math.log10(ylo)) / (math.log10(yhi) - math.log10(ylo)) if logy
             else (y - ylo) / ((yhi - ylo) or 1))
        return H - PAD_B - f * (H - PAD_B - PAD_T)

    out = [f'<svg class="plot" data-plot="{e(title)}" data-points="{len(pts)}" '
           f'viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img" '
           f'aria-label="{e(title)}"><title>{e(title)}</title>',
           f'<text x="{PAD_L}" y="16" class="t">{e(title)}</text>']
    for t in _ticks(xlo, xhi, logx):
        if xlo <= t <= xhi:
            out.append(f'<line class="g" x1="{sx(t):.1f}" x2="{sx(t):.1f}" y1="{PAD_T}" '
                       f'y2="{H - PAD_B}"/><text class="k" x="{sx(t):.1f}" y="{H - PAD_B + 14}" '
                       f'text-anchor="middle">{_fmt(t)}</text>')
    for t in _ticks(ylo, yhi, logy):
        if ylo <= t <= yhi:
            out.append(f'<line class="g" x1="{PAD_L}" x2="{W - PAD_R}" y1="{sy(t):.1f}" '
                       f'y2="{sy(t):.1f}"/><text class="k" x="{PAD_L - 6}" y="{sy(t) + 4:.1f}" '
                       f'text-anchor="end">{_fmt(t)}</text>')
    out.append(f'<text class="a" x="{(PAD_L + W - PAD_R) / 2}" y="{H - 8}" '
               f'text-anchor="middle">{e(xlabel)}</text>')
    out.append(f'<text class="a" transform="translate(14,{(PAD_T + H - PAD_B) / 2}) '
               f'rotate(-90)" text-anchor="middle">{e(ylabel)}</text>')
    for n, s in enumerate(series):
        colour = f"c{n % 10}"
        good = [(x, y, label) for x, y, label in s["points"] if x and y]
        if s.get("line") and len(good) > 1:
            d = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y, _l in sorted(good))
            out.append(f'<polyline class="l {colour}" points="{d}"/>')
        for x, y, label in good:
            cls = "p pub" if s.get("published") else "p"
            if label in s.get("front", ()):
                cls += " front"
            out.append(f'<circle class="{cls} {colour}" cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="4">'
                       f'<title>{e(label)}: {_fmt(round(x, 2))}, {y:.2f}</title></circle>')
            if s.get("labels"):
                out.append(f'<text class="pl" x="{sx(x) + 6:.1f}" y="{sy(y) - 5:.1f}">'
                           f'{e(label)}</text>')
        ly = PAD_T + 14 * n
        out.append(f'<circle class="p {colour}{" pub" if s.get("published") else ""}" '
                   f'cx="{W - PAD_R + 12}" cy="{ly}" r="4"/><text class="k" '
                   f'x="{W - PAD_R + 20}" y="{ly + 4}">{e(s["name"])}</text>')
    out.append("</svg>")
    return "".join(out)


# -- tables -------------------------------------------------------------------------

def _num(v, digits=2) -> str:
    if v is None:
        return '<td class="n" data-v="">-</td>'
    return f'<td class="n" data-v="{v!r}">{v:,.{digits}f}</td>'


def table(head: list[str], rows: list[list[str]], cls: str = "") -> str:
    """A sortable, filterable table: head names, rows of ready <td> cells."""
    out = [f'<div class="tbl"><input class="filter" type="search" placeholder="filter rows '
           f'(all words must match)" aria-label="filter"><table class="sortable {cls}"><thead><tr>']
    out += [f'<th data-col="{i}">{e(h)}</th>' for i, h in enumerate(head)]
    out.append("</tr></thead><tbody>")
    out += ["<tr>" + "".join(r) + "</tr>" for r in rows]
    out.append("</tbody></table></div>")
    return "".join(out)


def _td(text, cls="") -> str:
    return f'<td class="{cls}">{text}</td>' if cls else f"<td>{text}</td>"


# -- pages --------------------------------------------------------------------------

CSS = """body{font:14px/1.4 system-ui,sans-serif;margin:0 2em 3em;color:#222;max-width:1200px}
nav{margin:1em 0;padding:.5em 0;border-bottom:1px solid #ccc}nav a{margin-right:1em}
table{border-collapse:collapse;margin:.4em 0 1.2em}th,td{padding:2px 8px;border-bottom:1px solid #eee}
th{cursor:pointer;text-align:left;background:#f4f4f4;user-select:none}th.asc:after{content:" \\25B2"}
th.desc:after{content:" \\25BC"}td.n{text-align:right;font-variant-numeric:tabular-nums}
td.fail,tr.worse td.d{color:#b00;font-weight:600}tr.better td.d{color:#070}
input.filter{width:22em;padding:3px}.stamp{color:#555;font-size:12px}
svg.plot{border:1px solid #ddd;margin:.3em 1em 1em 0;background:#fff}
svg .g{stroke:#eee}svg .t{font-weight:600;font-size:13px}svg .k{font-size:11px;fill:#444}
svg .a{font-size:12px}svg .pl{font-size:10px;fill:#333}svg .l{fill:none;stroke-width:1.5}
svg .p.pub{fill:#fff!important;stroke-width:2}svg .p.front{stroke:#000;stroke-width:1.5}
.c0{fill:#1f77b4;stroke:#1f77b4}.c1{fill:#d62728;stroke:#d62728}.c2{fill:#2ca02c;stroke:#2ca02c}
.c3{fill:#9467bd;stroke:#9467bd}.c4{fill:#ff7f0e;stroke:#ff7f0e}.c5{fill:#8c564b;stroke:#8c564b}
.c6{fill:#e377c2;stroke:#e377c2}.c7{fill:#7f7f7f;stroke:#7f7f7f}.c8{fill:#bcbd22;stroke:#bcbd22}
.c9{fill:#17becf;stroke:#17becf}polyline.l{fill:none!important}
details{margin:.4em 0}summary{cursor:pointer;font-weight:600}
"""

JS = r"""(function () {
  var errors = 0;
  window.addEventListener('error', function () { errors++; mark(); });
  var oldError = console.error;
  console.error = function () { errors++; mark(); return oldError.apply(console, arguments); };
  function key(td) {
    var v = td.getAttribute('data-v');
    if (v === null) return {n: false, s: td.textContent.trim().toLowerCase()};
    if (v === '') return {n: true, x: Infinity};
    return {n: true, x: parseFloat(v)};
  }
  function sortBy(table, col, desc) {
    var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var p = key(a.cells[col]), q = key(b.cells[col]), c;
      if (p.n && q.n && (p.x === Infinity || q.x === Infinity))  // unmeasured: last either way
        return (p.x === q.x) ? 0 : (p.x === Infinity ? 1 : -1);
      if (p.n && q.n) c = (p.x === q.x) ? 0 : (p.x < q.x ? -1 : 1);
      else c = p.s < q.s ? -1 : (p.s > q.s ? 1 : 0);
      return desc ? -c : c;
    });
    rows.forEach(function (r) { body.appendChild(r); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
      th.className = i === col ? (desc ? 'desc' : 'asc') : '';
    });
  }
  function filter(table, text) {
    var words = text.toLowerCase().split(/\s+/).filter(Boolean);
    Array.prototype.forEach.call(table.tBodies[0].rows, function (r) {
      var t = r.textContent.toLowerCase();
      r.style.display = words.every(function (w) { return t.indexOf(w) >= 0; }) ? '' : 'none';
    });
  }
  function mark() {
    var b = document.body, first = document.querySelector('table.sortable');
    b.setAttribute('data-errors', errors);
    var plots = document.querySelectorAll('svg.plot'), drawn = 0;
    plots.forEach(function (svg) {
      var box = svg.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && svg.querySelector('circle')) drawn++;
    });
    b.setAttribute('data-plots', plots.length);
    b.setAttribute('data-drawn', drawn);
    if (first) {
      var rows = first.tBodies[0].rows, shown = [];
      for (var i = 0; i < rows.length; i++) if (rows[i].style.display !== 'none') shown.push(rows[i]);
      b.setAttribute('data-rows', rows.length);
      b.setAttribute('data-shown', shown.length);
      b.setAttribute('data-first', shown.length ? shown[0].cells[0].textContent.trim() + ' ' +
                     (shown[0].cells[1] ? shown[0].cells[1].textContent.trim() : '') : '');
    }
  }
  document.addEventListener('DOMContentLoaded', function () {
    var params = new URLSearchParams(location.search);
    document.querySelectorAll('table.sortable').forEach(function (table, n) {
      var input = table.parentNode.querySelector('input.filter');
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
        th.addEventListener('click', function () {
          sortBy(table, i, th.className === 'asc'); mark();
        });
      });
      if (input) input.addEventListener('input', function () { filter(table, input.value); mark(); });
      if (n === 0) {
        if (params.has('sort')) sortBy(table, parseInt(params.get('sort'), 10), params.get('desc') === '1');
        if (params.has('filter') && input) { input.value = params.get('filter'); filter(table, input.value); }
      }
    });
    document.body.setAttribute('data-ready', '1');
    mark();
  });
})();
"""


class Site:
    """The pages of data (compared with old); facts: target -> its facts
    (records.target_facts), of every target of both runs."""

    def __init__(self, data: dict, old: dict | None = None, facts: dict | None = None):
        self.data = data
        self.facts = facts or {}
        self.records = model.Records(data["results"])
        self.env = data.get("environment", {})
        self.labels = model.clock_labels_of(data)
        self.targets = model.targets_of(self.records)
        self.schemes = model.scheme_order({r["scheme"] for r in self.records})
        self.old = old
        self.published = published()
        self._fields: dict[str, str | None] = {}  # field(): each target's, once

    def field(self, target: str) -> str | None:
        if target not in self._fields:
            self._fields[target] = model.cost_metric(model.of_target(self.records, target))
        return self._fields[target]

    def page(self, title: str, body: list[str]) -> str:
        nav = ['<a href="index.html">which implementation</a>']
        nav += [f'<a href="target-{slug(t)}.html">{e(t)}</a>' for t in self.targets]
        if self.old is not None:
            nav.append('<a href="compare.html">compare runs</a>')
        commit = (self.env.get("git_commit") or "?")[:12]
        stamp = (f'<p class="stamp">{e(" ".join(self.env.get("command", [])) or "a run")} at '
                 f'commit {e(commit)}, {e(self.env.get("date", "?"))}, on '
                 f'{e(self.env.get("cpu", "?"))}. Published figures are labelled as '
                 f'published and drawn hollow.</p>')
        return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                f"<title>{e(title)}</title><link rel=\"stylesheet\" href=\"site.css\">"
                "<script src=\"site.js\"></script></head><body>"
                f"<nav>{''.join(nav)}</nav><h1>{e(title)}</h1>{stamp}" + "".join(body) +
                "</body></html>\n")

    # the landing page
    def index(self) -> str:
        head = ["target", "metric", "implementation", "per byte, 32 KiB", "per byte, 16 B",
                "code bytes", "stack bytes", "smallest", "its code bytes"]
        body_rows = []
        legend = model.added_folders(self.data["results"])  # folders from --add
        for w in which(Page(self.data, None, self.facts)):
            impl = w["impl"] or (f"{w['default']} (not measured)" if w["default"] else "-")
            body_rows.append([
                _td(f'<a href="target-{slug(w["target"])}.html">{e(w["target"])}</a>'),
                _td(e(f"{model.flabel(w['field'])} ({w['label']})")), _td(e(impl)),
                _num(w["b32k"].value if w["b32k"] else None),
                _num(w["b16"].value if w["b16"] else None),
                _num(w["code"], 0), _num(w["stack"], 0),
                _td(e(w["smallest"][0]) if w["smallest"] else "-"),
                _num(w["smallest"][1] if w["smallest"] else None, 0)])
        body = [f"<p>{e(HEADLINE)}: per target, the implementation a build gets by "
                "default (the fastest constant-time one measured for its ISA), its cost per byte "
                "(AEAD: mean of encryption and decryption, no associated data) in the target's "
                "metric, its code and stack bytes, and the smallest implementation measured.</p>",
                table(head, body_rows),
                *(["<h2>Added folders</h2><ul>" + "".join(f"<li>{e(line)}</li>" for line in legend)
                   + "</ul>"] if legend else []),
                "<h2>Schemes across targets</h2><p>" +
                " ".join(f'<a href="scheme-{slug(s)}.html">{e(s)}</a>' for s in self.schemes) +
                "</p>"]
        return self.page("lwc results: which implementation for my core", body)

    def _published_lengths(self, target: str, scheme: str) -> list[dict]:
        """Series of the published per-byte figures (16 B and 32 KiB) of
        this target and scheme, one per published implementation row."""
        out = []
        for ref in self.published:
            if target not in ref.get("targets", []) or scheme not in ref.get("columns", {}):
                continue
            col = ref["order"].index(ref["columns"][scheme])
            for impl, row in ref["rows"].items():
                pts = [(int(m), row[m][col], f"published: {row.get('thesis_name', impl)} "
                        f"({ref.get('published_counter', ref['counter'])})")
                       for m in ("16", "32768") if m in row and row[m][col] is not None]
                if pts:
                    out.append({"name": f"published: {row.get('thesis_name', impl)}",
                                "points": pts, "published": True})
        return out

    def _published_perms(self, target: str) -> list[dict]:
        out = []
        for ref in self.published:
            table_ = ref.get("tables", {}).get(target) if ref.get("kind") == "permutations" else None
            if table_:
                pts = [(v[0], v[1], f"published: {perm} ({table_['counter']})")
                       for perm, v in table_["rows"].items()]
                out.append({"name": "published (permutation paper)", "points": pts,
                            "published": True, "labels": True})
        return out

    def target(self, target: str) -> str:
        field = self.field(target)
        if field is None:
            return self.page(f"{target}: nothing measured", ["<p>No counts in this run.</p>"])
        unit = f"{model.flabel(field)} ({model.metric_label(self.labels, target, field)})"
        rows = target_rows(self.records, target, field, self.facts)
        head = ["scheme", "implementation", "kind", "per byte, 16 B", "per byte, 32 KiB",
                "per call (permutation)", "code bytes", "stack bytes", "status"]
        trs = [[_td(e(r["scheme"])), _td(e(r["impl"])), _td(e(r["op"])), _num(r["b16"]),
                _num(r["b32k"]), _num(r["call"], 0), _num(r["code"], 0), _num(r["stack"], 0),
                _td(e(r["status"]), "" if r["status"] == "ok" else "fail")] for r in rows]
        metric = self.env.get("targets", {}).get(target, {}).get("metric", "")
        body = [f"<p>Metric: {e(unit)}. {e(metric)}</p>", table(head, trs)]
        sweep = model.sweep(self.records, target, field, self.facts)
        for scheme in model.scheme_order({r["scheme"] for r in rows if r["op"] != "permutation"}):
            mine = [r for r in rows if r["scheme"] == scheme and r["code"] and r["b32k"]]
            pts = [(r["code"], r["b32k"], r["impl"]) for r in mine]
            size = chart(f"{target}, {scheme}: speed against code size", "code bytes",
                         f"{model.flabel(field)} per byte, 32 KiB",
                         [{"name": "implementations", "points": pts, "front": pareto(pts),
                           "labels": True}])
            lengths = [{"name": impl, "points": [(m, v, impl) for m, v in series], "line": True}
                       for impl, series in sweep.get(scheme, {}).items()]
            lengths += self._published_lengths(target, scheme)
            curve = chart(f"{target}, {scheme}: cost per byte against message length",
                          "message bytes (log)", f"{model.flabel(field)} per byte (log)",
                          lengths, logx=True, logy=True)
            if size or curve:
                opened = " open" if scheme == "ascon-aead128" else ""
                body.append(f"<details{opened}><summary>{e(scheme)}</summary>{size}{curve}"
                            "<p>Outlined points: no other implementation is both smaller and "
                            "faster (the choice curve).</p></details>")
        perms = [r for r in rows if r["op"] == "permutation" and r["code"] and r["call"]]
        if perms:
            series = [{"name": s, "points": [(r["code"], r["call"], f"{s} {r['impl']}")
                                             for r in perms if r["scheme"] == s], "labels": True}
                      for s in model.scheme_order({r["scheme"] for r in perms})]
            body.append("<details open><summary>bare permutations</summary>" +
                        chart(f"{target}: bare permutations, cost per call against code size",
                              "code bytes", f"{model.flabel(field)} per call",
                              series + self._published_perms(target)) + "</details>")
        return self.page(f"{target}: every implementation", body)

    def scheme(self, scheme: str) -> str:
        head = ["target", "implementation", "metric", "per byte, 16 B", "per byte, 32 KiB",
                "per call (permutation)", "code bytes", "stack bytes", "status"]
        trs = []
        mine = [x for x in self.records if x["scheme"] == scheme]
        for target in self.targets:
            field = self.field(target)
            if field is None:
                continue
            for r in target_rows(mine, target, field, self.facts):
                trs.append([_td(f'<a href="target-{slug(target)}.html">{e(target)}</a>'),
                            _td(e(r["impl"])), _td(e(model.flabel(field))), _num(r["b16"]),
                            _num(r["b32k"]), _num(r["call"], 0), _num(r["code"], 0),
                            _num(r["stack"], 0),
                            _td(e(r["status"]), "" if r["status"] == "ok" else "fail")])
        return self.page(f"{scheme} on every target",
                         ["<p>Each target counts in its own metric (named per row): compare "
                          "implementations within a target, targets by their order.</p>",
                          table(head, trs)])

    def compare(self) -> str:
        """Both runs' records matched by (target, scheme, impl, op, adlen,
        mlen): per target how many are worse, better, the same, only in one
        run; then every record that changed, worse first (red: a cost up by
        more than CHANGE, or a status that left ok), better in green."""

        def index(records):
            return {(r["target"], r["scheme"], r["impl"], r["op"], r["adlen"], r["mlen"]): r
                    for r in records}
        new, old = index(self.records), index(self.old["results"])
        changed, counts = [], {}
        for k in sorted(set(new) | set(old)):
            a, b = old.get(k), new.get(k)
            # a clock's figure (the host's rdtsc, a board's timer) moves from run to
            # run by more than CHANGE: only exact counts are compared
            counters = model.COUNTERS if self.facts.get(k[0], {}).get("exact", True) else \
                ("instructions",)
            field = next((f for f in counters if (a or {}).get(f) is not None
                          or (b or {}).get(f) is not None), None)
            va = a.get(field) if a and field else None
            vb = b.get(field) if b and field else None
            sa = model.status_of(a) if a else "absent"
            sb = model.status_of(b) if b else "absent"
            change = (vb - va) / va if va and vb is not None else None
            if sa == "absent" or sb == "absent":
                kind = "only in one run"
            elif (sa == "ok" and sb != "ok") or (change is not None and change > CHANGE):
                kind = "worse"
            elif (sb == "ok" and sa != "ok") or (change is not None and change < -CHANGE):
                kind = "better"
            else:
                kind = "the same" if va == vb and sa == sb else "within the margin"
            c = counts.setdefault(k[0], {})
            c[kind] = c.get(kind, 0) + 1
            if kind in ("the same",):
                continue
            cells = [_td(e(x)) for x in k[:4]] + [_num(k[4], 0), _num(k[5], 0),
                                                  _td(e(model.flabel(field) if field else "-")),
                                                  _num(va, 0), _num(vb, 0)]
            cells.append(f'<td class="n d" data-v="{"" if change is None else repr(change * 100)}">'
                         f'{"-" if change is None else f"{change * 100:+.2f}%"}</td>')
            cells.append(_td(e(sa if sa == sb else f"{sa} -> {sb}")))
            changed.append(({"worse": 0, "better": 2}.get(kind, 1), kind, cells))
        kinds = ["worse", "better", "within the margin", "only in one run", "the same"]
        summary = table(["target", *kinds], [[_td(e(t)), *[_num(c.get(k, 0), 0) for k in kinds]]
                                             for t, c in counts.items()])
        oe = self.old.get("environment", {})
        head = ["target", "scheme", "implementation", "op", "adlen", "mlen", "counter", "old",
                "new", "change", "status"]
        rows = "".join(f'<tr class="{"worse" if kind == "worse" else "better" if kind == "better" else ""}">'
                       f'{"".join(c)}</tr>' for _o, kind, c in sorted(changed, key=lambda x: x[0]))
        detail = table(head, []).replace("<tbody></tbody>", f"<tbody>{rows}</tbody>")
        body = [f"<p>Old: {e(' '.join(oe.get('command', [])) or 'a run')} at commit "
                f"{e((oe.get('git_commit') or '?')[:12])}, {e(oe.get('date', '?'))}. New: the "
                f"run stamped above. Worse (red): a cost up by more than {CHANGE:.1%} or a "
                "status that left ok; better (green) the reverse.</p>",
                "<h2>Records that changed</h2>", detail, "<h2>Per target</h2>", summary]
        return self.page("Two runs compared", body)

    def files(self) -> dict[str, str]:
        out = {"site.css": CSS, "site.js": JS, "index.html": self.index()}
        for t in self.targets:
            out[f"target-{slug(t)}.html"] = self.target(t)
        for s in self.schemes:
            out[f"scheme-{slug(s)}.html"] = self.scheme(s)
        if self.old is not None:
            out["compare.html"] = self.compare()
        return out


def write(data: dict, folder: pathlib.Path, old: dict | None = None,
          facts: dict | None = None) -> list[pathlib.Path]:
    """Write the site into folder (made if needed); the files written
    (facts: Site's)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in Site(data, old, facts).files().items():
        write_atomic(folder / name, text.encode())
        written.append(folder / name)
    return written
