"""./lwcbench report --site (harness/bench/output/site.py) opened in headless
Chromium (Debian's package, installed by `lwc_setup report`): every page of
a site built from the committed data set loads with no script error and
draws every chart; sorting and filtering (driven through the address, the
same functions a click and the text box call) give the rows the data says;
the comparison of two runs marks a regression in red; nothing reaches for
the network.  Screenshots are kept in build/test-site/."""
from __future__ import annotations

import copy
import html
import json
import re
import shutil
import subprocess

import pytest

from tests.helpers import ROOT, chromium, shared
from harness.bench.output import docs_pages, model, site
from harness.bench.output.records import load, target_facts

SHOTS = ROOT / "build" / "test-site"


# One Chromium for many pages (a start of its own per page cost most of the
# check's time): each page in turn in an iframe of this loader, its <body>
# marks read a second after it loaded (later errors count), all of them
# written as JSON on the loader's <body>.  File pages may read each other
# only with --allow-file-access-from-files.
LOADER = """<!DOCTYPE html><html><body><script>
var pages = %s, got = {}, n = 0;
function marks(frame) {
  var b = null, m = {};
  try { b = frame.contentDocument && frame.contentDocument.body; } catch (e) { b = null; }
  if (b) Array.prototype.forEach.call(b.attributes, function (a) {
    if (a.name.indexOf('data-') === 0) m[a.name.slice(5)] = a.value;
  });
  return m;
}
function next() {
  if (n === pages.length) { document.body.setAttribute('data-pages', JSON.stringify(got)); return; }
  var url = pages[n++], frame = document.createElement('iframe');
  frame.style.width = '1280px';
  frame.style.height = '1024px';
  frame.onload = function () {
    setTimeout(function () { got[url] = marks(frame); frame.remove(); next(); }, 1000);
  };
  frame.src = url;
  document.body.appendChild(frame);
}
next();
</script></body></html>
"""


def marks_of(urls: list[str], where) -> dict[str, dict[str, str]]:
    """Each page's <body> marks by its address (a file URI, with the state
    in its query string or not), through one Chromium."""
    where.mkdir(parents=True, exist_ok=True)
    loader = where / "loader.html"
    loader.write_text(LOADER % json.dumps(urls))
    r = chromium(f"--user-data-dir={where / 'profile'}", "--allow-file-access-from-files",
                 f"--virtual-time-budget={3000 * len(urls)}", "--dump-dom", loader.as_uri())
    body = re.search(r'<body data-pages="([^"]*)"', r.stdout)
    assert body, r.stdout[-2000:] + r.stderr[-2000:]
    got = json.loads(html.unescape(body.group(1)))
    return {u: got.get(u, {}) for u in urls}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The site of the committed data set, compared with a copy of it in
    which five of msp430's figures were lower (so they got worse), and a
    host record's clock cycles too (noise of a clock, not marked)."""
    data = load(docs_pages.DATA)
    old = copy.deepcopy(data)
    lowered = []
    for r in old["results"]:
        if (r["target"] == "msp430" and r["impl"] == "asm_msp430" and r.get("cycles")
                and len(lowered) < 5):
            r["cycles"] = int(r["cycles"] * 0.9)
            lowered.append(r)
    # the host's clock: its cycles move from run to run; not a regression
    host = next(r for r in old["results"] if r["target"] == "host" and r.get("cycles"))
    host["cycles"] = int(host["cycles"] * 0.5)

    def make(d):
        old_file = d / "old.json"
        old_file.write_text(json.dumps(old))
        folder = d / "site"
        r = subprocess.run([ROOT / "lwcbench", "report", "--site", folder, "--compare", old_file],
                           capture_output=True, text=True, cwd=ROOT, timeout=600)
        assert r.returncode == 0, r.stdout + r.stderr
        assert f"wrote {folder}/" in r.stdout
    # written once for both pytest workers; no test writes into it
    folder = shared(tmp_path_factory, "lwc-site", make) / "site"
    return folder, data, lowered


def pages(folder):
    return sorted(p.name for p in folder.glob("*.html"))


def test_every_page_is_written_and_needs_no_network(built):
    folder, data, _ = built
    names = pages(folder)
    targets, schemes = model.targets_of(data["results"]), {r["scheme"] for r in data["results"]}
    assert {"index.html", "compare.html"} <= set(names)
    assert {f"target-{model.slug(t)}.html" for t in targets} <= set(names)
    assert {f"scheme-{model.slug(s)}.html" for s in schemes} <= set(names)
    for p in folder.iterdir():
        text = p.read_text()
        assert not re.search(r"(src|href)=\"(https?:)?//", text), p.name
        assert "@import" not in text and "fetch(" not in text, p.name


@pytest.mark.parametrize("shard", range(2))
def test_every_page_loads_without_error_and_draws_every_chart(built, tmp_path, shard):
    """Half of the pages each (the pytest workers share them out)."""
    folder, _, _ = built
    names = pages(folder)[shard::2]
    got = marks_of([(folder / n).as_uri() for n in names], tmp_path)
    assert len(got) == len(names) > 20
    for name in names:
        marks = got[(folder / name).as_uri()]
        assert marks.get("ready") == "1", (name, marks)
        assert marks["errors"] == "0", (name, marks)
        assert marks["drawn"] == marks["plots"], (name, marks)
        if name.startswith("target-") and "mps2" not in name:
            assert int(marks["plots"]) > 0, name


def test_the_error_mark_can_fail(built, tmp_path):
    """A page whose script throws is marked: the check above can fail."""
    folder = tmp_path / "site"  # a copy: the other worker reads the site meanwhile
    shutil.copytree(built[0], folder)
    page = folder / "index.html"
    broken = folder / "broken.html"
    broken.write_text(page.read_text().replace(
        "</body>", "<script>window.addEventListener('load', function () { "
                   "no_such_function(); });</script></body>"))
    # the loader of the check above: the page's error reaches it
    good, bad = marks_of([page.as_uri(), broken.as_uri()], tmp_path).values()
    assert good["errors"] == "0", good
    assert bad["ready"] == "1" and bad["errors"] != "0", bad


def test_sorting_and_filtering_give_the_rows_the_data_says(built, tmp_path):
    folder, data, _ = built
    target = "avr-atmega128"
    field = model.cost_metric([r for r in data["results"] if r["target"] == target])
    rows = site.target_rows(data["results"], target, field, target_facts(data))
    page = (folder / f"target-{target}.html").as_uri()
    # column 4: per byte at 32 KiB; unmeasured cells sort last
    cheapest = min((r for r in rows if r["b32k"] is not None), key=lambda r: r["b32k"])
    biggest = max((r for r in rows if r["code"] is not None), key=lambda r: r["code"])
    by_cost, by_size, filtered = marks_of(
        [page + "?sort=4", page + "?sort=6&desc=1", page + "?filter=ascon-aead128%20asm"],
        tmp_path).values()
    assert by_cost["first"] == f"{cheapest['scheme']} {cheapest['impl']}", by_cost
    assert by_size["first"] == f"{biggest['scheme']} {biggest['impl']}", by_size
    want = [r for r in rows if r["scheme"] == "ascon-aead128" and "asm" in r["impl"]]
    assert int(filtered["rows"]) == len(rows) and int(filtered["shown"]) == len(want) > 0, filtered


def test_the_comparison_marks_the_regressions(built, tmp_path):
    folder, _, lowered = built
    page = folder / "compare.html"
    r = chromium(f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=15000",
                 "--dump-dom", page.as_uri())
    assert r.stdout.count('<tr class="worse">') == len(lowered) == 5
    marks = marks_of([page.as_uri()], tmp_path)[page.as_uri()]
    assert marks["shown"] == "5" and marks["first"].startswith("msp430 "), marks


def test_published_figures_are_overlaid_and_labelled(built):
    folder, _, _ = built
    cm3 = (folder / "target-cortex-m3-qemu.html").read_text()
    assert "published (permutation paper)" in cm3 and 'class="p pub' in cm3
    rv32 = (folder / "target-rv32i-qemu.html").read_text()
    assert "published: asm_rv32_shift" in rv32


def test_screenshots(built, tmp_path):
    """The landing page and a target page, kept for a person to look at."""
    folder, _, _ = built
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name in ("index.html", "target-cortex-m3-qemu.html"):
        shot = tmp_path / (name + ".png")
        r = chromium(f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=15000",
                     f"--screenshot={shot}", "--window-size=1300,1800", (folder / name).as_uri())
        assert shot.is_file() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", r.stderr[-1000:]
        shutil.copyfile(shot, SHOTS / shot.name)


def test_the_charts_choice_curve():
    pts = [(1000, 50, "big-fast"), (300, 90, "small-slow"), (1200, 60, "big-slower"),
           (500, 70, "mid")]
    assert site.pareto(pts) == {"small-slow", "mid", "big-fast"}
    svg = site.chart("t", "x", "y", [{"name": "s", "points": pts, "front": site.pareto(pts)}])
    assert svg.count("<circle") == len(pts) + 1 and svg.count("front") == 3
    assert site.chart("t", "x", "y", [{"name": "s", "points": []}]) == ""


def test_usage_errors():
    for argv in (["--compare", "x.json"], ["--site", "d", "--docs"], ["--site", "d", "/no/such.json"]):
        r = subprocess.run([ROOT / "lwcbench", "report", *argv], capture_output=True, text=True,
                           cwd=ROOT, timeout=120)
        assert r.returncode == 2 and r.stderr.strip(), (argv, r.stderr)
