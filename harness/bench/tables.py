"""Benchmark records -> tables as data.

The report flows one way: the records (results.json's `results`, the
contract's format) are turned here into tables and chart series, plain data;
the renderers read that data and nothing else: the terminal (report.py),
Markdown, CSV, plots and HTML (export.py).  Nothing here prints, formats a
page or writes a file; a cell knows its one canonical text (`Cell.text`),
which every renderer shows the same way.

Per-byte tables are shaped like the thesis' figures 5.2-5.5: rows
implementations, columns schemes, cells the count of one operation / mlen at
32 KiB and 16 B inputs, adlen 0; for an AEAD the mean of encryption and
decryption.  A target's *cost* metric is cycles where it counts cycles (the
host's rdtsc, Ibex, AVR, MSP430), else instructions.
"""
from __future__ import annotations

import dataclasses
import functools
import json
import re

from harness.bench.impls import IMPL_ORDER
from harness.discover import ROOT

# Published figures to compare with (harness/bench/published/*.json): data
# from the seed documents, labelled as such, never mixed into results.
PUBLISHED = ROOT / "harness" / "bench" / "published"

SCHEME_GROUPS = [
    ["ascon128a-v12", "ascon128-v12", "asconhasha-v12", "asconhash-v12"],  # thesis columns
    ["ascon80pq-v12", "asconxofa-v12", "asconxof-v12"],
    ["ascon-aead128", "ascon-hash256", "ascon-xof128", "ascon-cxof128"],   # SP 800-232
    ["ascon-p12", "ascon-p8", "ascon-p6"],                                  # bare permutations
    ["gimli24-cipher", "schwaemm256-128", "xoodyak"],                       # other permutations' AEAD
    ["gimli24-hash", "esch256", "xoodyak-hash"],                            # and hashes
    ["gimli24", "sparkle384-7", "sparkle384-11", "xoodoo12"],
]
# The permutation table (the permutation paper's Tables 1-2): each bare
# permutation's cost per rate byte of a sponge of capacity 256 bits, whose
# rate is the state less 32 bytes (8 bytes for Ascon, 16 for the others).
PERM_STATE_BYTES = {"ascon-p": 40, "gimli": 48, "sparkle384-": 48, "xoodoo": 48}
CAPACITY_BYTES = 32
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


def fail_tag(status: str) -> str:
    return FAIL_TAGS.get(status, status.upper())


def status_of(r: dict) -> str:
    """A record's status ("ok" or why not); a record of the contract's
    minimum (no status) is judged by its KAT verdict."""
    return r.get("status") or ("kat-failed" if r.get("kat") == "fail" else "ok")


def impl_order(names) -> list[str]:
    """The tree's order (ref, opt64, bi32, lowsize), then the others as met."""
    uniq = list(dict.fromkeys(names))
    return [n for n in IMPL_ORDER if n in uniq] + [n for n in uniq if n not in IMPL_ORDER]


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


def targets_of(records) -> list[str]:
    return list(dict.fromkeys(r["target"] for r in records))


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
                  lengths=LENGTHS, counters: dict | None = None) -> list[Section]:
    """Per target, counter and length: the per-byte tables; then per target
    and counter the per-call table of the bare permutations.  counters:
    target -> declared_counters, the tables' counters where no record
    holds a count (a target whose every job failed)."""
    out = []
    for target in targets_of(records):
        recs = [r for r in records if r["target"] == target]
        impls = impl_order(r["impl"] for r in recs)
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
        out += random_sections(recs, target, lengths)
    return out


def random_sections(recs, target: str, lengths) -> list[Section]:
    """The fresh random bytes the masked implementations drew per byte
    (random_bytes: what the firmware's source handed out during the
    measured operations), per length: one table per target and length."""
    recs = [r for r in recs if r.get("random_bytes") is not None]
    impls = impl_order(r["impl"] for r in recs)
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


@functools.lru_cache(maxsize=None)
def published() -> tuple[dict, ...]:
    """Every published reference, each with "file": its file's stem."""
    return tuple({**json.loads(p.read_text()), "file": p.stem}
                 for p in sorted(PUBLISHED.glob("*.json")))


def published_sections(records, lengths=LENGTHS) -> list[Section]:
    """Against each published reference, where its target and counter were
    measured: our implementations that have a published counterpart, cells
    "ours / published (difference)"."""
    out = []
    for ref in published():
        if ref.get("kind") in ("permutations", "floor-peers"):
            continue  # permutation_sections, floor_sections
        if ref.get("kind") == "primitives-aead":
            out += primitive_sections(ref, records) + aead_sections(ref, records)
            continue
        for target in ref["targets"]:
            recs = [r for r in records if r["target"] == target and r["op"] != "permutation"]
            field = ref["counter"]
            theirs_counter = ref.get("published_counter", field)  # another: no difference
            cells = per_byte(recs, field)
            for mlen in lengths:
                if not any(r["mlen"] == mlen and r.get(field) is not None for r in recs):
                    continue
                grids = []
                for group in scheme_groups(r["scheme"] for r in recs):
                    if not any(s in ref["columns"] for s in group):
                        continue
                    rows = []
                    for impl in impl_order(r["impl"] for r in recs):
                        pub = ref["rows"].get(impl)
                        if pub is None or str(mlen) not in pub:
                            continue
                        row = []
                        for scheme in group:
                            column = ref["columns"].get(scheme)
                            ours = cells.get((impl, scheme, mlen))
                            if column is None or ours is None or (ours.value is None
                                                                  and not ours.fail):
                                row.append(None)
                                continue
                            theirs = pub[str(mlen)][ref["order"].index(column)]
                            row.append(dataclasses.replace(ours, published=theirs,
                                                           comparable=theirs_counter == field))
                        if any(c is not None for c in row):
                            rows.append(Row(f"{impl} ({pub['thesis_name']})", row))
                    if rows:
                        grids.append(Grid("impl (published row)", group, rows))
                if grids:
                    other = (f"{theirs_counter} per byte " if theirs_counter != field else "")
                    title = (f"{target}: {flabel(field)} per byte, measured here / {other}"
                             f"{ref['title']}, {ref['simulator']} -- {fmt_len(mlen)} inputs, "
                             f"{ref['unit']}")
                    out.append(Section("published", target, field, title, grids, mlen,
                                       ref["file"]))
    return out


def primitive_sections(ref: dict, records) -> list[Section]:
    """The MSP430 paper's Table 2 on its target: per primitive, each of our
    implementations of the bare permutation (code bytes, cycles per call,
    the plaintext bytes one call encrypts in the scheme the paper pairs it
    with, cycles per such byte, the static tables one call reads and the
    cycles of its look-ups: both from a traced call), then the paper's row
    labelled published."""
    target, field = ref["target"], ref["counter"]
    perms = [r for r in records if r["target"] == target and r["op"] == "permutation"]
    if not perms:
        return []
    table = ref["primitives"]
    order = impl_order(r["impl"] for r in perms)
    # the function alone where the records have it (the paper's quantities:
    # its assembly functions), else the call through the harness and the
    # implementation's objects
    fn = any(r.get(f"function_{field}") is not None for r in perms)
    cost_key, bytes_key = (f"function_{field}", "function_bytes") if fn else (field, "code_bytes")
    rows = []
    for prim, pub in table["rows"].items():
        per_call = pub["values"][2]
        v = pub["values"]
        for r in sorted((r for r in perms if r["scheme"] == prim),
                        key=lambda r: order.index(r["impl"])):
            cost = r.get(cost_key)
            fail = None if r["status"] == "ok" else fail_tag(r["status"])
            rows.append(Row(prim, [Cell(note=r["impl"]),
                                   Cell(r.get(bytes_key), digits=0, published=v[0] if fn else None),
                                   Cell(cost, fail=fail, digits=0, published=v[1] if fn else None),
                                   Cell(per_call, digits=0),
                                   Cell(cost / per_call if cost is not None else None, fail=fail,
                                        digits=0),
                                   Cell(r.get("table_bytes"), digits=0),
                                   Cell(r.get("table_lookup_cycles"), digits=0)]))
        v = pub["values"]
        rows.append(Row(prim, [Cell(note=f"published ({ref['counter']})"),
                               *[Cell(x, digits=0) for x in v]]))
    notes = "; ".join(f"{prim}: {pub['note']}" for prim, pub in table["rows"].items()
                      if pub.get("note"))
    pairs = ", ".join(f"{prim} in {pub['scheme']}" for prim, pub in table["rows"].items())
    title = (f"{target}: the primitives -- {flabel(field)} per call of the bare permutation, "
             f"bytes per call = plaintext bytes one call encrypts ({pairs}), table bytes and "
             f"look-up {flabel(field)} of one traced call" +
             (f"; {FUNCTION_NOTE.format(f=flabel(field))}" if fn else "") +
             f"; published rows: {table['what']} ({ref['source']}; {ref['what']})" +
             (f"; {notes}" if notes else ""))
    columns = list(table["columns"])
    if fn:
        columns[:2] = ["function bytes (traced)", f"function {flabel(field)} per call "
                       "(null-difference)"]
        columns[3] = f"function {flabel(field)} per byte"
    return [Section("published", target, field, title,
                    [Grid("primitive", ["impl", *columns], rows)], source=ref["file"])]


def aead_sections(ref: dict, records) -> list[Section]:
    """The MSP430 paper's Table 3 on its target: cycles of one encryption
    for each (adlen, dlen) of the paper, per scheme the fastest of our
    implementations at the largest cell (named in the column), beside the
    paper's figure; Ascon's columns have only the published figures the
    paper cites."""
    target, field, table = ref["target"], ref["counter"], ref["aead"]
    encs = [r for r in records if r["target"] == target and r["op"] == "encrypt"
            and r["status"] == "ok" and r.get(field) is not None]
    if not encs:
        return []
    cells = {(r["scheme"], r["impl"], r["adlen"], r["mlen"]): r[field] for r in encs}
    others = {(o["scheme"], o["adlen"], o["mlen"]): o["cycles"] for o in table.get("others", [])}
    points = [(a, m) for a, m, *_ in table["rows"]]
    schemes = list(table["columns"]) + [s for s in scheme_order({r["scheme"] for r in encs})
                                        if s.startswith("ascon") and s not in table["columns"]]
    big = max(points, key=lambda p: p[0] + p[1])  # where the fastest is picked
    columns, picks = [], {}
    for s in schemes:
        impls = {i for (sc, i, _a, _m) in cells if sc == s}
        full = [i for i in impls if all((s, i, a, m) in cells for a, m in points)]
        if not full:
            continue
        picks[s] = min(sorted(full), key=lambda i: cells[(s, i, *big)])
        columns.append(f"{s} ({picks[s]})")
    if not picks:
        return []
    rows = []
    for a, m, *theirs in table["rows"]:
        row = []
        for s in picks:
            pub = (theirs[table["columns"].index(s)] if s in table["columns"]
                   else others.get((s, a, m)))
            row.append(Cell(cells[(s, picks[s], a, m)], published=pub, digits=0))
        rows.append(Row(f"{a} {m}", row))
    cited = "; ".join(f"{o['scheme']} adlen {o['adlen']} dlen {o['mlen']}: {o['note']}"
                      for o in table.get("others", []))
    title = (f"{target}: {flabel(field)} of one authenticated encryption, measured here / "
             f"published ({table['what']}; {ref['source']}; {ref['what']}); per scheme the "
             f"fastest implementation at the largest cell" + (f"; {cited}" if cited else ""))
    return [Section("published", target, field, title, [Grid("adlen dlen", columns, rows)],
                    source=ref["file"])]


def rate_bytes(perm: str) -> int | None:
    """The rate of a sponge of capacity 256 bits on this permutation."""
    for prefix, state in PERM_STATE_BYTES.items():
        if perm.startswith(prefix):
            return state - CAPACITY_BYTES
    return None


def peer_per_byte(row: dict) -> float:
    """A floor-peers row's cost per byte: the difference of its two timed
    lengths, in cycles at its clock, over the bytes between them."""
    (m0, t0), (m1, t1) = sorted((int(m), t) for m, t in row["us_by_mlen"].items())
    return (t1 - t0) * row["mhz"] / (m1 - m0)


def floor_sections(records, clock_labels: dict) -> list[Section]:
    """Per target, each Ascon mode beside its permutation floor (issue 32):
    at 32 KiB its cost per byte over the bare p^b per call / rate, the
    same implementation's permutation of the same run; an AEAD at 16 B its
    cost per call over the permutation calls it makes (p^a, p^b for each
    full block, p^a); published per-byte figures of other implementations
    beside, labelled as published."""
    out = []
    peers = [{**row, "source": ref["source"]} for ref in published()
             if ref.get("kind") == "floor-peers" for row in ref["rows"]]
    for target in targets_of(records):
        recs = [r for r in records if r["target"] == target and status_of(r) == "ok"]
        field = cost_metric(recs)
        if field is None:
            continue
        perm = {(r["scheme"], r["impl"]): r.get(field) for r in recs if r["op"] == "permutation"}
        modes = [r for r in recs if r.get("sponge_rate") and r["adlen"] == 0
                 and r["op"] in ("encrypt", "decrypt", "hash") and r.get(field) is not None]
        rows = []
        for scheme in scheme_order(r["scheme"] for r in modes):
            mine = [r for r in modes if r["scheme"] == scheme]
            for impl in impl_order(r["impl"] for r in mine):
                for op in ("encrypt", "decrypt", "hash"):
                    at = {r["mlen"]: r for r in mine if r["impl"] == impl and r["op"] == op}
                    big = at.get(32768)
                    if big is None:
                        continue
                    rate, pa, pb = big["sponge_rate"], big["sponge_pa"], big["sponge_pb"]
                    p_b, p_a = perm.get((f"ascon-p{pb}", impl)), perm.get((f"ascon-p{pa}", impl))
                    if p_b is None:
                        continue
                    cost, floor = big[field] / 32768, p_b / rate
                    cells = [Cell(note=impl), Cell(note=op), Cell(cost), Cell(floor),
                             Cell(cost / floor, digits=3)]
                    small = at.get(16) if op != "hash" else None
                    if small is not None and p_a is not None:
                        calls = 2 * p_a + (16 // rate) * p_b
                        cells += [Cell(small[field], digits=0), Cell(calls, digits=0),
                                  Cell(small[field] / calls, digits=3)]
                    else:
                        cells += [Cell(), Cell(), Cell()]
                    rows.append(Row(scheme, cells))
            if not any(r.label == scheme for r in rows):
                continue  # nothing of ours beside the peer
            for peer in peers:
                if peer["target"] == target and peer["scheme"] == scheme:
                    rows.append(Row(scheme, [Cell(note=f"published ({peer['counter']})"),
                                             Cell(note="encrypt"), Cell(peer_per_byte(peer)),
                                             Cell(), Cell(), Cell(), Cell(), Cell()]))
        if not rows:
            continue
        f = flabel(field)
        notes = "; ".join(f"published: {p['what']} ({p['source']})" for p in peers
                          if p["target"] == target)
        title = (f"{target}: the Ascon modes at their permutation floor ({metric_label(clock_labels, target, field)}) "
                 f"-- at 32 KiB, {f} per byte over the bare p^b per call / rate (the same "
                 f"implementation's permutation, same run); at 16 B, {f} per call over its "
                 f"permutation calls (p^a + p^b per full block + p^a)" + (f"; {notes}" if notes else ""))
        out.append(Section("floor", target, field, title, [Grid("scheme", [
            "impl", "op", f"{f} per byte, 32 KiB", "floor", "ratio", f"{f}, 16 B",
            "permutation calls", "ratio, 16 B"], rows)]))
    return out


def paper_tables(ref: dict) -> dict:
    """A permutations reference's tables by target: each under its own
    target and under those its "also" names (the board-like model of a
    board the plain wait-state target bounds)."""
    out = {}
    for target, table in ref["tables"].items():
        for t in [target, *table.get("also", [])]:
            out[t] = table
    return out


def flash_ratio_sections(records) -> list[Section]:
    """The permutation paper's Table 3 as ratios: per board its cycles over
    the 0-wait-state figure of Table 1 (a table's "ratio_to"), beside ours,
    the modelled cycles of each flash model over the same implementation's
    at 0 wait states (same run): the call through the harness and the
    function alone."""
    out = []
    for ref in (r for r in published() if r.get("kind") == "permutations"):
        tables = paper_tables(ref)
        for target, table in tables.items():
            base_target = table.get("ratio_to")
            if not base_target:
                continue
            base_table = tables[base_target]
            mine = {(r["scheme"], r["impl"]): r for r in records
                    if r["target"] == target and r["op"] == "permutation" and status_of(r) == "ok"}
            base = {(r["scheme"], r["impl"]): r for r in records
                    if r["target"] == base_target and r["op"] == "permutation"
                    and status_of(r) == "ok"}
            field = cost_metric(list(mine.values()))
            if not mine or not base or field is None:
                continue
            keys = [field] + ([f"function_{field}"] if any(
                r.get(f"function_{field}") is not None for r in mine.values()) else [])
            rows = []
            for scheme in scheme_order(s for s, _i in mine):
                pub, pub0 = table["rows"].get(scheme), base_table["rows"].get(scheme)
                theirs = pub[1] / pub0[1] if pub and pub0 else None
                for impl in impl_order(i for s, i in mine if s == scheme):
                    r, r0 = mine[(scheme, impl)], base.get((scheme, impl))
                    if r0 is None:
                        continue
                    cells = [Cell(note=impl)]
                    for key in keys:
                        ok = r.get(key) is not None and r0.get(key)
                        cells.append(Cell(r[key] / r0[key] if ok else None, digits=3,
                                          published=theirs))
                    rows.append(Row(scheme, cells))
            if not rows:
                continue
            f = flabel(field)
            title = (f"{target} over {base_target}: {f} per call behind this flash over the same "
                     f"implementation's at 0 wait states (same run), the call through the harness "
                     f"and the function alone; beside the paper's board over its 0-wait-state "
                     f"figure, published ({table['what']} over {base_table['what']}; "
                     f"{ref['source']})")
            head = ["impl", f"{f} / 0 wait states"] + (
                [f"function {f} / 0 wait states"] if len(keys) > 1 else [])
            out.append(Section("flash-ratios", target, field, title,
                               [Grid("permutation", head, rows)], source=ref["file"]))
    return out


# What the function columns are (records' function_bytes, function_<metric>:
# runner.function_fields); "x / y (+d%)" sets ours beside a paper's figure.
FUNCTION_NOTE = ("function: the permutation's own function, as the papers count it -- its "
                 "bytes, the code symbols one traced call ran in between its entry and its "
                 "return; its {f}, the call through the harness minus the same call of a null "
                 "permutation, same run; beside the paper's figure where it has one")


def permutation_sections(records, clock_labels: dict) -> list[Section]:
    """Per target, the permutation paper's table: each bare permutation and
    implementation with its code bytes, its cost per call and per rate byte
    (capacity 256 bits), in the target's cost metric; where the paper
    measured that target, its figures follow as rows of their own, labelled
    published (its cycles; beside our instructions they are not compared)."""
    out = []
    refs = [r for r in published() if r.get("kind") == "permutations"]
    for target in targets_of(records):
        perms = [r for r in records if r["target"] == target and r["op"] == "permutation"]
        field = cost_metric(perms)
        if not perms or field is None:
            continue
        label = metric_label(clock_labels, target, field)
        cells = per_call(perms, field)
        code = {(r["scheme"], r["impl"]): r.get("code_bytes") for r in perms}
        fn_field = f"function_{field}"
        fn = {(r["scheme"], r["impl"]): r for r in perms
              if r.get(fn_field) is not None or r.get("function_bytes") is not None}
        papers = [(ref, paper_tables(ref)[target]) for ref in refs if target in paper_tables(ref)]
        rows = []
        for scheme in scheme_order(r["scheme"] for r in perms):
            rate = rate_bytes(scheme)
            theirs = next((table["rows"][scheme] for _ref, table in papers
                           if scheme in table["rows"]), None)
            for impl in impl_order(r["impl"] for r in perms if r["scheme"] == scheme):
                c = cells.get((impl, scheme, 0), Cell())
                per_rate = (Cell(c.value / rate) if c.value is not None and rate
                            else Cell(fail=c.fail))
                row = [Cell(note=impl), Cell(code.get((scheme, impl)), digits=0),
                       dataclasses.replace(c, digits=0), per_rate]
                if fn:  # the function alone, each beside the paper's figure where it has one
                    f = fn.get((scheme, impl), {})
                    row += [Cell(f.get("function_bytes"), digits=0,
                                 published=theirs[0] if theirs else None),
                            Cell(f.get(fn_field), digits=0,
                                 published=theirs[1] if theirs else None)]
                rows.append(Row(scheme, row))
            for _ref, table in papers:
                pub = table["rows"].get(scheme)
                if pub:
                    rows.append(Row(scheme, [Cell(note=f"published ({table['counter']})"),
                                             Cell(pub[0], digits=0), Cell(pub[1], digits=0),
                                             Cell(pub[2])] + ([Cell(), Cell()] if fn else [])))
        if not rows:
            continue
        notes = [f"published rows: {table['what']} ({ref['source']})" for ref, table in papers]
        title = (f"{target}: the bare permutations -- code bytes, {flabel(field)} per call ({label}), "
                 f"{flabel(field)} per rate byte of a sponge of capacity 256 bits (rate 8 bytes for "
                 f"Ascon, 16 for Gimli, Sparkle384 and Xoodoo)" +
                 (f"; {FUNCTION_NOTE.format(f=flabel(field))}" if fn else "") +
                 "".join(f"; {n}" for n in notes))
        head = ["impl", "code bytes", f"{flabel(field)} per call", f"{flabel(field)} per rate byte"]
        if fn:
            head += ["function bytes (traced)", f"function {flabel(field)} (null-difference)"]
        out.append(Section("permutations", target, field, title, [Grid("permutation", head, rows)],
                           source=papers[0][0]["file"] if papers else None))
    return out


# Issue 30's goals for the keyed functions, each against the bare p^12 of
# the same implementation measured in the same run: PrfShort at 16 bytes
# costs one permutation call plus at most 15%; a MAC or PRF per byte at
# 32 KiB is within 5% of the permutation's cost per call divided by the 32
# bytes absorbed per call (the permutation floor).
AUTH_GOALS = {"short": (16, 1.15), "long": (32768, 1.05)}
AUTH_RATE = 32  # Ascon-Mac and -Prf absorb 32 bytes a p^12
AUTH_PERM = "ascon-p12"


def auth_goal_sections(records, clock_labels: dict) -> list[Section]:
    """Per target, each MAC/PRF implementation against its own bare p^12
    (the same implementation name under crypto_perm/ascon-p12, same run):
    PrfShort's cost per call at 16 bytes over one p^12 call, a MAC's or
    PRF's cost per byte at 32 KiB over p^12 per call / 32; goal and met."""
    out = []
    for target in targets_of(records):
        recs = [r for r in records if r["target"] == target]
        auth = [r for r in recs if r["op"] == "auth" and status_of(r) == "ok"]
        field = cost_metric([r for r in recs if r["op"] in ("auth", "permutation")])
        if not auth or field is None:
            continue
        perm = {r["impl"]: r.get(field) for r in recs
                if r["op"] == "permutation" and r["scheme"] == AUTH_PERM and status_of(r) == "ok"}
        rows = []
        for scheme in scheme_order(r["scheme"] for r in auth):
            # a function of bounded input (PrfShort) is judged per call
            short = any(r.get("max_inbytes") for r in auth if r["scheme"] == scheme)
            mlen, goal = AUTH_GOALS["short" if short else "long"]
            for impl in impl_order(r["impl"] for r in auth if r["scheme"] == scheme):
                rec = next((r for r in auth if r["scheme"] == scheme and r["impl"] == impl and
                            r["mlen"] == mlen and r.get(field) is not None), None)
                p = perm.get(impl)
                if rec is None or p is None:
                    continue
                cost = rec[field] if short else rec[field] / mlen
                floor = p if short else p / AUTH_RATE
                ratio = cost / floor
                rows.append(Row(scheme, [Cell(note=impl), Cell(cost), Cell(floor), Cell(ratio, digits=3),
                                         Cell(note=f"<= {goal:.2f}"),
                                         Cell(note="met" if ratio <= goal else "not met")]))
        if not rows:
            continue
        label = metric_label(clock_labels, target, field)
        f = flabel(field)
        title = (f"{target}: the keyed functions against their bare {AUTH_PERM} (same implementation, "
                 f"same run; {label}) -- PrfShort: {f} per call at 16 B over one permutation call; "
                 f"Mac, Prf: {f} per byte at 32 KiB over the permutation per call / {AUTH_RATE} "
                 f"(the floor)")
        out.append(Section("auth-goals", target, field, title,
                           [Grid("scheme", ["impl", f"{f}", "floor", "ratio", "goal", ""], rows)]))
    return out


def short_sections(records, clock_labels: dict) -> list[Section]:
    """Per target, MACs and PRFs at 1..16 bytes (the short suite): the cost
    of one call at each length, the latency a sensor's reading pays."""
    out = []
    lengths = list(range(1, 17))  # plan.SHORT (tables imports no stage of the run)
    for target in targets_of(records):
        auth = [r for r in records if r["target"] == target and r["op"] == "auth"
                and "short" in (r.get("sets") or ())]
        field = cost_metric(auth)
        if not auth or field is None:
            continue
        cells = {(r["impl"], r["scheme"], r["mlen"]):
                 Cell(fail=fail_tag(status_of(r))) if status_of(r) != "ok"
                 else Cell(r.get(field), digits=0) for r in auth}
        rows = []
        for scheme in scheme_order(r["scheme"] for r in auth):
            for impl in impl_order(r["impl"] for r in auth if r["scheme"] == scheme):
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
    for r in records:
        if r["target"] == target:
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


def summaries(records, clock_labels: dict) -> list[Summary]:
    """Per target: for each scheme, the fastest implementation (lowest cost
    per byte at each of the summary's lengths; one row when one is fastest at
    both) and the smallest (code bytes, then stack), with their per-byte
    cost at 16 B and 32 KiB, code and stack bytes.  The bare permutations
    get a summary of their own (cost per call)."""
    out = []
    for target in targets_of(records):
        recs = [r for r in records if r["target"] == target]
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
                impls = impl_order(i for i, s, _m in cells if s == scheme)
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


def bars(records, target: str) -> tuple[str | None, list[Bars]]:
    """The cost metric of the target and one Bars per scheme: per byte at
    the summary's lengths (adlen 0), then the bare permutations per call
    (lengths [0])."""
    recs = [r for r in records if r["target"] == target]
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
            impls = impl_order(i for i, s, _m in cells if s == scheme)
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


def sweep(records, target: str, field: str) -> dict:
    """{scheme: {impl: [(mlen, count per byte)]}}: encryption or hashing,
    adlen 0, measured lengths only."""
    out: dict = {}
    for r in records:
        if (r["target"] == target and r["adlen"] == 0 and r["op"] in ("encrypt", "hash")
                and r["mlen"] > 0 and status_of(r) == "ok" and r.get(field) is not None):
            out.setdefault(r["scheme"], {}).setdefault(r["impl"], []).append(
                (r["mlen"], r[field] / r["mlen"]))
    return {s: {i: sorted(out[s][i]) for i in impl_order(out[s])} for s in scheme_order(out)}
