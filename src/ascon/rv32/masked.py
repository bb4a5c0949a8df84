"""The RV32 masked permutation: Ascon's p^n on two Boolean shares, the
variants masked (RV32I) and masked_zbb (Zbb: andn, rori; Zbkb has both too),
and on three, masked3_zbb (below, at "three shares").  Written by gen.py
(the family's one script) beside its other variants.

    ascon_masked_rv32_permute(x, rounds, r)   x: the masked backend's state
        (backend_masked.h: uint32_t x[2][2][5], share j's words rotated left
        by 7j bits), rounds 1..12, r: 2 * rounds fresh random words

Why assembly: the C of backend_masked.h relies on empty asm statements to
keep a compiler from adding two terms of one share before they reach the
state (which ANDs a share with a whole secret); here every instruction,
register and order is fixed, and `./lwcbench leak` checks the result on
the Ibex RTL.

Registers: the whole state stays in twenty registers for all n rounds
(the first round's loads to the last round's stores); a round reads two
random words and a constant pair from memory:

    share 0   e0..e4 S0E, o0..o4 S0O      share 1   e0..e4 S1E, o0..o4 S1O
    z         Z: chi's sharing of zero (share 0, share 1)
    a1        the round constants' pointer (.Lmasked_rc: even, odd word)
    a2        the random words' pointer
    a3 a4     temporaries (a0, the state pointer, waits on the stack)

A round, each 32-bit half (the even words, then the odd) of the S-box on
both shares, then the linear layer share by share:

    constant   into share 0 of x2
    affine     x0 ^= x4, x4 ^= x3, x2 ^= x1, share 0 then share 1
    chi        five Toffoli gates x ^= ~p & q in place (t2 into z, t4, t1,
               t3, t0: ascon-c's order, Gigerl et al., ePrint 2024/755),
               each as four terms into x's shares, in the order
                   x0 ^= ~p0 & q0          share 0
                   x1 ^= p1 & (q0 <<< 7)   q0 moved to share 1's rotation
                   x0 ^= ~p0 & (q1 >>> 7)  q1 moved to share 0's
                   x1 ^= p1 & q1           share 1
               so that no register or bus holds p1 & q0' and then p1 & q1
               (their xor, p1 & q', is an AND with the secret q); after
               each term its temporary is cleared (li t, 0: a zero through
               the ALU's operands and result and into the register), as
               without it the result bus went from x0 ^ (~p0 & q0) to
               q0 <<< 7 and leaked (|t| 21 at 20,000 traces); then
               x2 ^= z, share by share
    affine     x1 ^= x0, x0 ^= x4, x3 ^= x2, ~x2 (share 0)
    linear     x ^= (x >>> r0) ^ (x >>> r1) lane by lane, all of share 0,
               then all of share 1 (rotations commute with the shares'
               own rotation)
"""
from __future__ import annotations

from src.ascon.masked_gadget import TERMS3, align3
from src.asmgen.emitter import declare, size, text

S0E = ["t0", "t1", "t2", "t3", "t4"]
S0O = ["t5", "t6", "a5", "a6", "a7"]
S1E = ["s0", "s1", "s2", "s3", "s4"]
S1O = ["s5", "s6", "s7", "s8", "s9"]
Z = ["s10", "s11"]
RC, RND = "a1", "a2"
TMP = ["a3", "a4"]
SAVED = [*S1E, *S1O, *Z, "a0"]  # a0: the state pointer, for the stores
FRAME = 64
ROT1 = 7  # share 1's rotation (backend_masked.h: ASCON_ROT(1))

VARIANTS = ["masked", "masked_zbb", "masked3_zbb"]


def base():
    """The family's generator, gen.py (which imports this module): its Asm,
    round constants, SIGMA and rot_src, read when the files are written."""
    from src.ascon.rv32 import gen
    return gen


class Ops:
    """The few operations whose RV32I and Zbb forms differ."""

    def __init__(self, a, zbb: bool):
        self.a, self.zbb = a, zbb

    def rori(self, rd: str, rs: str, k: int, scratch: str, comment: str = "") -> None:
        """rd = rs >>> k (rd != rs, rd != scratch for RV32I's three steps)."""
        k %= 32
        if k == 0:
            self.a("mv", rd, rs, comment=comment)
            return
        if self.zbb:
            self.a("rori", rd, rs, k, comment=comment)
            return
        assert rd not in (rs, scratch)
        self.a("srli", rd, rs, k, comment=comment)
        self.a("slli", scratch, rs, 32 - k)
        self.a("or", rd, rd, scratch)

    def andn(self, rd: str, rs1: str, rs2: str, comment: str = "") -> None:
        """rd = rs1 & ~rs2; RV32I: rd = ~rs2, rd &= rs1 (rd != rs1)."""
        if self.zbb:
            self.a("andn", rd, rs1, rs2, comment=comment)
            return
        assert rd != rs1
        self.a("not", rd, rs2, comment=comment)
        self.a("and", rd, rd, rs1)


def toffoli(o: Ops, x: list[str], p: list[str], q: list[str], name: str) -> None:
    """x ^= ~p & q on two shares (x, p, q: [share 0, share 1] registers),
    the four terms in the order of the module's comment; t, u temporaries,
    each cleared after its term joins x (li: a zero through the ALU's
    operands and result and into the register, between any two terms)."""
    a = o.a
    t, u = TMP[0], TMP[1]
    o.andn(t, q[0], p[0], comment=f"{name}: x0 ^= ~p0 & q0")
    a("xor", x[0], x[0], t)
    a("li", t, 0)
    o.rori(t, q[0], 32 - ROT1, u, comment="q0 <<< 7: share 1's rotation")
    a("and", t, t, p[1], comment="x1 ^= p1 & (q0 <<< 7)")
    a("xor", x[1], x[1], t)
    a("li", t, 0)
    o.rori(t, q[1], ROT1, u, comment="q1 >>> 7: share 0's rotation")
    o.andn(u, t, p[0], comment="x0 ^= ~p0 & (q1 >>> 7)")
    a("xor", x[0], x[0], u)
    a("li", u, 0)
    a("and", t, p[1], q[1], comment="x1 ^= p1 & q1")
    a("xor", x[1], x[1], t)
    a("li", t, 0)


def sbox(o: Ops, x: list[list[str]], rnd_off: int, half: str) -> None:
    """The S-box on one half of both shares; x[i] = [share 0, share 1] of
    lane i's word of this half; z from the random words at rnd_off."""
    a = o.a
    a.note(f"S-box, {half} words, both shares")
    affine_in(a, x, 2)
    a("lw", Z[0], f"{rnd_off}({RND})", comment="z: a fresh sharing of zero")
    o.rori(Z[1], Z[0], 32 - ROT1, TMP[1])
    toffoli(o, Z, x[3], x[4], "z ^= ~x3 & x4 (t2)")
    toffoli(o, x[4], x[0], x[1], "x4 ^= ~x0 & x1 (t4)")
    toffoli(o, x[1], x[2], x[3], "x1 ^= ~x2 & x3 (t1)")
    toffoli(o, x[3], x[4], x[0], "x3 ^= ~x4 & x0 (t3: the new x4, same AND)")
    toffoli(o, x[0], x[1], x[2], "x0 ^= ~x1 & x2 (t0: the new x1, same AND)")
    affine_out(a, x, Z, 2)


def affine_in(a, x: list[list[str]], ns: int) -> None:
    """The S-box's first affine part, share by share (x[i][j]: lane i's
    share j)."""
    for j in range(ns):
        a("xor", x[0][j], x[0][j], x[4][j], comment=f"share {j}: x0 ^= x4, x4 ^= x3, x2 ^= x1")
        a("xor", x[4][j], x[4][j], x[3][j])
        a("xor", x[2][j], x[2][j], x[1][j])


def affine_out(a, x: list[list[str]], z: list[str], ns: int) -> None:
    """t2 (in z) into x2, then the S-box's last affine part share by share
    and its NOT (share 0)."""
    for j in range(ns):
        a("xor", x[2][j], x[2][j], z[j], comment="x2 ^= z (t2)" if j == 0 else "")
    for j in range(ns):
        a("xor", x[1][j], x[1][j], x[0][j], comment=f"share {j}: x1 ^= x0, x0 ^= x4, x3 ^= x2")
        a("xor", x[0][j], x[0][j], x[4][j])
        a("xor", x[3][j], x[3][j], x[2][j])
    a("not", x[2][0], x[2][0], comment="x2 = ~x2 (share 0)")


def linear(o: Ops, e: list[str], od: list[str], temps: tuple[str, str, str]) -> None:
    """x_i ^= (x_i >>> r0) ^ (x_i >>> r1) on every lane of one share, its
    even words in e, its odd in od; temps: three free registers (TMP[1] the
    RV32I rotations' scratch)."""
    a, gen = o.a, base()
    d0, d1, d2 = temps
    for i, (r0, r1) in enumerate(gen.SIGMA):
        for half, dst in (("e", d0), ("o", d1)):
            s0, k0 = gen.rot_src(e[i], od[i], r0, half)
            s1, k1 = gen.rot_src(e[i], od[i], r1, half)
            o.rori(dst, s0, k0, TMP[1],
                   comment=f"x{i} >>> {r0}, >>> {r1}: {half} word" if half == "e" else "")
            o.rori(d2, s1, k1, TMP[1])
            a("xor", dst, dst, d2)
        a("xor", e[i], e[i], d0)
        a("xor", od[i], od[i], d1)


def begin(a, name: str, args: str, saved: list[str]) -> None:
    """The file's head, the function's symbol, its frame and saved
    registers, RC at round 12 - rounds of the constants' table."""
    a.raw('#include "asmgen/sym.h"')
    a.raw("")
    a.raw("    .text")
    a.raw("    .balign 4")
    declare(a, name)
    a.note(args)
    a("addi", "sp", "sp", -FRAME)
    for k, r in enumerate(saved):
        a("sw", r, f"{4 * k}(sp)")


def first_round(a, table: str) -> None:
    a("li", TMP[0], 12)
    a("sub", TMP[0], TMP[0], "a1", comment="the first round: 12 - rounds")
    a("slli", TMP[0], TMP[0], 3)
    a("la", RC, table)
    a("add", RC, RC, TMP[0])


def next_round(a, table: str, loop: str) -> None:
    a("addi", RC, RC, 8)
    a("la", TMP[0], f"{table}_end")
    a("bne", RC, TMP[0], loop)


def end(a, name: str, saved: list[str], table: str) -> None:
    """The saved registers back, return; the round constants' table (even
    and odd bits of each round's)."""
    for k, r in enumerate(saved):
        a("lw", r, f"{4 * k}(sp)")
    a("addi", "sp", "sp", FRAME)
    a("ret")
    size(a, name)
    a.raw("")
    a.raw("    .section .rodata")
    a.raw("    .balign 4")
    a.label(table)
    for i in range(12):
        even, odd = base().round_constants(i)
        a.raw(f"    .word {even}, {odd}")
    a.label(f"{table}_end")


def generate(variant: str) -> str:
    if variant == "masked3_zbb":
        return generate3(variant)
    a = base().Asm(variant)
    o = Ops(a, zbb=variant == "masked_zbb")
    a.banner("src/ascon/rv32/gen.py", __doc__.split("\n\n")[0].replace("\n", " ").strip()
             .removeprefix("The RV32 masked permutation: ") + "\n"
             "State in memory: backend_masked.h's x[2][2][5] (share, half, lane).\n"
             f"Registers: share 0 {'/'.join(S0E)} (even), {'/'.join(S0O)} (odd); share 1 "
             f"{'/'.join(S1E)}, {'/'.join(S1O)};\nz {'/'.join(Z)}; temporaries "
             f"{'/'.join(TMP)}; the doc string of src/ascon/rv32/masked.py says more.")
    name = "LWC_SYM(ascon_masked_rv32_permute)"
    begin(a, name, "a0 = x[2][2][5], a1 = rounds (1..12), a2 = 2 * rounds random words", SAVED)
    regs = [*S0E, *S0O, *S1E, *S1O]
    for k, r in enumerate(regs):
        a("lw", r, f"{4 * k}(a0)")
    first_round(a, ".Lmasked_rc")
    a.label(".Lmasked_round")
    a("lw", TMP[0], f"0({RC})", comment="the round constant, even and odd bits")
    a("lw", TMP[1], f"4({RC})")
    a("xor", S0E[2], S0E[2], TMP[0])
    a("xor", S0O[2], S0O[2], TMP[1])
    sbox(o, [[S0E[i], S1E[i]] for i in range(5)], 0, "even")
    sbox(o, [[S0O[i], S1O[i]] for i in range(5)], 4, "odd")
    a("addi", RND, RND, 8)
    for j, (e, od) in enumerate(((S0E, S0O), (S1E, S1O))):
        a.note(f"linear layer, share {j}")
        linear(o, e, od, (Z[0], Z[1], TMP[0]))
    next_round(a, ".Lmasked_rc", ".Lmasked_round")
    a("lw", "a0", f"{4 * SAVED.index('a0')}(sp)")
    for k, r in enumerate(regs):
        a("sw", r, f"{4 * k}(a0)")
    for r in [*regs, *TMP]:  # no share left where the caller does not restore
        if r not in SAVED:
            a("li", r, 0)
    end(a, name, SAVED, ".Lmasked_rc")
    return text(a)


# -- three shares (masked3_zbb) ----------------------------------------------
# The masked state x[3][2][5] is thirty words: it does not fit beside the
# pointers, z and a temporary.  A round keeps in registers what the next
# step reads and stores only the rest:
#
#   in:  the even words of the three shares, from the last round's linear
#        layer (or loaded on entry), in D, A, B (share 0, 1, 2)
#   S-box on the even words in D, A, B; stored (the odd half needs them)
#   S-box on the odd words, loaded into A, B, C
#   linear layer, share j: its even words loaded into D, A, B (j = 0, 1, 2:
#        the set its odd words' predecessor left), its odd words (A, B or C)
#        stored after; its even words stay for the next round's S-box
#
# A set takes another share's words only where they are of the other half
# (the S-box's even results, then odd loads; the odd results stored, then
# the next share's even words): never two shares of one word.  The terms
# are not followed by the 2-share gadget's clears: any one value or
# transition holds at most two of a word's three shares, and
# `./lwcbench leak --order 2` passes without them.
A3 = ["t0", "t1", "t2", "t3", "t4"]
B3 = ["s0", "s1", "s2", "s3", "s4"]
C3 = ["s5", "s6", "s7", "s8", "s9"]
D3 = ["t5", "t6", "s10", "s11", "ra"]
EVEN3 = [D3, A3, B3]  # share j's even words, linear layer to S-box
ODD3 = [A3, B3, C3]   # share j's odd words, S-box to linear layer
Z3 = ["a5", "a6", "a7"]
PTR3 = "a0"
SAVED3 = ["s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "ra"]
def word3(share: int, half: int, lane: int) -> int:
    return 4 * (10 * share + 5 * half + lane)


def move3(a, op: str, regs: list[list[str]], shares: list[int], half: int) -> None:
    """Load or store (op) one half's words of the given shares, regs[k]
    holding share shares[k]'s five lanes."""
    for k, j in enumerate(shares):
        for i in range(5):
            a(op, regs[k][i], f"{word3(j, half, i)}({PTR3})")


def term3(a, x: str, op: str, first: str, second: str, rot: int, name: str) -> None:
    """x ^= first OP (second >>> rot) (OP: and, andn = first & ~..., or;
    `second` rotated into the target share's place).  No clear after it, as
    two shares of three reveal nothing: without the 2-share gadget's clears
    the assessment passes at first and second order (docs/masking.md)."""
    t = TMP[0]
    src = second
    if rot:
        a("rori", t, second, rot, comment=f"{name}")
        src = t
    line = (op, t, first, src) if op != "andn_rev" else ("andn", t, src, first)
    a(*line, comment="" if rot else name)
    a("xor", x, x, t)


def toffoli3(a, x: list[str], p: list[str], q: list[str], name: str) -> None:
    """x ^= ~p & q on three shares: src/ascon/masked_gadget.py's nine terms,
    each into one share of x."""
    a.note(name)
    for j, op, k, text in TERMS3:
        term3(a, x[j], op, p[j], q[k], align3(k, j), text)


def sbox3(a, half: int, regs: list[list[str]]) -> None:
    """The S-box on one half's words of the three shares, in regs[j]."""
    name = ("even", "odd")[half]
    a.note(f"S-box, {name} words, three shares: " +
           "; ".join(f"share {j} {'/'.join(regs[j])}" for j in range(3)))
    a("lw", TMP[0], f"{4 * half}({RC})", comment="x2 ^= the round constant (share 0)")
    a("xor", regs[0][2], regs[0][2], TMP[0])
    x = [[regs[j][i] for j in range(3)] for i in range(5)]
    affine_in(a, x, 3)
    a("lw", Z3[1], f"{8 * half}({RND})", comment="z: a fresh sharing of zero (two words)")
    a("lw", Z3[2], f"{8 * half + 4}({RND})")
    a("rori", Z3[0], Z3[1], align3(1, 0))
    a("rori", TMP[0], Z3[2], align3(2, 0))
    a("xor", Z3[0], Z3[0], TMP[0])
    toffoli3(a, Z3, x[3], x[4], "z ^= ~x3 & x4 (t2)")
    toffoli3(a, x[4], x[0], x[1], "x4 ^= ~x0 & x1 (t4)")
    toffoli3(a, x[1], x[2], x[3], "x1 ^= ~x2 & x3 (t1)")
    toffoli3(a, x[3], x[4], x[0], "x3 ^= ~x4 & x0 (t3: the new x4, same AND)")
    toffoli3(a, x[0], x[1], x[2], "x0 ^= ~x1 & x2 (t0: the new x1, same AND)")
    affine_out(a, x, Z3, 3)


def linear3(a, o, share: int) -> None:
    e, od = EVEN3[share], ODD3[share]
    a.note(f"linear layer, share {share}: even words {', '.join(e)}, odd {', '.join(od)}")
    move3(a, "lw", [e], [share], 0)
    linear(o, e, od, (Z3[0], Z3[1], Z3[2]))
    move3(a, "sw", [od], [share], 1)


def generate3(variant: str) -> str:
    a = base().Asm(variant)
    o = Ops(a, zbb=True)
    a.banner("src/ascon/rv32/gen.py", "Ascon's p^n on three Boolean shares (Zbb), for masked3_zbb's\n"
             "implementations (backend_masked.h's ASCON_MASKED_PERMUTE_ASM, ASCON_SHARES 3).\n"
             "State in memory: backend_masked.h's x[3][2][5] (share, half, lane), share j rotated\n"
             "left by 0, 7, 13; the even words stay in registers from one round's linear layer\n"
             "to the next round's S-box.  The doc string of src/ascon/rv32/masked.py says more.")
    name = "LWC_SYM(ascon_masked3_rv32_permute)"
    begin(a, name, "a0 = x[3][2][5], a1 = rounds (1..12), a2 = 4 * rounds random words", SAVED3)
    move3(a, "lw", EVEN3, [0, 1, 2], 0)
    first_round(a, ".Lmasked3_rc")
    a.label(".Lmasked3_round")
    sbox3(a, 0, EVEN3)
    move3(a, "sw", EVEN3, [0, 1, 2], 0)
    move3(a, "lw", ODD3, [0, 1, 2], 1)
    sbox3(a, 1, ODD3)
    a("addi", RND, RND, 16)
    for j in range(3):
        linear3(a, o, j)
    next_round(a, ".Lmasked3_rc", ".Lmasked3_round")
    move3(a, "sw", EVEN3, [0, 1, 2], 0)
    for r in [*A3, *D3[:2], *Z3, *TMP]:  # no share left where the caller does not restore
        a("li", r, 0)
    end(a, name, SAVED3, ".Lmasked3_rc")
    return text(a)
