"""Ascon's MSP430 assembly (src/ascon/msp430/gen.py) beyond the generic
checks of tests/asm/test_asm.py (generated files current, KATs, round
counts against ref, misaligned, in-place and incremental calls of every
asm_msp430 scheme) and tests/bench/test_ct.py:

* every Ascon member, the three bare permutations and ISAP have both
  variants (asm_msp430, asm_msp430_small);
* the S-box instructions, as the generator emits them, compute the
  specification's table on every input in every bit position;
* the lane rotations (bit steps, the byte rotation), run by a small model
  of the instructions they use, rotate every lane by the right amount;
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
from harness.bench.targets.base import Point
from harness.discover import discover

NAME = "msp430"
GEN = load_module(ROOT / "src" / "ascon" / "msp430" / "gen.py", "ascon_msp430_gen_family")
ASM = [i for i in discover() if i.name in ("asm_msp430", "asm_msp430_small")]
M16 = 0xFFFF


def test_every_member_has_the_assembly():
    members = {i.scheme for i in discover() if i.name == "lowsize" and "ascon" in i.scheme}
    assert len(members) == 17  # 11 schemes, Mac, Prf, PrfShort and p12, p8, p6
    for name in ("asm_msp430", "asm_msp430_small"):
        have = {i.scheme for i in ASM if i.name == name}
        assert members | {"isap-a-128a"} <= have, (name, sorted(members - have))


class Cpu:
    """Just enough of MSP430 to run the generator's register-only code:
    16-bit registers and the carry."""

    def __init__(self):
        self.r: dict[str, int] = {}
        self.c = 0

    def val(self, s: str) -> int:
        return int(s[1:]) & M16 if s.startswith("#") else self.r[s]

    def run(self, lines: list[str]) -> None:
        for ln in lines:
            ln = ln.split(";")[0].strip()
            if not ln:
                continue
            op, _, rest = ln.partition(" ")
            args = [x.strip() for x in rest.split(",")] if rest.strip() else []
            d = args[-1]
            if op == "mov":
                self.r[d] = self.val(args[0])
            elif op == "xor":
                self.r[d] ^= self.val(args[0])
            elif op == "xor.b":
                self.r[d] = (self.r[d] ^ self.val(args[0])) & 0xFF
            elif op == "bic":
                self.r[d] &= ~self.val(args[0]) & M16
            elif op == "inv":
                self.r[d] ^= M16
            elif op == "swpb":
                v = self.r[d]
                self.r[d] = (v >> 8 | v << 8) & M16
            elif op == "bit":
                self.c = int(self.val(args[0]) & self.r[d] != 0)
            elif op == "rrc":
                v = self.r[d]
                self.r[d] = v >> 1 | self.c << 15
                self.c = v & 1
            elif op in ("rla", "rlc", "adc"):
                v = self.r[d]
                s = (v << 1 if op != "adc" else v) + (self.c if op != "rla" else 0)
                self.r[d] = s & M16
                self.c = s >> 16
            else:
                raise AssertionError(f"model lacks {op}")


class Capture(GEN.Asm):
    pass


def ascon_sbox(x: list[int]) -> list[int]:
    """The specification's S-box, bitsliced on 16-bit words (SP 800-232, 3.3)."""
    x = list(x)
    x[0] ^= x[4]
    x[4] ^= x[3]
    x[2] ^= x[1]
    t = [(~x[i] & M16) & x[(i + 1) % 5] for i in range(5)]
    for i in range(5):
        x[i] ^= t[(i + 1) % 5]
    x[1] ^= x[0]
    x[0] ^= x[4]
    x[3] ^= x[2]
    x[2] = ~x[2] & M16
    return x


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
            cpu = Cpu()
            cpu.r.update(zip(xs, x))
            cpu.r.update(zip(ts, [0x1234, 0x5678, 0x9ABC]))
            cpu.run(a.lines)
            assert [cpu.r[r] for r in xs] == ascon_sbox(x), (v, w)


def ror64(v: int, n: int) -> int:
    n %= 64
    return (v >> n | v << (64 - n)) & (2**64 - 1)


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
        cpu = Cpu()
        words = {j: v >> (16 * j) & M16 for j in range(4)}
        cpu.r.update({w[j]: words[j] for j in range(4)} if not copy else
                     {w[j]: 0x5A5A for j in range(4)})
        if copy:
            cpu.r.update({x[j]: words[j] for j in range(4)})
        cpu.r["r11"] = 0
        cpu.run([ln for ln in a.lines if not ln.strip().startswith(";")])
        got = sum(cpu.r[w[(j + q) % 4]] << (16 * j) for j in range(4))
        assert got == ror64(v, r), (r, hex(v))
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
    for ln in body(variant):
        if not ln or ln.startswith((".", "#", "/*", "*", "LWC_")) or ln.endswith(":"):
            continue
        op, _, rest = ln.partition(" ")
        for arg in [x.strip() for x in rest.split(",")] if rest.strip() else []:
            if "(" in arg or arg.startswith("@"):
                assert re.fullmatch(r"-?\d+\(r12\)|@r12\+?|@r10\+|@r14\+|\d+\(r13\)", arg), ln
        if op.startswith("j"):
            assert rest.strip() in (".Lround", ".Lcolumn", ".Labsorb", ".Lencrypt", ".Ldecrypt"), ln
        if op == "call":
            assert rest.strip() == "#.Lcore", ln


def cycles(ln: str) -> int:
    """SLAU049's cycles (tables 3-14 to 3-16) for what the generator emits."""
    op, _, rest = ln.partition(" ")
    args = [x.strip() for x in rest.split(",")] if rest.strip() else []
    cg = {"#0", "#1", "#2", "#4", "#8", "#-1"}
    if op.startswith("j"):
        return 2
    if op in ("rrc", "swpb"):
        return 1
    emulated = {"inv": ["#-1"], "rla": [args[0]] if args else [], "rlc": [args[0]] if args else [],
                "adc": ["#0"]}
    if op in emulated:
        args = emulated[op] + args
    s, d = args
    src = 1 if (re.fullmatch(r"r\d+", s) or s in cg) else 3 if "(" in s else 2
    return src + (3 if "(" in d else 0)


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
