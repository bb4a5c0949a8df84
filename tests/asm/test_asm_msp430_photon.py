"""PHOTON256's MSP430 assembly (src/photon/msp430/gen.py -> bitsliced.S),
beyond what tests/asm/test_asm.py checks for every family:

- the S-box as the generator emits it (a Boolean program on plane words)
  computes PRESENT's table on all 16 inputs, and a program missing one
  instruction does not;
- the bit matrices the MixColumns code is generated from are the products
  by the serial matrix's last row over GF(2^4) / (x^4 + x + 1);
- the only conditional jumps in the file test loop counters (registers
  counted down from constants) or the round-constant pointer, never data;
- on msp430 the bare permutation takes no more than the seed's 17034
  cycles (the goal of issue 17), read back from lwc-msp430sim.
"""
from __future__ import annotations

import re

import pytest

from tests.helpers import ROOT, load_module, usable_target
from tests.models.perms import PRESENT_SBOX
from harness.discover import discover

GEN = ROOT / "src" / "photon" / "msp430" / "gen.py"
ASM = ROOT / "src" / "photon" / "msp430" / "bitsliced.S"
SEED_CYCLES = 17034


@pytest.fixture(scope="module")
def gen():
    return load_module(GEN, "photon_msp430_gen_own")


def planes_of(table: list[int]) -> list[int]:
    return [sum(((table[v] >> q) & 1) << v for v in range(16)) for q in range(4)]


def test_sbox_program_is_present(gen):
    assert gen.run_sbox_prog() == planes_of(PRESENT_SBOX)


def test_sbox_check_catches_a_missing_instruction(gen, monkeypatch):
    for i in range(len(gen.SBOX_PROG)):
        prog = gen.SBOX_PROG[:i] + gen.SBOX_PROG[i + 1:]
        monkeypatch.setattr(gen, "SBOX_PROG", prog)
        try:
            got = gen.run_sbox_prog()
        except KeyError:  # a temporary read before it is written
            continue
        assert got != planes_of(PRESENT_SBOX), f"instruction {i} is redundant"
    monkeypatch.undo()


def gf16_mul(a: int, b: int) -> int:
    r = 0
    for _ in range(4):
        if b & 1:
            r ^= a
        b >>= 1
        a = ((a << 1) ^ (0x13 if a & 8 else 0)) & 0xF
    return r


def test_mix_matrices(gen):
    assert gen.A_LAST == [2, 4, 2, 11, 2, 8, 5, 6]
    for c in range(1, 16):
        bm = gen.bmat(c)
        for v in range(16):
            got = sum(((sum(bm[q][p] * ((v >> p) & 1) for p in range(4)) & 1) << q)
                      for q in range(4))
            assert got == gf16_mul(v, c), (c, v)


def test_branches_test_only_counters():
    """Each jnz follows a dec of a register loaded with a constant, or of
    r15, the row count the byte routines are given (a length); the round
    loop's jne follows the compare of r14 (the round-constant pointer)
    with its end; the byte routines' jnz after `bit #1, r12` tests the
    parity of the row pointer (that of the row number), the permutation's
    first jnz after `tst r13` the round count; nothing else branches."""
    lines = [ln.split(";")[0].strip() for ln in ASM.read_text().splitlines()]
    ins = [ln for ln in lines if ln and not ln.endswith(":") and not ln.startswith(
        (".", "#", "/*", "*"))]
    counters = {m.group(1) for ln in ins if (m := re.match(r"mov\s+#\d+, (r\d+)$", ln))}
    counters.add("r15")
    jumps = 0
    for k, ln in enumerate(ins):
        op = ln.split()[0]
        if op in ("jnz", "jne", "jz", "jeq", "jc", "jnc", "jn", "jge", "jl", "jhs", "jlo"):
            jumps += 1
            prev = ins[k - 1]
            m = re.match(r"dec\s+(r\d+)$", prev)
            assert (m and m.group(1) in counters) or re.match(
                r"cmp\s+\d+\(r1\), r14$", prev) or (
                op == "jnz" and prev in ("bit     #1, r12", "tst     r13")), f"{ln} after {prev}"
    assert jumps >= 5


def test_permutation_cycles_within_the_seed():
    (impl,) = [i for i in discover() if i.scheme == "photon256" and i.name == "asm_msp430"]
    t = usable_target("msp430")
    session = t.open_session(t.build(impl))
    try:
        over, meas = session.run_all(["overhead 1", "measure photon256 asm_msp430 permutation 0 0 1"],
                                     [60.0, 60.0])
        assert over.ok and meas.ok, (over.error, meas.error)
        cyc = [int(re.search(r"\bcycles=(\d+)", r.ok).group(1)) for r in (over, meas)]
    finally:
        session.close()
    assert 10000 < cyc[1] - cyc[0] <= SEED_CYCLES, cyc
