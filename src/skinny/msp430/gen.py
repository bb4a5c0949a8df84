#!/usr/bin/env python3
"""Generate the MSP430 assembly of Skinny-128-384+ from one description.

    python3 -m src.skinny.msp430.gen       # rewrite src/skinny/msp430/bitsliced.S

    bitsliced.S   skinny_msp430_rounds(block, rtk, n)
                  n rounds on the 16-byte block, round r adding the eight
                  16-bit words rtk[8r .. 8r + 7] (the round tweakey and
                  constants in the planes' form, see below)

Constant time: the 16 cells are bit-sliced, so no address and no branch
depends on the block or the tweakey (the loop counts rounds).

The planes.  Bit b of every cell goes into one 16-bit word, plane b (in
register PLANE[b] during the rounds); cell (row r, column c), byte 4r + c
of the block, is bit 4c + r of each plane: a column is a nibble, a row the
bits r, r + 4, r + 8, r + 12.  Then

  SubCells     is the S-box's circuit on the eight planes: the four
               NOR/XOR steps (x4 ^= NOR(x7, x6), x0 ^= NOR(x3, x2)) are
               three instructions each, the bit permutations between them
               only rename registers; a NOR whose result is not complemented
               leaves its plane complemented, which a flag follows (an
               operand complemented turns bis into bic or and), and the
               planes still complemented at the end are put right by the
               round tweakey words (COMPLEMENTED: the backend xors 0xffff
               into those); nine movs bring the renamed planes back to
               their registers, so that every round is the same code;
  AddRoundTweakey and AddConstants
               are one xor of a precomputed word per plane (the two top
               rows of TK1 ^ TK2 ^ TK3, the round constants, the
               complements);
  ShiftRows    rotates row r right by r columns: row 1 is the plane
               rotated left by 4 bits, row 2 by 8 (swpb), row 3 by 12;
  MixColumns   works within each nibble (column): with a', b', c', d' the
               shifted rows, new rows a' ^ c' ^ d', a', b' ^ c', a' ^ c';
               both together are, per plane, rotations by at most 3 bits
               of the plane and of its swpb, and four masks (shift_mix).

The block goes in and out by two loops over its cells in the planes'
order (column by column), eight bits a cell (rra, rrc / rla, rlc).
"""
from __future__ import annotations

import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent.parent
from src.asmgen.msp430 import Asm, head, tail
from src.asmgen.emitter import size, text, write

VARIANTS = ["bitsliced", "schedule", "table"]
SYM = "LWC_SYM(skinny_msp430_rounds)"

PLANE = ["r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11"]  # plane b: bit b of every cell
RTK = "r13"                        # the round tweakey words, 8 per round
T1, T2, T3 = "r12", "r14", "r15"   # temporaries of the linear layer (and of the S-box)
SAVED = ["r4", "r5", "r6", "r7", "r8", "r9", "r10"]


def sbox_renaming() -> tuple[list[int], list[int]]:
    """Follow the S-box circuit on register names: after SubCells, bit b of
    every cell is in plane slot where[b]; complemented[b] says whether it is
    complemented there.  (Used by the generator and by the backend's check.)"""
    where = list(range(8))
    comp = [False] * 8
    for step in range(4):
        for dst, a, b in ((4, 7, 6), (0, 3, 2)):
            # x_dst ^= NOR(x_a, x_b): computed as x_dst ^= (a | b) (result
            # complemented) when neither input is complemented, else exactly
            if not comp[a] and not comp[b]:
                comp[dst] = not comp[dst]
        if step < 3:
            old_w, old_c = where[:], comp[:]
            for new, frm in enumerate([5, 3, 0, 4, 6, 7, 1, 2]):
                where[new], comp[new] = old_w[frm], old_c[frm]
        else:
            where[1], where[2] = where[2], where[1]
            comp[1], comp[2] = comp[2], comp[1]
    return where, comp


# (x7..x0) -> (x2, x1, x7, x6, x4, x0, x3, x5): new bit i comes from old bit PERM_FROM[i]
PERM_FROM = [5, 3, 0, 4, 6, 7, 1, 2]


def complemented_mask() -> int:
    """Bit b set: plane b leaves SubCells complemented (the backend xors
    0xffff into that round tweakey word)."""
    _, comp = sbox_renaming()
    return sum(1 << b for b in range(8) if comp[b])


def sub_cells(a: Asm) -> None:
    reg = PLANE[:]          # reg[b]: the register holding bit b
    comp = [False] * 8      # comp[b]: that register holds ~bit b
    for step in range(4):
        for dst, x, y in ((4, 7, 6), (0, 3, 2)):
            what = f"x{dst} ^= NOR(x{x}, x{y})"
            if not comp[x] and not comp[y]:
                a("mov", reg[x], T3, comment=f"{what}: t = x{x} | x{y},")
                a("bis", reg[y], T3)
                a("xor", T3, reg[dst], comment=f"x{dst} ^= t: x{dst} now complemented"
                  if not comp[dst] else f"x{dst} ^= t: x{dst} no longer complemented")
                comp[dst] = not comp[dst]
            elif comp[x] and comp[y]:
                a("mov", reg[x], T3, comment=f"{what}: both complemented, NOR = ~x{x} & ~x{y}")
                a("and", reg[y], T3)
                a("xor", T3, reg[dst])
            else:
                c, t = (x, y) if comp[x] else (y, x)
                a("mov", reg[c], T3, comment=f"{what}: x{c} complemented, NOR = ~x{c} & ~x{t}")
                a("bic", reg[t], T3)
                a("xor", T3, reg[dst])
        if step < 3:
            reg = [reg[PERM_FROM[i]] for i in range(8)]
            comp = [comp[PERM_FROM[i]] for i in range(8)]
            a.note("bit permutation (x7..x0) <- (x2, x1, x7, x6, x4, x0, x3, x5): renaming: "
                   + ", ".join(f"x{b}={reg[b]}" for b in range(7, -1, -1)))
        else:
            reg[1], reg[2] = reg[2], reg[1]
            comp[1], comp[2] = comp[2], comp[1]
            a.note("exchange of bits 1 and 2: renaming: "
                   + ", ".join(f"x{b}={reg[b]}" for b in range(7, -1, -1)))
    # bring bit b back to PLANE[b]: follow the cycles of the renaming
    at = {reg[b]: b for b in range(8)}  # register -> the bit it holds
    done = set()
    for start in PLANE:
        if start in done or at[start] == PLANE.index(start):
            done.add(start)
            continue
        # start must receive bit PLANE.index(start), which is in reg[that bit]
        a("mov", start, T3, comment="planes back to their registers (one cycle of the renaming)")
        cur = start
        while True:
            done.add(cur)
            want = PLANE.index(cur)
            src = reg[want]
            if src == start:
                a("mov", T3, cur)
                break
            a("mov", src, cur)
            cur = src


def shift_mix(a: Asm, w: str, b: int) -> None:
    """ShiftRows and MixColumns on plane b (register w), with T1-T3.

    With S = swpb(w) = w <<< 8, the shifted rows are a' = row 0 of w,
    b' = row 1 of w <<< 4, c' = row 2 of S and d' = row 3 of S <<< 4, so
    every new row is w or S rotated by at most 3 bits, masked:
      row 0 = a' ^ (c' >> 2) ^ (d' >> 3) = (w ^ (S >>> 2) ^ (S <<< 1)) & 0x1111
      row 1 = a' << 1                    = (w << 1) & 0x2222
      row 2 = (b' << 1) ^ c'             = (S ^ (S >>> 3)) & 0x4444
      row 3 = (a' ^ (c' >> 2)) << 3      = ((w << 3) ^ (S <<< 1)) & 0x8888
    (a rotation by 1: rla, adc to the left; bit #1, rrc to the right).
    """
    a("mov", w, T1, comment=f"plane {b}: t1 = S = plane <<< 8")
    a("swpb", T1)
    a("mov", T1, T2, comment="t2 = S")
    a("mov", T1, T3, comment="t3 = S <<< 1")
    a("rla", T3)
    a("adc", T3)
    for k in range(3):
        a("bit", "#1", T1, comment="t1 = S >>> 3" if k == 0 else "")
        a("rrc", T1)
    a("xor", T1, T2, comment="t2 = new row 2 = (S ^ (S >>> 3)) & 0x4444")
    a("and", "#0x4444", T2)
    a("rla", T1, comment="t1 = S >>> 2")
    a("adc", T1)
    a("xor", w, T1, comment="t1 = new row 0 = (w ^ (S >>> 2) ^ (S <<< 1)) & 0x1111")
    a("xor", T3, T1)
    a("and", "#0x1111", T1)
    a("bis", T2, T1, comment="t1 = rows 0, 2")
    a("rla", w, comment="new row 1 = (w << 1) & 0x2222")
    a("mov", w, T2)
    a("and", "#0x2222", T2)
    a("bis", T2, T1)
    a("rla", w, comment="w = new row 3 = ((w << 3) ^ (S <<< 1)) & 0x8888")
    a("rla", w)
    a("xor", T3, w)
    a("and", "#0x8888", w)
    a("bis", T1, w, comment="w = the new plane")


def next_cell(a: Asm, loop: str, step: int) -> None:
    """The cell loops' step (r12 the cell, T2 the cells left): a row down
    (step 1) or up (-1), and to the next (previous) column's end at every
    fourth cell; on to .L<loop> until none is left."""
    ahead = step > 0
    a("add" if ahead else "sub", "#4", "r12", comment="next row" if ahead else "previous row")
    a("dec", T2)
    a("jeq", f".L{loop}_end")
    a("bit", "#3", T2)
    a("jne", f".L{loop}")
    a("sub" if ahead else "add", "#15", "r12",
      comment="next column" if ahead else "previous column")
    a("jmp", f".L{loop}")
    a.label(f".L{loop}_end")


def cells_in(a: Asm) -> None:
    """Planes from the block at r12: cells in the planes' bit order
    (column c, then row r: byte 4r + c), bit b of each shifted into plane b
    from the top; after 16 cells the first is at bit 0.  r14 counts the
    cells left; the pointer steps a row (+4), and back to the next column's
    top (-15) when the count is a multiple of 4."""
    a("mov", "#16", T2, comment="cells left")
    a.label(".Lin")
    a("mov.b", "@r12", T3, comment="cell (r, c)")
    for b in range(8):
        a("rra", T3)
        a("rrc", PLANE[b], comment="bit b of the cell into plane b" if b == 0 else "")
    next_cell(a, "in", 1)


def cells_out(a: Asm) -> None:
    """The block at r12 from the planes: the cells in reverse order, each
    from the planes' top bits (rla, rlc: bit 7 first)."""
    a("add", "#15", "r12", comment="cell (3, 3)")
    a("mov", "#16", T2, comment="cells left")
    a.label(".Lout")
    for b in range(7, -1, -1):
        a("rla", PLANE[b], comment="bit b of the cell from plane b's top" if b == 7 else "")
        a("rlc", T3)
    a("mov.b", T3, "0(r12)")
    next_cell(a, "out", -1)


# (rc5..rc0) of rounds 1..40, the 6-bit LFSR of the specification
RC = [0x01, 0x03, 0x07, 0x0f, 0x1f, 0x3e, 0x3d, 0x3b, 0x37, 0x2f, 0x1e, 0x3c, 0x39, 0x33,
      0x27, 0x0e, 0x1d, 0x3a, 0x35, 0x2b, 0x16, 0x2c, 0x18, 0x30, 0x21, 0x02, 0x05, 0x0b,
      0x17, 0x2e, 0x1c, 0x38, 0x31, 0x23, 0x06, 0x0d, 0x1b, 0x36, 0x2d, 0x1a]
TK_SYM = "LWC_SYM(skinny_msp430_tk)"
RC_SYM = "LWC_SYM(skinny_msp430_rc)"
TK_XOR, TK_LFSR2, TK_LFSR3, TK_CONST = 1, 2, 4, 8   # skinny_msp430_tk's mode bits
TA, TB = "r13", "r15"   # temporaries of the schedule


def tk_out(a: Asm, top: list[str], k: int, mode: int | None = None) -> None:
    """The round's two top rows (cells 0..7 in top[0..3]) into rtk at r12,
    written or xored (mode bit 0), the round constants xored (mode bit 3);
    mode None: read at 0(r1), else fixed here."""
    if mode is not None:
        op = "xor" if mode & TK_XOR else "mov"
        for i, w in enumerate(top):
            a(op, w, f"{2 * i}(r12)", comment="cells 0..7" if i == 0 else "")
        if mode & TK_CONST:
            a("xor.b", f"{RC_SYM}(r14)", "0(r12)", comment="c0 into cell 0")
            a("xor.b", f"{RC_SYM}+40(r14)", "4(r12)", comment="c1 into cell 4")
        a("add", "#8", "r12")
        a("inc", "r14", comment="round index")
        return
    a("bit", f"#{TK_XOR}", "0(r1)", comment="round tweakey: write or xor?")
    a("jne", f".Ltk_xor{k}")
    for i, w in enumerate(top):
        a("mov", w, f"{2 * i}(r12)", comment="write cells 0..7" if i == 0 else "")
    a("jmp", f".Ltk_rc{k}")
    a.label(f".Ltk_xor{k}")
    for i, w in enumerate(top):
        a("xor", w, f"{2 * i}(r12)", comment="xor cells 0..7" if i == 0 else "")
    a.label(f".Ltk_rc{k}")
    a("bit", f"#{TK_CONST}", "0(r1)", comment="the round constants?")
    a("jeq", f".Ltk_pt{k}")
    a("xor.b", f"{RC_SYM}(r14)", "0(r12)", comment="c0 into cell 0")
    a("xor.b", f"{RC_SYM}+40(r14)", "4(r12)", comment="c1 into cell 4")
    a.label(f".Ltk_pt{k}")
    a("add", "#8", "r12")
    a("inc", "r14", comment="round index")


def tk_pt(a: Asm, b: list[str]) -> None:
    """P_T: the new top rows from the bottom ones, in place in b (cells 8..15
    as (8, 9), (10, 11), (12, 13), (14, 15)): (9, 15), (8, 13), (10, 14),
    (12, 11); the old top rows become the bottom ones by renaming."""
    b0, b1, b2, b3 = b
    a("mov", b1, TA, comment="P_T: ta = cell 11 (high byte)")
    a("and", "#0xff00", TA)
    a("mov.b", b1, b1, comment="b1 = (10, 14)")
    a("mov", b3, TB)
    a("swpb", TB)
    a("and", "#0xff00", TB)
    a("bis", TB, b1)
    a("mov.b", b2, TB, comment="ta = (12, 11)")
    a("bis", TB, TA)
    a("and", "#0xff00", b2, comment="b2 = (8, 13)")
    a("mov.b", b0, TB)
    a("bis", TB, b2)
    a("swpb", b0, comment="b0 = (9, 15)")
    a("mov.b", b0, b0)
    a("and", "#0xff00", b3)
    a("bis", b3, b0)
    a("mov", TA, b3, comment="order: (9, 15), (8, 13), (10, 14), (12, 11)")
    a("mov", b1, TA)
    a("mov", b2, b1)
    a("mov", TA, b2)


def tk_lfsr2(a: Asm, w: str, first: bool) -> None:
    """TK2's LFSR on both bytes of w: (x7..x0) -> (x6..x0, x7 ^ x5)."""
    a("mov", w, TA, comment="LFSR2: ta bits 7, 15 = x7 ^ x5 of each byte" if first else "")
    a("rla", TA)
    a("rla", TA)
    a("xor", w, TA)
    a("rla", w)
    a("and", "#0xfefe", w)
    a("swpb", TA, comment="to bits 0, 8" if first else "")
    a("rla", TA)
    a("adc", TA)
    a("and", "#0x0101", TA)
    a("bis", TA, w)


def tk_lfsr3(a: Asm, w: str, first: bool) -> None:
    """TK3's LFSR on both bytes of w: (x7..x0) -> (x0 ^ x6, x7..x1)."""
    a("mov", w, TA, comment="LFSR3: ta = w <<< 6, bits 6, 14 = x0 of each byte" if first else "")
    a("swpb", TA)
    a("bit", "#1", TA)
    a("rrc", TA)
    a("bit", "#1", TA)
    a("rrc", TA)
    a("xor", w, TA, comment="bits 6, 14: x6 ^ x0; then to bits 7, 15" if first else "")
    a("rla", TA)
    a("and", "#0x8080", TA)
    a("rra", w)
    a("and", "#0x7f7f", w)
    a("bis", TA, w)


def tk_round(a: Asm, top: list[str], bottom: list[str], k: int, mode: int | None = None) -> None:
    tk_out(a, top, k, mode)
    tk_pt(a, bottom)
    if mode is not None:
        for i, w in enumerate(bottom):
            if mode & TK_LFSR2:
                tk_lfsr2(a, w, i == 0)
            if mode & TK_LFSR3:
                tk_lfsr3(a, w, i == 0)
        return
    a("bit", f"#{TK_LFSR2}", "0(r1)", comment="an LFSR on the new top rows?")
    a("jeq", f".Ltk_no2{k}")
    for i, w in enumerate(bottom):
        tk_lfsr2(a, w, i == 0)
    a.label(f".Ltk_no2{k}")
    a("bit", f"#{TK_LFSR3}", "0(r1)")
    a("jeq", f".Ltk_no3{k}")
    for i, w in enumerate(bottom):
        tk_lfsr3(a, w, i == 0)
    a.label(f".Ltk_no3{k}")


TK2W_SYM = "LWC_SYM(skinny_msp430_tk2w)"


def schedule_fixed(a: Asm, sym: str, mode: int, what: str) -> None:
    """skinny_msp430_tk with its mode fixed (no test in the loop)."""
    head(a, sym, SAVED, f"r12 = rtk (8 bytes a round, 40 rounds, even address), "
         f"r13 = {what} (16 bytes)")
    tk = PLANE
    for w in tk:
        a("mov.b", "@r13+", w, comment="cells (2k, 2k + 1) in r4 + k" if w == tk[0] else "")
        a("mov.b", "@r13+", TB)
        a("swpb", TB)
        a("bis", TB, w)
    a("clr", "r14", comment="round index")
    a.label(f".Ltk{mode}_loop")
    tk_round(a, tk[:4], tk[4:], 0, mode)
    tk_round(a, tk[4:], tk[:4], 1, mode)
    a("cmp", "#40", "r14")
    a("jne", f".Ltk{mode}_loop")
    for w in tk + [TA, TB]:
        a("clr", w, comment="wipe the tweakey" if w == tk[0] else "")
    tail(a, SAVED)
    size(a, sym)


SCHEDULES = [  # (symbol, mode, what): skinny_msp430_tk's modes, each its own function
    ("LWC_SYM(skinny_msp430_tk3c)", TK_LFSR3 | TK_CONST, "TK3 (written, with the round constants)"),
    ("LWC_SYM(skinny_msp430_tk2x)", TK_XOR | TK_LFSR2, "TK2 (xored)"),
    ("LWC_SYM(skinny_msp430_tk2w)", TK_LFSR2, "TK2 (written)"),
    ("LWC_SYM(skinny_msp430_tk1x)", TK_XOR, "TK1 (xored)"),
]


def schedule(a: Asm) -> None:
    a.raw("")
    a.note("the round constants: c0 of rounds 1..40, then c1")
    a.raw("    .section .rodata")
    a.raw(f"    .type {RC_SYM}, @object")
    a.raw(f"{RC_SYM}:")
    for half in (0, 1):
        vals = [rc & 0x0f for rc in RC] if half == 0 else [rc >> 4 for rc in RC]
        for k in range(0, 40, 10):
            a.raw("    .byte " + ", ".join(f"{v}" for v in vals[k:k + 10]))
    a.raw(f"    .size {RC_SYM}, 80")
    for sym, mode, what in SCHEDULES:
        a.raw("")
        schedule_fixed(a, sym, mode, what)


PLANES_SYM = "LWC_SYM(skinny_msp430_planes)"


def planes(a: Asm) -> None:
    """Round tweakey bytes (8 a round: cells 0..7) to the planes' words (8 a
    round), with the constant 2 of cell 8 and the complements of SubCells:
    the words are built from the top bit (4c + r = 13) down with rlc, the
    positions of rows 2 and 3 shifted in as zeros."""
    head(a, PLANES_SYM, SAVED, "r12 = words (8 a round), r13 = rtk bytes (8 a round), "
         "r14 = rounds n, r15 = 0: add the constant 2 and the complements, else bare")
    a("push", "r15", comment="bare? at 0(r1)")
    a.label(".Lpl_round")
    a("tst", "r14")
    a("jeq", ".Lpl_done")
    for w in PLANE:
        a("clr", w, comment="positions 14, 15: zero" if w == PLANE[0] else "")
    for p in range(13, -1, -1):
        r, c = p % 4, p // 4
        if r >= 2:
            for b in range(8):
                a("rla", PLANE[b], comment=f"position {p}: row {r}, zero" if b == 0 else "")
            continue
        cell = 4 * r + c
        a("mov.b", f"{cell}(r13)", TB, comment=f"position {p}: cell {cell}")
        for b in range(8):
            a("rra", TB)
            a("rlc", PLANE[b])
    a("cmp", "#0", "0(r1)", comment="bare (TK1's images)?")
    a("jne", ".Lpl_store")
    a("xor", "#4", PLANE[1], comment="constant 2 in cell 8: plane 1, position 2")
    for b in range(8):
        if complemented_mask() >> b & 1:
            a("inv", PLANE[b], comment="complemented by SubCells")
    a.label(".Lpl_store")
    for b in range(8):
        a("mov", PLANE[b], f"{2 * b}(r12)")
    a("add", "#8", "r13")
    a("add", "#16", "r12")
    a("dec", "r14")
    a("jmp", ".Lpl_round")
    a.label(".Lpl_done")
    a("add", "#2", "r1")
    for w in PLANE + [TB]:
        a("clr", w, comment="wipe" if w == PLANE[0] else "")
    tail(a, SAVED)
    size(a, PLANES_SYM)


SBOX_SYM = "LWC_SYM(skinny_msp430_sbox)"
TROUNDS_SYM = "LWC_SYM(skinny_msp430t_rounds)"
TROUNDS2_SYM = "LWC_SYM(skinny_msp430t_rounds2)"
TK1Q_SYM = "LWC_SYM(skinny_msp430_tk1q)"


def sbox_table() -> list[int]:
    def step(x: int) -> int:
        return x ^ (~((x >> 3) | (x >> 2)) & 0x11)

    def perm(x: int) -> int:
        return sum(((x >> frm) & 1) << new for new, frm in enumerate(PERM_FROM))

    out = []
    for x in range(256):
        for _ in range(3):
            x = perm(step(x))
        x = step(x) & 0xff
        out.append((x & 0xf9) | ((x >> 1) & 1) << 2 | ((x >> 2) & 1) << 1)
    return out


def restore(a: Asm, reg: list[str], home: list[str], tmp: str, what: str) -> None:
    """movs that bring logical word k from reg[k] back to home[k]."""
    at = {reg[k]: k for k in range(len(reg))}
    done = set()
    for start in home:
        if start in done or reg[home.index(start)] == start:
            done.add(start)
            continue
        a("mov", start, tmp, comment=what)
        cur = start
        while True:
            done.add(cur)
            src = reg[home.index(cur)]
            if src == start:
                a("mov", tmp, cur)
                break
            a("mov", src, cur)
            cur = src
    del at


def table_round(a: Asm, L: list[str], k: int, two: bool = False) -> list[str]:
    """One round on the words L[0..7] (row r in L[2r], L[2r + 1], two cells a
    word, the lower-numbered cell in the low byte); returns the new names."""
    t = "r12"
    a.note(f"round {k}: SubCells by the table, two cells a word")
    for w in L:
        a("mov.b", w, t, comment=f"{w}: t = low cell, {w} = high cell")
        a("xor", t, w)
        a("swpb", w)
        a("mov.b", f"{SBOX_SYM}({w})", w, comment="S(high)")
        a("swpb", w)
        a("mov.b", f"{SBOX_SYM}({t})", t, comment="S(low)")
        a("bis", t, w)
    a.note("AddConstants, AddRoundTweakey: rtk (cells 0..7, c0 and c1 in it), 2 into cell 8")
    for i in range(4):
        a("xor", "@r13+", L[i])
    a("xor", "#2", L[4])
    if two:
        a.note("the second round tweakey stream (Romulus: TK2 = an AD block)")
        for i in range(4):
            a("xor", "@r15+", L[i])
    if k % 2 == 0:
        a.note("TK1's top rows, every other round: r14 = the 8 P_T^2 images, cycled")
        for i in range(4):
            a("xor", "@r14+", L[i])
        if k == 2:
            a("cmp", "2(r1)", "r14", comment="past the 8th image? (unsigned: any n with zero images)")
            a("jnc", f".Lt_nq{k}")
            a("sub", "#64", "r14")
            a.label(f".Lt_nq{k}")
    a.note("ShiftRows: row 1 right by one cell (swpb both words, exchange the low bytes)")
    for r1, r2 in ((L[2], L[3]), (L[6], L[7])):
        a("swpb", r1)
        a("swpb", r2)
        a("mov", r1, t)
        a("xor", r2, t)
        a("mov.b", t, t)
        a("xor", t, r1)
        a("xor", t, r2)
    a.note("row 2: the words swap names; row 3: the same as row 1, then its words swap names")
    L = [L[0], L[1], L[2], L[3], L[5], L[4], L[7], L[6]]
    a.note("MixColumns: row 1 ^= row 2, row 2 ^= row 0, row 3 ^= row 2; rows renamed")
    a("xor", L[4], L[2])
    a("xor", L[5], L[3])
    a("xor", L[0], L[4])
    a("xor", L[1], L[5])
    a("xor", L[4], L[6])
    a("xor", L[5], L[7])
    return [L[6], L[7], L[0], L[1], L[2], L[3], L[4], L[5]]


def table_rounds(a: Asm, two: bool) -> None:
    sym = TROUNDS2_SYM if two else TROUNDS_SYM
    head(a, sym, SAVED, "r12 = block (16 bytes, in place), r13 = rtk (8 bytes a round, "
         "even address), r14 = TK1's 8 top-row images (64 bytes, even address; n a multiple "
         "of 4 unless they are zero), " + ("r15 = a second rtk (8 bytes a round), " if two else "")
         + "on the stack: rounds n")
    a("push", "r12", comment="the block, for the way out (4(r1) in the loop)")
    a("mov", "r14", "r12", comment="end of the TK1 images, at 2(r1) in the loop")
    a("add", "#64", "r12")
    a("push", "r12")
    if two:
        a("mov", "20(r1)", "r12", comment="n (the fifth argument: above the return address, "
          "7 saved registers and 2 pushes)")
    else:
        a("mov", "r15", "r12", comment="n")
    a("rla", "r12", comment="end of the round tweakeys: rtk + 8n, at 0(r1)")
    a("rla", "r12")
    a("rla", "r12")
    a("add", "r13", "r12")
    a("push", "r12")
    a("mov", "4(r1)", "r12")
    for w in PLANE[:7]:
        a("mov.b", "@r12+", w, comment="the block, two cells a word (bytes: any alignment)"
          if w == PLANE[0] else "")
        a("mov.b", "@r12+", "r11")
        a("swpb", "r11")
        a("bis", "r11", w)
    a("mov.b", "@r12+", "r11")
    a("mov.b", "@r12", "r12")
    a("swpb", "r12")
    a("bis", "r12", "r11")
    names = [PLANE[:]]
    for k in range(4):
        names.append(table_round(Asm("dry"), names[-1], k, two))
    assert names[4] == PLANE, "four rounds rename the words back"
    a.note("n mod 4 rounds first: enter the loop at round 4 - n mod 4, the words renamed as there")
    a("mov", "@r1", "r12", comment="8n mod 32 = (rtk end - rtk) mod 32")
    a("sub", "r13", "r12")
    a("and", "#24", "r12")
    a("jeq", ".Lt_loop")
    for m in (3, 2, 1):  # n mod 4 = m: start at round 4 - m
        a("cmp", f"#{8 * m}", "r12")
        a("jne", f".Lt_e{m}")
        restore(a, PLANE, names[4 - m], "r12", f"n mod 4 = {m}: the names of round {4 - m}")
        a("jmp", f".Lt_r{4 - m}")
        a.label(f".Lt_e{m}")
    a.label(".Lt_loop")
    a("cmp", "@r1", "r13", comment="rounds left? (0(r1) = rtk end, 2(r1) = TK1 images' end)")
    a("jeq", ".Lt_done")
    L = PLANE[:]
    for k in range(4):
        if k:
            a.label(f".Lt_r{k}")
        L = table_round(a, L, k, two)
    a("jmp", ".Lt_loop")
    a.label(".Lt_done")
    a("add", "#4", "r1", comment="drop the end pointers")
    a("pop", "r12")
    for w in PLANE:
        a("mov.b", w, "0(r12)", comment="the block back" if w == PLANE[0] else "")
        a("swpb", w)
        a("mov.b", w, "1(r12)")
        a("add", "#2", "r12")
    tail(a, SAVED)
    size(a, sym)


def tk1_images(a: Asm) -> None:
    """TK1's two top rows at rounds 0, 2, .., 14 (P_T^2 on the top rows, an
    8-cycle), when its bottom rows are zero (Romulus: CNT || B || 0^8)."""
    head(a, TK1Q_SYM, ["r8", "r9", "r10"], "r12 = out (64 bytes, even address), r13 = TK1 "
         "(its first 8 bytes)")
    w = PLANE[4:]
    for x in w:
        a("mov.b", "@r13+", x, comment="cells (2k, 2k + 1) in r8 + k" if x == w[0] else "")
        a("mov.b", "@r13+", TB)
        a("swpb", TB)
        a("bis", TB, x)
    a("mov", "#8", "r14", comment="images left")
    a.label(".Lq_loop")
    for i, x in enumerate(w):
        a("mov", x, f"{2 * i}(r12)")
    a("add", "#8", "r12")
    tk_pt(a, w)
    a("dec", "r14")
    a("jne", ".Lq_loop")
    for x in w + [TA, TB]:
        a("clr", x, comment="wipe" if x == w[0] else "")
    tail(a, ["r8", "r9", "r10"])
    size(a, TK1Q_SYM)


WIPE_SYM = "LWC_SYM(skinny_msp430_wipe)"


def wipe(a: Asm) -> None:
    """Zero n words (n a multiple of 8) from an even address: what the
    backends own (round tweakeys) is wiped in 4.5 cycles a word."""
    head(a, WIPE_SYM, [], "r12 = words (even address), r13 = n (a multiple of 8)")
    a.label(".Lwipe")
    a("tst", "r13")
    a("jeq", ".Lwipe_done")
    for k in range(8):
        a("clr", f"{2 * k}(r12)")
    a("add", "#16", "r12")
    a("sub", "#8", "r13")
    a("jmp", ".Lwipe")
    a.label(".Lwipe_done")
    tail(a, [])
    size(a, WIPE_SYM)


ROUNDS_IMG_SYM = "LWC_SYM(skinny_msp430_rounds_img)"


def bitsliced_rounds_img(a: Asm) -> None:
    """skinny_msp430_rounds with TK1's 8 images in the planes' form (8 words
    each) xored after the round tweakey every other round, cycled; n even."""
    head(a, ROUNDS_IMG_SYM, SAVED, "r12 = block (16 bytes, in place), r13 = rtk (8 words a "
         "round), r14 = rounds n (even), r15 = TK1's 8 images (8 words each, even address)")
    a("push", "r12", comment="the block, at 6(r1) in the loop")
    a("mov", "r15", "r12", comment="end of the images, at 4(r1)")
    a("add", "#128", "r12")
    a("push", "r12")
    a("push", "r15", comment="the next image, at 2(r1)")
    for _ in range(4):
        a("rla", "r14", comment="end of the round tweakeys: rtk + 16n, at 0(r1)" if _ == 0 else "")
    a("add", RTK, "r14")
    a("push", "r14")
    a("mov", "6(r1)", "r12")
    cells_in(a)
    a.label(".Lri_round")
    a("cmp", "@r1", RTK, comment="rounds left?")
    a("jne", ".Lri_go")
    a("br", "#.Lri_done", comment="(beyond a jump's reach)")
    a.label(".Lri_go")
    for k in range(2):
        a.note(f"{'even' if k == 0 else 'odd'} round: SubCells on the planes")
        sub_cells(a)
        a.note("AddRoundTweakey, AddConstants (and the complements)")
        for b in range(8):
            a("xor", f"@{RTK}+", PLANE[b])
        if k == 0:
            a.note("TK1's image of this round")
            a("mov", "2(r1)", T1)
            for b in range(8):
                a("xor", f"@{T1}+", PLANE[b])
            a("cmp", "4(r1)", T1, comment="past the 8th image?")
            a("jne", ".Lri_keep")
            a("sub", "#128", T1)
            a.label(".Lri_keep")
            a("mov", T1, "2(r1)")
        a.note("ShiftRows, MixColumns, plane by plane")
        for b in range(8):
            shift_mix(a, PLANE[b], b)
    a("br", "#.Lri_round", comment="(beyond a jump's reach)")
    a.label(".Lri_done")
    a("add", "#6", "r1", comment="drop the pointers")
    a("pop", "r12")
    b = Asm("x")
    cells_out(b)
    a.lines += [ln.replace(".Lout", ".Lri_out") for ln in b.lines]
    tail(a, SAVED)
    size(a, ROUNDS_IMG_SYM)


def own_sections(t: str) -> str:
    """Each function in a section of its own (.text.<name>), so that the
    linker's --gc-sections drops those an implementation does not call."""
    lines = t.split("\n")
    for i, ln in enumerate(lines):
        if ln == "    .text" and i + 2 < len(lines):
            m = re.match(r"\s*\.global LWC_SYM\((\w+)\)", lines[i + 2])
            if m:
                lines[i] = f'    .section .text.{m.group(1)},"ax",@progbits'
    return "\n".join(lines)


def generate(variant: str) -> str:
    return own_sections(generate_text(variant))


def generate_text(variant: str) -> str:
    if variant == "schedule":
        a = Asm(variant)
        a.banner("src/skinny/msp430/gen.py", """\
The tweakey schedule of Skinny-128-384+ for one tweakey TKi: its 16 cells
in r4-r11 (two a word, little-endian), P_T as byte moves (the top and
bottom rows swap registers every round: the loop is two rounds), TK2's or
TK3's LFSR on the new top rows two cells a word; each round's top rows
(8 bytes) written or xored into the round tweakeys.""")
        a.raw('#include "asmgen/sym.h"')
        schedule(a)
        a.raw("")
        tk1_images(a)
        a.raw("")
        wipe(a)
        return text(a)
    if variant == "table":
        a = Asm(variant)
        a.banner("src/skinny/msp430/gen.py", """\
Skinny-128-384+ rounds on MSP430 with the S-box as a 256-byte table indexed
by the cells (NOT constant time: the addresses depend on the data).  The
block in r4-r11, two cells a word (row r in two words, the lower-numbered
cell in the low byte); r12 temporary, r13 the round tweakeys, r14 TK1's
images; the block pointer and two end pointers on the stack.  Rows are
renamed by ShiftRows and MixColumns and put back every two rounds.""")
        a.raw('#include "asmgen/sym.h"')
        a.raw("")
        a.raw("    .section .rodata")
        a.raw("    .p2align 1")
        a.raw(f"    .type {SBOX_SYM}, @object")
        a.raw(f"{SBOX_SYM}:")
        tab = sbox_table()
        for k in range(0, 256, 16):
            a.raw("    .byte " + ", ".join(f"0x{v:02x}" for v in tab[k:k + 16]))
        a.raw(f"    .size {SBOX_SYM}, 256")
        a.raw("")
        table_rounds(a, False)
        a.raw("")
        b = Asm(variant)
        table_rounds(b, True)
        a.lines += [ln.replace(".Lt_", ".Lu_") for ln in b.lines]  # its own labels
        return text(a)
    assert variant == "bitsliced"
    a = Asm(variant)
    a.banner("src/skinny/msp430/gen.py", f"""\
Skinny-128-384+ rounds on MSP430, bit-sliced: plane b (bit b of the 16
cells, cell (r, c) at bit 4c + r) in {", ".join(PLANE)};
{RTK} = the round tweakey words; {T1}, {T2}, {T3} temporaries; the block
pointer and the end of the round tweakeys on the stack.
Planes left complemented by SubCells (the backend's round tweakeys
undo them): mask 0x{complemented_mask():02x}.""")
    a.raw('#include "asmgen/sym.h"')
    a.raw("")
    head(a, SYM, SAVED, "r12 = block (16 bytes, in place), r13 = rtk (8 words a round), "
         "r14 = rounds n")
    a("push", "r12", comment="the block, for the way out")
    a("rla", "r14", comment="end of the round tweakeys: rtk + 16n")
    a("rla", "r14")
    a("rla", "r14")
    a("rla", "r14")
    a("add", RTK, "r14")
    a("push", "r14")
    cells_in(a)
    a.label(".Lround")
    a("cmp", "@r1", RTK, comment="rounds left?")
    a("jeq", ".Ldone")
    a.note("SubCells on the planes")
    sub_cells(a)
    a.note("AddRoundTweakey, AddConstants (and the complements)")
    for b in range(8):
        a("xor", f"@{RTK}+", PLANE[b])
    a.note("ShiftRows, MixColumns, plane by plane")
    for b in range(8):
        shift_mix(a, PLANE[b], b)
    a("jmp", ".Lround")
    a.label(".Ldone")
    a("add", "#2", "r1", comment="drop the end pointer")
    a("pop", "r12")
    cells_out(a)
    tail(a, SAVED)
    size(a, SYM)
    a.raw("")
    b = Asm(variant)
    bitsliced_rounds_img(b)
    a.lines += [ln.replace(".Lin", ".Lri_in") for ln in b.lines]
    a.raw("")
    planes(a)
    return text(a)


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
