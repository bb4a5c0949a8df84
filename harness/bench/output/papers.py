"""Ours beside what others measured or set as a goal: the comparisons.

Built from the table model (model.py) and the published figures of
harness/bench/published/*.json (data from the seed documents, labelled as
such, never mixed into results): the thesis' per-byte tables, the
permutation paper's Tables 1-3 (its flash ratios too), the MSP430 paper's
primitives and AEAD tables, other implementations' published figures beside
the Ascon modes' permutation floor, and the keyed functions against their
goals.  Plain data, like the model's: sections of grids of cells, which
every renderer shows the same way.
"""
from __future__ import annotations

import dataclasses
import functools
import json

from harness.bench.output.model import (LENGTHS, Cell, Grid, Row, Section, cost_metric, of_target,
                                        fail_tag, flabel, fmt_len, impl_order, metric_label,
                                        per_byte, per_call, row_order, scheme_groups,
                                        scheme_order, status_of, targets_of)
from harness.discover import ROOT

# Published figures to compare with (harness/bench/published/*.json): data
# from the seed documents, labelled as such, never mixed into results.
PUBLISHED = ROOT / "harness" / "bench" / "published"

# The permutation table (the permutation paper's Tables 1-2): each bare
# permutation's cost per rate byte of a sponge of capacity 256 bits, whose
# rate is the state less 32 bytes (8 bytes for Ascon, 16 for the others).
PERM_STATE_BYTES = {"ascon-p": 40, "gimli": 48, "sparkle384-": 48, "xoodoo": 48}
CAPACITY_BYTES = 32


@functools.lru_cache(maxsize=None)
def published() -> tuple[dict, ...]:
    """Every published reference, each with "file": its file's stem."""
    return tuple({**json.loads(p.read_text()), "file": p.stem}
                 for p in sorted(PUBLISHED.glob("*.json")))


def published_sections(records, lengths=LENGTHS, facts: dict | None = None) -> list[Section]:
    """Against each published reference, where its target and counter were
    measured: our implementations that have a published counterpart, cells
    "ours / published (difference)" (facts: target -> its facts,
    records.target_facts; here its row order)."""
    out = []
    for ref in published():
        if ref.get("kind") in ("permutations", "floor-peers"):
            continue  # permutation_sections, floor_sections
        if ref.get("kind") == "primitives-aead":
            out += primitive_sections(ref, records, facts) + aead_sections(ref, records)
            continue
        for target in ref["targets"]:
            recs = [r for r in of_target(records, target) if r["op"] != "permutation"]
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
                    for impl in impl_order((r["impl"] for r in recs), row_order(facts, target)):
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


def primitive_sections(ref: dict, records, facts: dict | None = None) -> list[Section]:
    """The MSP430 paper's Table 2 on its target: per primitive, each of our
    implementations of the bare permutation (code bytes, cycles per call,
    the plaintext bytes one call encrypts in the scheme the paper pairs it
    with, cycles per such byte, the static tables one call reads and the
    cycles of its look-ups: both from a traced call), then the paper's row
    labelled published."""
    target, field = ref["target"], ref["counter"]
    perms = [r for r in of_target(records, target) if r["op"] == "permutation"]
    if not perms:
        return []
    table = ref["primitives"]
    order = impl_order((r["impl"] for r in perms), row_order(facts, target))
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
    encs = [r for r in of_target(records, target) if r["op"] == "encrypt"
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


def floor_sections(records, clock_labels: dict, facts: dict | None = None) -> list[Section]:
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
        recs = [r for r in of_target(records, target) if status_of(r) == "ok"]
        field = cost_metric(recs)
        if field is None:
            continue
        perm = {(r["scheme"], r["impl"]): r.get(field) for r in recs if r["op"] == "permutation"}
        modes = [r for r in recs if r.get("sponge_rate") and r["adlen"] == 0
                 and r["op"] in ("encrypt", "decrypt", "hash") and r.get(field) is not None]
        rows = []
        for scheme in scheme_order(r["scheme"] for r in modes):
            mine = [r for r in modes if r["scheme"] == scheme]
            for impl in impl_order((r["impl"] for r in mine), row_order(facts, target)):
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


def flash_ratio_sections(records, facts: dict | None = None) -> list[Section]:
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
                for impl in impl_order((i for s, i in mine if s == scheme),
                                       row_order(facts, target)):
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


def permutation_sections(records, clock_labels: dict,
                         facts: dict | None = None) -> list[Section]:
    """Per target, the permutation paper's table: each bare permutation and
    implementation with its code bytes, its cost per call and per rate byte
    (capacity 256 bits), in the target's cost metric; where the paper
    measured that target, its figures follow as rows of their own, labelled
    published (its cycles; beside our instructions they are not compared)."""
    out = []
    refs = [r for r in published() if r.get("kind") == "permutations"]
    for target in targets_of(records):
        perms = [r for r in of_target(records, target) if r["op"] == "permutation"]
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
            for impl in impl_order((r["impl"] for r in perms if r["scheme"] == scheme),
                                   row_order(facts, target)):
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


def auth_goal_sections(records, clock_labels: dict,
                       facts: dict | None = None) -> list[Section]:
    """Per target, each MAC/PRF implementation against its own bare p^12
    (the same implementation name under crypto_perm/ascon-p12, same run):
    PrfShort's cost per call at 16 bytes over one p^12 call, a MAC's or
    PRF's cost per byte at 32 KiB over p^12 per call / 32; goal and met."""
    out = []
    for target in targets_of(records):
        recs = of_target(records, target)
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
            for impl in impl_order((r["impl"] for r in auth if r["scheme"] == scheme),
                                   row_order(facts, target)):
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


