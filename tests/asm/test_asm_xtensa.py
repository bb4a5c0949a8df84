"""The Xtensa LX106 assembly implementations (src/ascon/xtensa, written by
gen.py): the checks of their own.  tests/asm/test_asm.py's table makes the
generic ones (generated files current, KATs on xtensa-lx106-qemu, round
counts against ref, and misaligned buffers -- Xtensa's word loads and stores
need 4-aligned addresses: the assembly copies such blocks, keys, nonces and
tags through its frame -- in-place calls, forgeries and incremental calls
against the one-shot call: tests/asm/align.c).

Here: both variants implement every member and bare permutation; the linear
layer's schedule is the search's optimum; tools/xtensa_bounds.py counts the
generated rounds; the ESP32 figures are published ones, labelled.
"""
from __future__ import annotations

from tests.helpers import ROOT, load_module
from harness.discover import discover

GEN = ROOT / "src" / "ascon" / "xtensa" / "gen.py"
TARGET = "xtensa-lx106-qemu"
ASM = [i for i in discover() if i.name.startswith("asm_xtensa_")
       and not i.name.startswith("asm_xtensa_win")]  # the windowed ABI's: test_asm_xtensa_win.py


def generator():
    return load_module(GEN, "ascon_xtensa_gen")


def test_every_variant_has_all_members():
    members = {i.scheme for i in discover() if i.name == "ref" and i.scheme.startswith("ascon")}
    for variant in generator().VARIANTS:
        have = {i.scheme for i in ASM if i.name == f"asm_xtensa_{variant}"}
        assert have == members, f"{variant}: missing {sorted(members - have)}"
        assert all(i.builds_for({"lx106"}) and not i.builds_for({"x86_64", "host", "rv32"})
                   for i in ASM)


def test_linear_layer_schedule_costs():
    """The hard-coded lane order and forms (`gen.py --search` finds them, in
    minutes: too slow for here) cost 8 ssai a round for fsr (the thesis'
    Xtensa round: 9) and 12 for bi32, every round ending with the SAR the
    next one starts with; the generated rounds have exactly that many."""
    gen = generator()
    assert gen.cyclic_cost("fsr", *gen.FSR_SCHEDULE) == 8
    assert gen.cyclic_cost("bi32", *gen.BI32_SCHEDULE) == 12
    for variant, n in (("fsr", 8), ("bi32", 12)):
        text = (GEN.parent / f"{variant}.S").read_text()
        one = text[text.index(".Lround3:"):text.index(".Lround4:")]
        assert one.count("ssai") == n


def test_bounds_follow_the_generated_code():
    tool = load_module(ROOT / "tools" / "xtensa_bounds.py", "xtensa_bounds")
    assert tool.round_sizes("fsr") == [82] * 12  # 2 constant, 2 x 16 S-box, 40 + 8 ssai
    assert tool.round_sizes("bi32") == [87] * 12  # 4, 32, 39 + 12 ssai
    # a big-endian lane in: 2 loads, 2 swaps of 4, 2 xors (bi32: + the
    # routine's 4 delta swaps a word, their masks and the packing); out
    assert tool.lane_costs("fsr") == (12, 10) and tool.lane_costs("bi32") == (70, 68)
    assert tool.rounds("ascon128a-v12", 16) == 32 and tool.rounds("asconhash-v12", 16) == 72
    assert tool.table(None).count("| `asm_xtensa_") == len(generator().VARIANTS)


def test_published_esp32_cycles_are_labelled_not_compared():
    """The thesis' ESP32 figures are cycles on another core: the report
    prints them beside our instructions, says so in the title, and computes
    no difference (harness/bench/published/thesis-xtensa.json)."""
    from harness.bench.output import terminal
    recs = [{"target": TARGET, "scheme": "ascon128a-v12", "impl": "asm_xtensa_fsr", "op": op,
             "adlen": 0, "mlen": 32768, "instructions": 44.0 * 32768, "cycles": None,
             "samples": 1, "status": "ok"} for op in ("encrypt", "decrypt")]
    (title, groups), = [s for s in terminal.published_sections(recs) if s[0].startswith(TARGET)]
    assert title.startswith(f"{TARGET}: instructions per byte, measured here / cycles per byte "
                            "published in the thesis (not measured here)")
    cells = {h: c for rows in groups for h, c in zip(rows[0], rows[1])}
    assert cells["impl (published row)"] == "asm_xtensa_fsr (asm_xtensa_fsr)"
    assert cells["ascon128a-v12"] == "44.00 / 51.01"
