#!/usr/bin/env python3
"""Generate the ARMv7-M (Cortex-M3, Thumb-2) assembly of Sparkle384.

    python3 -m src.sparkle.armv7m.gen        # rewrite src/sparkle/armv7m/*.S

The state is the C perm_state_t (core/perm.h, the word view): x0, y0, x1, y1, ..., x5, y5 as
twelve little-endian 32-bit words.  During the permutation all twelve live
in r0-r6 and r8-r12 (one STM in memory order); the two "spares" hold
Alzette's constant (r7: low, so that x ^= c is a 16-bit EORS wherever x is
in a low register, fewer flash lines at wait states) and the linear layer's
temporary (lr).  Both variants keep the modes in C:

    fast    sparkle_armv7m_permute7(state) and sparkle_armv7m_permute11(state):
            steps 0 .. 10 unrolled once, permute7 leaving after step 6.  The
            branch swap of each step is a renaming of the registers (no
            move), every rotation is the barrel shifter's ROR on an ADD or
            EOR operand, the constants are MOVW/MOVT immediates.  The fork
            after step 6 pops the word above the saved registers: permute7
            finds the state pointer there and stores, permute11 a zero it
            pushed (CBZ: one cycle for permute7, no flag kept across steps).
            sparkle_armv7m_permute(state, steps) sends 7 and 11 there and
            any other count to small's loop (the C side calls the two
            entries directly when the count is a constant).
    small   sparkle_armv7m_permute(state, steps): one step in a loop over a
            table of the step constants, in it one Alzette in a loop over
            the branches (the twelve words rotated a branch at a time, 14
            moves, back home after six); the branch swap as eight moves.

A step (specification, Sparkle384 with 6 branches, branch b = (x_b, y_b)):

    constants  y0 ^= c[s mod 8], y1 ^= s
    Alzette    on each branch b with c_b, four rounds of
                   x += y >>> r, y ^= x >>> r', x ^= c
               (r, r') = (31, 24), (17, 17), (0, 31), (24, 16): 12 one-cycle
               operations, the rotations in the operand
    linear     tx = ell(x0 ^ x1 ^ x2), ty = ell(y0 ^ y1 ^ y2),
               ell(v) = (v ^ (v << 16)) >>> 16 (one EOR with LSL #16, the
               >>> 16 folded into its uses);
               x_{b+3} ^= x_b ^ ty, y_{b+3} ^= y_b ^ tx (b = 0, 1, 2);
               the new branches 0..5 are the old 4, 5, 3, 0, 1, 2

Constants (fast): the six Alzettes of a step take their constants in an
order that begins with the one the last step left in its register (the
linear layer needs one temporary, so one spare keeps its constant) and ends
with c_{s+1}, which is the next step's c[s mod 8]: five MOVW/MOVT pairs a
step (six in step 0), plus one for c6 and c7.  Nothing branches or indexes
memory on the state.
"""
from __future__ import annotations

import pathlib
import sys

from src.asmgen.armv7m import Asm
from src.asmgen.emitter import text, write

HERE = pathlib.Path(__file__).resolve().parent



VARIANTS = ["fast", "small"]
C = [0xB7E15162, 0xBF715880, 0x38B4DA56, 0x324E7738, 0xBB1185EB, 0x4F7C7B57, 0xCFBFA1C8,
     0xC2B3293D]
ROT = [(31, 24), (17, 17), (0, 31), (24, 16)]  # Alzette's (r, r') round by round
PERM = [4, 5, 3, 0, 1, 2]   # new branch b is old branch PERM[b]
STATE = [f"r{k}" for k in range(7)] + [f"r{k}" for k in range(8, 13)]  # the words' registers
SPARES = ["r7", "lr"]  # r7 (low) for the constants: x ^= c is a 16-bit EORS where x is low
STATE_LIST = "{r0-r6, r8-r12}"
FAST_STEPS = 11  # unrolled: permute11; permute7 leaves after step 6


def word(kind: str, b: int) -> int:
    """Index of x_b (kind 'x') or y_b ('y') in the state (core/perm.h, word view)."""
    return 2 * b + (kind == "y")


def ror(k: int) -> str:
    return f"ror #{k}" if k % 32 else ""


def op3(a: Asm, op: str, rd: str, rn: str, rm: str, k: int = 0, comment: str = "") -> None:
    """rd = rn op (rm >>> k); without a rotation Asm.alu's form (a 16-bit
    flag-setting one where Thumb has it: no flag is kept across them)."""
    if k % 32 == 0 and op == "eor":
        a.alu(op, rd, rn, rm, comment=comment)
    elif k % 32:
        a(op, rd, rn, f"{rm}, ror #{k % 32}", comment=comment)
    else:
        a(op, rd, rn, rm, comment=comment)


def load_const(a: Asm, reg: str, j: int) -> None:
    a("movw", reg, f"#0x{C[j] & 0xFFFF:04x}", comment=f"c{j} = 0x{C[j]:08x}")
    a("movt", reg, f"#0x{C[j] >> 16:04x}")


def alzette(a: Asm, x: str, y: str, c: str, b: int) -> None:
    """Alzette on branch b, (x, y) with its constant in c: 12 operations."""
    a.note(f"Alzette, branch {b}: x{b} in {x}, y{b} in {y}, c{b} in {c}")
    for r, r2 in ROT:
        op3(a, "add", x, x, y, r, comment=f"x += y >>> {r}" if r else "x += y")
        op3(a, "eor", y, y, x, r2, comment=f"y ^= x >>> {r2}")
        a.alu("eor", x, x, c, comment="x ^= c")


def linear(a: Asm, loc: list[str], t: str) -> list[str]:
    """The linear layer on the words where loc has them, temporary t; returns
    the new locations (the branch swap as a renaming)."""
    X = [loc[word("x", b)] for b in range(6)]
    Y = [loc[word("y", b)] for b in range(6)]
    for src, dst, tn, un in ((Y, X, "ty", "y"), (X, Y, "tx", "x")):
        a.note(f"{tn} = ell({un}0 ^ {un}1 ^ {un}2), its >>> 16 in the uses; "
               f"{'x' if un == 'y' else 'y'}{{3,4,5}} ^= {'x' if un == 'y' else 'y'}{{0,1,2}} ^ {tn}")
        o = "x" if un == "y" else "y"
        op3(a, "eor", t, src[0], src[1], comment=f"{un}0 ^ {un}1")
        op3(a, "eor", t, t, src[2], comment=f"^ {un}2")
        a("eor", t, t, f"{t}, lsl #16", comment=f"{tn} <<< 16 = v ^ (v << 16)")
        for b in range(3):
            op3(a, "eor", dst[b + 3], dst[b + 3], dst[b], comment=f"{o}{b + 3} ^= {o}{b}")
            op3(a, "eor", dst[b + 3], dst[b + 3], t, 16, comment=f"{o}{b + 3} ^= {tn}")
    a.note("the branch swap, a renaming: branches 0..5 are now the old 4, 5, 3, 0, 1, 2")
    new = [""] * 12
    for b in range(6):
        for kind in "xy":
            new[word(kind, b)] = loc[word(kind, PERM[b])]
    return new


def fast_step(a: Asm, s: int, loc: list[str], carry: tuple[str, int] | None) -> tuple[list[str], tuple[str, int]]:
    """Step s with the words at loc; carry: (register, j) holding c_j from
    the step before.  Returns the new locations and the carried constant."""
    sc = s % 8
    a.note(f"step {s}: y0 ^= c{sc}, y1 ^= {s}")
    last = (s + 1) % 8  # the step's last Alzette: the next step's c[s mod 8], if an Alzette's
    if carry is None:  # the first constant: the step's own if it is an Alzette's, else not `last`
        first = sc if sc < 6 else min(b for b in range(6) if b != last)
        load_const(a, SPARES[0], first)
        carry = (SPARES[0], first)
    A, j = carry
    B = SPARES[1] if A == SPARES[0] else SPARES[0]
    x = lambda b: loc[word("x", b)]  # noqa: E731
    y = lambda b: loc[word("y", b)]  # noqa: E731
    if sc == j:
        op3(a, "eor", y(0), y(0), A, comment=f"y0 ^= c{sc}")
    else:
        assert sc >= 6, (s, j)  # the order below leaves c_{s+1} for the next step
        load_const(a, B, sc)
        op3(a, "eor", y(0), y(0), B, comment=f"y0 ^= c{sc}")
    if s:
        a("eor", y(1), y(1), f"#{s}", comment=f"y1 ^= {s}")
    order = [j] + [b for b in range(6) if b not in (j, last)] + ([last] if last < 6 and last != j else [])
    assert sorted(order) == list(range(6)), order
    cur = A
    for k, b in enumerate(order):
        if k:
            cur = A  # the constant lives in A for the whole step: B is free for the linear layer
            load_const(a, cur, b)
        alzette(a, x(b), y(b), cur, b)
    return linear(a, loc, B), (A, order[-1])


def store(a: Asm, loc: list[str], ptr: str) -> None:
    """The twelve words from their registers to [ptr]: STMs over runs of
    ascending registers (writeback between runs)."""
    runs: list[list[str]] = [[loc[0]]]
    for w in range(1, 12):
        if int(loc[w][1:]) > int(runs[-1][-1][1:]):
            runs[-1].append(loc[w])
        else:
            runs.append([loc[w]])
    for k, run in enumerate(runs):
        wb = "!" if k < len(runs) - 1 else ""
        a("stm", f"{ptr}{wb}", "{" + ", ".join(run) + "}")


def perm_power(k: int) -> list[int]:
    """Branch b after k steps holds what branch perm_power(k)[b] held before."""
    p = list(range(6))
    for _ in range(k):
        p = [p[PERM[b]] for b in range(6)]
    return p


def fast(a: Asm) -> None:
    # registers at the start, chosen so that after 7 steps x0, y0, ..., y5
    # are STATE in order (one STM)
    p7 = perm_power(7)
    loc0 = [""] * 12
    for b in range(6):
        for kind in "xy":
            loc0[word(kind, p7[b])] = STATE[word(kind, b)]
    sym7 = a.func("sparkle_armv7m_permute7")
    a.note("r0 = state: Sparkle384 with 7 steps (the fork after step 6 pops this pointer and stores)")
    a.label(".Lp7")
    a("push", "{r0, r4-r11, lr}", comment="the state pointer at [sp]")
    a.label(".Lcommon")
    a.note("the state: word w into register loc0[w] (its own pointer r0 last)")
    order = [w for w in range(12) if loc0[w] != "r0"] + [loc0.index("r0")]
    for w in order:
        a("ldr", loc0[w], f"[r0, #{4 * w}]", comment=f"{'xy'[w % 2]}{w // 2}")
    loc, carry = loc0, None
    for s in range(FAST_STEPS):
        loc, carry = fast_step(a, s, loc, carry)
        if s == 6:
            A, _j = carry
            carry = None  # A is the fork's: step 7 loads its first constant again
            a.note("the fork: permute7 finds the state pointer on the stack, permute11 a zero above it")
            a("pop", f"{{{A}}}")
            a("cbz", A, ".Lstep7", comment="permute11 goes on")
            a.note("7 steps: the words are in " + STATE_LIST + " in their order")
            assert loc == STATE, loc
            a("stm", A, STATE_LIST)
            a("pop", "{r4-r11, pc}")
            a.endfunc(sym7)
            a.raw("")
            sym11 = a.func("sparkle_armv7m_permute11")
            a.label(".Lp11")
            a.note("r0 = state: Sparkle384 with 11 steps (a zero above the saved registers: on after step 6)")
            a("push", "{r0, r4-r11, lr}", comment="the state pointer at [sp]")
            a("movs", SPARES[0], "#0")
            a("push", f"{{{SPARES[0]}}}", comment="above it a zero: the fork after step 6 goes on")
            a("b", ".Lcommon")
            a.label(".Lstep7")
    a.note("11 steps: the words where the renaming left them")
    a("pop", f"{{{SPARES[0]}}}", comment="the state pointer")
    store(a, loc, SPARES[0])
    a("pop", "{r4-r11, pc}")
    a.endfunc(sym11)


# -- small: one step in a loop ---------------------------------------------------
def small_loop(a: Asm, entry: str) -> None:
    """The looped permutation under label `entry` (r0 = state, r1 = steps,
    0 .. 12): the words in STATE in their order, c_b in r7 (Alzette), the
    linear layer's ell in r7 and its new branch in lr; the frame holds
    the state pointer, the count and the step index."""
    x = lambda b: STATE[word("x", b)]  # noqa: E731
    y = lambda b: STATE[word("y", b)]  # noqa: E731
    T, K = SPARES
    a.label(entry)
    a("movs", "r2", "#0", comment="s = 0")
    a("push", "{r0-r2, r4-r11, lr}", comment="[sp] state, [sp, #4] steps, [sp, #8] s")
    a("cmp", "r1", "#0")
    a("beq", ".Lloop_done")
    a("ldm", "r0", STATE_LIST, comment="x0, y0, ..., x5, y5")
    a.label(".Lloop_step")
    a("ldr", T, "[sp, #8]", comment="s (first: 16-bit, the loop's branch target)")
    a("adr", K, ".Lloop_c", comment="the constants c0 .. c7")
    a.alu("eor", y(1), y(1), T, comment="y1 ^= s")
    a("and", T, T, "#7")
    a("ldr", T, f"[{K}, {T}, lsl #2]", comment="c[s mod 8]")
    a.alu("eor", y(0), y(0), T, comment="y0 ^= c[s mod 8]")
    a.note("the six Alzettes: one on branch 0's registers, then the branches rotated by one")
    a.label(".Lloop_branch")
    a("ldr", T, f"[{K}], #4", comment="c_b, in branch order")
    alzette(a, x(0), y(0), T, "b (in branch 0's registers)")
    assert (C[5] >> 30) & 1 and not any((c >> 30) & 1 for c in C[:5])
    a("tst", T, "#0x40000000", comment="bit 30: set in c5 alone of c0 .. c5 (the last branch)")
    for kind in "xy":
        r = [STATE[word(kind, b)] for b in range(6)]
        a("mov", T, r[0], comment=f"{kind}0 .. {kind}5 = {kind}1 .. {kind}5, {kind}0 (MOV: the flags stay)")
        for b in range(5):
            a("mov", r[b], r[b + 1])
        a("mov", r[5], T)
    a("beq", ".Lloop_branch")
    a.note("linear layer: new left branch b = old (b+1 mod 3)+3 ^ old b+1 mod 3 ^ ell;"
           " new right = old left (moves)")
    # the x words first (ty from y0..y2), then the y words (tx from x0..x2,
    # which the moves have just put in x3..x5)
    for kind, other, srcb in (("y", "x", (0, 1, 2)), ("x", "y", (3, 4, 5))):
        src = [STATE[word(kind, b)] for b in srcb]
        dst = [STATE[word(other, b)] for b in range(6)]
        a.note(f"t{kind} = ell({kind}0 ^ {kind}1 ^ {kind}2) into {other}"
               + (" (x0..x2 now in x3..x5)" if kind == "x" else ""))
        a("eor", T, src[0], src[1], comment=f"{kind}0 ^ {kind}1")
        a.alu("eor", T, T, src[2], comment=f"^ {kind}2")
        a("eor", T, T, f"{T}, lsl #16", comment=f"t <<< 16 = v ^ (v << 16): t = ell(v)")
        # new d0 = d4 ^ d1 ^ t, new d1 = d5 ^ d2 ^ t, new d2 = d3 ^ d0 ^ t,
        # new d3 = d0, new d4 = d1, new d5 = d2
        a("eor", K, dst[3], dst[0], comment=f"new {other}2 = {other}3 ^ {other}0 ^ t (in {K})")
        a("eor", K, K, f"{T}, ror #16")
        a("mov", dst[3], dst[0], comment=f"new {other}3 = {other}0")
        a("eor", dst[0], dst[4], dst[1], comment=f"new {other}0 = {other}4 ^ {other}1 ^ t")
        a("eor", dst[0], dst[0], f"{T}, ror #16")
        a("mov", dst[4], dst[1], comment=f"new {other}4 = {other}1")
        a("eor", dst[1], dst[5], dst[2], comment=f"new {other}1 = {other}5 ^ {other}2 ^ t")
        a("eor", dst[1], dst[1], f"{T}, ror #16")
        a("mov", dst[5], dst[2], comment=f"new {other}5 = {other}2")
        a("mov", dst[2], K, comment=f"new {other}2")
    a("ldrd", T, K, "[sp, #4]", comment="steps, s")
    a("add", K, K, "#1")
    a("str", K, "[sp, #8]")
    a("cmp", K, T)
    a("blo", ".Lloop_step")
    a("ldr", T, "[sp]", comment="the state pointer")
    a("stm", T, STATE_LIST)
    a.label(".Lloop_done")
    a("add", "sp", "sp", "#12")
    a("pop", "{r4-r11, pc}")
    a.raw("    .balign 4")
    a.label(".Lloop_c")
    for j in range(8):
        a.raw(f"    .word 0x{C[j]:08x}                        @ c{j}")


def generate(variant: str) -> str:
    a = Asm(variant)
    a.banner("src/sparkle/armv7m/gen.py", """\
ARMv7-M (Cortex-M3), Thumb-2: Sparkle384 on the C state of core/perm.h
(x0, y0, ..., x5, y5, 32-bit words).  All twelve words in r0-r6, r8-r12
during the permutation, r7 and lr for the constants and the linear layer;
r4-r11 saved.""")
    a.start()
    sym = a.func("sparkle_armv7m_permute")
    if variant == "fast":
        a.note("r0 = state, r1 = steps (0 .. 12): 7 and 11 to their unrolled entries, any other"
               " count to the loop")
        a("cmp", "r1", "#7")
        a("beq", ".Lp7")
        a("cmp", "r1", "#11")
        a("beq", ".Lp11")
    else:
        a.note("r0 = state, r1 = steps (0 .. 12): one step in a loop")
    small_loop(a, ".Lloop")
    a.endfunc(sym)
    if variant == "fast":
        a.raw("")
        fast(a)
    return text(a)


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
