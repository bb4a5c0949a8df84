#!/usr/bin/env python3
"""Generate the ARMv7-M (Cortex-M3, Thumb-2) assembly backends of Ascon.

    python3 -m src.ascon.armv7m.gen        # rewrite src/ascon/armv7m/*.S

Two variants, both bit-interleaved (bi32: lane i as e_i, its even bits, and
o_i, its odd bits, as lanes_bi32.h), the whole state in ten registers
during the permutation:

    fast    the twelve rounds unrolled: p^n entered at round 12 - n through
            a TBH table, p^12 / p^8 / p^6 through entries of their own
            (no dispatch); runs of whole rate blocks with the state in
            registers from the first block to the last, and for the AEADs
            whole messages from the key to the tag; both call one 12-round
            subroutine, entered at round 0 or 12 - ASCON_PB, which returns
            through the caller's frame ([sp]), so that lr keeps the input
            pointer across it
    small   one round in a loop over a table of the round constants (two
            bytes a round, a zero ends it); only the permutation: the C
            modes do the rest

Entry points (backend_armv7m.h):

    ascon_armv7m_permute(state, rounds)          p^rounds, 1..12
    ascon_armv7m_permute12/8/6(state)            (fast) p^12, p^8, p^6
    ascon_armv7m_blocks(state, out, in, n, op)   (fast) n full blocks of
        the rate, each followed by p^ASCON_PB; op 0 absorb, 1 encrypt,
        2 decrypt; any alignment (the Cortex-M3's LDR/STR take unaligned
        addresses), out may be in
    ascon_armv7m_aead_encrypt/decrypt(...)       (fast, AEAD schemes) the
        descriptor's whole-message calls; 16- and 20-byte keys

Register map (the thesis' picture of the state, one register a half):

    r0  r1  r2  r3  r4     e0 .. e4: even bits of lanes x0 .. x4
    r8  r9  r10 r11 r12    o0 .. o4: odd bits of lanes x0 .. x4
    r5  r6  r7             temporaries of the rounds (with the even slice
                           all in low registers, most of its S-box is
                           16-bit Thumb: fewer flash lines at wait states);
                           the odd slice's S-box borrows r3 for one
    lr                     free in the rounds: the state pointer (fast
                           permute), the constant pointer (small), the
                           input pointer of the block loops

A round, on each 32-bit slice (the five even halves, then the five odd):

    constant   x2 ^= c_i (e2 ^= even bits of c_i, o2 ^= odd bits: two
               immediates)
    S-box      15 operations, 3 temporaries, no NOT: each output is one OR,
               AND-NOT (BIC) or OR-NOT (ORN) of two linear terms xored with
               a third (sbox()), 11 of them two-operand; the outputs end in
               other registers than they started (y0 in x2's, y1 in a
               temporary, y2 in x4's, y3 in x0's, y4 in x1's)
    linear     x ^= (x >>> a) ^ (x >>> b) written x ^= (x ^ (x >>> d)) >>> a,
               d = b - a: u = x ^ (x >>> d), then x ^ (u >>> a) written to
               the lane's home registers; every rotation is the barrel
               shifter's ROR on an EOR operand (a 64-bit rotation by 2k is a
               rotation of each half by k; by 2k+1 the halves swap:
               e' = o >>> k, o' = e >>> k+1): four EORs a lane, the lanes
               in the order in which their home registers come free
               (linear_layer()), no move: 52 one-cycle operations a round

A rate block (lane_op()): each rate lane goes to its bytes in place (zip,
19 operations), takes the input's words (out = the xor), and comes back
from the ciphertext's (unzip, 19): one conversion each way a lane, five
exchanges of bits between its two words each (exchange()); v1.2's
big-endian lanes cost the same (no REV).
"""
from __future__ import annotations

import pathlib
import sys

from src.ascon.armv7m import masked
from src.asmgen.armv7m import LOW, Asm
from src.asmgen.emitter import text, write

HERE = pathlib.Path(__file__).resolve().parent

E = ["r0", "r1", "r2", "r3", "r4"]    # even halves of x0..x4 (low registers)
O = ["r8", "r9", "r10", "r11", "r12"]  # odd halves
T = ["r5", "r6", "r7"]                 # temporaries of the rounds (low registers)
# The S-boxes' temporaries (A, B, C): all low for the even slice, so that
# its two-operand steps are 16-bit Thumb; the odd slice takes the three low
# registers the even one left free (r3: its y3 went to r0).
SBOX_T_EVEN = ["r5", "r6", "r7"]
SBOX_T_ODD = ["r5", "r7", "r3"]

SIGMA = [(19, 28), (61, 39), (1, 6), (10, 17), (7, 41)]


def round_constant(i: int) -> tuple[int, int, int]:
    """Round i's constant (of p^12's rounds 0..11), its even and odd bits."""
    c = ((0xF - i) << 4) | i
    even = sum(((c >> (2 * k)) & 1) << k for k in range(4))
    odd = sum(((c >> (2 * k + 1)) & 1) << k for k in range(4))
    return c, even, odd


# -- the round ---------------------------------------------------------------
def sbox(a: Asm, x: list[str], t: list[str], slice_name: str) -> list[str]:
    """The S-box on one 32-bit slice x[0..4], temporaries t = [A, B, C]:
    15 operations, 11 of them two-operand (16-bit Thumb in low registers).
    Each output is one OR / AND-NOT / OR-NOT of two linear terms xored with
    a third (x the slice's input, the S-box's final NOT of x2 included):
        y0 = (x1 | (x0 ^ x2 ^ x4)) ^ x3 ^ x4
        y1 = ((x1 ^ x2) | (x1 ^ x3)) ^ x0 ^ x4
        y2 = (x3 | ~x4) ^ x1 ^ x2
        y3 = (x0 | (x3 ^ x4)) ^ x1 ^ x2
        y4 = (x1 & ~(x0 ^ x4)) ^ x3 ^ x4
    Returns the registers y0..y4 end in: x2, B, x4, x0, x1 (x3, A, C free);
    the linear layer reads them there and writes each lane home."""
    x0, x1, x2, x3, x4 = x
    ta, tb, tc = t
    a.note(f"S-box, {slice_name} slice: y0..y4 end in {x2}, {tb}, {x4}, {x0}, {x1}")
    a.alu("eor", ta, x1, x2, comment="A = x1 ^ x2")
    a.alu("eor", tb, x0, x4, comment="B = x0 ^ x4")
    a.alu("eor", x2, x2, tb, comment="x2 = x0 ^ x2 ^ x4")
    a.alu("eor", tc, x3, x4, comment="C = x3 ^ x4")
    a.alu("orn", x4, x3, x4, comment="x4 = x3 | ~x4")
    a.alu("orr", x0, x0, tc, comment="x0 = x0 | (x3 ^ x4)")
    a.alu("eor", x3, x3, x1, comment="x3 = x1 ^ x3")
    a.alu("orr", x2, x2, x1, comment="x2 = x1 | (x0 ^ x2 ^ x4)")
    a.alu("bic", x1, x1, tb, comment="x1 = x1 & ~(x0 ^ x4)")
    a.alu("orr", x3, x3, ta, comment="x3 = (x1 ^ x2) | (x1 ^ x3)")
    a.alu("eor", tb, tb, x3, comment="B = y1")
    a.alu("eor", x0, x0, ta, comment="x0 = y3")
    a.alu("eor", x2, x2, tc, comment="x2 = y0")
    a.alu("eor", x4, x4, ta, comment="x4 = y2")
    a.alu("eor", x1, x1, tc, comment="x1 = y4")
    return [x2, tb, x4, x0, x1]


def rot_half(e: str, o: str, r: int, half: str) -> tuple[str, int]:
    """(register, 32-bit rotation) giving the `half` ('e' or 'o') of lane
    (e, o) rotated right by r."""
    if r % 2 == 0:
        return (e if half == "e" else o), r // 2
    k = r // 2
    return (o, k) if half == "e" else (e, k + 1)


def linear(a: Asm, i: int, src: tuple[str, str], free: list[str]) -> None:
    """x_i ^= (x_i >>> a) ^ (x_i >>> b) as u = x ^ (x >>> d), x ^= u >>> a,
    d = b - a: four EORs.  The lane is read from src (where the S-boxes left
    it) and written to its home registers E[i], O[i], both free: u's even
    half goes to free[0], its odd half to O[i] (the even result, written
    first, may read it; the odd one reads and overwrites it at once)."""
    ra, rb = SIGMA[i]
    d = (rb - ra) % 64
    e, o = src
    assert E[i] not in (e, o) and O[i] not in (e, o) and free[0] not in (e, o, E[i], O[i])
    ue_reg, uo_reg = free[0], O[i]
    se, ke = rot_half(e, o, d, "e")
    so, ko = rot_half(e, o, d, "o")
    a.eor_ror(ue_reg, e, se, ke, comment=f"u = x{i} ^ (x{i} >>> {d}): even")
    a.eor_ror(uo_reg, o, so, ko, comment="odd")
    ue, ke = rot_half(ue_reg, uo_reg, ra, "e")
    uo, ko = rot_half(ue_reg, uo_reg, ra, "o")
    a.eor_ror(E[i], e, ue, ke, comment=f"x{i} = x{i} ^ (u >>> {ra}) = x{i} ^ (x{i} >>> {ra}) ^ (x{i} >>> {rb})")
    a.eor_ror(O[i], o, uo, ko)


def linear_layer(a: Asm, ye: list[str], yo: list[str]) -> None:
    """The five lanes from where the S-boxes left them (ye, yo) back to
    their home registers, a lane whenever both its homes are free: the
    S-box's output permutation makes this one chain (x3's homes are free
    first; each lane done frees the next one's), no move."""
    used = set(ye) | set(yo)
    free = [r for r in E + O + T if r not in used]
    todo = list(range(5))
    order = []
    while todo:
        i = next(k for k in todo if E[k] in free and O[k] in free)
        tmp = [r for r in free if r not in (E[i], O[i])]
        linear(a, i, (ye[i], yo[i]), tmp)
        free = [r for r in free if r not in (E[i], O[i])] + [ye[i], yo[i]]
        todo.remove(i)
        order.append(i)
    assert sorted(free) == sorted(T), free
    return order


def round_body(a: Asm, const: int | None) -> None:
    """One round; const: its index (immediates), None: the constants are
    already added (the small variant's loop)."""
    if const is not None:
        c, ce, co = round_constant(const)
        a("eor", E[2], E[2], f"#{ce}", comment=f"round constant 0x{c:02x}: even bits")
        a("eor", O[2], O[2], f"#{co}", comment="odd bits")
    ye = sbox(a, E, SBOX_T_EVEN, "even")
    yo = sbox(a, O, SBOX_T_ODD, "odd")
    a.note("linear layer, each lane from where the S-boxes left it to its home registers")
    linear_layer(a, ye, yo)


def rounds(a: Asm, first: int, prefix: str, end: int = 12) -> None:
    """Rounds first..end-1 unrolled, labelled prefix<i>."""
    for i in range(first, end):
        a.label(f"{prefix}{i}")
        a.note(f"round {i} of p^12")
        round_body(a, i)


# -- bytes <-> bit-interleaved lanes ---------------------------------------------
# A lane as loaded, w0 (its first four bytes) and w1 (the next four), to its
# interleaved halves e, o: the bit at position p of the 64-bit pair (word
# bit 5 of p, position in the word bits 0-4) goes to position rotr6(p), a
# rotation of p's six bits.  That rotation is five transpositions of a
# position bit j with the word bit, j = 4, 3, 2, 1, 0, and each is one
# exchange between the two words (exchange()): four operations, three for
# j = 4 (BFI), 19 a lane.  An exchange either swaps w0's bits with bit j
# set for w1's with it clear (the position bits' plain transposition) or
# w0's with it clear for w1's with it set (complemented); v1.2's
# big-endian lanes (each word byte-reversed, the high word first) take
# complemented ones where the reversal needs them, and the halves end
# swapped (e in w1): no REV.  zip is the same five in reverse order.
UNZIP = {False: [(4, False), (3, False), (2, False), (1, False), (0, False)],  # little-endian
         True: [(4, True), (3, False), (2, True), (1, True), (0, True)]}      # big-endian (v1.2)
M_CLEAR = {0: 0x55555555, 1: 0x33333333, 2: 0x0F0F0F0F, 3: 0x00FF00FF}  # positions with bit j clear


def exchange(a: Asm, w0: str, w1: str, t: str, j: int, comp: bool,
             d0: str | None = None, d1: str | None = None) -> None:
    """Transpose position bit j with the word bit in (w0, w1), temporary
    t; the results to d0, d1 (default: in place; t may be one of them)."""
    s = 1 << j
    d0, d1 = d0 or w0, d1 or w1
    if j == 4:
        assert (d0, d1) == (w0, w1)
        lo, hi = (w1, w0) if comp else (w0, w1)  # lo's high half <-> hi's low half
        a("lsr", t, lo, "#16")
        a("bfi", lo, hi, "#16, #16")
        a("bfi", hi, t, "#0, #16")
        return
    if comp:  # w0's bits at p (bit j clear) <-> w1's at p + s
        a("eor", t, w1, f"{w0}, lsl #{s}")
        a("and", t, t, f"#0x{0xFFFFFFFF ^ M_CLEAR[j]:08x}")
        back = f"lsr #{s}"
    else:     # w0's bits at p + s (bit j set) <-> w1's at p
        a("eor", t, w1, f"{w0}, lsr #{s}")
        a("and", t, t, f"#0x{M_CLEAR[j]:08x}")
        back = f"lsl #{s}"
    writes = [(d1, w1, ""), (d0, w0, back)]
    if d1 == t:
        writes.reverse()
    assert writes[0][0] not in (writes[1][1], t)
    for d, w, shift in writes:
        a.alu("eor", d, w, t, shift)


def unzip(a: Asm, w0: str, w1: str, t: str, be: bool,
          dst: tuple[str, str] | None = None) -> tuple[str, str]:
    """The lane (w0, w1) as loaded to its halves: returns (e, o), the
    registers they end in: dst if given (the last exchange writes them),
    else w0 and w1 (swapped for big-endian)."""
    stages = UNZIP[be]
    for j, comp in stages[:-1]:
        exchange(a, w0, w1, t, j, comp)
    j, comp = stages[-1]
    if dst is None:
        exchange(a, w0, w1, t, j, comp)
        return (w1, w0) if be else (w0, w1)
    e, o = dst
    exchange(a, w0, w1, t, j, comp, *((o, e) if be else (e, o)))
    return e, o


def zip_(a: Asm, e: str, o: str, t: str, be: bool) -> tuple[str, str]:
    """The halves (e, o), in place, to the lane's words: returns (w0, w1),
    the registers holding the first and the second four bytes."""
    w0, w1 = (o, e) if be else (e, o)
    for j, comp in reversed(UNZIP[be]):
        exchange(a, w0, w1, t, j, comp)
    return w0, w1


def endian(a: Asm, body) -> None:
    """body(big_endian) for SP 800-232's little-endian lanes and v1.2's
    big-endian ones, each under its #if."""
    a.raw("#if ASCON_LITTLE_ENDIAN")
    body(False)
    a.raw("#else")
    body(True)
    a.raw("#endif")


LO, HI, TT, PTR = "r5", "r6", "r7", "lr"  # free outside the rounds
STATE_REGS = "{r0-r4, r8-r12}"  # e0-e4, o0-o4 as they lie in memory


def lane_in(a: Asm, dst: tuple[str, str]) -> None:
    """The next 8 bytes at [lr] (lr advanced) as a lane, interleaved into
    dst = (even half, odd half), two registers other than r5-r7."""
    assert not set(dst) & {LO, HI, TT}

    def body(be: bool) -> None:
        a("ldr", LO, f"[{PTR}], #4")
        a("ldr", HI, f"[{PTR}], #4")
        unzip(a, LO, HI, TT, be, dst)
    endian(a, body)


def lane_out(a: Asm, i: int) -> None:
    """Lane i of the state as 8 bytes at [lr] (lr advanced); the lane's
    registers are left holding its bytes (converted in place)."""
    def body(be: bool) -> None:
        w0, w1 = zip_(a, E[i], O[i], TT, be)
        a("str", w0, f"[{PTR}], #4")
        a("str", w1, f"[{PTR}], #4")
    endian(a, body)


# The rounds as a subroutine (sub_rounds) return through the frame's first
# word, so that lr keeps the input pointer across them in the block loops;
# the loops' frames begin with it, the output's distance from the input and
# the end of the full blocks.
S_RET, S_DELTA, S_END = 0, 4, 8
OUTP, W0, W1 = LO, HI, TT  # in the block loops: the output pointer, a lane's two words


def call_rounds(a: Asm, entry: str, back: str, comment: str) -> None:
    """The rounds from entry (.Lp12, .Lpb), returning to the label back
    (placed here)."""
    a("adr", LO, f"{back} + 1", comment="the return address (Thumb)")
    a("str", LO, f"[sp, #{S_RET}]")
    a("b", entry, comment=comment)
    a.label(back)


def lane_op(a: Asm, op: str, i: int, be: bool) -> None:
    """Rate lane i of one block: absorb (state ^= in), encrypt (out = in ^
    state; state = out), decrypt (out = in ^ state; state = in), the
    input at [lr] and the output at [r5] (both advanced).  The rate lane
    goes to bytes in place, takes the input there and comes back: one zip
    and one unzip, the input never converted twice."""
    e, o = E[i], O[i]
    if op == "absorb":
        a("ldr", W0, f"[{PTR}], #4")
        a("ldr", W1, f"[{PTR}], #4")
        ue, uo = unzip(a, W0, W1, OUTP, be)
        a.alu("eor", e, e, ue, comment=f"x{i} ^= the block's lane")
        a.alu("eor", o, o, uo)
        return
    w0, w1 = zip_(a, e, o, W1, be)
    a("ldr", W0, f"[{PTR}], #4", comment=f"x{i} is bytes now: xor the input's")
    a("ldr", W1, f"[{PTR}], #4")
    a.alu("eor", w0, w0, W0)
    a.alu("eor", w1, w1, W1)
    a("str", w0, f"[{OUTP}], #4", comment="ciphertext" if op == "encrypt" else "plaintext")
    a("str", w1, f"[{OUTP}], #4")
    if op == "encrypt":
        a.note(f"x{i} = the ciphertext, interleaved")
        unzip(a, w0, w1, W0, be)
    else:
        a.note(f"x{i} = the ciphertext, interleaved")
        unzip(a, W0, W1, e, be, (e, o))


def rounds_pb(a: Asm) -> None:
    """p^ASCON_PB's rounds in line, for the AEADs' p^b (6 or 8 rounds)."""
    a.raw("#if ASCON_PB == 8")
    for i in (4, 5):
        a.note(f"round {i} of p^12")
        round_body(a, i)
    a.raw("#elif ASCON_PB != 6")
    a.raw("#error the whole-message AEAD's rounds in line: p^6 or p^8")
    a.raw("#endif")
    for i in range(6, 12):
        a.note(f"round {i} of p^12")
        round_body(a, i)


def block_loop(a: Asm, op: str, tag: str, in_line: bool = False) -> None:
    """Full blocks from [lr] until lr reaches the frame's end, each followed
    by p^ASCON_PB: the rounds' subroutine, which returns to the loop's top
    (the frame's first word), or (in_line) a copy of its rounds in the loop
    (the whole-message encryption and decryption: 4 cycles a block less);
    the output at lr + the frame's distance.  Leaves r5 = the distance
    (not absorb)."""
    if not in_line:
        a("adr", LO, f".L{tag}_loop + 1", comment="the rounds return to the loop's top")
        a("str", LO, f"[sp, #{S_RET}]")
    a.label(f".L{tag}_loop")
    if op != "absorb":
        a("ldr", OUTP, f"[sp, #{S_DELTA}]")
    a("ldr", W1, f"[sp, #{S_END}]")
    a("cmp", PTR, W1)
    a("beq", f".L{tag}_done")
    if op != "absorb":
        a("add", OUTP, OUTP, PTR, comment="the output pointer")
    for lane in range(2):
        if lane == 1:
            a.raw("#if ASCON_RATE == 16")
        endian(a, lambda be, lane=lane: lane_op(a, op, lane, be))
        if lane == 1:
            a.raw("#endif")
    if in_line:
        a.note("p^ASCON_PB in line (lr, the input pointer, kept)")
        rounds_pb(a)
        a("b", f".L{tag}_loop")
    else:
        a("b", ".Lpb", comment="p^ASCON_PB, back to the loop's top")
    a.label(f".L{tag}_done")


def sub_rounds(a: Asm) -> None:
    """The twelve rounds as a local subroutine: .Lp12 at round 0, .Lpb at
    round 12 - ASCON_PB; it returns through [sp] (the caller's frame), so
    lr is free in it."""
    a.raw("")
    a.note("p^12 as a subroutine: .Lp12 enters at round 0, .Lpb (p^ASCON_PB) at 12 - ASCON_PB;")
    a.note("it returns to the address at [sp]")
    rounds(a, 0, ".Lsr")
    a("ldr", "pc", f"[sp, #{S_RET}]")
    a.raw("    .set .Lp12, .Lsr0")
    for k in range(1, 13):
        a.raw(f"#{'if' if k == 1 else 'elif'} ASCON_PB == {k}")
        a.raw(f"    .set .Lpb, .Lsr{12 - k}")
    a.raw("#else")
    a.raw("#error ASCON_PB: 1..12 rounds")
    a.raw("#endif")


# blocks' frame (above it: r4-r11, lr pushed, then the 5th argument)
F_STATE = 12
FRAME = 16
ARG_OP = FRAME + 36


def blocks(a: Asm) -> None:
    sym = a.func("ascon_armv7m_blocks")
    a.note("r0 = state, r1 = out, r2 = in, r3 = blocks (> 0), [sp] = op: 0 absorb, "
           "1 encrypt, 2 decrypt")
    a("push", "{r4-r11, lr}")
    a("sub", "sp", "sp", f"#{FRAME}")
    a("str", "r0", f"[sp, #{F_STATE}]")
    a("sub", "r1", "r1", "r2")
    a("str", "r1", f"[sp, #{S_DELTA}]", comment="out - in")
    a.raw("#if ASCON_RATE == 16")
    a("add", "r3", "r2", "r3, lsl #4")
    a.raw("#else")
    a("add", "r3", "r2", "r3, lsl #3")
    a.raw("#endif")
    a("str", "r3", f"[sp, #{S_END}]", comment="end of the input")
    a("mov", PTR, "r2")
    a("ldr", TT, f"[sp, #{ARG_OP}]")
    a("ldm", "r0", STATE_REGS, comment="the state: e0-e4, o0-o4")
    a.raw("#ifdef CRYPTO_ABYTES /* an AEAD: encrypt and decrypt too */")
    a("cmp", TT, "#1")
    a("beq", ".Lblocks_encrypt")
    a("bhi", ".Lblocks_decrypt")
    a.raw("#endif")
    for op in ("absorb", "encrypt", "decrypt"):
        if op == "encrypt":
            a.raw("#ifdef CRYPTO_ABYTES")
        a.label(f".Lblocks_{op}")
        block_loop(a, op, f"b{op[0]}")
        a("b", ".Lblocks_end")
        if op == "decrypt":
            a.raw("#endif")
    a.label(".Lblocks_end")
    a("ldr", LO, f"[sp, #{F_STATE}]")
    a("stm", LO, STATE_REGS)
    a("add", "sp", "sp", f"#{FRAME}")
    a("pop", "{r4-r11, pc}")
    a.endfunc(sym)
    sub_rounds(a)


# the whole-message AEAD's frame (above it: r4-r11, lr, then adlen, npub, k);
# it begins with the block loops' three words
W_OUT, W_IN, W_LEN, W_AD, W_ADLEN, W_OP, W_MLEN, W_K, W_BUF = 12, 16, 20, 24, 28, 32, 36, 40, 56
# Ascon-80pq (20-byte key): the key's forms, interleaved: P1 = 0^20 || K
# (lanes 2, 3, 4: after the initial p^12; lanes 3, 4 also the tag's),
# P2 = 0^8 || K || 0^12 (lanes 1, 2, 3: before the final p^12), built
# byte by byte in the 40-byte scratch W_S
W_P1, W_P2, W_S = 76, 100, 124
W_FRAME = 164
W_ARGS = W_FRAME + 36


def partial(a: Asm, op: str, f_ptr: int, f_len: int, tag: str) -> None:
    """The last, partial block (0 .. rate-1 bytes, the length in the frame
    at f_len): the rate's bytes to the buffer, the input's bytes xored into
    it byte by byte (out: the result, encrypt; state ^ ciphertext, decrypt;
    the buffer keeps the ciphertext), the padding byte, the buffer back into
    the rate lanes.  The rate lanes are free during the byte loop (E[0], O[0]
    its temporaries)."""
    a("add", PTR, "sp", f"#{W_BUF}")
    lane_out(a, 0)
    a.raw("#if ASCON_RATE == 16")
    lane_out(a, 1)
    a.raw("#endif")
    a("ldr", LO, f"[sp, #{f_len}]", comment="bytes left (< rate)")
    a("ldr", HI, f"[sp, #{f_ptr}]")
    if op != "absorb":
        a("ldr", TT, f"[sp, #{W_OUT}]")
    a("add", PTR, "sp", f"#{W_BUF}")
    a("cmp", LO, "#0")
    a("beq", f".L{tag}_pad")
    a.label(f".L{tag}_bytes")
    a("ldrb", E[0], f"[{HI}], #1", comment="input byte (read before out: out may be in)")
    a("ldrb", O[0], f"[{PTR}]", comment="the state's byte")
    a.alu("eor", O[0], O[0], E[0])
    if op == "absorb":
        a("strb", O[0], f"[{PTR}], #1")
    elif op == "encrypt":
        a("strb", O[0], f"[{TT}], #1", comment="ciphertext byte")
        a("strb", O[0], f"[{PTR}], #1", comment="the state's byte = ciphertext")
    else:
        a("strb", O[0], f"[{TT}], #1", comment="plaintext byte")
        a("strb", E[0], f"[{PTR}], #1", comment="the state's byte = ciphertext")
    a("subs", LO, LO, "#1")
    a("bne", f".L{tag}_bytes")
    a.label(f".L{tag}_pad")
    a("ldrb", E[0], f"[{PTR}]")
    a.raw("#if ASCON_LITTLE_ENDIAN")
    a("eor", E[0], E[0], "#0x01", comment="padding (SP 800-232: 0x01)")
    a.raw("#else")
    a("eor", E[0], E[0], "#0x80", comment="padding (v1.2: 0x80)")
    a.raw("#endif")
    a("strb", E[0], f"[{PTR}]")
    a("str", HI, f"[sp, #{f_ptr}]")
    if op != "absorb":
        a("str", TT, f"[sp, #{W_OUT}]")
    a("add", PTR, "sp", f"#{W_BUF}")
    lane_in(a, (E[0], O[0]))
    a.raw("#if ASCON_RATE == 16")
    lane_in(a, (E[1], O[1]))
    a.raw("#endif")


def phase(a: Asm, op: str, f_ptr: int, f_len: int, tag: str) -> None:
    """Full blocks (p^ASCON_PB after each: block_loop), then the partial
    last one."""
    a("ldr", PTR, f"[sp, #{f_ptr}]")
    a("ldr", W0, f"[sp, #{f_len}]")
    a("bic", W1, W0, "#ASCON_RATE - 1", comment="the full blocks' bytes")
    a("and", W0, W0, "#ASCON_RATE - 1")
    a("str", W0, f"[sp, #{f_len}]", comment="the partial block's")
    a("add", W1, W1, PTR)
    a("str", W1, f"[sp, #{S_END}]", comment="the end of the full blocks")
    if op != "absorb":
        a("ldr", W0, f"[sp, #{W_OUT}]")
        a("sub", W0, W0, PTR)
        a("str", W0, f"[sp, #{S_DELTA}]", comment="out - in")
    block_loop(a, op, tag, in_line=op != "absorb")
    a("str", PTR, f"[sp, #{f_ptr}]")
    if op != "absorb":
        a("add", OUTP, OUTP, PTR)
        a("str", OUTP, f"[sp, #{W_OUT}]")
    partial(a, op, f_ptr, f_len, tag)


def key_xor(a: Asm, lanes: tuple[int, ...], base: int = W_K) -> None:
    """Key lanes (interleaved, in the frame from base) into the given lanes."""
    for k, lane in enumerate(lanes):
        a("ldrd", LO, HI, f"[sp, #{base + 8 * k}]")
        a.alu("eor", E[lane], E[lane], LO, comment=f"x{lane} ^= key form" if k == 0 else "")
        a.alu("eor", O[lane], O[lane], HI)


def scratch_lanes(a: Asm, copies: list[tuple[str, int, int]], first: int) -> None:
    """The scratch zeroed, each (pointer register, bytes, offset) copied
    into it byte by byte; lr at its lane `first` (the caller's lane_in
    reads them)."""
    a("movs", "r0", "#0")
    for k in range(10):
        a("str", "r0", f"[sp, #{W_S + 4 * k}]")
    for reg, nbytes, off in copies:
        for k in range(nbytes):
            a("ldrb", "r0", f"[{reg}, #{k}]")
            a("strb", "r0", f"[sp, #{W_S + off + k}]")
    a("add", PTR, "sp", f"#{W_S + 8 * first}")


def init_k20(a: Asm) -> None:
    """Ascon-80pq: P1, P2 to the frame; S = IV || K || N (the IV's lane
    xored in as ASCON_IV_E/O); p^12; S ^= P1."""
    a("ldr", "r2", f"[sp, #{W_ARGS + 8}]", comment="k")
    a("ldr", "r3", f"[sp, #{W_ARGS + 4}]", comment="npub")
    a.note("P1 = 0^20 || K: lanes 2, 3, 4")
    scratch_lanes(a, [("r2", 20, 20)], 2)
    for k in range(3):
        lane_in(a, ("r8", "r9"))
        a("strd", "r8", "r9", f"[sp, #{W_P1 + 8 * k}]")
    a.note("P2 = 0^8 || K || 0^12: lanes 1, 2, 3")
    scratch_lanes(a, [("r2", 20, 8)], 1)
    for k in range(3):
        lane_in(a, ("r8", "r9"))
        a("strd", "r8", "r9", f"[sp, #{W_P2 + 8 * k}]")
    a.note("S = 0^4 || K || N, then the IV into lane 0")
    scratch_lanes(a, [("r2", 20, 4), ("r3", 16, 24)], 0)
    for k in range(5):
        lane_in(a, (E[k], O[k]))


def branch_on_word(a: Asm, slot: int, branch: str, label: str) -> None:
    """`branch` (beq, bne) to label on the frame word at slot against 0."""
    a("ldr", LO, f"[sp, #{slot}]")
    a("cmp", LO, "#0")
    a(branch, label)


def whole(a: Asm) -> None:
    """ascon_armv7m_aead_encrypt(ct, msg, mlen, ad, adlen, npub, k) -> 0
    ascon_armv7m_aead_decrypt(msg, ct, ctlen, ad, adlen, npub, k)
        -> 0, -1 (tag mismatch: the plaintext written is wiped) or -2
        (ctlen < 16).  The state in r0-r9 from the key to the tag, pointers
    and lengths in the frame; a 20-byte key (Ascon-80pq) takes its forms
    from the frame (init_k20), a 16-byte one its two lanes."""
    for name, op in (("ascon_armv7m_aead_encrypt", 0), ("ascon_armv7m_aead_decrypt", 1)):
        sym = a.func(name)
        a.note(("r0 = ct, r1 = msg, r2 = mlen" if op == 0 else "r0 = msg, r1 = ct, r2 = ctlen")
               + ", r3 = ad, [sp] = adlen, [sp, #4] = npub, [sp, #8] = k")
        if op == 1:
            a("cmp", "r2", "#16")
            a("bhs", ".Lwhole_dec_ok")
            a("mvn", "r0", "#1", comment="ctlen < 16: -2, nothing written")
            a("bx", "lr")
            a.label(".Lwhole_dec_ok")
            a("sub", "r2", "r2", "#16", comment="mlen")
        a("push", "{r4-r11, lr}")
        a("sub", "sp", "sp", f"#{W_FRAME}")
        a("movs", TT, f"#{op}")
        if op == 0:
            a("b", ".Lwhole")
            a.endfunc(sym)
    a.label(".Lwhole")
    a("str", TT, f"[sp, #{W_OP}]")
    a("str", "r0", f"[sp, #{W_OUT}]")
    a("str", "r1", f"[sp, #{W_IN}]")
    a("str", "r2", f"[sp, #{W_LEN}]")
    a("str", "r2", f"[sp, #{W_MLEN}]")
    a("str", "r3", f"[sp, #{W_AD}]")
    a("ldr", TT, f"[sp, #{W_ARGS}]")
    a("str", TT, f"[sp, #{W_ADLEN}]")
    a.raw("#if CRYPTO_KEYBYTES == 20")
    init_k20(a)
    a("movw", LO, "#:lower16:ASCON_IV_E")
    a("movt", LO, "#:upper16:ASCON_IV_E")
    a("movw", HI, "#:lower16:ASCON_IV_O")
    a("movt", HI, "#:upper16:ASCON_IV_O")
    a.alu("eor", E[0], E[0], LO, comment="the IV")
    a.alu("eor", O[0], O[0], HI)
    call_rounds(a, ".Lp12", ".Lwhole_init80", "p^12")
    key_xor(a, (2, 3, 4), W_P1)
    a.raw("#else")
    a.note("S = IV || K || N (interleaved; the key's lanes kept in the frame)")
    a("ldr", PTR, f"[sp, #{W_ARGS + 8}]", comment="k")
    lane_in(a, (E[1], O[1]))
    a("strd", E[1], O[1], f"[sp, #{W_K}]")
    lane_in(a, (E[2], O[2]))
    a("strd", E[2], O[2], f"[sp, #{W_K + 8}]")
    a("ldr", PTR, f"[sp, #{W_ARGS + 4}]", comment="npub")
    lane_in(a, (E[3], O[3]))
    lane_in(a, (E[4], O[4]))
    a("movw", E[0], "#:lower16:ASCON_IV_E")
    a("movt", E[0], "#:upper16:ASCON_IV_E")
    a("movw", O[0], "#:lower16:ASCON_IV_O")
    a("movt", O[0], "#:upper16:ASCON_IV_O")
    call_rounds(a, ".Lp12", ".Lwhole_init", "p^12")
    key_xor(a, (3, 4))
    a.raw("#endif")
    a.note("associated data (if any): full blocks, the padded last one, p^b; then the domain bit")
    branch_on_word(a, W_ADLEN, "beq", ".Lwhole_ad_done")
    phase(a, "absorb", W_AD, W_ADLEN, "wa")
    call_rounds(a, ".Lpb", ".Lwhole_ad_last", "p^ASCON_PB after the last AD block")
    a.label(".Lwhole_ad_done")
    a.raw("#if ASCON_LITTLE_ENDIAN")
    a("eor", O[4], O[4], "#0x80000000", comment="domain separation: bit 63 of x4 (odd half, bit 31)")
    a.raw("#else")
    a("eor", E[4], E[4], "#1", comment="domain separation: bit 0 of x4 (even half, bit 0)")
    a.raw("#endif")
    a.note("the message")
    branch_on_word(a, W_OP, "bne", ".Lwhole_dec")
    phase(a, "encrypt", W_IN, W_LEN, "we")
    a("b", ".Lwhole_final")
    a.label(".Lwhole_dec")
    phase(a, "decrypt", W_IN, W_LEN, "wd")
    a.label(".Lwhole_final")
    a.note("finalization: S ^= 0^r || K || 0; p^12; tag = (x3, x4) ^ K")
    a.raw("#if CRYPTO_KEYBYTES == 20")
    key_xor(a, (1, 2, 3), W_P2)
    a.raw("#elif ASCON_RATE == 16")
    key_xor(a, (2, 3))
    a.raw("#else")
    key_xor(a, (1, 2))
    a.raw("#endif")
    call_rounds(a, ".Lp12", ".Lwhole_tag", "p^12")
    a.raw("#if CRYPTO_KEYBYTES == 20")
    key_xor(a, (3, 4), W_P1 + 8)
    a.raw("#else")
    key_xor(a, (3, 4))
    a.raw("#endif")
    a("ldr", LO, f"[sp, #{W_OP}]")
    a("cmp", LO, "#0")
    a("bne", ".Lwhole_verify")
    a("ldr", PTR, f"[sp, #{W_OUT}]", comment="the tag after the ciphertext")
    lane_out(a, 3)
    lane_out(a, 4)
    a("movs", "r0", "#0")
    a("b", ".Lwhole_wipe")
    a.label(".Lwhole_verify")
    a("add", PTR, "sp", f"#{W_BUF}", comment="the computed tag to the buffer")
    lane_out(a, 3)
    lane_out(a, 4)
    a("ldr", HI, f"[sp, #{W_IN}]", comment="the received tag after the ciphertext")
    a("movs", "r0", "#0")
    for k in range(4):
        a("ldr", LO, f"[sp, #{W_BUF + 4 * k}]")
        a("ldr", TT, f"[{HI}, #{4 * k}]")
        a.alu("eor", LO, LO, TT)
        a("orr", "r0", "r0", LO, comment="the differences, ored (no early exit)")
    a("cmp", "r0", "#0")
    a("beq", ".Lwhole_wipe")
    a.note("rejected: the plaintext written is wiped")
    a("ldr", LO, f"[sp, #{W_MLEN}]")
    a("ldr", HI, f"[sp, #{W_OUT}]")
    a("sub", HI, HI, LO)
    a("movs", TT, "#0")
    a("cmp", LO, "#0")
    a("beq", ".Lwhole_rejected")
    a.label(".Lwhole_reject")
    a("strb", TT, f"[{HI}], #1")
    a("subs", LO, LO, "#1")
    a("bne", ".Lwhole_reject")
    a.label(".Lwhole_rejected")
    a("mov", "r0", "#-1")
    a.label(".Lwhole_wipe")
    a.note("wipe the key lanes and the buffer in the frame, and the state's registers (r0: the result)")
    a("movs", LO, "#0")
    a("movs", HI, "#0")
    for off in (W_K, W_K + 8, W_BUF, W_BUF + 8):
        a("strd", LO, HI, f"[sp, #{off}]")
    a.raw("#if CRYPTO_KEYBYTES == 20")
    for off in range(W_P1, W_FRAME, 8):
        a("strd", LO, HI, f"[sp, #{off}]")
    a.raw("#endif")
    for r in ("r1", "r2", "r3", "r12"):
        a("movs" if r in LOW else "mov", r, "#0")
    a("add", "sp", "sp", f"#{W_FRAME}")
    a("pop", "{r4-r11, pc}", comment="r4-r11 (state) restored: the caller's")
    a.endfunc("LWC_SYM(ascon_armv7m_aead_decrypt)")


def permute_fast(a: Asm) -> None:
    """p^n for any n (a TBH into the unrolled rounds), and entries without
    that dispatch for the counts the modes and benchmarks name (the C side
    picks them when n is a constant): p^12 and p^6 fall into their first
    round, p^8 branches to it; rounds 0..5 end with a branch over p^6's
    prologue."""
    def prologue() -> None:
        a("push", "{r4-r11, lr}")
        a("mov", "lr", "r0", comment="lr: the state pointer (the rounds leave it alone)")
        a("ldm", "r0", STATE_REGS, comment="the state: e0-e4, o0-o4")

    sym = a.func("ascon_armv7m_permute")
    a.note("r0 = state, r1 = rounds (1..12): p^rounds, the last rounds of p^12,"
           " entered at round 12 - rounds")
    a("push", "{r4-r11, lr}")
    a("rsb", TT, "r1", "#12")
    a("mov", "lr", "r0", comment="lr: the state pointer (the rounds leave it alone)")
    a("ldm", "r0", STATE_REGS, comment="the state: e0-e4, o0-o4")
    a("tbh", f"[pc, {TT}, lsl #1]")
    a.label(".Lentries")
    for i in range(12):
        a.raw(f"    .hword (.Lround{i} - .Lentries) / 2")
    a.endfunc(sym)
    a.raw("")
    sym = a.func("ascon_armv7m_permute8")
    a.note("r0 = state: p^8")
    prologue()
    a("b", ".Lround4")
    a.endfunc(sym)
    a.raw("")
    sym = a.func("ascon_armv7m_permute12")
    a.note("r0 = state: p^12")
    prologue()
    rounds(a, 0, ".Lround", 6)
    a("b", ".Lround6", comment="over p^6's prologue")
    a.endfunc(sym)
    a.raw("")
    sym = a.func("ascon_armv7m_permute6")
    a.note("r0 = state: p^6, then the end every entry shares")
    prologue()
    rounds(a, 6, ".Lround")
    a("stm", "lr", STATE_REGS)
    a("pop", "{r4-r11, pc}")
    a.endfunc(sym)


def permute_small(a: Asm) -> None:
    sym = a.func("ascon_armv7m_permute")
    a.note("r0 = state, r1 = rounds (1..12): p^rounds, one round in a loop; lr walks"
           " the constants from round 12 - rounds")
    a("push", "{r0, r4-r11, lr}", comment="the state pointer at [sp]")
    a("adr", "lr", ".Lconstants")
    a("rsb", "r1", "r1", "#12")
    a("add", "lr", "lr", "r1, lsl #1")
    a("ldm", "r0", STATE_REGS, comment="the state: e0-e4, o0-o4")
    a.label(".Lround")
    a("ldrb", T[0], "[lr], #1", comment="even bits of the round constant (0: done)")
    a("cmp", T[0], "#0")
    a("beq", ".Ldone")
    a("ldrb", T[1], "[lr], #1", comment="odd bits")
    a.alu("eor", E[2], E[2], T[0], comment="x2 ^= round constant")
    a.alu("eor", O[2], O[2], T[1])
    round_body(a, None)
    a("b", ".Lround")
    a.label(".Ldone")
    a("pop", "{lr}", comment="the state pointer")
    a("stm", "lr", STATE_REGS)
    a("pop", "{r4-r11, pc}")
    a.raw("    .balign 2")
    a.label(".Lconstants")
    for i in range(12):
        c, ce, co = round_constant(i)
        a.raw(f"    .byte {ce}, {co}                         @ round {i}: 0x{c:02x}")
    a.raw("    .byte 0")
    a.raw("    .balign 2")
    a.endfunc(sym)


def generate(variant: str) -> str:
    if variant in masked.VARIANTS:
        return masked.generate(variant)
    a = Asm(variant)
    a.banner("src/ascon/armv7m/gen.py", f"""\
ARMv7-M (Cortex-M3), Thumb-2.  Included by an implementation's .S after
its scheme header (api.h): ASCON_RATE, ASCON_PB, ASCON_LITTLE_ENDIAN.
State in memory: e[0..4], o[0..4] (32-bit words, bit-interleaved lanes).
Registers: e0-e4 {"/".join(E)}, o0-o4 {"/".join(O)}, temporaries {"/".join(T)}; r4-r11 saved.""")
    a.start()
    if variant == "fast":
        permute_fast(a)
        a.raw("")
        a.raw("#ifdef ASCON_RATE")
        blocks(a)
        a.raw("")
        a.raw("#if defined(CRYPTO_ABYTES) /* the whole-message AEAD */")
        a.raw("#if ASCON_PA != 12 || CRYPTO_ABYTES != 16")
        a.raw("#error the whole-message AEAD expects p^12 and a 16-byte tag")
        a.raw("#endif")
        whole(a)
        a.raw("#endif")
        a.raw("#endif")
    else:
        permute_small(a)
    return text(a)


VARIANTS = ["fast", "small", *masked.VARIANTS]
MASKED = masked.VARIANTS  # the masked permutation (masked.py): not a scheme backend


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
