"""Gimli's ARMv7-M assembly (src/gimli/armv7m, written by gen.py): the checks
of its own, beside the generic ones of tests/asm/test_asm.py (the .S current,
the KATs on cortex-m3-qemu, every round count against ref, misaligned,
in-place and incremental calls) and tests/bench/test_ct.py.

On the host, the fast variant's unrolled rounds as the .S has them (read
back and executed by tests/models/thumb.py's Thumb-2 interpreter) are
Gimli's rounds: from round 24 to the end, and from every round's entry with
row 0 in the registers the generic entry loads it into.  The reference is
tests/models/perms.py's Gimli, checked here against the designers' test
vector.
On the cycle model, permute24 called directly costs its hand count.
"""
from __future__ import annotations

import random
import re

from tests.helpers import ROOT, load_module
from tests.models import cm3
from tests.models.bits import M32, rol
from tests.models.perms import gimli
from tests.models.thumb import run_thumb

GEN = ROOT / "src" / "gimli" / "armv7m" / "gen.py"
# what the unrolled rounds may use (tests/models/thumb.py runs them)
ROUND_OPS = {"eor", "and", "orr", "ror", "movw", "movt"}


def generator():
    return load_module(GEN, "gimli_armv7m_gen")


def test_reference_is_gimli():
    """The designers' test vector (Gimli paper, CHES 2017: input word i =
    i^3 + i * 0x9e3779b9; its first output words ba11c85a 91bad119 380ce880
    d24c2c68), all twelve words."""
    s = [(i * i * i + i * 0x9E3779B9) & M32 for i in range(12)]
    want = [0xBA11C85A, 0x91BAD119, 0x380CE880, 0xD24C2C68, 0x3ECEFFEA, 0x277A921C,
            0x4F73A0BD, 0xDA5A9CD8, 0x84B673F0, 0x34E52FF7, 0x9E2BEF49, 0xF41BB8D6]
    assert gimli(s) == want
    assert gimli(s, 23) != want


# -- the unrolled rounds, executed on the host ---------------------------------
def fast_text() -> list[str]:
    return (GEN.parent / "fast.S").read_text().splitlines()


def rounds_from(text: list[str], label: str) -> list[str]:
    """The lines from label to the end every entry shares (pop {r12})."""
    a = text.index(f"{label}:")
    b = next(k for k in range(a, len(text)) if text[k].split("@")[0].split()[:1] == ["pop"])
    return text[a + 1:b]


def test_unrolled_rounds_are_gimli():
    """permute24's rounds (from .Lr24) map random states in r0-r11 to
    Gimli's output, row 0 back in r0-r3."""
    text = fast_text()
    body = rounds_from(text, ".Lr24")
    rnd = random.Random(16)
    for _ in range(16):
        s = [rnd.getrandbits(32) for _ in range(12)]
        regs = {f"r{k}": s[k] for k in range(12)}
        regs.update({"r12": rnd.getrandbits(32), "lr": rnd.getrandbits(32)})
        # 40 a round, 2 a constant, less the rotations of x the frames save
        assert run_thumb(body, regs, only=ROUND_OPS) == 24 * 40 + 6 * 2 - 2 * 4
        assert [regs[f"r{k}"] for k in range(12)] == gimli(s)


def test_every_entry_is_gimli_from_that_round():
    """Entering round r where the generic entry does (.Lr<r>, or .Lr<r>k
    after a constant's MOVW/MOVT, with r12 = 0), with row 0 in the
    registers the generator's map gives and rows 0 and 1 in that round's
    frames (s[0][j] <<< 24 + fx, s[1][j] <<< 9 + fy): the last r rounds of
    Gimli."""
    gen = generator()
    text = fast_text()
    at = gen.fast_rounds(gen.Asm("fast"))
    entries = text[text.index(".Lrounds:") + 1:text.index(".Lrounds:") + 25]
    rnd = random.Random(17)
    for r in range(24, 0, -1):
        x, label, fx, fy = at[r]
        assert entries[24 - r].split() == [".hword", f"({label}", "-", ".Lrounds)", "/", "2"]
        assert label.endswith("k") == (r % 4 == 3 and r < 24)
        s = [rnd.getrandbits(32) for _ in range(12)]
        regs = {x[j]: rol(s[j], 24 + fx) for j in range(4)}
        regs.update({f"r{4 + k}": rol(s[4 + k], 9 + fy) for k in range(4)})
        regs.update({f"r{8 + k}": s[8 + k] for k in range(4)})
        regs.update({"r12": 0, "lr": rnd.getrandbits(32)})
        run_thumb(rounds_from(text, label), regs, only=ROUND_OPS)
        assert [regs[f"r{k}"] for k in range(12)] == gimli(s, r), f"round {r}"


def test_generic_entry_loads_row_0_where_the_rounds_expect_it():
    """The class a count falls into (the swaps before it, mod 4: the
    entry's rsb, lsr, and) names the loader whose LDRs put s[0][j] into the
    register round `rounds` reads it from, and the rotation tables indexed
    by `rounds` turn rows 0 and 1 into that round's frames."""
    gen = generator()
    text = fast_text()
    at = gen.fast_rounds(gen.Asm("fast"))
    loaders = {}
    for c in range(4):
        a = text.index(f".Lclass{c}:")
        for ln in text[a + 1:a + 5]:
            m = re.match(r"\s+ldr\s+(\w+), \[r0, #(\d+)\]", ln)
            assert m, ln
            loaders.setdefault(c, {})[int(m.group(2)) // 4] = m.group(1)
    tables = {}
    for name in ("xrot", "yrot"):
        ln = text[text.index(f".L{name}:") + 1].split()
        assert ln[0] == ".byte"
        tables[name] = [int(v.rstrip(",")) for v in ln[1:]]
        assert len(tables[name]) == 25
    for r in range(1, 25):
        c = ((25 - r) >> 1) & 3
        x, _, fx, fy = at[r]
        assert [loaders[c][j] for j in range(4)] == x, f"round {r}"
        v = random.Random(r).getrandbits(32)
        assert rol(v, 32 - tables["xrot"][r]) == rol(v, 24 + fx), f"round {r}"
        assert rol(v, 32 - tables["yrot"][r]) == rol(v, 9 + fy), f"round {r}"


# -- the direct call on the cycle model -------------------------------------------
def test_direct_call_of_permute24_costs_the_hand_count(tmp_path):
    """permute24 called directly, 0 wait states: mov, movs, bl (1 + 1 + 3),
    push of 10 (11), ldm of 12 (13), 24 rounds of 40 one-cycle operations,
    6 constants of 2 (movw, movt), less the 8 rotations of x that two
    rounds find done (rounds 16 and 8: the round before wrote row 0 <<< 24),
    pop of 1 (2), stm of 12 (13), pop of 9 with pc (1 + 9 + P = 12): 1020
    modelled cycles, under the seed's 1041 (the lwcbench figure adds the
    harness's dispatch)."""
    insns, cycles = cm3.direct_call_cost(tmp_path, "gimli/armv7m/fast.S",
                                         "gimli_armv7m_permute24", 24)
    assert insns == 3 + 2 + 24 * 40 + 12 - 8 + 3
    assert cycles == 5 + 11 + 13 + 24 * 40 + 12 - 8 + 2 + 13 + 12 == 1020
