"""Xoodoo's ARMv7-M (Cortex-M3) assembly (src/xoodoo/armv7m, written by
gen.py), what tests/asm/test_asm.py does not check for every family (there:
the .S current, KATs, round counts, Xoodyak's misaligned, in-place and split
calls): the instructions as generated (read back from the .S, executed on
the host by tests/models/thumb.py) are Xoodoo's rounds on random states
(tests/models/perms.py), in both variants (fast: the twelve unrolled rounds, their lane
renamings and frames, entered at every round through its layout stub;
small: the loop's body, constant table included); the path of frames the
generator found is a cycle; the fast Xoodoo[12] called directly costs its
hand count in the cycle model (the lwcbench figure adds the benchmark's
dispatch, as for Ascon).
"""
from __future__ import annotations

import random
import re

from tests.helpers import ROOT, load_module
from tests.models import cm3
from tests.models.perms import xoodoo_round
from tests.models.thumb import run_thumb

GEN = ROOT / "src" / "xoodoo" / "armv7m" / "gen.py"
# what the rounds, the layout stubs and the loop may use (tests/models/thumb.py runs them)
OPS = {"eor", "bic", "and", "ror", "lsr", "lsl", "mov", "ldr", "ldrb", "str"}


def generator():
    return load_module(GEN, "xoodoo_armv7m_gen_test")


def lines_between(text: list[str], start, stop) -> list[str]:
    a = next(k for k, ln in enumerate(text) if start(ln))
    b = next(k for k in range(a + 1, len(text)) if stop(text[k]))
    return text[a + 1:b]


def code_of(ln: str) -> str:
    return ln.split("@")[0].strip()


def test_fast_unrolled_rounds_are_xoodoo12():
    """permute12 from its LDM to the end: the twelve rounds on the lanes give
    the specification's Xoodoo[12], lane (x, y) back in REGS[x + 4y]."""
    text = (GEN.parent / "fast.S").read_text().splitlines()
    body = lines_between(text, lambda ln: ln.startswith("LWC_SYM(xoodoo_armv7m_permute12):"),
                         lambda ln: code_of(ln).startswith("pop"))
    body = [ln for ln in body if not code_of(ln).startswith(("push", "ldm"))]
    gen = generator()
    rnd = random.Random(16)
    for _ in range(16):
        a = [rnd.getrandbits(32) for _ in range(12)]
        regs = dict(zip(gen.REGS, a))
        regs.update({gen.T0: rnd.getrandbits(32), gen.T1: rnd.getrandbits(32)})
        assert run_thumb(body, regs, {}, OPS) == 12 * 49
        want = a
        for rc in gen.RC:
            want = xoodoo_round(want, rc)
        assert [regs[r] for r in gen.REGS] == want


def test_fast_entries_at_every_round():
    """permute(s, n) of fast: after the LDM, the stub of layout k mod 4 (none
    for 0), then the unrolled code from .Lround<k> (k = 12 - n) to the end:
    Xoodoo[n] for every n, lane (x, y) back in REGS[x + 4y]."""
    text = (GEN.parent / "fast.S").read_text().splitlines()
    gen = generator()
    rnd = random.Random(18)
    for n in range(1, 13):
        k = 12 - n
        body = []
        if k % 4:
            body = lines_between(text, lambda ln: ln == f".Llayout{k % 4}:",
                                 lambda ln: ln == ".Ldispatch:" or code_of(ln) == "b       .Ldispatch")
        body += lines_between(text, lambda ln: ln == f".Lround{k}:",
                              lambda ln: code_of(ln).startswith("pop"))
        body = [ln for ln in body if not ln.startswith(".Lround")]
        a = [rnd.getrandbits(32) for _ in range(12)]
        regs = dict(zip(gen.REGS, a))
        regs.update({gen.T0: k, gen.T1: rnd.getrandbits(32)})
        run_thumb(body, regs, {}, OPS)
        want = a
        for rc in gen.RC[k:]:
            want = xoodoo_round(want, rc)
        assert [regs[r] for r in gen.REGS] == want, n


def loop_body(variant: str) -> list[str]:
    text = (GEN.parent / f"{variant}.S").read_text().splitlines()
    body = lines_between(text, lambda ln: ln == ".Lround:",
                         lambda ln: code_of(ln).startswith("ldrb") and "#1" not in ln)
    return body[:-1]  # the loop test's pointer load


def rc_table(variant: str) -> list[int]:
    """The loop's constant table as the .S has it (.byte lines)."""
    text = (GEN.parent / f"{variant}.S").read_text()
    return [int(v, 0) for ln in re.findall(r"^\s*\.byte ([^@\n]*)", text, re.M)
            for v in ln.split(",")]


def test_loop_body_is_a_round_for_every_constant():
    """small's loop, one iteration per round from the .S's constant table at
    [sp, #4]: Xoodoo[n] for every n, and the table ends with the 0 the loop
    stops at."""
    gen = generator()
    rnd = random.Random(17)
    for variant in ["small"]:
        body = loop_body(variant)
        rcs = rc_table(variant)
        assert len(rcs) == 13 and rcs[12] == 0
        for n in range(1, 13):
            a = [rnd.getrandbits(32) for _ in range(12)]
            regs = dict(zip(gen.REGS, a))
            table = 0x1000
            mem = {0x100 + 4: table + (12 - n)}
            mem.update({table + i: rc for i, rc in enumerate(rcs)})
            regs.update({"sp": 0x100, gen.T0: 0, gen.T1: 0})
            for _ in range(n):
                run_thumb(body, regs, mem, OPS)
            want = a
            for rc in gen.RC[12 - n:]:
                want = xoodoo_round(want, rc)
            assert [regs[r] for r in gen.REGS] == want, (variant, n)
            assert mem[0x104] == table + 12  # where the loop's test reads 0


def test_frames_return_to_zero():
    """The four rounds' choices lead from frames (0, 0, 0) to (0, 0, 0), and
    every round constant is an immediate in the frame it meets."""
    gen = generator()
    f = (0, 0, 0)
    cyc = gen.path()
    assert len(cyc) == 4
    for c in cyc:
        f = gen.next_frames(f, c)
    assert f == (0, 0, 0)
    assert gen.thumb_imm(0x3C0) and gen.thumb_imm(0xFF000000) and not gen.thumb_imm(0x101)


def test_direct_call_of_permute12_costs_the_hand_count(tmp_path):
    """fast Xoodoo[12] called directly, 0 wait states: mov, movs, bl (1 + 1 +
    3), push of 10 (11), ldm of 12 (13), 12 rounds of 49, the state pointer
    popped (2), stm of 12 (13), pop of 9 with pc (1 + 9 + P = 12): 644
    modelled cycles, under the seed's 657 (its figure is the permutation
    called directly; lwcbench's adds the benchmark's dispatch)."""
    insns, cycles = cm3.direct_call_cost(tmp_path, "xoodoo/armv7m/fast.S",
                                         "xoodoo_armv7m_permute12", 12)
    assert insns == 3 + 2 + 12 * 49 + 3
    assert cycles == 5 + 11 + 13 + 12 * 49 + 2 + 13 + 12 == 644
