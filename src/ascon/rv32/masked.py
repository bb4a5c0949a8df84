"""The RV32 masked permutation: Ascon's p^n on two Boolean shares, the
variants masked (RV32I) and masked_zbb (Zbb: andn, rori; Zbkb has both too).
Written by gen.py (the family's one script) beside its other variants.

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
    a0 ra a3 a4   temporaries (a0, the state pointer, is kept on the stack)

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

from src.asmgen.emitter import declare, size, text

S0E = ["t0", "t1", "t2", "t3", "t4"]
S0O = ["t5", "t6", "a5", "a6", "a7"]
S1E = ["s0", "s1", "s2", "s3", "s4"]
S1O = ["s5", "s6", "s7", "s8", "s9"]
Z = ["s10", "s11"]
RC, RND = "a1", "a2"
TMP = ["a3", "a4", "a0", "ra"]
SAVED = ["ra", *S1E, *S1O, *Z, "a0"]  # a0: the state pointer, for the stores
FRAME = 64
ROT1 = 7  # share 1's rotation (backend_masked.h: ASCON_ROT(1))

SIGMA = [(19, 28), (61, 39), (1, 6), (10, 17), (7, 41)]

VARIANTS = ["masked", "masked_zbb"]


def round_constants(i: int) -> tuple[int, int]:
    c = ((0xF - i) << 4) | i
    even = sum(((c >> (2 * k)) & 1) << k for k in range(4))
    odd = sum(((c >> (2 * k + 1)) & 1) << k for k in range(4))
    return even, odd


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
    for j in range(2):
        a("xor", x[0][j], x[0][j], x[4][j], comment=f"share {j}: x0 ^= x4, x4 ^= x3, x2 ^= x1")
        a("xor", x[4][j], x[4][j], x[3][j])
        a("xor", x[2][j], x[2][j], x[1][j])
    a("lw", Z[0], f"{rnd_off}({RND})", comment="z: a fresh sharing of zero")
    o.rori(Z[1], Z[0], 32 - ROT1, TMP[1])
    toffoli(o, Z, x[3], x[4], "z ^= ~x3 & x4 (t2)")
    toffoli(o, x[4], x[0], x[1], "x4 ^= ~x0 & x1 (t4)")
    toffoli(o, x[1], x[2], x[3], "x1 ^= ~x2 & x3 (t1)")
    toffoli(o, x[3], x[4], x[0], "x3 ^= ~x4 & x0 (t3: the new x4, same AND)")
    toffoli(o, x[0], x[1], x[2], "x0 ^= ~x1 & x2 (t0: the new x1, same AND)")
    a("xor", x[2][0], x[2][0], Z[0], comment="x2 ^= z (t2)")
    a("xor", x[2][1], x[2][1], Z[1])
    for j in range(2):
        a("xor", x[1][j], x[1][j], x[0][j], comment=f"share {j}: x1 ^= x0, x0 ^= x4, x3 ^= x2")
        a("xor", x[0][j], x[0][j], x[4][j])
        a("xor", x[3][j], x[3][j], x[2][j])
    a("not", x[2][0], x[2][0], comment="x2 = ~x2 (share 0)")


def rot_src(e: str, o_: str, r: int, half: str) -> tuple[str, int]:
    """(register, 32-bit rotation) giving the `half` of lane (e, o) >>> r."""
    if r % 2 == 0:
        return (e if half == "e" else o_), r // 2
    return (o_, r // 2) if half == "e" else (e, r // 2 + 1)


def linear(o: Ops, share: int, e: list[str], od: list[str]) -> None:
    """x_i ^= (x_i >>> r0) ^ (x_i >>> r1) on every lane of one share
    (temporaries: Z, free after the S-box, and TMP)."""
    a = o.a
    d0, d1, d2, sc = Z[0], Z[1], TMP[0], TMP[1]
    a.note(f"linear layer, share {share}")
    for i, (r0, r1) in enumerate(SIGMA):
        for half, dst in (("e", d0), ("o", d1)):
            s0, k0 = rot_src(e[i], od[i], r0, half)
            s1, k1 = rot_src(e[i], od[i], r1, half)
            o.rori(dst, s0, k0, sc, comment=f"x{i} >>> {r0}, >>> {r1}: {half} word" if half == "e" else "")
            o.rori(d2, s1, k1, sc)
            a("xor", dst, dst, d2)
        a("xor", e[i], e[i], d0)
        a("xor", od[i], od[i], d1)


def generate(variant: str) -> str:
    from src.ascon.rv32.gen import Asm
    a = Asm(variant)
    o = Ops(a, zbb=variant == "masked_zbb")
    a.banner("src/ascon/rv32/gen.py", __doc__.split("\n\n")[0].replace("\n", " ").strip()
             .removeprefix("The RV32 masked permutation: ") + "\n"
             "State in memory: backend_masked.h's x[2][2][5] (share, half, lane).\n"
             f"Registers: share 0 {'/'.join(S0E)} (even), {'/'.join(S0O)} (odd); share 1 "
             f"{'/'.join(S1E)}, {'/'.join(S1O)};\nz {'/'.join(Z)}; temporaries "
             f"{'/'.join(TMP)}; the doc string of src/ascon/rv32/masked.py says more.")
    a.raw('#include "asmgen/sym.h"')
    a.raw("")
    a.raw("    .text")
    a.raw("    .balign 4")
    name = "LWC_SYM(ascon_masked_rv32_permute)"
    declare(a, name)
    a.note("a0 = x[2][2][5], a1 = rounds (1..12), a2 = 2 * rounds random words")
    a("addi", "sp", "sp", -FRAME)
    for k, r in enumerate(SAVED):
        a("sw", r, f"{4 * k}(sp)")
    regs = [*S0E, *S0O, *S1E, *S1O]
    for k, r in enumerate(regs):
        a("lw", r, f"{4 * k}(a0)")
    a("li", TMP[0], 12)
    a("sub", TMP[0], TMP[0], "a1", comment="the first round: 12 - rounds")
    a("slli", TMP[0], TMP[0], 3)
    a("la", RC, ".Lmasked_rc")
    a("add", RC, RC, TMP[0])
    a.label(".Lmasked_round")
    a("lw", TMP[0], f"0({RC})", comment="the round constant, even and odd bits")
    a("lw", TMP[1], f"4({RC})")
    a("xor", S0E[2], S0E[2], TMP[0])
    a("xor", S0O[2], S0O[2], TMP[1])
    sbox(o, [[S0E[i], S1E[i]] for i in range(5)], 0, "even")
    sbox(o, [[S0O[i], S1O[i]] for i in range(5)], 4, "odd")
    a("addi", RND, RND, 8)
    linear(o, 0, S0E, S0O)
    linear(o, 1, S1E, S1O)
    a("addi", RC, RC, 8)
    a("la", TMP[0], ".Lmasked_rc_end")
    a("bne", RC, TMP[0], ".Lmasked_round")
    a("lw", "a0", f"{4 * SAVED.index('a0')}(sp)")
    for k, r in enumerate(regs):
        a("sw", r, f"{4 * k}(a0)")
    for r in [*regs, *TMP[:2]]:  # no share left where the caller does not restore
        if r not in SAVED:
            a("li", r, 0)
    for k, r in enumerate(SAVED):
        a("lw", r, f"{4 * k}(sp)")
    a("addi", "sp", "sp", FRAME)
    a("ret")
    size(a, name)
    a.raw("")
    a.raw("    .section .rodata")
    a.raw("    .balign 4")
    a.label(".Lmasked_rc")
    for i in range(12):
        even, odd = round_constants(i)
        a.raw(f"    .word {even}, {odd}")
    a.label(".Lmasked_rc_end")
    return text(a)
