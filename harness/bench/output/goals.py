"""The goals the design pages judge, judged from the records.

The goals are data, in one file: harness/bench/goals.toml (per goal its
page, the issue that set it, what it compares and its threshold; the
published figures a goal names stay in harness/bench/published/).  Here a
goal is judged against a data set's records, cell by cell -- a cell is a
target, an implementation, a scheme and a length (or one call, or an
(adlen, mlen) point) -- with the measured figure, the reference (a
published figure, a fixed number, another implementation, the best of the
others, the permutation floor), their ratio and whether it keeps the
threshold; a goal's verdict is
  met           every cell measured and within its threshold
  not met       a measured cell misses it
  not measured  no cell misses it, but a cell has no figure (no record, a
                failed job, a field the records lack)
  not judged    the data set holds nothing the goal compares (the file
                says why)
with how many cells meet it and the worst one.  Plain data like the
comparisons' (papers.py): a grid of cells and lines of notes, which
docs_pages.py writes into each design page between its markers.
"""
from __future__ import annotations

import dataclasses
import fnmatch
import pathlib
import tomllib

from harness.bench.output import model, papers
from harness.discover import ROOT

GOALS = ROOT / "harness" / "bench" / "goals.toml"

QUANTITIES = ("per-byte", "per-call", "function", "function-bytes")
COUNTERS = (*model.COUNTERS, "cost")
RULES = ("at_most", "below", "within")
AGAINST = ("published", "fixed", "impl", "best_of", "floor")
KEYS = {"id", "page", "issue", "statement", "quantity", "counter", "on", "best", "schemes",
        "lengths", "ops", "op", "points", "over", "against", "stricter", "not_judged", *RULES}
JUDGED_ONLY = KEYS - {"id", "page", "issue", "statement", "not_judged"}


class GoalError(Exception):
    """The goals file cannot be read (the goal and what is wrong named)."""


@dataclasses.dataclass(frozen=True)
class Rule:
    """A threshold on the ratio ours / reference: at_most (<=), below (<)
    or within (|ratio - 1| <=)."""
    kind: str
    limit: float

    def keeps(self, ratio: float) -> bool:
        if self.kind == "at_most":
            return ratio <= self.limit
        if self.kind == "below":
            return ratio < self.limit
        return abs(ratio - 1) <= self.limit

    def severity(self, ratio: float) -> float:
        """How far the ratio goes toward the threshold (1: on it, more:
        past it): the worst cell of a goal is the one of the largest."""
        if self.kind == "within":
            return abs(ratio - 1) / self.limit if self.limit else float("inf")
        return ratio / self.limit

    def text(self) -> str:
        return {"at_most": f"at most {self.limit:.2f}", "below": f"below {self.limit:.2f}",
                "within": f"within {self.limit:.2f} of 1"}[self.kind]


@dataclasses.dataclass(frozen=True)
class Goal:
    id: str
    page: str            # the design page, from the root
    issue: int | None
    statement: str
    not_judged: str | None = None
    quantity: str = ""
    counter: str = ""
    on: tuple = ()       # ((target, (impl or pattern, ...)), ...)
    best: bool = False
    schemes: tuple = ()
    lengths: tuple = ()
    ops: tuple = ()
    op: str | None = None
    points: tuple | str = ()
    over: str | None = None
    against: tuple = ()  # the against table's items, sorted
    rule: Rule | None = None
    stricter: tuple = ()  # ((schemes, lengths, Rule), ...)

    @property
    def ref(self) -> dict:
        return dict(self.against)

    def rule_of(self, scheme: str, point: tuple) -> Rule:
        """The threshold of one cell: a stricter one where it names the
        cell's scheme and length."""
        for schemes, lengths, rule in self.stricter:
            if scheme in schemes and (not lengths or (point[0] == "len" and point[1] in lengths)):
                return rule
        return self.rule


def _expand(names, groups: dict, where: str, seen=()) -> tuple[str, ...]:
    """A list of names with each "@group" replaced by the group's names."""
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise GoalError(f"{where}: a list of names is expected, not {names!r}")
    out = []
    for n in names:
        if n.startswith("@"):
            if n[1:] not in groups or n in seen:
                raise GoalError(f"{where}: no group {n[1:]!r}" if n[1:] not in groups
                                else f"{where}: the group {n[1:]!r} names itself")
            out += _expand(groups[n[1:]], groups, where, (*seen, n))
        else:
            out.append(n)
    return tuple(dict.fromkeys(out))


def _rule(entry: dict, where: str) -> Rule:
    found = [k for k in RULES if k in entry]
    if len(found) != 1 or not isinstance(entry[found[0]], (int, float)):
        raise GoalError(f"{where}: one threshold is needed, a number: {' or '.join(RULES)}")
    return Rule(found[0], float(entry[found[0]]))


def parse(entry: dict, groups: dict) -> Goal:
    """One [[goal]] of the file, checked."""
    where = f"goal {entry.get('id', '?')!r}"
    unknown = set(entry) - KEYS
    if unknown:
        raise GoalError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    for key in ("id", "page", "statement"):
        if not isinstance(entry.get(key), str) or not entry[key]:
            raise GoalError(f"{where}: {key} is needed (a string)")
    head = dict(id=entry["id"], page=entry["page"], issue=entry.get("issue"),
                statement=entry["statement"])
    if "not_judged" in entry:
        extra = set(entry) & JUDGED_ONLY
        if extra:
            raise GoalError(f"{where}: a goal not judged has no {', '.join(sorted(extra))}")
        return Goal(**head, not_judged=str(entry["not_judged"]))
    quantity, counter = entry.get("quantity"), entry.get("counter")
    if quantity not in QUANTITIES:
        raise GoalError(f"{where}: quantity is one of {', '.join(QUANTITIES)}")
    if counter not in COUNTERS:
        raise GoalError(f"{where}: counter is one of {', '.join(COUNTERS)}")
    on = entry.get("on")
    if not isinstance(on, dict) or not on:
        raise GoalError(f"{where}: on is needed: target -> implementations")
    best = bool(entry.get("best", False))
    targets = tuple((t, _expand(impls, {}, where)) for t, impls in on.items())
    if not best and any(any(c in i for c in "*?[") for _t, impls in targets for i in impls):
        raise GoalError(f"{where}: a pattern of implementations needs best = true")
    lengths = tuple(entry.get("lengths", ()))
    if quantity == "per-byte" and (not lengths or not all(isinstance(m, int) and m > 0
                                                          for m in lengths)):
        raise GoalError(f"{where}: per-byte needs lengths, message lengths above 0")
    points = entry.get("points", ())
    op = entry.get("op")
    if points and (quantity != "per-call" or op is None):
        raise GoalError(f"{where}: points go with quantity per-call and an op")
    if isinstance(points, (list, tuple)):
        if not all(isinstance(p, list) and len(p) == 2 for p in points):
            raise GoalError(f"{where}: points are [adlen, mlen] pairs")
        points = tuple(tuple(p) for p in points)
    elif points != "published":
        raise GoalError(f"{where}: points are [adlen, mlen] pairs or \"published\"")
    if op is not None and not points:
        raise GoalError(f"{where}: an op goes with points")
    against = entry.get("against")
    kinds = [k for k in AGAINST if isinstance(against, dict) and k in against]
    if len(kinds) != 1:
        raise GoalError(f"{where}: against names one of {', '.join(AGAINST)}")
    if "target" in (against or {}) and kinds not in (["impl"], ["best_of"]):
        raise GoalError(f"{where}: against's target goes with impl or best_of")
    if kinds == ["floor"] and not entry.get("ops"):
        raise GoalError(f"{where}: against the floor goes with ops (each operation's record)")
    if points == "published" and kinds != ["published"]:
        raise GoalError(f"{where}: points = \"published\" goes with against a published file")
    if not entry.get("schemes"):
        raise GoalError(f"{where}: schemes are needed")
    stricter = []
    for s in entry.get("stricter", ()):
        stricter.append((_expand(s.get("schemes", []), groups, where),
                         tuple(s.get("lengths", ())), _rule(s, f"{where}, stricter")))
    return Goal(**head, quantity=quantity, counter=counter, on=targets, best=best,
                schemes=_expand(entry.get("schemes", []), groups, where), lengths=lengths,
                ops=tuple(entry.get("ops", ())), op=op, points=points,
                over=entry.get("over"), against=tuple(sorted(
                    (k, tuple(sorted(v.items())) if isinstance(v, dict) else
                     tuple(v) if isinstance(v, list) else v) for k, v in against.items())),
                rule=_rule(entry, where), stricter=tuple(stricter))


def load(path: pathlib.Path = GOALS) -> list[Goal]:
    """Every goal of the file, in its order; GoalError names a wrong one."""
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise GoalError(f"cannot read the goals {path}: {e}") from e
    groups = data.get("groups", {})
    goals = [parse(e, groups) for e in data.get("goal", [])]
    ids = [g.id for g in goals]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise GoalError(f"goals named twice: {', '.join(twice)}")
    return goals


# -- the figures ---------------------------------------------------------------

class Figures:
    """The records of a data set, looked up the way the tables read them
    (model.per_byte, model.per_call), each lookup done once."""

    def __init__(self, records):
        self.by_target: dict = {}
        self.recs: dict = {}
        for r in records:
            self.by_target.setdefault(r["target"], []).append(r)
            self.recs[(r["target"], r["impl"], r["scheme"], r["op"], r["adlen"], r["mlen"])] = r
        self._cells: dict = {}

    def field(self, target: str, counter: str) -> str | None:
        """The record field of a counter on a target (cost: its cost metric)."""
        if counter != "cost":
            return counter
        return model.cost_metric(self.by_target.get(target, []))

    def cells(self, target: str, how: str, field: str) -> dict:
        key = (target, how, field)
        if key not in self._cells:
            recs = self.by_target.get(target, [])
            self._cells[key] = (model.per_byte(recs, field) if how == "per-byte"
                                else model.per_call(recs, field))
        return self._cells[key]

    def impls(self, target: str, scheme: str) -> list[str]:
        return list(dict.fromkeys(r["impl"] for r in self.by_target.get(target, [])
                                  if r["scheme"] == scheme))


def _of_cell(cell: model.Cell | None, field: str) -> tuple[float | None, str | None]:
    if cell is None:
        return None, "no record"
    if cell.fail:
        return None, cell.fail
    if cell.value is None:
        return None, f"no {field}"
    return cell.value, None


def _of_record(r: dict | None, field: str, per: int = 1) -> tuple[float | None, str | None]:
    if r is None:
        return None, "no record"
    if model.status_of(r) != "ok":
        return None, model.fail_tag(model.status_of(r))
    if r.get(field) is None:
        return None, f"no {field}"
    return r[field] / per, None


def figure(goal: Goal, figs: Figures, target: str, impl: str, scheme: str,
           point: tuple) -> tuple[float | None, str | None]:
    """The goal's quantity for one cell: (value, None) or (None, why not)."""
    if target not in figs.by_target:
        return None, f"no record of {target}"
    field = figs.field(target, goal.counter)
    if field is None:
        return None, f"no count on {target}"
    if point[0] == "len":
        _kind, mlen, op = point
        if op is None:
            return _of_cell(figs.cells(target, "per-byte", field).get((impl, scheme, mlen)), field)
        return _of_record(figs.recs.get((target, impl, scheme, op, 0, mlen)), field, mlen)
    if point[0] == "at":
        _kind, op, adlen, mlen = point
        return _of_record(figs.recs.get((target, impl, scheme, op, adlen, mlen)), field)
    if goal.quantity == "function":
        field = f"function_{field}"
    elif goal.quantity == "function-bytes":
        field = "function_bytes"
    return _of_cell(figs.cells(target, "per-call", field).get((impl, scheme, 0)), field)


def published_figure(goal: Goal, target: str, impl: str, scheme: str,
                     point: tuple) -> tuple[float | None, str | None]:
    """The published figure a cell is held to (goal.over: the figure over
    the same one on that target), from harness/bench/published/."""
    spec = goal.ref
    ref = next((r for r in papers.published() if r["file"] == spec["published"]), None)
    if ref is None:
        return None, f"no published file {spec['published']}.json"
    kind, column = ref.get("kind"), spec.get("column")
    if goal.over is not None and kind != "permutations":
        return None, f"{spec['published']}.json has no figure over another target's"
    value = None
    if kind == "permutations":
        tables = papers.paper_tables(ref)

        def of(t):
            row = tables.get(t, {}).get("rows", {}).get(scheme)
            return row[ref["columns"].index(column)] if row and column in ref["columns"] else None
        value = of(target)
        if goal.over is not None:
            base = of(goal.over)
            value = value / base if value is not None and base else None
    elif kind == "primitives-aead" and spec.get("table") == "primitives":
        table = ref["primitives"]
        row = table["rows"].get(scheme)
        if row and column in table["columns"]:
            value = row["values"][table["columns"].index(column)]
    elif kind == "primitives-aead" and point[0] == "at":
        table, adlen, mlen = ref["aead"], point[2], point[3]
        column = column or scheme
        if column in table["columns"]:
            row = next((r for r in table["rows"] if (r[0], r[1]) == (adlen, mlen)), None)
            value = row[2 + table["columns"].index(column)] if row else None
        else:
            value = next((o["cycles"] for o in table.get("others", [])
                          if (o["scheme"], o["adlen"], o["mlen"]) == (column, adlen, mlen)), None)
    elif kind == "floor-peers":
        row = next((r for r in ref["rows"] if r["target"] == target and r["scheme"] == scheme),
                   None)
        value = papers.peer_per_byte(row) if row else None
    elif kind is None and point[0] == "len":  # a thesis-shaped file: rows by implementation
        column = dict(spec.get("columns", ())).get(scheme) or ref["columns"].get(scheme)
        row = ref["rows"].get(impl, {}).get(str(point[1]))
        value = row[ref["order"].index(column)] if row and column in ref["order"] else None
    if value is None:
        return None, f"no figure in {spec['published']}.json"
    return float(value), None


def points_of(goal: Goal) -> list[tuple]:
    """The goal's cells of one implementation and scheme: ("len", mlen, op
    or None: the AEAD mean), ("call",), ("at", op, adlen, mlen)."""
    if goal.quantity == "per-byte":
        return [("len", m, op) for m in goal.lengths for op in (goal.ops or (None,))]
    if goal.quantity == "per-call" and goal.op is not None:
        pts = goal.points
        if pts == "published":
            ref = next((r for r in papers.published() if r["file"] == goal.ref["published"]), {})
            pts = [(a, m) for a, m, *_ in ref.get("aead", {}).get("rows", [])]
        return [("at", goal.op, a, m) for a, m in pts]
    return [("call",)]


def point_text(goal: Goal, point: tuple) -> str:
    if point[0] == "len":
        return f"{point[2] + ' ' if point[2] else ''}{model.fmt_len(point[1])}"
    if point[0] == "at":
        return f"{point[1]} adlen {point[2]} mlen {point[3]}"
    return {"function": "function alone", "function-bytes": "function bytes"}.get(
        goal.quantity, "per call")


# -- the judgement -----------------------------------------------------------------

@dataclasses.dataclass
class Result:
    """One cell of a goal: its figure, the reference, the threshold."""
    target: str
    impl: str
    scheme: str
    point: str
    rule: Rule
    value: float | None = None
    reference: float | None = None
    reference_of: str = ""   # what the reference is: a published file, an implementation
    why: str | None = None   # no figure: why

    @property
    def ratio(self) -> float | None:
        if self.value is None or not self.reference:
            return None
        return self.value / self.reference

    @property
    def ok(self) -> bool | None:
        """True: within its threshold; False: not; None: not measured."""
        return None if self.ratio is None else self.rule.keeps(self.ratio)

    def label(self) -> str:
        return f"{self.target} {self.impl} {self.scheme} {self.point}"


@dataclasses.dataclass
class Judgement:
    goal: Goal
    cells: list[Result]

    @property
    def measured(self) -> list[Result]:
        return [c for c in self.cells if c.ok is not None]

    @property
    def missing(self) -> list[Result]:
        return [c for c in self.cells if c.ok is None]

    @property
    def met(self) -> int:
        return sum(1 for c in self.cells if c.ok)

    @property
    def verdict(self) -> str:
        if self.goal.not_judged:
            return "not judged"
        if any(c.ok is False for c in self.cells):
            return "not met"
        if self.missing or not self.cells:
            return "not measured"
        return "met"

    @property
    def worst(self) -> Result | None:
        """The measured cell furthest past (or nearest to) its threshold."""
        return max(self.measured, key=lambda c: c.rule.severity(c.ratio), default=None)


def _ours(goal: Goal, figs: Figures, target: str, impls: tuple, scheme: str,
          point: tuple) -> tuple[str, float | None, str | None]:
    """(implementation, value, why not) of a cell: with goal.best, the best
    of the implementations matching `impls` on the target."""
    if not goal.best:
        impl = impls[0]
        value, why = figure(goal, figs, target, impl, scheme, point)
        if value is not None and goal.over is not None:
            base, why = figure(goal, figs, goal.over, impl, scheme, point)
            value = value / base if base else None
            why = None if base else f"{goal.over}: {why or 'a figure of 0'}"
        return impl, value, why
    found = [(figure(goal, figs, target, i, scheme, point), i) for i in figs.impls(target, scheme)
             if any(fnmatch.fnmatchcase(i, p) for p in impls)]
    good = [(v, i) for (v, _w), i in found if v is not None]
    if good:
        value, impl = min(good)
        return impl, value, None
    return "best", None, next((w for (_v, w), _i in found), "no record")


def _reference(goal: Goal, figs: Figures, target: str, impl: str, scheme: str,
               point: tuple) -> tuple[float | None, str, str | None]:
    """(reference, what it is, why none)."""
    ref = goal.ref
    if "fixed" in ref:
        fixed = ref["fixed"]
        value = dict(fixed).get(scheme) if isinstance(fixed, tuple) else fixed
        return (None if value is None else float(value)), "fixed", (
            None if value is not None else f"no fixed figure for {scheme}")
    if "published" in ref:
        value, why = published_figure(goal, target, impl, scheme, point)
        return value, ref["published"], why
    there = ref.get("target", target)  # the reference's target: this one unless named
    on = "" if there == target else f" on {there}"
    if "impl" in ref:
        value, why = figure(goal, figs, there, ref["impl"], scheme, point)
        return value, ref["impl"] + on, why and f"{ref['impl']}{on}: {why}"
    if "best_of" in ref:
        others = [i for i in figs.impls(there, scheme) if (i != impl or there != target)
                  and any(fnmatch.fnmatchcase(i, p) for p in ref["best_of"])
                  and not any(fnmatch.fnmatchcase(i, p) for p in ref.get("except", ()))]
        good = [(v, i) for v, i in ((figure(goal, figs, there, i, scheme, point)[0], i)
                                    for i in others) if v is not None]
        if not good:
            return None, "", f"no other implementation measured{on}"
        value, best = min(good)
        return value, best + on, None
    # the permutation floor: p^b per call of the same implementation over the rate
    field = figs.field(target, goal.counter)
    if field is None:
        return None, "", f"no count on {target}"
    rec = figs.recs.get((target, impl, scheme, point[2], 0, point[1])) if point[0] == "len" else None
    if rec is None or not rec.get("sponge_rate") or not rec.get("sponge_pb"):
        return None, "", "no sponge_rate in the records"
    perm = f"ascon-p{rec['sponge_pb']}"
    value, why = _of_cell(figs.cells(target, "per-call", field).get((impl, perm, 0)), field)
    if value is None:
        return None, "", f"{perm}: {why}"
    return value / rec["sponge_rate"], f"{perm} / {rec['sponge_rate']}", None


def judge(goal: Goal, records) -> Judgement:
    """A goal's cells against the records (records: results.json's results,
    or a Figures of them)."""
    figs = records if isinstance(records, Figures) else Figures(records)
    if goal.not_judged:
        return Judgement(goal, [])
    cells = []
    for target, impls in goal.on:
        for impl_set in ((impls,) if goal.best else ((i,) for i in impls)):
            for scheme in goal.schemes:
                for point in points_of(goal):
                    impl, value, why = _ours(goal, figs, target, impl_set, scheme, point)
                    ref, ref_of, ref_why = _reference(goal, figs, target, impl, scheme, point)
                    cells.append(Result(target, impl, scheme, point_text(goal, point),
                                        goal.rule_of(scheme, point), value, ref, ref_of,
                                        why or ref_why))
    return Judgement(goal, cells)


def judge_all(goals: list[Goal], records) -> list[Judgement]:
    figs = Figures(records)
    return [judge(g, figs) for g in goals]


# -- what a page shows ---------------------------------------------------------------

def _digits(goal: Goal) -> int:
    return 3 if goal.over else 2 if goal.quantity == "per-byte" else 0


def grid(judgements: list[Judgement]) -> model.Grid:
    """One row a goal: its statement, verdict, cells met and its worst cell
    (measured / reference, ratio, the cell's threshold)."""
    rows = []
    for j in judgements:
        g, worst = j.goal, j.worst
        if g.not_judged:
            rows.append(model.Row(f"`{g.id}`", [model.Cell(note=g.statement),
                                                model.Cell(note=j.verdict)] +
                                  [model.Cell(note="-")] * 5))
            continue
        n = len(j.cells)
        met = f"{j.met} of {n}" + (f" ({len(j.missing)} not measured)" if j.missing else "")
        d = _digits(g)
        if worst is None:
            shown = [model.Cell(note="-"), model.Cell(note="-"), model.Cell(note="-"),
                     model.Cell(note=g.rule.text())]
        else:
            shown = [model.Cell(note=worst.label()),
                     model.Cell(note=f"{worst.value:.{d}f} / {worst.reference:.{d}f} "
                                     f"({worst.reference_of})"),
                     model.Cell(worst.ratio, digits=3), model.Cell(note=worst.rule.text())]
        rows.append(model.Row(f"`{g.id}`", [model.Cell(note=g.statement),
                                            model.Cell(note=j.verdict),
                                            model.Cell(note=met), *shown]))
    return model.Grid("goal", ["statement", "verdict", "cells met", "worst cell",
                               "measured / reference", "ratio", "threshold"], rows)


def notes(judgements: list[Judgement]) -> list[str]:
    """Why a goal is not measured (its first cell without a figure) or not
    judged (the file's reason), one line each."""
    out = []
    for j in judgements:
        if j.verdict == "not judged":
            out.append(f"`{j.goal.id}`: not judged: {j.goal.not_judged}.")
        elif j.missing:
            first, more = j.missing[0], len(j.missing) - 1
            out.append(f"`{j.goal.id}`: {len(j.missing)} cell(s) not measured, e.g. "
                       f"{first.label()} ({first.why})" + (f" and {more} more" if more else "")
                       + ".")
        elif not j.cells:
            out.append(f"`{j.goal.id}`: no cell.")
    return out


def pages(goals: list[Goal]) -> list[str]:
    """The design pages the goals belong to, in the file's order."""
    return list(dict.fromkeys(g.page for g in goals))
