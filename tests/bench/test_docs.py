"""The documentation (issue 27): the pages of docs/results/ and the README's
table are what `./lwcbench report --docs` writes from the committed data
set (harness/bench/output/docs_pages.py); the README stays short; no page
written by hand holds a measured figure; every relative link resolves."""
from __future__ import annotations

import json
import lzma
import os
import re
import subprocess

import pytest

from tests.helpers import ROOT
from harness.bench.output import docs_pages, goals, records

HAND_WRITTEN = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
HAND_WRITTEN = [p for p in HAND_WRITTEN if p.parent != docs_pages.DOCS]
# a measured figure: a number with a unit of measurement, or a table cell
# that is a decimal number
FIGURE = re.compile(r"\b\d[\d,]*(\.\d+)?\s*(cycles|instructions|cpb|c/B|ticks|ns|µs|MB/s|GB/s)\b"
                    r"|\b\d[\d,]*(\.\d+)?\s*(cycles|instructions|ticks|bytes)/(byte|B)\b")
TABLE_DECIMAL = re.compile(r"\|\s*[-+]?\d[\d,]*\.\d+\s*(\(|\||/)")


def test_the_generated_files_are_current():
    """./lwcbench report --docs --check: the committed pages and the README's
    table are exactly what the committed data set gives."""
    r = subprocess.run([ROOT / "lwcbench", "report", "--docs", "--check"], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.fixture
def copy(tmp_path, monkeypatch):
    """docs_pages.py pointed at a copy of the pages, the data and the README."""
    pages = tmp_path / "results"
    (pages / "data").mkdir(parents=True)
    for f in docs_pages.DATA.parent.iterdir():  # the data set and the supplements' runs
        (pages / "data" / f.name).write_bytes(f.read_bytes())
    for p in docs_pages.generated_pages():
        (pages / p.name).write_text(p.read_text())
    readme = tmp_path / "README.md"
    readme.write_text(docs_pages.README.read_text())
    for page in goals.pages(goals.load()):  # the design pages with goals
        (tmp_path / page).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / page).write_text((ROOT / page).read_text())
    monkeypatch.setattr(docs_pages, "DOCS", pages)
    monkeypatch.setattr(docs_pages, "DATA", pages / "data" / "results.json.xz")
    monkeypatch.setattr(docs_pages, "README", readme)
    monkeypatch.setattr(docs_pages, "ROOT", tmp_path)
    return tmp_path


def test_check_names_an_edited_page_a_stray_page_and_the_readme(copy):
    (copy / "results" / "avr.md").write_text((copy / "results" / "avr.md").read_text()
                                             .replace("asm_avr", "asm_avr_fast", 1))
    (copy / "results" / "notes.md").write_text("mine\n")
    text = (copy / "README.md").read_text()
    (copy / "README.md").write_text(text.replace("| [host]", "| [hosts]", 1))
    design = copy / "docs" / "design" / "asm-xtensa.md"
    page = design.read_text()
    assert "| met |" in page
    design.write_text(page.replace("| met |", "| not met |", 1))  # a verdict edited by hand
    status, lines = docs_pages.run(None, check=True)
    assert status == 1
    assert {"stale: results/avr.md", "not generated: results/notes.md",
            "stale: README.md", "stale: docs/design/asm-xtensa.md"} <= set(lines), lines
    status, lines = docs_pages.run(None, check=False)
    assert status == 0 and not (copy / "results" / "notes.md").exists()
    assert docs_pages.run(None, check=True)[0] == 0
    assert (copy / "README.md").read_text() == text and design.read_text() == page


def test_a_new_run_becomes_the_data_set(copy, tmp_path):
    """report --docs FILE.json stores the run (the same bytes each time) and
    the pages follow it: a changed figure moves the page that shows it."""
    data = records.load(docs_pages.DATA)
    # the AVR's records alone: the stored run is small (the whole data set's
    # xz took half a minute) and every other page loses its rows
    data["results"] = [r for r in data["results"] if r["target"] == "avr-atmega128"]
    rec = next(r for r in data["results"] if r["status"] == "ok" and r.get("cycles")
               and r["mlen"] == 16)
    rec["cycles"] += 1000
    rec["impl"]  # a record of the data, changed
    new = tmp_path / "results.json"
    new.write_text(json.dumps(data))
    status, lines = docs_pages.run(new, check=False)
    assert status == 0 and "wrote results/avr.md" in lines, lines
    # (the same data, the same bytes: test_the_same_data_is_stored_as_the_same_bytes)
    assert json.loads(lzma.decompress(docs_pages.DATA.read_bytes())) == json.loads(new.read_text())
    with pytest.raises(docs_pages.DocsError, match="--check"):
        docs_pages.run(new, check=True)
    (tmp_path / "bad.json").write_text("{")
    with pytest.raises(records.DataError, match="cannot read"):
        docs_pages.run(tmp_path / "bad.json", check=False)


def test_the_same_data_is_stored_as_the_same_bytes(tmp_path):
    """records.store: keys sorted, compact, xz: data read back and stored
    again, or the same data built in another order, give the same file."""
    data = {"results": [{"target": "t", "cycles": 12, "impl": "ref"}] * 3,
            "environment": {"date": "2026-12-07", "commit": None}}
    first, again, other = (tmp_path / f"{n}.json.xz" for n in ("first", "again", "other"))
    records.store(data, first)
    records.store(records.load(first), again)
    records.store({"environment": dict(reversed(data["environment"].items())),
                   "results": [dict(reversed(r.items())) for r in data["results"]]}, other)
    assert first.read_bytes() == again.read_bytes() == other.read_bytes()
    assert records.load(first) == data
    records.store({**data, "results": data["results"][:2]}, other)
    assert other.read_bytes() != first.read_bytes()


def test_a_supplement_run_gets_a_page_of_its_own(copy, tmp_path):
    """report --docs --supplement masking FILE.json stores a narrow run as
    that page's data, leaves the data set alone, and the page shows its
    records beside the published figures; a wrong name is refused."""
    first = docs_pages.DATA.read_bytes()
    data = records.load(docs_pages.DOCS / "data" / "masking.json.xz")
    rec = next(r for r in data["results"] if r["target"] == "cortex-m3-qemu"
               and r["impl"] == "asm_armv7m_masked" and r["mlen"] == 32768)
    rec["modelled_cycles"] = 77777 * 32768 // 100  # 777.77 a byte, mean with the other op
    new = tmp_path / "masking.json"
    new.write_text(json.dumps(data))
    status, lines = docs_pages.run(new, check=False, supplement="masking")
    assert status == 0 and "wrote results/masking.md" in lines, lines
    assert docs_pages.DATA.read_bytes() == first
    page = (copy / "results" / "masking.md").read_text()
    assert "published by Gigerl" in page and "| asm_armv7m_masked (2 shares) |" in page
    other = next(r for r in data["results"] if r["target"] == "cortex-m3-qemu" and
                 r["impl"] == "asm_armv7m_masked" and r["mlen"] == 32768 and r is not rec)
    mean = (rec["modelled_cycles"] + other["modelled_cycles"]) / 2 / 32768
    assert f"| asm_armv7m_masked (2 shares) | {mean:.2f} / 300.00 |" in page
    with pytest.raises(docs_pages.DocsError, match="--supplement"):
        docs_pages.run(new, check=False, supplement="nosuch")
    with pytest.raises(docs_pages.DocsError, match="--supplement"):
        docs_pages.run(None, check=False, supplement="masking")


def test_the_readme_is_short_and_has_the_table():
    text = docs_pages.README.read_text()
    assert len(text.splitlines()) <= 300
    assert docs_pages.BEGIN in text and docs_pages.END in text


@pytest.mark.parametrize("page", HAND_WRITTEN, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_measured_figure_is_written_by_hand(page):
    """Outside the generated table, a page written by hand has no figure
    with a unit of measurement and no table cell of a decimal number: the
    figures live in docs/results/, from the data set."""
    text = page.read_text()
    for begin, end in ((docs_pages.BEGIN, docs_pages.END),
                       (docs_pages.GOALS_BEGIN, docs_pages.GOALS_END)):
        if begin in text:
            head, rest = text.split(begin, 1)
            text = head + rest.split(end, 1)[1]
    text = re.sub(r"```.*?```", "", text, flags=re.S)  # commands, code
    bad = [line for line in text.splitlines() if FIGURE.search(line) or TABLE_DECIMAL.search(line)]
    assert not bad, bad[:5]


def test_the_figure_scan_can_fail():
    assert FIGURE.search("costs 38.12 cycles per byte") and FIGURE.search("1,231 instructions")
    assert FIGURE.search("445.90 cycles/B") and TABLE_DECIMAL.search("| asm_avr | 445.90 |")
    assert not FIGURE.search("a 16-byte tag, 12 rounds, 2 KiB buffers")


@pytest.mark.parametrize("page", [*HAND_WRITTEN, *docs_pages.generated_pages()],
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(page):
    """Links to files and to headings of the docs (GitHub's anchors)."""
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        assert dest.exists(), f"{page.name}: {target}"
        if anchor and dest.suffix == ".md":
            heads = re.findall(r"^#+ (.*)$", dest.read_text(), re.M)
            slugs = {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in heads}
            assert anchor in slugs, f"{page.name}: {target}"


def test_run_docs_takes_the_whole_matrix():
    """./lwcbench run --docs: the committed data set is a full --all run."""
    for argv in (["--docs"], ["--all", "--docs", "--target", "host"],
                 ["--all", "--docs", "--quick"], ["--all", "--docs", "--out", "none"]):
        r = subprocess.run([ROOT / "lwcbench", "run", *argv], cwd=ROOT, capture_output=True,
                           text=True, timeout=120, env={**os.environ, "LWC_NO_SETUP": "1"})
        assert r.returncode == 2 and "--docs" in r.stderr, (argv, r.stderr)
