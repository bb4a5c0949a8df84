"""Ascon's MSP430 assembly (src/ascon/msp430/gen.py) beyond the generic
checks of tests/asm/test_asm.py (generated files current, KATs, round
counts against ref, misaligned, in-place and incremental calls of every
asm_msp430 scheme) and tests/bench/test_ct.py:

* every Ascon member, the three bare permutations and ISAP have both
  variants (asm_msp430, asm_msp430_small);
* the S-box instructions, as the generator emits them, compute the
  specification's table on every input in every bit position;
* the lane rotations (bit steps, the byte rotation), run by the MSP430
  model (tests/models/msp430.py), rotate every lane by the right amount;
* the only memory operands are the state pointers' and the only branches
  are the loops' (no address or branch can depend on the state);
* the round's cycles as the generator's cost table counts them are what
  lwc-msp430sim charges: cycles(p12) - cycles(p6) = 6 rounds.
"""
from __future__ import annotations

import random
import re

import pytest

from tests.helpers import ROOT, impl_id, load_module, usable_target
from tests.models.bits import M16, ror
from tests.models.msp430 import Msp430, cycles, instructions
from tests.models.perms import ascon_sbox
from harness.bench.targets.job import Point
from harness.discover import discover

NAME = "msp430"
GEN = load_module(ROOT / "src" / "ascon" / "msp430" / "gen.py", "ascon_msp430_gen_family")
ASM = [i for i in discover() if i.name in ("asm_msp430", "asm_msp430_small")]


def test_every_member_has_the_assembly():
    members = {i.scheme for i in discover() if i.name == "lowsize" and "ascon" in i.scheme}
    assert len(members) == 17  # 11 schemes, Mac, Prf, PrfShort and p12, p8, p6
    for name in ("asm_msp430", "asm_msp430_small"):
        have = {i.scheme for i in ASM if i.name == name}
        assert members | {"isap-a-128a"} <= have, (name, sorted(members - have))


class Capture(GEN.Asm):
    pass


def test_sbox_instructions_match_the_table():
    """All 32 inputs in every bit position: input v in bits 0, 2, ...,
    w in bits 1, 3, ... of the five words, so all 1024 pairs (v, w)."""
    a = Capture("t")
    xs, ts = ["r4", "r5", "r6", "r7", "r8"], ["r9", "r10", "r11"]
    GEN.sbox(a, xs, ts)
    assert len(a.lines) == 22
    for v in range(32):
        for w in range(32):
            x = [0x5555 * ((v >> i) & 1) | 0xAAAA * ((w >> i) & 1) for i in range(5)]
            cpu = Msp430()
            cpu.r.update(zip(xs, x))
            cpu.r.update(zip(ts, [0x1234, 0x5678, 0x9ABC]))
            cpu.run(a.lines)
            assert [cpu.r[r] for r in xs] == ascon_sbox(x, 16), (v, w)


@pytest.mark.parametrize("copy", [False, True], ids=["in-place", "copy"])
@pytest.mark.parametrize("r", range(64))
def test_rotation_forms(r, copy):
    """rotate(w, r) then the word renaming it returns is lane >>> r, for
    whichever form (bits, byte rotation and bits) the planner picks, in
    place or as a copy of another lane's registers (which stay as they were)."""
    a = Capture("t")
    w = ["r4", "r5", "r6", "r7"]
    x = ["r8", "r9", "r10", "r14"]
    q = GEN.rotate(a, w, r, (lambda: "r11"), "lane", src=x if copy else None)
    rng = random.Random(r)
    for _ in range(8):
        v = rng.getrandbits(64)
        cpu = Msp430()
        words = {j: v >> (16 * j) & M16 for j in range(4)}
        cpu.r.update({w[j]: words[j] for j in range(4)} if not copy else
                     {w[j]: 0x5A5A for j in range(4)})
        if copy:
            cpu.r.update({x[j]: words[j] for j in range(4)})
        cpu.r["r11"] = 0
        cpu.run([ln for ln in a.lines if not ln.strip().startswith(";")])
        got = sum(cpu.r[w[(j + q) % 4]] << (16 * j) for j in range(4))
        assert got == ror(v, r, 64), (r, hex(v))
        if copy:
            assert [cpu.r[x[j]] for j in range(4)] == [words[j] for j in range(4)]


def body(variant: str = "fast") -> list[str]:
    return [ln.split(";")[0].strip() for ln in GEN.generate(variant).splitlines()]


@pytest.mark.parametrize("variant", GEN.VARIANTS)
def test_only_public_addresses_and_branches(variant):
    """Memory operands: the state pointers' (x(r12), @r12, @r12+; small's
    second pointer @r10+), the rate blocks' input and output (@r14+,
    x(r13), moved on by the block) and the saved registers' push/pop;
    branches: the round loop, small's column loop, the block loops."""
    for ln, op, args in instructions(body(variant)):
        for arg in args:
            if "(" in arg or arg.startswith("@"):
                assert re.fullmatch(r"-?\d+\(r12\)|@r12\+?|@r10\+|@r14\+|\d+\(r13\)", arg), ln
        if op.startswith("j"):
            assert len(args) == 1 and args[0] in (".Lround", ".Lcolumn", ".Labsorb", ".Lencrypt",
                                                  ".Ldecrypt"), ln
        if op == "call":
            assert args == ["#.Lcore"], ln


def test_round_cost_is_what_the_simulator_charges():
    lines = body()
    top = lines.index(".Lround:")
    end = lines.index("jne     .Lround")
    static = sum(cycles(ln) for ln in lines[top + 1:end + 1] if ln and not ln.startswith("."))
    t = usable_target(NAME)
    got = {}
    for scheme in ("ascon-p6", "ascon-p12"):
        (impl,) = [i for i in ASM if i.scheme == scheme and i.name == "asm_msp430"]
        res = t.run_job(impl, [Point("permutation", 0, 0, ("permutation",))])
        assert res.status == "ok", (impl_id(impl), res.detail)
        (counts,) = res.values.values()
        got[scheme] = counts["cycles"]
    assert got["ascon-p12"] - got["ascon-p6"] == 6 * static, (got, static)
