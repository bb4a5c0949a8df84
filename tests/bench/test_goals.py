"""The design pages' goals (issue 45): harness/bench/goals.toml names real
pages, targets, schemes, implementations and published figures; each goal
is judged from the records (harness/bench/output/goals.py): met, not met,
not measured, with its worst cell; the committed pages show the verdicts
the committed data set gives."""
from __future__ import annotations

import dataclasses
import fnmatch
import re

import pytest

from tests.helpers import ROOT
from harness.bench.output import docs_pages, goals, records


# a verdict in words: what only the generated block may say
VERDICT = re.compile(r"\b(met|meets)\b", re.I)


def rec(target, impl, scheme, op, mlen, count, adlen=0, status="ok", field="cycles", **extra):
    """One record of the contract's shape, a count in one counter."""
    return {"target": target, "impl": impl, "scheme": scheme, "op": op, "adlen": adlen,
            "mlen": mlen, field: count, "status": status, "kat": "pass", **extra}


def goal(**entry):
    """A goal of the file's shape, with what every goal has filled in."""
    return goals.parse({"id": "g", "page": "docs/design/x.md", "issue": 1,
                        "statement": "a goal", **entry}, {"pair": ["p1", "p2"]})


# -- met, not met, not measured ---------------------------------------------------

def test_a_goal_met_and_one_not_met():
    g = goal(quantity="per-call", counter="cost", schemes=["p1"], on={"t": ["fast"]},
             against={"fixed": 1000}, below=1.0)
    met = goals.judge(g, [rec("t", "fast", "p1", "permutation", 0, 999)])
    assert met.verdict == "met" and met.met == 1
    assert (met.worst.value, met.worst.reference, met.worst.reference_of) == (999, 1000, "fixed")
    missed = goals.judge(g, [rec("t", "fast", "p1", "permutation", 0, 1000)])  # below: strict
    assert missed.verdict == "not met" and missed.met == 0 and missed.worst.ratio == 1.0


def test_an_every_cell_goal_names_its_one_failing_cell():
    """Per byte at two lengths over two implementations, against the best
    other C: one cell over it fails the goal, and it is the worst cell."""
    g = goal(quantity="per-byte", counter="cost", lengths=[64, 16], schemes=["aead"],
             on={"t": ["asm_a", "asm_b"]}, against={"best_of": ["*"], "except": ["asm_*"]},
             at_most=1.0)
    recs = []
    for impl, per_byte in (("asm_a", 10), ("asm_b", 11), ("ref", 20), ("opt", 12)):
        for mlen in (64, 16):
            for op in ("encrypt", "decrypt"):
                cost = per_byte * mlen
                if (impl, mlen, op) == ("asm_b", 16, "decrypt"):
                    cost = 14 * mlen  # the mean of the two: 12.5 a byte, above opt's 12
                recs.append(rec("t", impl, "aead", op, mlen, cost))
    j = goals.judge(g, recs)
    assert j.verdict == "not met" and (j.met, len(j.cells)) == (3, 4)
    worst = j.worst
    assert worst.label() == "t asm_b aead 16 B"
    assert (worst.value, worst.reference, worst.reference_of) == (12.5, 12, "opt")
    row = goals.grid([j]).text_rows()[1]
    assert row[:5] == ["`g`", "a goal", "not met", "3 of 4", "t asm_b aead 16 B"]
    assert row[5] == "12.50 / 12.00 (opt)" and row[6] == "1.042"


def test_missing_cells_are_not_measured_and_a_missed_cell_outweighs_them():
    g = goal(quantity="per-call", counter="cost", schemes=["@pair"], on={"t": ["x"]},
             against={"fixed": 100}, at_most=1.0)
    one = [rec("t", "x", "p1", "permutation", 0, 90)]
    j = goals.judge(g, one)  # p2 has no record
    assert j.verdict == "not measured" and j.met == 1
    assert [(c.label(), c.why) for c in j.missing] == [("t x p2 per call", "no record")]
    assert "1 cell(s) not measured, e.g. t x p2 per call (no record)" in goals.notes([j])[0]
    failed = goals.judge(g, one + [rec("t", "x", "p2", "permutation", 0, None,
                                       status="does-not-fit")])
    assert failed.verdict == "not measured" and failed.missing[0].why == "NO FIT"
    over = goals.judge(g, [rec("t", "x", "p1", "permutation", 0, 101)])
    assert over.verdict == "not met"  # p1 misses it, whatever p2 would give
    nothing = goals.judge(g, [])
    assert nothing.verdict == "not measured" and nothing.missing[0].why == "no record of t"


def test_a_field_the_records_lack_is_not_measured():
    """The function alone (function_<counter>, issue 31) in a data set that
    predates it: the cell says which field is missing."""
    g = goal(quantity="function", counter="cost", schemes=["p1"], on={"t": ["x"]},
             against={"fixed": 100}, at_most=1.0)
    j = goals.judge(g, [rec("t", "x", "p1", "permutation", 0, 120)])
    assert j.verdict == "not measured" and j.missing[0].why == "no function_cycles"
    j = goals.judge(g, [rec("t", "x", "p1", "permutation", 0, 120, function_cycles=95)])
    assert j.verdict == "met" and j.worst.value == 95


def test_a_stricter_threshold_holds_its_own_cells():
    g = goal(quantity="per-call", counter="cost", schemes=["@pair"], on={"t": ["x"]},
             against={"fixed": 100}, at_most=0.9,
             stricter=[{"schemes": ["p2"], "at_most": 0.75}])
    recs = [rec("t", "x", "p1", "permutation", 0, 85), rec("t", "x", "p2", "permutation", 0, 80)]
    j = goals.judge(g, recs)
    assert j.verdict == "not met" and j.worst.scheme == "p2"
    assert j.worst.rule.text() == "at most 0.75"


def test_within_a_margin_either_way_and_over_another_target():
    """A ratio of two targets beside a fixed ratio: within 0.10 of it."""
    g = goal(quantity="per-call", counter="cost", schemes=["p1"], on={"slow": ["x"]},
             over="fast", against={"fixed": 1.5}, within=0.10)
    base = rec("fast", "x", "p1", "permutation", 0, 100)
    assert goals.judge(g, [base, rec("slow", "x", "p1", "permutation", 0, 160)]).verdict == "met"
    assert goals.judge(g, [base, rec("slow", "x", "p1", "permutation", 0, 140)]).verdict == "met"
    low = goals.judge(g, [base, rec("slow", "x", "p1", "permutation", 0, 130)])
    assert low.verdict == "not met" and low.worst.value == 1.3
    alone = goals.judge(g, [rec("slow", "x", "p1", "permutation", 0, 150)])
    assert alone.verdict == "not measured" and alone.missing[0].why.startswith("fast:")


def test_the_floor_is_the_same_implementations_permutation_over_the_rate():
    g = goal(quantity="per-byte", counter="cost", lengths=[32], ops=["encrypt"],
             schemes=["mode"], on={"t": ["x"]}, against={"floor": True}, at_most=1.05)
    sponge = {"sponge_rate": 8, "sponge_pa": 12, "sponge_pb": 6}
    recs = [rec("t", "x", "mode", "encrypt", 32, 32 * 100, **sponge),
            rec("t", "x", "ascon-p6", "permutation", 0, 800),
            rec("t", "y", "ascon-p6", "permutation", 0, 8)]  # another implementation's: unused
    j = goals.judge(g, recs)
    assert j.verdict == "met" and j.worst.reference == 100
    assert j.worst.reference_of == "ascon-p6 / 8" and j.worst.point == "encrypt 32 B"
    recs[1]["cycles"] = 760
    assert goals.judge(g, recs).verdict == "not met"
    old = [dict(recs[0], sponge_rate=None), *recs[1:]]
    assert goals.judge(g, old).missing[0].why == "no sponge_rate in the records"


def test_best_takes_each_cell_from_the_fastest_implementation_there():
    g = goal(quantity="per-call", counter="cost", op="encrypt", points=[[16, 0], [0, 16]],
             best=True, schemes=["aead"], on={"t": ["*"]}, against={"fixed": 100}, at_most=1.0)
    recs = [rec("t", "a", "aead", "encrypt", 0, 90, adlen=16),
            rec("t", "b", "aead", "encrypt", 0, 120, adlen=16),
            rec("t", "a", "aead", "encrypt", 16, 150), rec("t", "b", "aead", "encrypt", 16, 99)]
    j = goals.judge(g, recs)
    assert j.verdict == "met"
    assert [(c.impl, c.value) for c in j.cells] == [("a", 90), ("b", 99)]


def test_a_goal_not_judged_says_why():
    g = goal(not_judged="no record measures it")
    j = goals.judge(g, [])
    assert j.verdict == "not judged" and goals.notes([j]) == [
        "`g`: not judged: no record measures it."]


@pytest.mark.parametrize("entry, why", [
    ({"quantity": "per-call", "counter": "cost", "schemes": ["p1"], "on": {"t": ["x"]},
      "against": {"fixed": 1}, "at_mots": 1.0}, "unknown key"),
    ({"quantity": "per-call", "counter": "cost", "schemes": ["p1"], "on": {"t": ["x"]},
      "against": {"fixed": 1}}, "one threshold"),
    ({"quantity": "per-call", "counter": "cost", "schemes": ["p1"], "on": {"t": ["asm_*"]},
      "against": {"fixed": 1}, "at_most": 1.0}, "needs best"),
    ({"quantity": "per-call", "counter": "cost", "schemes": ["@nope"], "on": {"t": ["x"]},
      "against": {"fixed": 1}, "at_most": 1.0}, "no group"),
    ({"quantity": "per-byte", "counter": "cost", "schemes": ["p1"], "on": {"t": ["x"]},
      "against": {"fixed": 1}, "at_most": 1.0}, "per-byte needs lengths"),
    ({"quantity": "per-call", "counter": "cycle", "schemes": ["p1"], "on": {"t": ["x"]},
      "against": {"fixed": 1}, "at_most": 1.0}, "counter is one of"),
    ({"not_judged": "why", "on": {"t": ["x"]}}, "a goal not judged has no on"),
])
def test_a_wrong_goal_is_refused(entry, why):
    with pytest.raises(goals.GoalError, match=why):
        goal(**entry)


# -- the file ----------------------------------------------------------------------

def problems(g: goals.Goal, tree, targets) -> list[str]:
    """What in a goal names nothing real: its page (and the page's
    markers), targets, schemes, implementations (each built for its
    target), the other implementation it is held to, and every published
    figure its cells are held to."""
    out = []
    page = ROOT / g.page
    if not page.exists() or docs_pages.GOALS_BEGIN not in page.read_text():
        out.append(f"{g.id}: the page {g.page} has no goals markers")
    if not isinstance(g.issue, int):
        out.append(f"{g.id}: no issue")
    if g.not_judged:
        return out
    impls = {(i.scheme, i.name): i for i in tree}
    for target in [t for t, _ in g.on] + ([g.over] if g.over else []):
        if target not in targets:
            out.append(f"{g.id}: no target {target}")
    for scheme in g.schemes + tuple(s for ss, _l, _r in g.stricter for s in ss):
        if not any(i.scheme == scheme for i in tree) or scheme not in g.schemes:
            out.append(f"{g.id}: no scheme {scheme} (or not one of the goal's)")
    for target, names in g.on:
        tokens = set(getattr(targets.get(target), "arch_tokens", ()))
        for scheme in g.schemes:
            for name in names:
                if g.best:
                    if not any(fnmatch.fnmatchcase(n, name) for s, n in impls if s == scheme):
                        out.append(f"{g.id}: nothing matches {name} for {scheme}")
                elif (scheme, name) not in impls or not impls[(scheme, name)].builds_for(tokens):
                    out.append(f"{g.id}: no {scheme}/{name} for {target}")
                if ("impl" in g.ref and not g.ref["impl"].startswith("+")  # "+": --add
                        and (scheme, g.ref["impl"]) not in impls):
                    out.append(f"{g.id}: no {scheme}/{g.ref['impl']} to hold it to")
                if "floor" in g.ref:
                    sponge = impls[(scheme, name)].sponge if (scheme, name) in impls else None
                    if not sponge or (f"ascon-p{sponge['pb']}", name) not in impls:
                        out.append(f"{g.id}: no permutation floor for {scheme}/{name}")
                if "fixed" in g.ref and isinstance(g.ref["fixed"], tuple) and \
                        scheme not in dict(g.ref["fixed"]):
                    out.append(f"{g.id}: no fixed figure for {scheme}")
                if "published" not in g.ref or g.best and name != "*":
                    continue
                for point in goals.points_of(g):
                    value, why = goals.published_figure(g, target, name, scheme, point)
                    if value is None:
                        out.append(f"{g.id}: {target} {name} {scheme} "
                                   f"{goals.point_text(g, point)}: {why}")
        if not names:
            out.append(f"{g.id}: no implementation on {target}")
    return out


@pytest.fixture(scope="module")
def tree_and_targets():
    from harness.bench.targets import TARGETS
    from harness.discover import discover
    return discover(), TARGETS


def test_every_goal_names_real_pages_targets_schemes_and_figures(tree_and_targets):
    every = goals.load()
    assert len(every) >= 30
    found = [p for g in every for p in problems(g, *tree_and_targets)]
    assert not found, found


def test_a_typo_in_a_goal_is_found(tree_and_targets):
    """The check above fails on a misspelt target, implementation, scheme,
    page or published column."""
    g = next(g for g in goals.load() if g.id == "cm3-perms-paper-call")
    assert problems(g, *tree_and_targets) == []
    bad = [dataclasses.replace(g, on=(("cortex-m3-qemuu", ("asm_armv7m",)),)),
           dataclasses.replace(g, on=(("cortex-m3-qemu", ("asm_armv7", )),)),
           dataclasses.replace(g, schemes=("gimli42",)),
           dataclasses.replace(g, page="docs/design/asm-armv7m.md"),
           dataclasses.replace(g, schemes=("gimli24-cipher",), against=(("floor", True),)),
           dataclasses.replace(g, against=(("column", "cycles a call"),
                                                 ("published", "perm-paper")))]
    for b in bad:
        assert problems(b, *tree_and_targets), b


def test_every_page_with_goals_markers_has_goals():
    pages = set(goals.pages(goals.load()))
    marked = {p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").rglob("*.md")
              if docs_pages.GOALS_BEGIN in p.read_text()}
    assert marked == pages


def test_the_committed_pages_show_the_committed_data_sets_verdicts():
    """Each design page's goals block is what report --docs gives for the
    committed data set (report --docs --check says the same for every
    generated file: test_docs)."""
    data = records.load(docs_pages.DATA)
    for path, text in docs_pages.goal_pages(data).items():
        assert path.read_text() == text, f"{path}: ./lwcbench report --docs regenerates it"
    judged = goals.judge_all(goals.load(), data["results"])
    for j in judged:
        page = (ROOT / j.goal.page).read_text()
        assert f"| `{j.goal.id}` | {j.goal.statement} | {j.verdict} |" in page


def test_the_prose_states_no_verdict():
    """Outside the generated block, a page with goals does not say met or
    not met: the block is the verdict, and it follows the data."""
    for page in goals.pages(goals.load()):
        text = (ROOT / page).read_text()
        head, rest = text.split(docs_pages.GOALS_BEGIN, 1)
        prose = head + rest.split(docs_pages.GOALS_END, 1)[1]
        said = [ln for ln in prose.splitlines() if VERDICT.search(ln)]
        assert not said, (page, said)


def test_the_verdict_scan_can_fail():
    for line in ("**Cycle goals on AVR: met.**", "It is met; this page", "Every cell meets them",
                 "figure: met** (`asm_msp430`)", "**Code bytes not met** as the table counts"):
        assert VERDICT.search(line), line
    assert not VERDICT.search("the metric, the method, a meter")


def test_report_goals_judges_a_run_of_yours(tmp_path):
    """./lwcbench report FILE.json --goals: the goals with a measured cell
    in a run's records, as the pages show them; 1 when one is not met, and
    a folder from outside the tree (+NAME, as --add names it) can be the
    reference."""
    import json
    import subprocess
    data = records.load(docs_pages.DATA)
    mine = [r for r in data["results"] if r["target"] == "xtensa-esp32-qemu"
            and r["impl"] == "asm_xtensa_win_fsr" and r["scheme"] == "ascon128a-v12"]
    assert mine
    theirs = [{**r, "target": "xtensa-esp32-hw-qemu", "impl": "+asm_esp32",
               "instructions": r["instructions"] * 2} for r in mine]
    ours = [{**r, "target": "xtensa-esp32-hw-qemu"} for r in mine]

    def report(recs):
        f = tmp_path / "results.json"
        f.write_text(json.dumps({**data, "results": recs}))
        return subprocess.run([str(ROOT / "lwcbench"), "report", str(f), "--goals"],
                              capture_output=True, text=True, cwd=ROOT, timeout=300)

    r = report(ours + theirs)  # ours at half theirs: met for ascon128a-v12
    assert r.returncode == 0, r.stdout + r.stderr
    row = next(ln for ln in r.stdout.splitlines() if ln.startswith("| `esp32-win-vs-ascon-c`"))
    assert "| 0.500 |" in row and "1 of 2 (1 not measured)" in row, row
    assert "ascon-aead128 32 KiB (no record)" in r.stdout, r.stdout
    r = report(ours + [{**t, "instructions": t["instructions"] // 2} for t in theirs])
    assert r.returncode == 1 and "| not met |" in r.stdout, r.stdout  # ours at twice theirs
    r = report([])
    assert r.returncode == 0 and "no goal of" in r.stdout, r.stdout
    r = subprocess.run([str(ROOT / "lwcbench"), "report", "--docs", "--goals"],
                       capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 2 and "--goals goes with FILE.json alone" in r.stderr, r.stderr
