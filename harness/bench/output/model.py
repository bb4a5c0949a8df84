"""The table model: benchmark records -> tables and chart series, plain data.

The first stage after the records (records.py): results.json's `results`
(the contract's format) become cells, rows, grids and sections here, and
chart series; the comparisons with published figures (papers.py) are built
from the same cells; the renderers read that data and nothing else.
Nothing here prints, formats a page or writes a file; a cell knows its one
canonical text (`Cell.text`), which every renderer shows the same way.

Per-byte tables are shaped like the thesis' figures 5.2-5.5: rows
implementations, columns schemes, cells the count of one operation / mlen at
32 KiB and 16 B inputs, adlen 0; for an AEAD the mean of encryption and
decryption.  A target's *cost* metric is cycles where it counts cycles (the
host's rdtsc, Ibex, AVR, MSP430), else instructions.

What the model knows of a target it is handed: the records, the labels and
counters of the environment, and the target facts (records.target_facts:
the order its tables list implementations in); it imports no target and no
implementation.
"""
from __future__ import annotations

import dataclasses
import functools
import re

SCHEME_GROUPS = [
    ["ascon128a-v12", "ascon128-v12", "asconhasha-v12", "asconhash-v12"],  # thesis columns
    ["ascon80pq-v12", "asconxofa-v12", "asconxof-v12"],
    ["ascon-aead128", "ascon-hash256", "ascon-xof128", "ascon-cxof128"],   # SP 800-232
    ["ascon-p12", "ascon-p8", "ascon-p6"],                                  # bare permutations
    ["gimli24-cipher", "schwaemm256-128", "xoodyak"],                       # other permutations' AEAD
    ["gimli24-hash", "esch256", "xoodyak-hash"],                            # and hashes
    ["gimli24", "sparkle384-7", "sparkle384-11", "xoodoo12"],
]
GROUP_WIDTH = 4
FAIL_TAGS = {"build-failed": "BUILD FAIL", "kat-missing": "NO KAT", "kat-failed": "KAT FAIL",
             "crashed": "CRASH", "timed-out": "TIMEOUT", "bad-output": "BAD OUTPUT",
             "failed": "FAILED", "does-not-fit": "NO FIT"}
# modelled_cycles: a cycle model's figure (cortex-m3-qemu*), shown as
# "modelled cycles", never as cycles
COUNTERS = ("cycles", "modelled_cycles", "instructions")
LENGTHS = (32768, 16)  # the thesis' two message lengths, the long one first
BYTE_OPS = ("encrypt", "decrypt", "hash", "auth")


def flabel(field: str | None) -> str:
    """A counter's name in titles and headers: "modelled cycles" for a
    cycle model's figure, never plain cycles."""
    return (field or "").replace("_", " ")


def fmt_len(n: int) -> str:
    return f"{n // 1024} KiB" if n >= 1024 and n % 1024 == 0 else f"{n} B"


def slug(name: str) -> str:
    """A target's or a scheme's name as a file name or an anchor."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", name)


def fail_tag(status: str) -> str:
    return FAIL_TAGS.get(status, status.upper())


def status_of(r: dict) -> str:
    """A record's status ("ok" or why not); a record of the contract's
    minimum (no status) is judged by its KAT verdict."""
    return r.get("status") or ("kat-failed" if r.get("kat") == "fail" else "ok")


def impl_order(names, order=()) -> list[str]:
    """The names in `order` first (a target's row order: row_order), then
    the others as met."""
    uniq = list(dict.fromkeys(names))
    return [n for n in order if n in uniq] + [n for n in uniq if n not in order]


def row_order(facts: dict | None, target: str) -> list[str]:
    """The order a target's tables list implementations in: its fact
    impl_order (records.target_facts: the tree's ref, opt64, bi32, opt32,
    lowsize); without facts, none (the order they are met in)."""
    return list((facts or {}).get(target, {}).get("impl_order", ()))


def scheme_groups(schemes) -> list[list[str]]:
    """The thesis' columns first, then SP 800-232, the permutations, the rest
    by name, at most GROUP_WIDTH schemes a table."""
    present = set(schemes)
    out = [[s for s in g if s in present] for g in SCHEME_GROUPS]
    known = {s for g in SCHEME_GROUPS for s in g}
    rest = sorted(present - known)
    out += [rest[i:i + GROUP_WIDTH] for i in range(0, len(rest), GROUP_WIDTH)]
    return [g for g in out if g]


def scheme_order(schemes) -> list[str]:
    return [s for g in scheme_groups(schemes) for s in g]


class Records(tuple):
    """A data set's records as the output reads them: a tuple, never edited,
    so each target's records are grouped once (a page asks for one target's
    records many times over a data set of ~100,000).  Page, Site and the
    terminal's tables hold their records as one."""

    @functools.cached_property
    def by_target(self) -> dict[str, list]:
        return _group(self)


def _group(records) -> dict[str, list]:
    groups: dict[str, list] = {}
    for r in records:
        groups.setdefault(r["target"], []).append(r)
    return groups


def _by_target(records) -> dict[str, list]:
    return records.by_target if isinstance(records, Records) else _group(records)


def targets_of(records) -> list[str]:
    return list(_by_target(records))


def of_target(records, target: str) -> list:
    """The records of target, in their order (not to be edited)."""
    return _by_target(records).get(target, [])


def counters_of(recs) -> list[str]:
    """The counters the records hold a value of, cycles first."""
    return [c for c in COUNTERS if any(r.get(c) is not None for r in recs)]


def cost_metric(recs) -> str | None:
    """cycles where the target counts them, else modelled cycles where a cycle
    model prices the instructions, else instructions (None: no count)."""
    found = counters_of(recs)
    return found[0] if found else None


# A counter named at the head of a clause of a target's metric text
# ("cycles: rdtsc ...; instructions: valgrind callgrind ...").
_METRIC_COUNTER = re.compile(r"(?:^|;\s*)(" + "|".join(COUNTERS) + r"):")


def declared_counters(entry) -> list[str]:
    """The counters a target has, from its entry in the environment's
    targets (results.json): its recorded "counters", else the counters its
    clock_label names one by one, else those that open a clause of its
    metric text; COUNTERS' order, [] for a target without a counter.  What
    a table is titled by when no record of the target holds a count (every
    job failed): never a counter the target does not have."""
    if not isinstance(entry, dict):
        return []
    named = entry.get("counters")
    if not isinstance(named, list):
        label = entry.get("clock_label")
        named = (list(label) if isinstance(label, dict)
                 else _METRIC_COUNTER.findall(str(entry.get("metric", ""))))
    return [c for c in COUNTERS if c in named]


def declared_counters_of(data: dict) -> dict[str, list[str]]:
    """declared_counters of every target of the JSON data's environment."""
    targets = data.get("environment", {}).get("targets", {})
    return {t: declared_counters(e) for t, e in targets.items()}


def target_counters(recs, declared: list[str] | None) -> list[str]:
    """The counters of one target's tables: those its records hold a value
    of, else those the target has (declared_counters: every job failed)."""
    return counters_of(recs) or list(declared or [])


def metric_label(clock_labels: dict, target: str, field: str) -> str:
    """Where a target's count comes from ("rdtsc", "qemu plugin"): the
    environment's clock_label, one string or one per counter."""
    label = clock_labels.get(target, target)
    if isinstance(label, dict):
        label = label.get(field, target)
    return str(label)


def clock_labels_of(data: dict) -> dict:
    targets = data.get("environment", {}).get("targets", {})
    return {t: e.get("clock_label", t) for t, e in targets.items() if isinstance(e, dict)}


# -- cells and tables ----------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Cell:
    """One table cell.  value: the measured count (per byte or per call);
    fail: a failure tag (no value); base: the baseline row's value, for the
    difference in %; published: a published figure shown beside ours;
    note: a cell that is text only (an implementation's name, stack per op)."""
    value: float | None = None
    fail: str | None = None
    base: float | None = None
    published: float | None = None
    digits: int = 2
    note: str | None = None
    # False: the published figure counts something else (the thesis' ESP32
    # cycles beside our instructions): shown, never compared
    comparable: bool = True

    @property
    def diff(self) -> float | None:
        """Difference from the baseline (or the published figure) in %."""
        ref = self.published if self.published is not None else self.base
        if self.value is None or not ref or not self.comparable:
            return None
        return (self.value - ref) / ref * 100

    def text(self) -> str:
        if self.note is not None:
            return self.note
        if self.published is not None:
            d = self.digits
            if self.fail or self.value is None:
                return f"{self.fail or '-'} / {self.published:.{d}f}"
            diff = f" ({self.diff:+.1f}%)" if self.diff is not None else ""
            return f"{self.value:.{d}f} / {self.published:.{d}f}{diff}"
        if self.fail:
            return self.fail
        if self.value is None:
            return "-"
        text = f"{self.value:.{self.digits}f}"
        return text + (f" ({self.diff:+.1f}%)" if self.diff is not None else "")


@dataclasses.dataclass
class Row:
    label: str
    cells: list  # Cell, or None where there is nothing to show


@dataclasses.dataclass
class Grid:
    """One table: a header (the first column's name, then the columns) and rows."""
    head: str
    columns: list[str]
    rows: list[Row]

    def text_rows(self) -> list[list[str]]:
        return [[self.head, *self.columns],
                *[[r.label, *("" if c is None else c.text() for c in r.cells)] for r in self.rows]]


def left_aligned(rows: list[list[str]], i: int) -> bool:
    """Is column i of text rows (a header, then the body) left-aligned: the
    first column and columns of words (names, roles: a cell starting with
    a lowercase letter); counts are right-aligned."""
    return i == 0 or any(r[i][:1].islower() for r in rows[1:])


@dataclasses.dataclass
class Section:
    """Tables of one target under one title.  kind: "per-byte", "per-call",
    "published", "sizes" or "summary"."""
    kind: str
    target: str
    field: str | None
    title: str
    grids: list[Grid]
    mlen: int | None = None
    # the published file (harness/bench/published/<source>.json) whose
    # figures the section sets beside ours, if any
    source: str | None = None


def per_byte(records, field: str) -> dict:
    """{(impl, scheme, mlen): Cell}, adlen 0 only; an AEAD cell is the mean
    of encryption and decryption."""
    grouped: dict = {}
    for r in records:
        if r["adlen"] == 0 and r["op"] in BYTE_OPS:
            grouped.setdefault((r["impl"], r["scheme"], r["mlen"]), []).append(r)
    cells = {}
    for key, recs in grouped.items():
        bad = next((status_of(r) for r in recs if status_of(r) != "ok"), None)
        values = [r.get(field) for r in recs]
        if bad:
            cells[key] = Cell(fail=fail_tag(bad))
        elif all(v is not None for v in values) and key[2] > 0:
            cells[key] = Cell(sum(values) / len(values) / key[2])
        else:
            cells[key] = Cell()
    return cells


def per_call(records, field: str) -> dict:
    """{(impl, scheme, 0): Cell of one permutation call}."""
    cells = {}
    for r in records:
        if r["op"] == "permutation":
            cells[(r["impl"], r["scheme"], 0)] = (
                Cell(fail=fail_tag(status_of(r))) if status_of(r) != "ok"
                else Cell(None if r.get(field) is None else float(r[field]), digits=0))
    return cells


def _grid(cells: dict, impls: list[str], group: list[str], mlen: int, base: str | None) -> Grid:
    rows = []
    for impl in impls:
        row = []
        for scheme in group:
            c = cells.get((impl, scheme, mlen))
            b = cells.get((base, scheme, mlen)) if base and impl != base else None
            if c is not None and c.value is not None and b is not None and b.value:
                c = dataclasses.replace(c, base=b.value)
            row.append(c)
        if any(c is not None for c in row):
            rows.append(Row(impl, row))
    return Grid("impl", list(group), rows)


def _noisy(recs, field: str) -> bool:
    return any((r.get("samples") or 0) > 1 and r.get(field + "_min") is not None for r in recs)


def cost_sections(records, clock_labels: dict, baseline: str | None,
                  lengths=LENGTHS, counters: dict | None = None,
                  facts: dict | None = None) -> list[Section]:
    """Per target, counter and length: the per-byte tables; then per target
    and counter the per-call table of the bare permutations.  counters:
    target -> declared_counters, the tables' counters where no record
    holds a count (a target whose every job failed); facts: target -> its
    facts (records.target_facts), here its row order."""
    out = []
    for target in targets_of(records):
        recs = of_target(records, target)
        impls = impl_order((r["impl"] for r in recs), row_order(facts, target))
        base = baseline if baseline in impls else None
        pct = f"; (%): difference from {base}" if base else ""
        # no counter known at all (an old JSON file without its environment,
        # a target without a counter): one table of failure tags, as cycles
        for field in target_counters(recs, (counters or {}).get(target)) or ["cycles"]:
            label = metric_label(clock_labels, target, field)
            noisy = _noisy(recs, field)
            cells = per_byte(recs, field)
            schemes = [r["scheme"] for r in recs if r["op"] != "permutation"]
            for mlen in lengths:
                if not any(r["mlen"] == mlen and r["adlen"] == 0 for r in recs):
                    continue
                counts = sorted({r["samples"] for r in recs
                                 if r["mlen"] == mlen and r.get("samples")})
                n = "-".join(map(str, counts[:1] + counts[-1:] if len(counts) > 1 else counts))
                how = f", median of {n} samples" if noisy and n else ", one operation"
                title = (f"{target}: {flabel(field)} per byte ({label}{how}) -- {fmt_len(mlen)} inputs, "
                         f"adlen 0; AEAD: mean of encryption and decryption{pct}")
                grids = [_grid(cells, impls, g, mlen, base) for g in scheme_groups(schemes)]
                out.append(Section("per-byte", target, field, title,
                                   [g for g in grids if g.rows], mlen))
            perms = [r for r in recs if r["op"] == "permutation"]
            if perms:
                title = (f"{target}: {flabel(field)} per call of the bare permutation "
                         f"({label}, {'median' if _noisy(perms, field) else 'one call'}){pct}")
                cells = per_call(perms, field)
                grids = [_grid(cells, impls, g, 0, base)
                         for g in scheme_groups(r["scheme"] for r in perms)]
                out.append(Section("per-call", target, field, title, [g for g in grids if g.rows]))
        out += random_sections(recs, target, lengths, row_order(facts, target))
    return out


def random_sections(recs, target: str, lengths, order=()) -> list[Section]:
    """The fresh random bytes the masked implementations drew per byte
    (random_bytes: what the firmware's source handed out during the
    measured operations), per length: one table per target and length
    (order: the target's row order)."""
    recs = [r for r in recs if r.get("random_bytes") is not None]
    impls = impl_order((r["impl"] for r in recs), order)
    cells = per_byte(recs, "random_bytes")
    out = []
    for mlen in lengths:
        if not any(r["mlen"] == mlen and r["adlen"] == 0 for r in recs):
            continue
        title = (f"{target}: fresh random bytes drawn per byte (lwc_random, counted by the "
                 f"firmware) -- {fmt_len(mlen)} inputs, adlen 0; AEAD: mean of encryption "
                 f"and decryption")
        grids = [_grid(cells, impls, g, mlen, None)
                 for g in scheme_groups(r["scheme"] for r in recs)]
        out.append(Section("per-byte", target, "random_bytes", title,
                           [g for g in grids if g.rows], mlen))
    return out


def short_sections(records, clock_labels: dict, facts: dict | None = None) -> list[Section]:
    """Per target, MACs and PRFs at 1..16 bytes (the short suite): the cost
    of one call at each length, the latency a sensor's reading pays."""
    out = []
    lengths = list(range(1, 17))  # plan.SHORT (the model imports no stage of the run)
    for target in targets_of(records):
        auth = [r for r in of_target(records, target) if r["op"] == "auth"
                and "short" in (r.get("sets") or ())]
        field = cost_metric(auth)
        if not auth or field is None:
            continue
        cells = {(r["impl"], r["scheme"], r["mlen"]):
                 Cell(fail=fail_tag(status_of(r))) if status_of(r) != "ok"
                 else Cell(r.get(field), digits=0) for r in auth}
        rows = []
        for scheme in scheme_order(r["scheme"] for r in auth):
            for impl in impl_order((r["impl"] for r in auth if r["scheme"] == scheme),
                                   row_order(facts, target)):
                rows.append(Row(scheme, [Cell(note=impl), *(cells.get((impl, scheme, m), Cell())
                                                            for m in lengths)]))
        f = flabel(field)
        out.append(Section("short", target, field,
                           f"{target}: MACs and PRFs on short inputs -- {f} per call "
                           f"({metric_label(clock_labels, target, field)}) at 1 .. 16 bytes",
                           [Grid("scheme", ["impl", *map(str, lengths)], rows)]))
    return out


def sizes(records, target: str) -> Section:
    """Code bytes and stack bytes (per operation) of each implementation."""
    seen: dict = {}
    for r in of_target(records, target):
        e = seen.setdefault((r["scheme"], r["impl"]), {"code": r.get("code_bytes"), "stack": {}})
        if e["code"] is None:
            e["code"] = r.get("code_bytes")
        if r.get("stack_bytes") is not None:
            e["stack"][r["op"]] = max(r["stack_bytes"], e["stack"].get(r["op"], 0))
    rows = []
    for (scheme, impl), e in seen.items():
        stack = ", ".join(f"{op} {v}" for op, v in e["stack"].items())
        rows.append(Row(scheme, [Cell(note=impl), Cell(e["code"], digits=0),
                                 Cell(note=stack or "-")]))
    return Section("sizes", target, None,
                   f"{target}: code size (implementation objects: text, rodata and data) and "
                   "stack high-water mark (painting)",
                   [Grid("scheme", ["impl", "code bytes", "stack bytes"], rows)])


# -- the summary: the fastest and the smallest implementation of each scheme ---

@dataclasses.dataclass
class Pick:
    """One implementation of a scheme, with why it is shown (roles:
    "fastest", "fastest at 16 B", "smallest"...)."""
    scheme: str
    roles: list[str]
    impl: str
    cost: dict  # mlen (0: per call) -> float | None
    code_bytes: int | None
    stack_bytes: int | None  # the largest over its operations


@dataclasses.dataclass
class Summary:
    target: str
    field: str           # the cost metric: cycles or instructions
    label: str           # where the count comes from
    lengths: list[int]   # message lengths of the per-byte columns (0: per call)
    title: str
    picks: list[Pick]

    def grid(self) -> Grid:
        cols = ["", "impl",
                *[f"{flabel(self.field)}/B, {fmt_len(m)}" if m else f"{flabel(self.field)} per call"
                  for m in self.lengths],
                "code bytes", "stack bytes"]
        rows, last = [], None
        for p in self.picks:
            rows.append(Row("" if p.scheme == last else p.scheme,
                            [Cell(note=", ".join(p.roles)), Cell(note=p.impl),
                             *[Cell(p.cost.get(m), digits=2 if m else 0) for m in self.lengths],
                             Cell(p.code_bytes, digits=0), Cell(p.stack_bytes, digits=0)]))
            last = p.scheme
        return Grid("scheme", cols, rows)


def summary_lengths(recs) -> list[int]:
    """The thesis' 16 B and 32 KiB where measured, else the shortest and
    the longest non-empty message of the run."""
    mlens = sorted({r["mlen"] for r in recs if r["adlen"] == 0 and r["op"] in BYTE_OPS
                    and r["mlen"] > 0})
    found = [m for m in sorted(LENGTHS) if m in mlens]
    return found or sorted(set(mlens[:1] + mlens[-1:]))


def _picks(scheme: str, costs: dict, code: dict, stack: dict, lengths: list[int]) -> list[Pick]:
    """costs: impl -> {mlen: float | None}; only implementations with every
    cost measured can be the fastest or the smallest."""
    good = [i for i, c in costs.items() if all(c.get(m) is not None for m in lengths)]
    if not good:
        return []
    roles: dict[str, list[str]] = {}
    fastest = {m: min(good, key=lambda i: costs[i][m]) for m in reversed(lengths)}
    if len(set(fastest.values())) == 1:
        roles.setdefault(next(iter(fastest.values())), []).append("fastest")
    else:
        for m, impl in fastest.items():
            roles.setdefault(impl, []).append(f"fastest at {fmt_len(m)}")
    sized = [i for i in good if code.get(i) is not None]
    if sized:
        roles.setdefault(min(sized, key=lambda i: (code[i], stack.get(i) or 0)),
                         []).append("smallest")
    return [Pick(scheme, r, impl, costs[impl], code.get(impl), stack.get(impl))
            for impl, r in roles.items()]


def summaries(records, clock_labels: dict, facts: dict | None = None) -> list[Summary]:
    """Per target: for each scheme, the fastest implementation (lowest cost
    per byte at each of the summary's lengths; one row when one is fastest at
    both) and the smallest (code bytes, then stack), with their per-byte
    cost at 16 B and 32 KiB, code and stack bytes.  The bare permutations
    get a summary of their own (cost per call)."""
    out = []
    for target in targets_of(records):
        recs = of_target(records, target)
        field = cost_metric(recs)
        if field is None:
            continue
        label = metric_label(clock_labels, target, field)
        code, stack = {}, {}
        for r in recs:
            key = (r["scheme"], r["impl"])
            if code.get(key) is None:
                code[key] = r.get("code_bytes")
            if r.get("stack_bytes") is not None:
                stack[key] = max(stack.get(key, 0), r["stack_bytes"])
        for kind in ("per-byte", "per-call"):
            if kind == "per-byte":
                lengths = summary_lengths(recs)
                cells = per_byte(recs, field)
                schemes = scheme_order(r["scheme"] for r in recs if r["op"] in BYTE_OPS)
            else:
                lengths = [0]
                cells = per_call(recs, field)
                schemes = scheme_order(r["scheme"] for r in recs if r["op"] == "permutation")
            if not lengths:
                continue
            picks = []
            for scheme in schemes:
                impls = impl_order((i for i, s, _m in cells if s == scheme),
                                   row_order(facts, target))
                costs = {i: {m: cells.get((i, scheme, m), Cell()).value for m in lengths}
                         for i in impls}
                picks += _picks(scheme, costs, {i: code.get((scheme, i)) for i in impls},
                                {i: stack.get((scheme, i)) for i in impls}, lengths)
            if picks:
                what = ("the fastest and the smallest implementation of each scheme"
                        if kind == "per-byte" else
                        "the fastest and the smallest implementation of each bare permutation")
                unit = (f"{flabel(field)} per byte" if kind == "per-byte" else f"{flabel(field)} per call")
                title = f"{target}: {what} ({unit}, {label}; code and stack in bytes)"
                out.append(Summary(target, field, label, lengths, title, picks))
    return out


# -- chart series ----------------------------------------------------------------

@dataclasses.dataclass
class Bars:
    """One panel of a target's chart: a scheme's implementations, cheapest
    first, each with its cost per byte at each length (None: not measured)
    or its failure tag."""
    scheme: str
    lengths: list[int]
    impls: list[str]
    values: dict   # impl -> {mlen: float | None}
    fails: dict    # impl -> failure tag


def bars(records, target: str, facts: dict | None = None) -> tuple[str | None, list[Bars]]:
    """The cost metric of the target and one Bars per scheme: per byte at
    the summary's lengths (adlen 0), then the bare permutations per call
    (lengths [0]); facts: as cost_sections'."""
    recs = of_target(records, target)
    field = cost_metric(recs)
    if field is None:
        return None, []
    panels = []
    for lengths, cells, schemes in (
            (summary_lengths(recs), per_byte(recs, field),
             [r["scheme"] for r in recs if r["op"] in BYTE_OPS]),
            ([0], per_call(recs, field), [r["scheme"] for r in recs if r["op"] == "permutation"])):
        if not lengths:
            continue
        for scheme in scheme_order(schemes):
            impls = impl_order((i for i, s, _m in cells if s == scheme),
                               row_order(facts, target))
            values = {i: {m: cells.get((i, scheme, m), Cell()).value for m in lengths}
                      for i in impls}
            fails = {i: next((cells[(i, scheme, m)].fail for m in lengths
                              if (i, scheme, m) in cells and cells[(i, scheme, m)].fail), None)
                     for i in impls}
            fails = {i: f for i, f in fails.items() if f}

            def key(i, values=values, fails=fails, lengths=lengths):
                # the cheapest at the longest length first; failures last
                v = [values[i][m] for m in reversed(lengths)]
                return (i in fails, [x is None for x in v], [x or 0 for x in v])
            if impls:
                panels.append(Bars(scheme, lengths, sorted(impls, key=key), values, fails))
    return field, panels


def sweep(records, target: str, field: str, facts: dict | None = None) -> dict:
    """{scheme: {impl: [(mlen, count per byte)]}}: encryption or hashing,
    adlen 0, measured lengths only; facts: as cost_sections'."""
    out: dict = {}
    for r in of_target(records, target):
        if (r["adlen"] == 0 and r["op"] in ("encrypt", "hash")
                and r["mlen"] > 0 and status_of(r) == "ok" and r.get(field) is not None):
            out.setdefault(r["scheme"], {}).setdefault(r["impl"], []).append(
                (r["mlen"], r[field] / r["mlen"]))
    order = row_order(facts, target)
    return {s: {i: sorted(out[s][i]) for i in impl_order(out[s], order)} for s in scheme_order(out)}


def added_folders(records: list[dict]) -> list[str]:
    """A line for each folder added with ./lwcbench run --add (the records'
    `added` field: harness/bench/added.py): the reports' and the site's note
    on where it comes from."""
    seen: dict[str, dict] = {}
    for r in records:
        if isinstance(r.get("added"), dict):
            seen.setdefault(f"{r.get('scheme')}/{r.get('impl')}", r["added"])
    return [f"{k}: added from {d.get('path')} (sha256 {str(d.get('sha256'))[:16]}; scheme from "
            f"{d.get('scheme_from')})" for k, d in sorted(seen.items())]
