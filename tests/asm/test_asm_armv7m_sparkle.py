"""Sparkle384's Cortex-M3 assembly (src/sparkle/armv7m), its own checks; the
generic ones (generated files current, KATs on cortex-m3-qemu and on the
emulated MPS2 board, every step count against ref) are tests/asm/test_asm.py's,
no secret-dependent address tests/bench/test_ct.py's.

Here: each entry called directly (no benchmark dispatch, no descriptor),
priced by the cycle model at 0 wait states, against the count written by
hand from the generated code and the model's rules (docs/research.md, "The Cortex-M3
cycle model"); the 7-step entry is the one the seed's 778 cycles compare
with.  And the fast steps keep the state in registers.
"""
from __future__ import annotations

import pytest

from tests.helpers import ROOT, load_module
from tests.models import cm3

GEN = ROOT / "src" / "sparkle" / "armv7m" / "gen.py"


def gen():
    return load_module(GEN, "sparkle_armv7m_gen")


def direct_call_cost(tmp_path, variant: str, entry: str, steps: int) -> tuple[int, int]:
    """(instructions, modelled cycles) of one `mov r0, r8; movs r1, #steps;
    bl entry` on a 48-byte RAM state, at 0 wait states (tests/models/cm3.py)."""
    return cm3.direct_call_cost(tmp_path, f"sparkle/armv7m/{variant}.S", entry, steps)


P = 2  # the model's pipeline refill
CALL = 1 + 1 + 1 + P        # mov, movs, bl
ALZETTE = 12                # four rounds of add, eor, eor (rotations in the operand)
LINEAR = 2 * (2 + 1 + 6)    # per half: two xors, ell's xor, x_{b+3} ^= x_b ^ t
# fast, a step: six Alzettes, the linear layer, five MOVW/MOVT constants (the
# sixth carried over from the step before), y0 ^= c, y1 ^= s.  Step 0 loads
# six and has no y1 xor; steps 6 and 7 load c6, c7 for y0 on top; step 7
# (permute11 only, after the fork) loads six again.
STEP = 6 * ALZETTE + LINEAR + 2 * 5 + 2
STEPS_0_6 = (STEP + 2 - 1) + 5 * STEP + (STEP + 2)
STEPS_7_10 = (STEP + 2 + 2) + 3 * STEP
# permute7: call, push of 10 (11), 12 independent loads (13), steps 0-6, pop
# of the pointer (2), cbz not taken (1), stm of 12 (13), pop of 9 with pc
# (1 + 9 + P)
FAST7 = CALL + 11 + 13 + STEPS_0_6 + 2 + 1 + 13 + 12
# permute11: push, movs, push of the zero (2), b to the loads (1 + P), the
# same loads and steps 0-6, pop, cbz taken (1 + P), steps 7-10, pop, three
# stm runs of 2, 6 and 4 words (12 + 3), pop with pc
FAST11 = CALL + 11 + 1 + 2 + 1 + P + 13 + STEPS_0_6 + 2 + 1 + P + STEPS_7_10 + 2 + 15 + 12
# small, n steps: call, movs, push of 12 (13), cmp, beq not taken, ldm of 12
# (13); a step: the step constants (ldr s 2, adr, eors, and, ldr 2, eors),
# the branch loop six times (ldr with post-increment 2, Alzette, tst, 14
# moves, beq taken 1 + P but the last), the linear layer with its moves
# (2 x 13), the loop's end (ldrd 3, add, str 2, cmp, blo taken 1 + P); the
# last blo not taken (1); ldr the pointer (2), stm (13), add sp, pop with pc
BRANCH = 2 + ALZETTE + 1 + 14 + 1
SMALL_STEP = (1 + 2 + 1 + 1 + 2 + 1) + 6 * BRANCH + 5 * P + 2 * 13 + (3 + 1 + 2 + 1 + 1 + P)


def small(n: int) -> int:
    return CALL + 1 + 13 + 1 + 1 + 13 + n * SMALL_STEP - P + 2 + 13 + 1 + 12


def test_the_hand_counts():
    """What the counts below add up to: permute7 774, under the seed's 778
    (Keil's cycle-accurate model: cycles; these are modelled cycles)."""
    assert (STEPS_0_6, FAST7, FAST11, SMALL_STEP) == (717, 774, 1198, 234)
    assert FAST7 <= 778


@pytest.mark.parametrize("variant,entry,steps,want", [
    ("fast", "sparkle_armv7m_permute7", 7, FAST7),
    ("fast", "sparkle_armv7m_permute11", 11, FAST11),
    # the generic entry: 7 and 11 to the unrolled code (cmp, beq taken 1 + P,
    # permute7 without its call), any other count to the loop (two cmp and beq)
    ("fast", "sparkle_armv7m_permute", 7, FAST7 + 1 + 1 + P),
    ("fast", "sparkle_armv7m_permute", 5, small(5) + 4),
    ("small", "sparkle_armv7m_permute", 7, small(7)),
    ("small", "sparkle_armv7m_permute", 11, small(11)),
])
def test_direct_call_costs_the_hand_count(tmp_path, variant, entry, steps, want):
    _insns, cycles = direct_call_cost(tmp_path, variant, entry, steps)
    assert cycles == want


def test_the_unrolled_steps_touch_no_memory():
    """fast: from the loads to the fork, the state stays in registers: the 12
    loads and nothing else reads or writes memory (no spill)."""
    text = gen().generate("fast")
    body = text.split(".Lcommon:", 1)[1].split("cbz", 1)[0]
    ops = [ln.split()[0] for ln in body.splitlines()
           if ln.startswith("    ") and ln.strip() and not ln.strip().startswith(("@", "."))]
    mem = [op for op in ops if op.startswith(("ldr", "str", "ldm", "stm", "push", "pop"))]
    assert len(ops) > 7 * 100
    assert mem == ["ldr"] * 12 + ["pop"]
