"""The output (harness/bench/output/): records -> the table model and the
comparisons (model.py, papers.py) -> the terminal, Markdown, CSV, plots and
the results page (terminal.py, data.py, markdown.py, plots.py, html.py,
folder.py).

The unit tests build their records by hand; the last ones render the page
of a real small run (host and rv32i-qemu, two schemes, two implementations,
--quick) and open it in headless Chromium (Debian's package, installed by
`lwc_setup report`): every image loads, a screenshot is saved
(build/test-report/index.png, to look at), and a page whose plot is missing
is caught.
"""
from __future__ import annotations

import ast
import json
import os
import pathlib
import re
import shutil
import subprocess

import pytest

from tests.helpers import ROOT, chromium, lwcbench
from harness.bench.output import data, folder, markdown, model, papers, terminal
from harness.bench.finish import run_facts
from harness.bench.impls import IMPL_ORDER
from harness.bench.output.records import FACTS, NO_FACTS, target_facts
from harness.bench.targets import TARGETS
from harness.discover import discover

BENCH = ROOT / "harness" / "bench"
SCREENSHOT = ROOT / "build" / "test-report" / "index.png"


def rec(target, scheme, impl, op, mlen, cycles=None, instructions=None, status="ok",
        code=1000, stack=100, adlen=0, samples=1):
    return {"target": target, "scheme": scheme, "impl": impl, "op": op, "adlen": adlen,
            "mlen": mlen, "cycles": cycles, "instructions": instructions, "samples": samples,
            "status": status, "kat": "pass" if status == "ok" else "fail",
            "code_bytes": code, "stack_bytes": stack, "cycles_min": None,
            "instructions_min": None}


def aead(target, impl, per_byte: dict, counter="instructions", **kw):
    """Encryption and decryption at each mlen: per byte p -> counts p*m +- m
    (so the mean is exactly p per byte)."""
    out = []
    for m, p in per_byte.items():
        for op, d in (("encrypt", -m), ("decrypt", m)):
            out.append(rec(target, "ascon-aead128", impl, op, m,
                           **{counter: None if p is None else p * m + d}, **kw))
    return out


def hashes(target, impl, per_byte: dict, counter="instructions", **kw):
    return [rec(target, "ascon-hash256", impl, "hash", m, **{counter: p * m}, **kw)
            for m, p in per_byte.items()]


def sample() -> list[dict]:
    """An instructions-only target (q) and a target that counts cycles and
    instructions (c).  On q: `fast` is the fastest at 32 KiB, `short` at
    16 B, `small` has the fewest code bytes, `broken` would win everything
    but failed its KAT."""
    q = [*aead("q", "fast", {16: 300, 32768: 50}, code=9000, stack=400),
         *aead("q", "short", {16: 200, 32768: 60}, code=8000, stack=300),
         *aead("q", "small", {16: 900, 32768: 200}, code=2000, stack=500),
         *aead("q", "broken", {16: 1, 32768: 1}, code=10, status="kat-failed"),
         *hashes("q", "fast", {16: 500, 32768: 100}, code=1500, stack=200),
         *hashes("q", "small", {16: 900, 32768: 300}, code=1600, stack=150)]
    c = []
    for counter, k in (("cycles", 1), ("instructions", 3)):
        for r in aead("c", "ref", {16: 100 * k, 32768: 30 * k}, counter) + \
                aead("c", "opt64", {16: 40 * k, 32768: 10 * k}, counter, code=5000):
            c.append(r)
    # one record per (op, mlen) with both counters, as a real run gives
    merged: dict = {}
    for r in c:
        m = merged.setdefault((r["impl"], r["op"], r["mlen"]), dict(r))
        for counter in ("cycles", "instructions"):
            if r[counter] is not None:
                m[counter] = r[counter]
    return q + list(merged.values())


LABELS = {"q": "qemu plugin", "c": {"cycles": "rdtsc", "instructions": "callgrind"}}


# -- the flow --------------------------------------------------------------------

def import_names(module: str) -> set[str]:
    """Every dotted name a module of lwcbench ("runner", "output.model")
    imports, anywhere in it (a function's own imports too)."""
    tree = ast.parse((BENCH / f"{module.replace('.', '/')}.py").read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def imported(module: str) -> set[str]:
    """The modules of lwcbench a module imports: "targets", "files", and
    the output package's by their path in it, "output.model"."""
    out = set()
    for n in import_names(module):
        if n.startswith("harness.bench."):
            parts = n.split(".")[2:]
            out.add(".".join(parts[:2]) if parts[0] == "output" and len(parts) > 1 else parts[0])
    return out - {"output"}  # the package itself holds nothing but its map


def lwcbench_modules() -> list[str]:
    """Every module of lwcbench, the output package's as "output.<name>"."""
    return sorted([p.stem for p in BENCH.glob("*.py") if p.stem not in ("__init__", "__main__")]
                  + [f"output.{p.stem}" for p in (BENCH / "output").glob("*.py")
                     if p.stem != "__init__"])


# each stage of the output and what it may read: the stages before it, and
# the helpers files (atomic writes) and units
OUTPUT_READS = {
    # the run's environment: the CPU (the targets' facts come with the data)
    "records": {"machine"},
    "model": set(),
    "papers": {"output.model"},
    "goals": {"output.model", "output.papers"},
    "page": {"output.model", "output.papers"},
    "terminal": {"output.model", "output.papers", "units"},
    "data": {"files"},
    "plots": {"output.model", "files"},
    "markdown": {"output.model", "output.page", "output.plots"},
    "html": {"output.model", "output.page", "output.plots"},
    "site": {"output.model", "output.papers", "output.page", "output.html", "files"},
    "docs_pages": {"output.model", "output.papers", "output.goals", "output.page",
                   "output.markdown", "output.records"},
    "folder": {"output.model", "output.data", "output.plots", "output.markdown", "output.html",
               "files"},
}


def test_the_flow_is_one_way():
    """records -> the table model -> the comparisons -> the page -> one
    renderer per format: each module of the output reads only the stages
    before it, the renderers never one of another format (the results
    folder puts theirs together), and the table model knows no renderer."""
    found = sorted(p.stem for p in (BENCH / "output").glob("*.py") if p.stem != "__init__")
    assert found == sorted(OUTPUT_READS)
    for module, allowed in OUTPUT_READS.items():
        assert imported(f"output.{module}") <= allowed, (module, imported(f"output.{module}"))
    assert "output.terminal" not in imported("output.folder")


def test_no_stage_of_the_output_asks_a_target():
    """No module of the output imports a target or the implementations
    (harness.bench.targets, harness.bench.impls, harness.discover's
    discovery): what it knows of a target comes with the data.
    records.target_facts reads each target's facts from the run's
    environment, and gives a target whose entry lacks them neutral ones
    (NO_FACTS: an old JSON file, a run written by hand)."""
    for module in OUTPUT_READS:
        names = import_names(f"output.{module}")
        asks = {n for n in names if n.startswith(("harness.bench.targets", "harness.bench.impls"))
                or n.startswith("harness.discover.") and n != "harness.discover.ROOT"}
        assert not asks, (module, asks)
    recs = [rec("avr-atmega128", "ascon-aead128", "ref", "encrypt", 16),
            rec("mine", "ascon-aead128", "ref", "encrypt", 16),
            rec("host", "ascon-aead128", "ref", "encrypt", 16)]
    written = {"arch_tokens": ["given"], "exact": False, "default_impls": {"x": ["y"]},
               "impl_order": ["b", "a"]}
    facts = target_facts({"results": recs, "environment": {"targets": {
        "host": written, "gone": {"skipped": "no simulator"},
        "msp430": {"metric": "cycles", "exact": True}}}})
    assert list(facts) == ["avr-atmega128", "mine", "host", "msp430"]  # not the skipped one
    assert facts["host"] == written  # what the run wrote
    assert facts["avr-atmega128"] == facts["mine"] == NO_FACTS  # none written: neutral
    assert facts["msp430"] == {**NO_FACTS, "exact": True}  # those it has, the rest neutral
    facts["mine"]["impl_order"].append("x")  # each target's own copy
    assert NO_FACTS["impl_order"] == []


def test_the_run_reads_one_way():
    """options -> plan -> scope -> runner -> finish -> the output: no
    module of lwcbench imports one downstream of it (the imports form no
    cycle), and the run's stages sit in that order."""
    modules = lwcbench_modules()
    graph = {m: imported(m) & set(modules) for m in modules}
    state: dict[str, int] = {}

    def visit(m, path):
        assert state.get(m) != 1, f"an import cycle: {' -> '.join(path + [m])}"
        if state.get(m) == 2:
            return
        state[m] = 1
        for n in graph[m]:
            visit(n, path + [m])
        state[m] = 2
    for m in modules:
        visit(m, [])
    stages = ["plan", "scope", "runner", "finish", "cli"]
    for k, m in enumerate(stages):
        assert not graph[m] & set(stages[k + 1:]), (m, graph[m])
        if m in ("plan", "scope", "runner"):  # the output comes after the run
            assert not {n for n in graph[m] if n.startswith("output.")}, (m, graph[m])


# -- tables as data ----------------------------------------------------------------

def test_summary_picks_the_fastest_at_each_length_and_the_smallest():
    [q] = [s for s in model.summaries(sample(), LABELS) if s.target == "q"]
    assert q.field == "instructions" and q.lengths == [16, 32768]
    picks = {(p.scheme, p.impl): p for p in q.picks}
    assert [(p.scheme, p.impl, p.roles) for p in q.picks] == [
        ("ascon-aead128", "fast", ["fastest at 32 KiB"]),
        ("ascon-aead128", "short", ["fastest at 16 B"]),
        ("ascon-aead128", "small", ["smallest"]),
        ("ascon-hash256", "fast", ["fastest", "smallest"])]  # 1500 code bytes < 1600
    assert picks[("ascon-aead128", "fast")].cost == {16: 300, 32768: 50}  # mean of enc, dec
    assert picks[("ascon-aead128", "small")].code_bytes == 2000
    assert picks[("ascon-aead128", "small")].stack_bytes == 500
    rows = q.grid().text_rows()
    assert rows[0] == ["scheme", "", "impl", "instructions/B, 16 B", "instructions/B, 32 KiB",
                       "code bytes", "stack bytes"]
    assert rows[1] == ["ascon-aead128", "fastest at 32 KiB", "fast", "300.00", "50.00", "9000",
                       "400"]
    assert rows[2][0] == "" and rows[4][0] == "ascon-hash256"
    assert not any("broken" in r for r in rows)  # a failed KAT is never picked


def test_the_cost_metric_is_cycles_where_counted_and_named_everywhere():
    summaries = {s.target: s for s in model.summaries(sample(), LABELS)}
    assert summaries["c"].field == "cycles" and summaries["c"].label == "rdtsc"
    assert [p.impl for p in summaries["c"].picks] == ["opt64", "ref"]
    assert summaries["c"].picks[0].cost == {16: 40, 32768: 10}  # cycles, not instructions
    q = summaries["q"]
    text = " ".join([q.title, *q.grid().text_rows()[0]])
    assert "instructions per byte" in q.title and "cycles" not in text
    assert model.bars(sample(), "q")[0] == "instructions"
    assert model.bars(sample(), "c")[0] == "cycles"


def test_a_target_whose_every_job_failed_keeps_its_metric(tmp_path):
    """Every job of a QEMU target failed: no record holds a count, and its
    tables were titled "cycles per byte" (the fallback); QEMU counts
    instructions only.  The title comes from the target's metric, in the
    terminal and in the folder; a target that counts cycles keeps them."""
    from harness.bench.targets import TARGETS
    recs = [*aead("rv32i-qemu", "ref", {16: None, 32768: None}, status="build-failed"),
            *aead("avr-atmega128", "ref", {16: None, 32768: None}, "cycles",
                  status="build-failed")]
    env = {name: {"metric": TARGETS[name].metric, "clock_label": TARGETS[name].clock_label}
           for name in ("rv32i-qemu", "avr-atmega128")}
    data = {"results": recs, "environment": {"targets": env}}
    counters = model.declared_counters_of(data)
    assert counters == {"rv32i-qemu": ["instructions"], "avr-atmega128": ["cycles"]}
    text = terminal.tables(recs, model.clock_labels_of(data), None, counters)
    assert "rv32i-qemu: instructions per byte (qemu plugin, one operation) -- 16 B" in text
    assert "rv32i-qemu: cycles" not in text
    assert "avr-atmega128: cycles per byte (simavr cycles, one operation) -- 16 B" in text
    assert "BUILD FAIL" in text
    folder.write_folder(data, tmp_path, None, with_plots=False)
    for name in ("results.md", "index.html"):
        page = (tmp_path / name).read_text()
        assert "rv32i-qemu: instructions per byte (" in page and "rv32i-qemu: cycles" not in page
    # what a run records for each target, and the targets that count both or none
    assert model.declared_counters({"counters": ["instructions"], "metric": "cycles: x"}) == \
        ["instructions"]
    assert model.declared_counters({"metric": TARGETS["host"].metric,
                                 "clock_label": TARGETS["host"].clock_label}) \
        == (["cycles", "instructions"] if "cycles:" in TARGETS["host"].metric else ["instructions"])
    assert model.declared_counters({"metric": TARGETS["cortex-m3-qemu"].metric, "clock_label":
                                 TARGETS["cortex-m3-qemu"].clock_label}) == \
        ["modelled_cycles", "instructions"]
    assert model.declared_counters({"metric": TARGETS["mps2-an385"].metric,
                                 "clock_label": TARGETS["mps2-an385"].clock_label}) == []


def test_bars_are_sorted_cheapest_first_failures_last():
    field, panels = model.bars(sample(), "q")
    by = {p.scheme: p for p in panels}
    assert by["ascon-aead128"].impls == ["fast", "short", "small", "broken"]
    assert by["ascon-aead128"].fails == {"broken": "KAT FAIL"}
    assert by["ascon-aead128"].values["short"] == {16: 200, 32768: 60}
    assert by["ascon-hash256"].impls == ["fast", "small"]


def test_cells_say_baseline_and_published_differences():
    assert model.Cell(52.5, base=105).text() == "52.50 (-50.0%)"
    assert model.Cell(105, base=105).text() == "105.00 (+0.0%)"
    assert model.Cell(7.0, digits=0).text() == "7"
    assert model.Cell().text() == "-"
    assert model.Cell(fail="KAT FAIL", published=2.5).text() == "KAT FAIL / 2.50"
    assert model.Cell(110.0, published=100.0).text() == "110.00 / 100.00 (+10.0%)"


def test_a_permutation_only_run_has_a_per_call_summary_and_chart(tmp_path):
    recs = [rec("q", "ascon-p12", impl, "permutation", 0, instructions=n, code=c)
            for impl, n, c in (("ref", 900, 700), ("opt64", 400, 1900))]
    [s] = model.summaries(recs, {})
    assert s.lengths == [0]
    assert s.grid().text_rows()[0][3] == "instructions per call"
    assert [(p.impl, p.roles) for p in s.picks] == [("opt64", ["fastest"]),
                                                    ("ref", ["smallest"])]
    field, [panel] = model.bars(recs, "q")
    assert (field, panel.scheme, panel.lengths, panel.impls) == \
        ("instructions", "ascon-p12", [0], ["opt64", "ref"])
    folder.write_folder({"results": recs, "environment": {}}, tmp_path, None)
    assert "instructions per call" in (tmp_path / "plots" / "q-instructions.svg").read_text()
    assert "<img src='plots/q-instructions.svg'" in (tmp_path / "index.html").read_text()


# -- renderers -------------------------------------------------------------------------

def test_terminal_ends_with_the_summaries():
    text = terminal.tables(sample(), LABELS, None)
    first = text.index("q: the fastest and the smallest implementation of each scheme "
                       "(instructions per byte, qemu plugin")
    assert text.index("q: instructions per byte (qemu plugin, one operation) -- 16 B") < first
    assert "c: the fastest and the smallest implementation of each scheme (cycles per byte, rdtsc" \
        in text[first:]
    line = next(ln for ln in text.splitlines() if ln.startswith("ascon-hash256"))
    assert line.split() == ["ascon-hash256", "fastest,", "smallest", "fast", "500.00", "100.00",
                            "1500", "200"]


def test_page_opens_with_summary_then_chart_then_folded_tables(tmp_path):
    data = {"results": sample(), "environment": {"targets": {
        "q": {"clock_label": "qemu plugin", "metric": "instructions: QEMU"},
        "c": {"clock_label": LABELS["c"], "metric": "cycles: rdtsc"},
        "gone": {"skipped": "no simulator"}}},
        "failures": [{"target": "q", "impl": "ascon-aead128/broken", "status": "kat-failed",
                      "detail": "Count = 1 differs"}]}
    files = folder.write_folder(data, tmp_path, "fast")
    page = (tmp_path / "index.html").read_text()
    assert sorted(p.name for p in (tmp_path / "plots").iterdir()) == [
        "c-cycles.png", "c-cycles.svg", "q-instructions.png", "q-instructions.svg"]
    assert set(files) >= {tmp_path / "index.html", tmp_path / "plots" / "q-instructions.svg"}
    assert page.index("Failures") < page.index("<h2>q</h2>")
    assert "no simulator" in page
    for target, field in (("q", "instructions"), ("c", "cycles")):
        part = page[page.index(f"<h2>{target}</h2>"):]
        part = part[:part.index("</section>")]
        summary = part.index(f"{target}: the fastest and the smallest implementation")
        chart = part.index(f"<img src='plots/{target}-{field}.svg'")
        folded = part.index("<details>")
        assert summary < chart < folded
        assert part.index(f"{target}: {field} per byte (") > folded  # the long tables
        assert part.index("code size") > folded
    svg = (tmp_path / "plots" / "q-instructions.svg").read_text()
    assert "instructions per byte" in svg and "cycles" not in svg  # the metric, named
    assert "200.00 (-33.3%)" in page  # --baseline fast: short at 16 B, 200 against 300
    # the figure that earned a role is strong: fast's 32 KiB cost, small's code bytes
    assert "<td class='l impl'>fast</td><td>300.00</td><td><strong>50.00</strong></td>" in page
    assert "<td class='l impl'>short</td><td><strong>200.00</strong></td><td>60.00</td>" in page
    assert "<td>900.00</td><td>200.00</td><td><strong>2000</strong></td>" in page
    md = (tmp_path / "results.md").read_text()
    assert md.index("q: the fastest") < md.index("![q: instructions of each implementation") \
        < md.index("<details>") < md.index("**q: instructions per byte (")


def test_written_files_are_readable_and_keep_their_mode(tmp_path):
    """Not the temporary file's 0600: a new file is 0666 less the umask (a
    web server can serve the page), a replaced one keeps its mode."""
    old = os.umask(0o022)
    try:
        folder.write_folder({"results": sample(), "environment": {}}, tmp_path, None,
                            with_plots=False)
        (tmp_path / "results.md").chmod(0o640)
        folder.write_folder({"results": sample(), "environment": {}}, tmp_path, None,
                            with_plots=False)
    finally:
        os.umask(old)
    modes = {p.name: p.stat().st_mode & 0o777 for p in tmp_path.iterdir()}
    assert modes == {"results.json": 0o644, "results.csv": 0o644, "index.html": 0o644,
                     "results.md": 0o640}


def files_in(folder: pathlib.Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def test_the_folder_holds_exactly_this_runs_files(tmp_path):
    """A later run into the same folder leaves none of an earlier run's
    charts (other targets, a sweep it no longer has; all of them after
    --no-plots), nor its leftover temporary files; a user's other files,
    at the top or in plots/, stay."""
    sweep = [*aead("q", "fast", {1: 900, 16: 300, 64: 100, 32768: 50}),
             *aead("c", "ref", {16: 100, 32768: 30}, "cycles")]
    first = folder.write_folder({"results": sweep, "environment": {}}, tmp_path, None)
    assert files_in(tmp_path) == [
        "index.html", "plots/c-cycles.png", "plots/c-cycles.svg", "plots/q-instructions-sweep.png",
        "plots/q-instructions-sweep.svg", "plots/q-instructions.png", "plots/q-instructions.svg",
        "results.csv", "results.json", "results.md"]
    assert set(first) == {tmp_path / f for f in files_in(tmp_path)}
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "plots" / "README").write_text("mine too")
    (tmp_path / "plots" / ".q-instructions.svg.k3j2x_1.tmp").write_text("killed mid-write")
    (tmp_path / ".results.md.a8b9c0.tmp").write_text("killed mid-write")
    thesis = aead("q", "fast", {16: 300, 32768: 50})  # another run: q only, two lengths
    second = folder.write_folder({"results": thesis, "environment": {}}, tmp_path, None)
    assert files_in(tmp_path) == [
        "index.html", "notes.txt", "plots/README", "plots/q-instructions.png",
        "plots/q-instructions.svg", "results.csv", "results.json", "results.md"]
    assert {p.relative_to(tmp_path).as_posix() for p in second} == \
        set(files_in(tmp_path)) - {"notes.txt", "plots/README"}
    folder.write_folder({"results": thesis, "environment": {}}, tmp_path, None, with_plots=False)
    assert files_in(tmp_path) == ["index.html", "notes.txt", "plots/README", "results.csv",
                                  "results.json", "results.md"]
    (tmp_path / "plots" / "README").unlink()
    folder.write_folder({"results": thesis, "environment": {}}, tmp_path, None, with_plots=False)
    assert not (tmp_path / "plots").exists()  # an empty plots/ goes too


def test_the_written_line_says_what_was_written(tmp_path):
    data = {"results": aead("q", "fast", {16: 300, 32768: 50}), "environment": {}}
    files = folder.write_folder(data, tmp_path, None, with_plots=False)
    assert folder.written(tmp_path, files, False) == (
        f"wrote {tmp_path}/ (results.json, results.csv, results.md, index.html; "
        "no plots: --no-plots)")
    files = folder.write_folder(data, tmp_path, None)
    assert folder.written(tmp_path, files, True) == (
        f"wrote {tmp_path}/ (results.json, results.csv, results.md, index.html; "
        "1 chart in plots/, PNG and SVG)")


# -- the page of a real run, in a browser ----------------------------------------------

def images_of(page: pathlib.Path, profile: pathlib.Path) -> tuple[int, int]:
    """(images on the page, images that did not load), as the page's own
    check marks them on <body> once everything has loaded."""
    r = chromium(f"--user-data-dir={profile}", "--virtual-time-budget=20000", "--dump-dom",
                 page.as_uri())
    body = re.search(r"<body[^>]*>", r.stdout)
    assert body, r.stdout[-2000:] + r.stderr[-2000:]
    found = dict(re.findall(r'data-(images|broken)="(\d+)"', body.group(0)))
    assert set(found) == {"images", "broken"}, body.group(0)
    return int(found["images"]), int(found["broken"])


@pytest.fixture(scope="module")
def real_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("run") / "res"
    env = {**os.environ, "LWC_NO_SETUP": "1"}
    env.pop("LWC_EXTRA_IMPLS", None)
    r = subprocess.run([str(ROOT / "lwcbench"), "run", "--target", "host", "--target",
                        "rv32i-qemu", "--scheme", "ascon-aead128", "--scheme", "ascon-hash256",
                        "--impl", "ref", "--impl", "lowsize", "--suite", "thesis", "--suite",
                        "sweep", "--quick", "--out", str(out)],
                       capture_output=True, text=True, env=env, timeout=900)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return out, r.stdout


def test_a_run_writes_its_targets_facts(real_run):
    """The environment of a run's results.json gives each target's facts
    (new fields beside the contract's), so that its data says them itself:
    target_facts reads them there, the same as it would ask them."""
    out, _stdout = real_run
    data = json.loads((out / "results.json").read_text())
    env = data["environment"]["targets"]
    for target in ("host", "rv32i-qemu"):
        assert set(FACTS) <= set(env[target]), env[target]
    facts = target_facts(data)
    assert {t: facts[t] for t in env} == {t: {k: e[k] for k in FACTS} for t, e in env.items()}
    tree = discover()
    for t in env:  # what the run asked its targets (finish.run_facts)
        schemes = {r["scheme"] for r in data["results"] if r["target"] == t}
        assert facts[t] == json.loads(json.dumps(run_facts(TARGETS[t](), schemes, tree)))
    assert env["rv32i-qemu"]["exact"] is True and env["host"]["exact"] is False
    assert "rv32i" in env["rv32i-qemu"]["arch_tokens"] and env["host"]["impl_order"] == IMPL_ORDER
    assert env["rv32i-qemu"]["default_impls"]["ascon-aead128"][0] == \
        TARGETS["rv32i-qemu"].preference[0]


def test_real_run_summaries_name_each_targets_metric(real_run):
    out, stdout = real_run
    data = json.loads((out / "results.json").read_text())
    host_field = "cycles" if any(r["cycles"] is not None for r in data["results"]
                                 if r["target"] == "host") else "instructions"
    for target, field in (("host", host_field), ("rv32i-qemu", "instructions")):
        title = f"{target}: the fastest and the smallest implementation of each scheme ({field}"
        assert title in stdout
        assert (out / "plots" / f"{target}-{field}.svg").is_file()
    assert "rv32i-qemu: the fastest and the smallest implementation of each scheme (cycles" \
        not in stdout
    page = (out / "index.html").read_text()
    assert page.count("<img ") == 5  # two bar charts, three sweeps (host: two counters)


def test_page_of_a_real_run_loads_every_image_in_chromium(real_run, tmp_path):
    out, _stdout = real_run
    page = out / "index.html"
    n = page.read_text().count("<img ")
    assert images_of(page, tmp_path / "profile") == (n, 0)
    shot = tmp_path / "index.png"
    r = chromium(f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=20000",
                 f"--screenshot={shot}", "--window-size=1400,2000", page.as_uri())
    assert shot.is_file(), r.stderr[-2000:]
    png = shot.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")) == (1400, 2000)
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(shot, SCREENSHOT)


def test_a_missing_plot_is_caught_in_chromium(real_run, tmp_path):
    out, _stdout = real_run
    copy = tmp_path / "res"
    shutil.copytree(out, copy)
    (copy / "plots" / "rv32i-qemu-instructions.svg").unlink()
    n = (copy / "index.html").read_text().count("<img ")
    assert images_of(copy / "index.html", tmp_path / "profile") == (n, 1)


def test_msp430_paper_tables_put_the_published_figures_beside_ours():
    """The MSP430 paper's Tables 2 and 3 (published/msp430-paper.json) on
    msp430 records: each implementation of a primitive, then the paper's
    row; per AEAD scheme the implementation fastest at adlen = dlen = 1024,
    its cycles / the paper's, and for Ascon the figures the paper cites."""
    perm = [dict(rec("msp430", "photon256", name, "permutation", 0, cycles=c, instructions=c // 2),
                 code_bytes=b, table_bytes=t, table_lookup_cycles=lk)
            for name, c, b, t, lk in (("opt32", 34068, 900, 0, 0), ("ref", 300000, 700, 12, 39))]
    encs = [rec("msp430", s, i, "encrypt", m, cycles=c, adlen=a)
            for s, i, f in (("romulus-n", "opt32", 2), ("romulus-n", "lowsize", 3),
                            ("ascon128-v12", "bi32", 1))
            for a, m in ((16, 0), (128, 0), (1024, 0), (0, 16), (0, 128), (0, 1024),
                         (16, 16), (128, 128), (1024, 1024))
            for c in [f * 1000 * (a + m)]]
    # the row order is the target's fact, as the records stage gives it
    facts = {"msp430": {**NO_FACTS, "impl_order": ["ref", "opt64", "bi32", "opt32", "lowsize"]}}
    prim, grid = papers.published_sections(perm + encs, facts=facts)
    rows = prim.grids[0].text_rows()
    assert rows[0] == ["primitive", "impl", "code bytes", "cycles per call", "bytes per call",
                       "cycles per byte", "table bytes", "look-up cycles"]
    photon = [r for r in rows if r[0] == "photon256"]
    assert photon[1][1:] == ["opt32", "900", "34068", "16", "2129", "0", "0"]
    assert photon[0][1:] == ["ref", "700", "300000", "16", "18750", "12", "39"]
    assert photon[2][1:] == ["published (cycles)", "1612", "17034", "16",
                                                      "1065", "1120", "6240"]
    assert [r[1] for r in rows if r[0] == "spongent160"] == ["published (cycles)"]
    g = grid.grids[0].text_rows()
    assert g[0] == ["adlen dlen", "romulus-n (opt32)", "ascon128-v12 (bi32)"]
    assert g[-1] == ["1024 1024", "4096000 / 792736 (+416.7%)", "2048000 / 941924 (+117.4%)"]
    assert g[6] == ["0 1024", "2048000 / 436601 (+369.1%)", "1024000 / 479707 (+113.5%)"]
    assert g[1] == ["16 0", "32000 / 25793 (+24.1%)", "16000"]  # nothing published for Ascon
    assert "published" in prim.title and "published" in grid.title


def auth_records() -> list[dict]:
    """A target's keyed functions and their bare p^12 (cycles)."""
    def rec(scheme, impl, op, mlen, cycles, sets=("thesis",), status="ok"):
        r = {"target": "m", "scheme": scheme, "impl": impl, "op": op, "adlen": 0,
             "mlen": mlen, "cycles": cycles, "kat": "pass", "status": status, "sets": list(sets)}
        if op == "auth":
            r["max_inbytes"] = 16 if scheme == "ascon-prfs-v13" else 0
        return r
    return [rec("ascon-p12", "fast", "permutation", 0, 640, ("permutation",)),
            rec("ascon-p12", "slow", "permutation", 0, 1000, ("permutation",)),
            rec("ascon-mac-v13", "fast", "auth", 32768, 32768 * 21),  # 21 per byte, floor 20
            rec("ascon-mac-v13", "slow", "auth", 32768, 32768 * 33),  # floor 31.25
            rec("ascon-prfs-v13", "fast", "auth", 16, 700),          # 700 / 640
            rec("ascon-prfs-v13", "slow", "auth", 16, 1200),         # 1200 / 1000
            *(rec("ascon-prfs-v13", "fast", "auth", m, 650 + m, ("short",)) for m in range(1, 16)),
            rec("ascon-prfs-v13", "slow", "auth", 5, None, ("short",), status="kat-failed")]


def test_the_keyed_functions_goals_against_their_own_permutation():
    """Each implementation beside its own p^12 of the same run: PrfShort per
    call at 16 B over one call (goal 1.15), Mac per byte at 32 KiB over the
    call / 32 (goal 1.05); met or not."""
    [s] = papers.auth_goal_sections(auth_records(), {})
    rows = s.grids[0].text_rows()
    assert rows[0] == ["scheme", "impl", "cycles", "floor", "ratio", "goal", ""]
    assert rows[1] == ["ascon-mac-v13", "fast", "21.00", "20.00", "1.050", "<= 1.05", "met"]
    assert rows[2] == ["ascon-mac-v13", "slow", "33.00", "31.25", "1.056", "<= 1.05", "not met"]
    assert rows[3] == ["ascon-prfs-v13", "fast", "700.00", "640.00", "1.094", "<= 1.15", "met"]
    assert rows[4] == ["ascon-prfs-v13", "slow", "1200.00", "1000.00", "1.200", "<= 1.15",
                       "not met"]
    assert papers.auth_goal_sections([r for r in auth_records() if r["op"] != "permutation"],
                                     {}) == []
    # judged per call for its bounded input (the record's max_inbytes), not its name
    unbounded = [{**r, "max_inbytes": 0} if r["op"] == "auth" else r for r in auth_records()]
    assert [r[0] for r in papers.auth_goal_sections(unbounded, {})[0].grids[0].text_rows()[1:]] == \
        ["ascon-mac-v13", "ascon-mac-v13"]  # no 32 KiB record for PrfShort: no row


def test_the_short_suite_table_gives_each_length_and_failures():
    [s] = model.short_sections(auth_records(), {})
    rows = s.grids[0].text_rows()
    assert rows[0] == ["scheme", "impl", *map(str, range(1, 17))]
    assert rows[1][:4] == ["ascon-prfs-v13", "fast", "651", "652"] and rows[1][-1] == "-"
    assert rows[2][1] == "slow" and rows[2][6] != "-" and "KAT" in rows[2][6].upper()


def test_flash_ratios_beside_the_papers_boards():
    """The paper's Table 3 as ratios: a board-like flash model's modelled
    cycles over the same implementation's at 0 wait states, beside the
    paper's board over its Table 1 figure (Due: 472 / 387); the board's
    table also stands for the plain bound target ("also")."""
    def rec(target, cycles, fn):
        return {"target": target, "scheme": "ascon-p6", "impl": "asm", "op": "permutation",
                "adlen": 0, "mlen": 0, "modelled_cycles": cycles, "function_modelled_cycles": fn,
                "kat": "pass", "status": "ok", "sets": ["permutation"]}
    records = [rec("cortex-m3-qemu", 400, 350), rec("cortex-m3-qemu-sam3x-ws4", 500, 420),
               rec("cortex-m3-qemu-ws4", 1600, None)]
    secs = {s.target: s for s in papers.flash_ratio_sections(records)}
    assert set(secs) == {"cortex-m3-qemu-sam3x-ws4", "cortex-m3-qemu-ws4"}
    rows = secs["cortex-m3-qemu-sam3x-ws4"].grids[0].text_rows()
    assert rows[0] == ["permutation", "impl", "modelled cycles / 0 wait states",
                       "function modelled cycles / 0 wait states"]
    assert rows[1] == ["ascon-p6", "asm", "1.250 / 1.220 (+2.5%)", "1.200 / 1.220 (-1.6%)"]
    assert secs["cortex-m3-qemu-ws4"].grids[0].text_rows()[1][2].startswith("4.000 / 1.220")
    assert "Arduino Due" in secs["cortex-m3-qemu-sam3x-ws4"].title
    assert papers.flash_ratio_sections(records[1:]) == []  # no 0-wait-state run: no ratio


def test_the_modes_beside_their_permutation_floor():
    """Issue 32's table: at 32 KiB an Ascon mode's cost per byte over its
    bare p^b per call / rate (same implementation, same run); at 16 B an
    AEAD's cost per call over its permutation calls (p^a + p^b per full
    block + p^a); a published peer's figure labelled as published (rhys on
    the Uno: (15248 - 8332) us x 16 MHz / 256 B)."""
    def rec(scheme, op, mlen, cycles, sponge=None):
        r = {"target": "avr-atmega128", "scheme": scheme, "impl": "asm", "op": op, "adlen": 0,
             "mlen": mlen, "cycles": cycles, "kat": "pass", "status": "ok", "sets": ["thesis"]}
        if sponge:
            r.update({"sponge_rate": sponge[0], "sponge_pa": sponge[1], "sponge_pb": sponge[2]})
        return r
    records = [rec("ascon-p8", "permutation", 0, 5152), rec("ascon-p12", "permutation", 0, 7588),
               rec("ascon128a-v12", "encrypt", 32768, 32768 * 330, (16, 12, 8)),
               rec("ascon128a-v12", "encrypt", 16, 23000, (16, 12, 8)),
               rec("ascon-hash256", "hash", 32768, 32768 * 950, (8, 12, 12)),
               rec("isap-a-128a", "encrypt", 32768, 32768 * 900)]  # no sponge fields: no row
    [s] = papers.floor_sections(records, {})
    rows = s.grids[0].text_rows()
    assert rows[0][:5] == ["scheme", "impl", "op", "cycles per byte, 32 KiB", "floor"]
    assert rows[1] == ["ascon128a-v12", "asm", "encrypt", "330.00", "322.00", "1.025", "23000",
                       "20328", "1.131"]
    assert rows[2][:5] == ["ascon128a-v12", "published (cycles)", "encrypt", "432.25", "-"]
    assert rows[3][:6] == ["ascon-hash256", "asm", "hash", "950.00", "948.50", "1.002"]
    assert len(rows) == 4 and "rhys" in s.title
    assert papers.floor_sections(records[2:], {}) == []  # no bare permutation: no floor


# -- tables of host records; ./lwcbench report --------------------------------------

def host_rec(impl, scheme, op, mlen, cycles, status="ok"):
    return {"target": "host", "scheme": scheme, "impl": impl, "op": op, "adlen": 0,
            "mlen": mlen, "cycles": cycles, "samples": 33, "status": status,
            "cycles_min": cycles, "instructions": None}


def test_table_averages_encrypt_and_decrypt_and_compares_with_baseline():
    recs = [host_rec("ref", "ascon128-v12", "encrypt", 16, 1600),
            host_rec("ref", "ascon128-v12", "decrypt", 16, 1760),   # mean 105 c/B
            host_rec("opt64", "ascon128-v12", "encrypt", 16, 800),
            host_rec("opt64", "ascon128-v12", "decrypt", 16, 880),  # mean 52.5 c/B: -50 %
            host_rec("ref", "asconhash-v12", "hash", 16, 3200),     # 200 c/B
            host_rec("opt64", "asconhash-v12", "hash", 16, None, status="kat-failed")]
    text = terminal.tables(recs, {"host": "host rdtsc"}, "ref")
    lines = text.splitlines()
    assert lines[0].startswith("host: cycles per byte (host rdtsc, median of 33 samples) -- 16 B")
    assert lines[1].split() == ["impl", "ascon128-v12", "asconhash-v12"]
    assert lines[2].split() == ["ref", "105.00", "200.00"]
    assert lines[3].split() == ["opt64", "52.50", "(-50.0%)", "KAT", "FAIL"]
    assert "%)" not in terminal.tables(recs, {}, None)


def test_thesis_columns_come_first():
    recs = [host_rec("ref", s, "hash", 32768, 32768) for s in
            ["ascon-hash256", "asconhash-v12", "asconhasha-v12", "ascon128-v12", "ascon128a-v12",
             "zz-new-scheme"]]
    lines = terminal.tables(recs, {}, None).splitlines()
    heads = [ln.split()[1:] for ln in lines if ln.startswith("impl")]
    assert heads == [["ascon128a-v12", "ascon128-v12", "asconhasha-v12", "asconhash-v12"],
                     ["ascon-hash256"], ["zz-new-scheme"]]


def test_published_figures_are_compared_and_labelled():
    """Rows with a published counterpart (harness/bench/published) get a
    table "measured / published (difference)" whose title says they are
    published figures; the 80pq column uses the thesis' Ascon-128 figure."""
    def rec(scheme, op, mlen, count):
        return {"target": "rv32i-qemu", "scheme": scheme, "impl": "opt64", "op": op,
                "adlen": 0, "mlen": mlen, "instructions": count, "cycles": None,
                "samples": 1, "status": "ok"}
    recs = [rec("ascon80pq-v12", "encrypt", 32768, 101.10 * 32768 * 1.1),
            rec("ascon80pq-v12", "decrypt", 32768, 101.10 * 32768 * 0.9),
            rec("asconhash-v12", "hash", 32768, 189.69 * 32768 / 2)]
    sections = list(terminal.published_sections(recs))
    assert len(sections) == 1
    title, groups = sections[0]
    assert title.startswith("rv32i-qemu: instructions per byte, measured here / published in "
                            "the thesis (not measured here)")
    cells = {h: c for rows in groups for h, c in zip(rows[0], rows[1])}
    assert cells["impl (published row)"] == "opt64 (c_opt64 (ascon-c))"
    assert cells["ascon80pq-v12"] == "101.10 / 101.10 (+0.0%)"
    assert cells["asconhash-v12"] == "94.84 / 189.69 (-50.0%)"
    assert "published" in terminal.tables(recs, {}, None)
    md = markdown.to_markdown({"results": [{**r, "code_bytes": None, "stack_bytes": None, "kat": "pass"}
                                         for r in recs], "environment": {}}, None)  # the folder too
    assert "| opt64 (c_opt64 (ascon-c)) |" in md and "101.10 / 101.10 (+0.0%)" in md


def test_results_folder_is_rebuilt_from_json(tmp_path):
    recs = [host_rec("ref", "ascon128-v12", op, m, 100 * m + 7) for op in ("encrypt", "decrypt")
            for m in (1, 16, 64, 32768)]
    for r in recs:
        r.update(kat="pass", code_bytes=1000, stack_bytes=200, sets=["sweep"])
    (tmp_path / "r.json").write_text(json.dumps({"results": recs, "environment": {}}))
    r = lwcbench("report", str(tmp_path / "r.json"), "--out", str(tmp_path / "o"))
    assert r.returncode == 0, r.stderr
    names = sorted(p.name for p in (tmp_path / "o").rglob("*") if p.is_file())
    assert names == ["host-cycles-sweep.png", "host-cycles-sweep.svg", "host-cycles.png",
                     "host-cycles.svg", "index.html", "results.csv", "results.json", "results.md"]
    md = (tmp_path / "o" / "results.md").read_text()
    assert "| ref | 100.44 |" in md  # (1607 + 1607) / 2 / 16 at 16 B
    csv_lines = (tmp_path / "o" / "results.csv").read_text().splitlines()
    assert len(csv_lines) == 1 + len(recs) and csv_lines[0].startswith("target,scheme,impl")
    assert "host-cycles.svg" in (tmp_path / "o" / "index.html").read_text()
    assert data.to_csv([]) .startswith("target,")


def test_report_checks_its_baseline_and_folder_like_run(tmp_path, capsys, monkeypatch):
    """report takes --baseline through run's own check (it took any name),
    and a folder it cannot write is a one-line error (it was a traceback)."""
    from harness.bench import cli
    recs = [host_rec("ref", "ascon128-v12", "encrypt", 16, 1000)]
    (tmp_path / "r.json").write_text(json.dumps({"results": recs, "environment": {}}))
    rc = cli.main(["report", str(tmp_path / "r.json"), "--baseline", "nosuch", "--out",
                   str(tmp_path / "o")])
    out, err = capsys.readouterr()
    assert rc == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("lwcbench: unknown baseline 'nosuch' (valid: ")
    assert " ref, " in lines[0] and lines[0].endswith(", none)")
    assert not (tmp_path / "o").exists()
    for out_dir in ("/proc/nope", str(tmp_path / "r.json" / "o")):
        rc = cli.main(["report", str(tmp_path / "r.json"), "--out", out_dir, "--no-plots"])
        err = capsys.readouterr().err
        assert rc == 2
        assert err.count("\n") == 1 and err.startswith(f"lwcbench: cannot write --out {out_dir}: "), err
    assert cli.main(["report", str(tmp_path / "r.json"), "--baseline", "none", "--out",
                     str(tmp_path / "o"), "--no-plots"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith(f"wrote {tmp_path / 'o'}/ (")

    def full(path, data):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(folder, "write_json", full)  # a write that fails midway
    assert cli.main(["report", str(tmp_path / "r.json"), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert err == f"lwcbench: cannot write the results in {tmp_path / 'o'}: " \
                  "[Errno 28] No space left on device\n"
