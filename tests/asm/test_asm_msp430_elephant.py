"""Spongent-pi[160]'s MSP430 assembly (src/elephant/msp430/gen.py), checked
piece by piece where tests/asm/test_asm.py checks the whole (KAT, round
counts, constant time):

- the chunk routine (.Lcore: the four index exchanges and the S-box), run
  instruction by instruction from the generated file on random chunks
  (tests/models/msp430.py), against the transposition and the
  specification's S-box table (tests/models/perms.py, written out
  independently of the generator);
- the round constants: the generated table against common.h's definition
  of the LFSR and its reversal;
- the goal of issue 17 on the simulator: the bare permutation at or below
  the seed's 40495 cycles per call and its 822 code bytes, as the
  permutation table counts them (the assembly and the descriptor's C glue).
"""
from __future__ import annotations

import json
import random
import re
import subprocess

from tests.helpers import ROOT, load_module, usable_target
from tests.models.msp430 import Msp430
from tests.models.perms import SPONGENT_SBOX

CORE_OPS = {"mov", "mov.b", "and", "bic", "bis", "xor", "inv", "rra", "rla", "swpb"}
GOAL_CYCLES, GOAL_BYTES = 40495, 822


def gen():
    return load_module(ROOT / "src" / "elephant" / "msp430" / "gen.py", "elephant_msp430_gen")


def core_lines() -> list[str]:
    """.Lcore's lines, up to its ret."""
    text = (ROOT / "src" / "elephant" / "msp430" / "small.S").read_text().splitlines()
    start = text.index(".Lcore:")
    for end in range(start + 1, len(text)):
        if text[end].split(";")[0].split() == ["ret"]:
            return text[start + 1:end]
    raise AssertionError("no ret after .Lcore")


def run(lines: list[str], regs: dict[str, int]) -> dict[str, int]:
    """The routine on the MSP430 model, the registers not given at 0; it may
    use only the register-only instructions CORE_OPS (any other one fails
    the test, as does a memory operand)."""
    cpu = Msp430({f"r{i}": 0 for i in range(4, 16)} | regs)
    cpu.run(lines, only=CORE_OPS)
    return cpu.r


def entry_registers() -> dict[str, int]:
    """The registers the function sets once for the whole call (the
    exchange masks): its `mov #imm, rN` lines marked so."""
    text = (ROOT / "src" / "elephant" / "msp430" / "small.S").read_text()
    regs = {m[1]: int(m[0], 16) for m in re.findall(r"mov\s+#0x([0-9a-f]+), (r\d+)\s+; exchange mask", text)}
    assert len(regs) == 3, regs
    return regs


def test_core_is_transpose_then_sbox():
    g = gen()
    lines = core_lines()
    fixed = entry_registers()
    regs_in = [g.A, g.B, g.C, g.DD]  # register index (W1 W0) = (r0 r1)
    rnd = random.Random(17)
    for trial in range(200):
        vals = [rnd.getrandbits(16) for _ in range(4)] if trial else [0, 0, 0, 0]
        regs = {"r8": rnd.getrandbits(16), "r9": rnd.getrandbits(16), **fixed}
        out = run(lines, dict(regs, **dict(zip(regs_in, vals))))
        for cell in range(16):  # cell = 8 g + 4 r1 + 2 r0 + c0
            gg, r1, r0, c0 = cell >> 3, (cell >> 2) & 1, (cell >> 1) & 1, cell & 1
            word = vals[2 * r0 + r1]
            x = (word >> (8 * gg + 4 * c0)) & 0xF
            y = SPONGENT_SBOX[x]
            for p in range(4):
                assert (out[g.OUT[p]] >> cell) & 1 == (y >> p) & 1, (trial, cell, p)


def test_round_constants():
    """The table .Lrc in the generated file: per round the 7-bit LFSR value
    (from 0x75, x -> x << 1 | x6 ^ x5) and its 8-bit reversal."""
    text = (ROOT / "src" / "elephant" / "msp430" / "small.S").read_text()
    table = text[text.index(".Lrc:"):]
    got = [int(v, 16) for v in re.findall(r"0x([0-9a-f]{2})\b", table)]
    want, x = [], 0x75
    for _ in range(80):
        want += [x, sum(((x >> i) & 1) << (7 - i) for i in range(8))]
        x = ((x << 1) | (((x >> 6) ^ (x >> 5)) & 1)) & 0x7F
    assert got == want


def test_goal_of_issue_17(tmp_path):
    usable_target("msp430")
    out = tmp_path / "p.json"
    r = subprocess.run(["./lwcbench", "run", "--target", "msp430", "--jobs", "1", "--out", "none",
                        "--suite", "permutation", "--scheme", "spongent160", "--impl",
                        "asm_msp430", "--json", str(out)],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    (rec,) = [x for x in json.loads(out.read_text())["results"] if x["op"] == "permutation"]
    assert rec["kat"] == "pass"
    assert rec["cycles"] <= GOAL_CYCLES, rec["cycles"]
    assert rec["code_bytes"] <= GOAL_BYTES, rec["code_bytes"]  # the assembly and its C glue
