#!/usr/bin/env python3
"""Generate the ARMv6-M (Cortex-M0/M0+, Thumb-1) assembly backends of Ascon.

    python3 -m src.ascon.armv6m.gen        # rewrite src/ascon/armv6m/*.S

Two variants, both on the plain state of lanes64.h (uint64_t x[5]: lane i
as its low word l_i and its high word h_i, in memory l0 h0 l1 h1 ... h4):

    fast    the twelve rounds unrolled once, as a subroutine (bl, then
            bx lr) that p^n enters at round 12 - n (a table of the entries),
            p^12 / p^8 / p^6 at their round directly; runs of whole rate
            blocks with the state in registers from the first block to the
            last (word-aligned buffers: the C side takes the others)
    small   one round in a loop, the round constant counted down in lr
            (c_i = 0x3c + 15 (12 - i)); the permutation only, the C modes
            do the rest

Why not bit-interleaved lanes (ARMv7-M's bi32): Thumb-1 has no barrel
shifter, so a 32-bit rotation costs a MOV, a MOVS of the amount and a RORS,
and an interleaved linear layer saves 2 of 16 operations a lane; the
interleaving of every rate word on the way in and out (four delta swaps of
six operations a word) costs more than that on a rate-16 AEAD block of 8
rounds.  On plain words a 64-bit rotation is shifts: the terms of
x ^ (x >>> a) ^ (x >>> b) on each half are two right shifts and two left
shifts of the halves, and two terms shifting the same way fold into one
shift of a xor: (s1 >> a1) ^ (s2 >> a2) = (s1 ^ (s2 >> (a2 - a1))) >> a1.
A half is then 3 + 3 + 2 operations and a lane 16, in four registers
(the lane's two words and two more: lane()).

Register map (at the start and end of every round; free: r0, r2, r6):

    r1  r3  r5  r7  r4     l0 .. l4: low words of lanes x0 .. x4
    r8  r9  r10 r11 r12    h0 .. h4: high words
    lr                     the round constant (small), the return
                           address of the rounds' subroutine (fast): the
                           rounds never touch it (the state pointer is
                           on the stack, pushed at the entry)

A round:

    constant   l2 ^= c_i (a MOVS of the byte, an EORS)
    S-box      on the five low words (all eight low registers: the five
               words and three temporaries), 19 two-operand operations
               (sbox()); the outputs go to the high registers the high
               words leave, the high words come down (10 MOVs); the S-box
               on the five high words
    linear     lane by lane: its low word brought down (MOV), 16 shifts
               and EORS into two free registers (lane()), the new high word
               moved up to its home (MOV), the new low word left in its
               home; the lanes in an order that finds each home free
               (ORDER, found by search(): no MOV beyond these two a lane)

    2 + 19 + 10 + 19 + 5 x (16 + 2) = 140 one-cycle operations a round.

Entry points (backend_armv6m.h):

    ascon_armv6m_permute(state, rounds)          p^rounds, 1..12
    ascon_armv6m_permute12/8/6(state)            (fast) p^12, p^8, p^6
    ascon_armv6m_blocks(state, out, in, n, op)   (fast) n full blocks of
        the rate, each followed by p^ASCON_PB; op 0 absorb, 1 encrypt,
        2 decrypt; in and out word-aligned (LDM/STM), out may be in
"""
from __future__ import annotations

import itertools
import pathlib
import sys

from src.asmgen.armv6m import LOW, Asm
from src.asmgen.emitter import text, write

HERE = pathlib.Path(__file__).resolve().parent

LH = ["r1", "r3", "r5", "r7", "r4"]     # homes of l0..l4 (where LDM puts them: load_state)
HH = ["r8", "r9", "r10", "r11", "r12"]  # homes of h0..h4
FREE = ["r0", "r2", "r6"]               # free low registers between rounds
SIGMA = [(19, 28), (61, 39), (1, 6), (10, 17), (7, 41)]


def round_constant(i: int) -> int:
    return ((0xF - i) << 4) | i


# -- the round -------------------------------------------------------------------------
def sbox(a: Asm, x: list[str], t: list[str], name: str) -> tuple[list[str], list[str]]:
    """The S-box on five words x[0..4] (low registers), temporaries t = [A,
    B, C]: 19 two-operand operations (the final NOT of x2 included): each
    output one OR / AND-NOT of two linear terms xored with a third:
        y0 = (x1 | (x0 ^ x2 ^ x4)) ^ x3 ^ x4
        y1 = ((x1 ^ x2) | (x1 ^ x3)) ^ x0 ^ x4
        y2 = (x3 | ~x4) ^ x1 ^ x2
        y3 = (x0 | (x3 ^ x4)) ^ x1 ^ x2
        y4 = (x1 & ~(x0 ^ x4)) ^ x3 ^ x4
    Returns the registers of y0..y4 (x2, B, x4, x0, x1) and the three left
    free (x3, A, C)."""
    x0, x1, x2, x3, x4 = x
    ta, tb, tc = t
    a.note(f"S-box, {name} words: y0..y4 end in {x2}, {tb}, {x4}, {x0}, {x1}")
    a("mov", ta, x1)
    a("eors", ta, x2, comment="A = x1 ^ x2")
    a("mov", tb, x0)
    a("eors", tb, x4, comment="B = x0 ^ x4")
    a("eors", x2, tb, comment="x2 = x0 ^ x2 ^ x4")
    a("mov", tc, x3)
    a("eors", tc, x4, comment="C = x3 ^ x4")
    a("mvns", x4, x4)
    a("orrs", x4, x3, comment="x4 = x3 | ~x4")
    a("orrs", x0, tc, comment="x0 = x0 | (x3 ^ x4)")
    a("eors", x3, x1, comment="x3 = x1 ^ x3")
    a("orrs", x2, x1, comment="x2 = x1 | (x0 ^ x2 ^ x4)")
    a("bics", x1, tb, comment="x1 = x1 & ~(x0 ^ x4)")
    a("orrs", x3, ta, comment="x3 = (x1 ^ x2) | (x1 ^ x3)")
    a("eors", tb, x3, comment="B = y1")
    a("eors", x0, ta, comment="x0 = y3")
    a("eors", x2, tc, comment="x2 = y0")
    a("eors", x4, ta, comment="x4 = y2")
    a("eors", x1, tc, comment="x1 = y4")
    return [x2, tb, x4, x0, x1], [x3, ta, tc]


def terms(half: str, k: int) -> list[tuple[str, str, int]]:
    """The half ('h' or 'l') of x >>> k (0 < k < 64, k != 32) as two shifted
    words: (source half, shift, amount)."""
    other = "l" if half == "h" else "h"
    if k < 32:
        return [(half, "lsrs", k), (other, "lsls", 32 - k)]
    k -= 32
    return [(other, "lsrs", k), (half, "lsls", 32 - k)]


def groups(half: str, i: int) -> tuple[list, list]:
    """The four terms of lane i's half of (x >>> a) ^ (x >>> b): the two
    right shifts and the two left shifts, each pair by amount."""
    ra, rb = SIGMA[i]
    ts = terms(half, ra) + terms(half, rb)
    right = sorted((t for t in ts if t[1] == "lsrs"), key=lambda t: t[2])
    left = sorted((t for t in ts if t[1] == "lsls"), key=lambda t: t[2])
    assert len(right) == len(left) == 2 and right[0][2] < right[1][2] and left[0][2] < left[1][2]
    return right, left


def group(a: Asm, dst: str, g: list, reg: dict, what: str) -> None:
    """dst = (s1 sh a1) ^ (s2 sh a2) = (s1 ^ (s2 sh (a2 - a1))) sh a1: three
    operations (dst may be s2's register)."""
    (s1, op, a1), (s2, _op, a2) = g
    sym = ">>" if op == "lsrs" else "<<"
    a(op, dst, reg[s2], f"#{a2 - a1}")
    a("eors", dst, reg[s1])
    a(op, dst, dst, f"#{a1}", comment=f"{what}: ({s1} {sym} {a1}) ^ ({s2} {sym} {a2})")


def lane(a: Asm, i: int, h: str, l: str, t: str, s: str, want: str) -> tuple[str, str, list[str]]:
    """Lane i's linear layer on its words h, l (low registers) with two
    free low registers t, s: 16 operations.  The new high word goes to t;
    the new low word to `want` if that is s or the input register the last
    step shifts in place (then no move is needed), else to s.  Returns
    (new high word's register, new low word's register, registers freed)."""
    reg = {"h": h, "l": l}
    rh, lh = groups("h", i)
    rl, ll = groups("l", i)
    ra, rb = SIGMA[i]
    a.note(f"lane {i}: x{i} ^= (x{i} >>> {ra}) ^ (x{i} >>> {rb}); h = {h}, l = {l}")
    group(a, t, rh, reg, "h'")
    group(a, s, lh, reg, "h'")
    a("eors", t, s)
    a("eors", t, h, comment=f"h' of x{i}")
    group(a, s, rl, reg, "l'")
    a("eors", s, l)
    (s1, _o, _a1), (s2, _o2, _a2) = ll
    x = reg[s2] if s1 != s2 else reg["l" if s1 == "h" else "h"]  # dead here: shifted in place
    group(a, x, ll, reg, "l'")
    if x == want:
        a("eors", x, s, comment=f"l' of x{i}")
        res, other = x, s
    else:
        a("eors", s, x, comment=f"l' of x{i}")
        res, other = s, x
    freed = [r for r in dict.fromkeys([h, l, other]) if r != res]
    return t, res, freed


def emit_round(a: Asm, const, order, picks) -> int:
    """One round from the register map of the module's docstring back to it.
    const: the round constant (an immediate), or None (added by the
    caller); order: the lanes' order in the linear layer; picks: which
    free registers (indices into the free list, a permutation of 0, 1, 2)
    the low S-box, the swap and the high S-box take first.  Returns the
    moves it needed beyond the plan (0 for the chosen ORDER, PICKS)."""
    free = list(FREE)
    if const is not None:
        a("movs", free[0], f"#0x{const:02x}", comment="round constant")
        a("eors", LH[2], free[0], comment="l2 ^= c")
    p1, p2, p3 = picks
    ylo, free = sbox(a, list(LH), [free[k] for k in p1], "low")
    a.note("the low words' outputs up to the high words' homes, the high words down")
    hreg = []
    free = [free[k] for k in p2]
    for k in range(5):
        f = free.pop(0)
        a("mov", f, HH[k], comment=f"h{k}")
        a("mov", HH[k], ylo[k], comment=f"S-box output l{k}")
        hreg.append(f)
        free.append(ylo[k])
    yhi, free = sbox(a, hreg, [free[k] for k in p3], "high")
    a.note("linear layer: each lane's low word down, its new high word up to its home")
    extra = 0
    low_of = {}
    for i in order:
        assert len(free) == 3, free
        s = LH[i] if LH[i] in free else free[0]
        lreg, t = [r for r in free if r != s]
        a("mov", lreg, HH[i], comment=f"l{i}")
        hr, res, freed = lane(a, i, yhi[i], lreg, t, s, LH[i])
        a("mov", HH[i], hr, comment=f"h{i} home")
        low_of[i] = res
        free = [r for r in free if r not in (lreg, t, s)]
        free += [r for r in dict.fromkeys(freed + [hr]) if r not in free and r != res]
    # any new low word not in its home: moved there (a free register breaks a cycle)
    moves = {LH[i]: low_of[i] for i in range(5) if low_of[i] != LH[i]}
    while moves:
        done = [d for d, s_ in moves.items() if d not in moves.values()]
        if done:
            for d in done:
                a("mov", d, moves.pop(d))
                extra += 1
        else:
            d, s_ = next(iter(moves.items()))
            tmp = next(r for r in LOW if r not in LH and r not in moves.values())
            a("mov", tmp, s_)
            moves[d] = tmp
            extra += 1
    return extra


def search() -> tuple[int, tuple, tuple]:
    """The lane order and free-register picks with the fewest extra moves
    (the first found with none)."""
    best = None
    for order in itertools.permutations(range(5)):
        for picks in itertools.product(itertools.permutations(range(3)), repeat=3):
            try:
                n = emit_round(Asm("search"), 0, order, picks)
            except AssertionError:
                continue
            if best is None or n < best[0]:
                best = (n, order, picks)
                if n == 0:
                    return best
    return best


ORDER, PICKS = (0, 1, 2, 3, 4), ((0, 1, 2), (1, 2, 0), (0, 2, 1))  # search()'s; the tests check


def rounds(a: Asm, first: int, prefix: str) -> None:
    for i in range(first, 12):
        a.label(f"{prefix}{i}")
        a.note(f"round {i} of p^12")
        assert emit_round(a, round_constant(i), ORDER, PICKS) == 0


# -- the state in and out --------------------------------------------------------------
def load_state(a: Asm, ptr: str) -> None:
    """The 10 words at [ptr] (low register, advanced by 40) into the map:
    l0 h0 l1 h1 l2 h2 l3 by one LDM, the high words up, h3 l4 h4 by another."""
    assert ptr == "r0"
    a("ldm", "r0!", "{r1-r7}", comment="l0 h0 l1 h1 l2 h2 l3")
    a("mov", "r8", "r2", comment="h0")
    a("mov", "r9", "r4", comment="h1")
    a("mov", "r10", "r6", comment="h2")
    a("ldm", "r0!", "{r2, r4, r6}", comment="h3 l4 h4")
    a("mov", "r11", "r2", comment="h3")
    a("mov", "r12", "r6", comment="h4")


def store_state(a: Asm) -> None:
    """The map back to the 10 words at [r0] (r0 advanced by 40)."""
    a("mov", "r2", "r8", comment="h0")
    a("mov", "r6", "r10", comment="h2")
    a("mov", "r8", "r4", comment="l4 aside")
    a("mov", "r4", "r9", comment="h1")
    a("stm", "r0!", "{r1-r7}", comment="l0 h0 l1 h1 l2 h2 l3")
    a("mov", "r1", "r11", comment="h3")
    a("mov", "r2", "r8", comment="l4")
    a("mov", "r3", "r12", comment="h4")
    a("stm", "r0!", "{r1-r3}", comment="h3 l4 h4")


# -- fast: the unrolled rounds, the entries, the blocks ---------------------------------
def sub_rounds(a: Asm) -> None:
    a.raw("")
    a.note("p^12 as a subroutine (bl, then bx lr): .Lround<i> enters at round i")
    a.raw("    .balign 4")
    rounds(a, 0, ".Lround")
    a("bx", "lr")
    a.raw("    .balign 4")
    a.label(".Lentries")
    for i in range(12):
        a.raw(f"    .word .Lround{i} + 1                @ p^{12 - i} (Thumb bit set)")


def permute_fast(a: Asm) -> None:
    sym = a.func("ascon_armv6m_permute")
    a.note("r0 = state, r1 = rounds (1..12): p^rounds, the last rounds of p^12")
    a.save("r0")
    a("ldr", "r2", ".Lentries_ptr")
    a("lsls", "r1", "r1", "#2")
    a("subs", "r2", "r2", "r1")
    a("ldr", "r2", "[r2, #48]", comment="the entry of round 12 - rounds")
    a("push", "{r2}")
    load_state(a, "r0")
    a("bl", ".Lgo", comment="lr: the return; .Lgo pops the entry into pc")
    a("b", ".Lperm_end")
    a.label(".Lgo")
    a("pop", "{pc}")
    a.raw("    .balign 4")
    a.label(".Lentries_ptr")
    a.raw("    .word .Lentries")
    a.endfunc(sym)
    for n, first in ((12, 0), (8, 4), (6, 6)):
        a.raw("")
        sym = a.func(f"ascon_armv6m_permute{n}")
        a.note(f"r0 = state: p^{n}")
        a.save("r0")
        load_state(a, "r0")
        a("bl", f".Lround{first}")
        if n != 6:
            a("b", ".Lperm_end")
        else:
            a.label(".Lperm_end")
            a("ldr", "r0", "[sp, #16]", comment="the state pointer (pushed first)")
            store_state(a)
            a.restore("r1")
        a.endfunc(sym)


# blocks' frame (above it: r4-r11, lr, then nothing: four register arguments + op on the stack)
F_OUT, F_IN, F_END, F_STATE = 0, 4, 8, 12
FRAME = 16
ARG_OP = FRAME + 36  # the fifth argument, above the 9 saved words


def block_lane(a: Asm, op: str, k: int) -> None:
    """Lane k (0 or 1) of a block: its two input words (r2, r6 from [in])
    into l_k (LH[k]) and h_k (HH[k]), and the output words to [out]."""
    lk, hk = LH[k], HH[k]
    a("ldr", "r0", f"[sp, #{F_IN}]")
    a("ldm", "r0!", "{r2, r6}", comment=f"lane {k}'s input words")
    a("str", "r0", f"[sp, #{F_IN}]")
    a.raw("#if !ASCON_LITTLE_ENDIAN")
    a("rev", "r0", "r2", comment="big-endian lane: the first word is the high one")
    a("rev", "r2", "r6")
    a("mov", "r6", "r0")
    a.raw("#endif")
    a.note(f"r2 = the input's low word, r6 its high word, of lane {k}")
    if op == "absorb":
        a("eors", lk, "r2")
        a("mov", "r0", hk)
        a("eors", "r0", "r6")
        a("mov", hk, "r0")
        return
    if op == "encrypt":
        a("eors", lk, "r2", comment="l ^= in: the ciphertext's low word")
        a("mov", "r2", hk)
        a("eors", "r6", "r2", comment="h ^ in: its high word")
        a("mov", hk, "r6")
        a("mov", "r2", lk)
    else:
        a("eors", lk, "r2", comment="l ^ c: the plaintext's low word")
        a("mov", "r0", hk)
        a("mov", hk, "r6", comment="h = c")
        a("eors", "r6", "r0", comment="h ^ c: the plaintext's high word")
        a("mov", "r0", lk)
        a("mov", lk, "r2", comment="l = c")
        a("mov", "r2", "r0")
    a.raw("#if !ASCON_LITTLE_ENDIAN")
    a("rev", "r0", "r2")
    a("rev", "r2", "r6")
    a("mov", "r6", "r0")
    a.raw("#endif")
    a("ldr", "r0", f"[sp, #{F_OUT}]")
    a("stm", "r0!", "{r2, r6}", comment="the output words")
    a("str", "r0", f"[sp, #{F_OUT}]")


def blocks(a: Asm) -> None:
    sym = a.func("ascon_armv6m_blocks")
    a.note("r0 = state, r1 = out, r2 = in (both word-aligned), r3 = blocks (> 0), "
           "[sp] = op: 0 absorb, 1 encrypt, 2 decrypt")
    a.save()
    a("sub", "sp", "#16")
    a("str", "r0", f"[sp, #{F_STATE}]")
    a("str", "r1", f"[sp, #{F_OUT}]")
    a("str", "r2", f"[sp, #{F_IN}]")
    a.raw("#if ASCON_RATE == 16")
    a("lsls", "r3", "r3", "#4")
    a.raw("#else")
    a("lsls", "r3", "r3", "#3")
    a.raw("#endif")
    a("adds", "r3", "r3", "r2")
    a("str", "r3", f"[sp, #{F_END}]", comment="end of the input")
    a("ldr", "r7", f"[sp, #{ARG_OP}]")
    a("push", "{r7}")
    load_state(a, "r0")
    a("pop", "{r0}", comment="op")
    a.raw("#ifdef CRYPTO_ABYTES /* an AEAD: encrypt and decrypt too */")
    a("cmp", "r0", "#1")
    a("beq", ".Lblocks_encrypt")
    a("bhi", ".Lblocks_decrypt")
    a.raw("#endif")
    for op in ("absorb", "encrypt", "decrypt"):
        if op == "encrypt":
            a.raw("#ifdef CRYPTO_ABYTES")
        a.label(f".Lblocks_{op}")
        block_lane(a, op, 0)
        a.raw("#if ASCON_RATE == 16")
        block_lane(a, op, 1)
        a.raw("#endif")
        a("bl", ".Lpb", comment="p^ASCON_PB")
        a("ldr", "r0", f"[sp, #{F_IN}]")
        a("ldr", "r2", f"[sp, #{F_END}]")
        a("cmp", "r0", "r2")
        a("bne", f".Lblocks_{op}")
        a("b", ".Lblocks_end")
        if op == "decrypt":
            a.raw("#endif")
    a.label(".Lblocks_end")
    a("ldr", "r0", f"[sp, #{F_STATE}]")
    store_state(a)
    a("add", "sp", "#16")
    a.restore()
    a.endfunc(sym)
    for k in range(1, 13):
        a.raw(f"#{'if' if k == 1 else 'elif'} ASCON_PB == {k}")
        a.raw(f"    .set .Lpb, .Lround{12 - k}")
    a.raw("#else")
    a.raw("#error ASCON_PB: 1..12 rounds")
    a.raw("#endif")


# -- small: one round in a loop ---------------------------------------------------------
def permute_small(a: Asm) -> None:
    sym = a.func("ascon_armv6m_permute")
    a.note("r0 = state, r1 = rounds (1..12): p^rounds, one round in a loop; lr holds the"
           " round constant, 0x3c + 15 rounds for the first")
    a.save("r0")
    a("movs", "r2", "#15")
    a("muls", "r2", "r1")
    a("adds", "r2", "#0x3c")
    a("mov", "lr", "r2")
    load_state(a, "r0")
    a.label(".Lround")
    a("mov", "r0", "lr")
    a("eors", LH[2], "r0", comment="l2 ^= c")
    emit_round(a, None, ORDER, PICKS)
    a("mov", "r0", "lr")
    a("subs", "r0", "#15", comment="the next round's constant")
    a("mov", "lr", "r0")
    a("cmp", "r0", "#0x3c", comment="0x4b was the last")
    a("beq", ".Ldone")
    a("b", ".Lround", comment="(beyond a conditional branch's reach)")
    a.label(".Ldone")
    a("ldr", "r0", "[sp, #16]", comment="the state pointer (pushed first)")
    store_state(a)
    a.restore("r1")
    a.endfunc(sym)


def generate(variant: str) -> str:
    a = Asm(variant)
    a.banner("src/ascon/armv6m/gen.py", f"""\
ARMv6-M (Cortex-M0/M0+), Thumb-1.  Included by an implementation's .S after
its scheme header (api.h): ASCON_RATE, ASCON_PB, ASCON_LITTLE_ENDIAN.
State in memory: lanes64.h's x[0..4] (l_i, h_i: the low and high words).
Registers: l0-l4 {"/".join(LH)}, h0-h4 {"/".join(HH)}, free {"/".join(FREE)}; r4-r11 saved.""")
    a.start()
    if variant == "fast":
        permute_fast(a)
        sub_rounds(a)
        a.raw("")
        a.raw("#ifdef ASCON_RATE")
        blocks(a)
        a.raw("#endif")
    else:
        permute_small(a)
    return text(a)


VARIANTS = ["fast", "small"]


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
