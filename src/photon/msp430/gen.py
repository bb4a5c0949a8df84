#!/usr/bin/env python3
"""Generate the MSP430 assembly of PHOTON256 from one description.

    python3 -m src.photon.msp430.gen      # rewrite src/photon/msp430/bitsliced.S

    bitsliced.S   photon_msp430_permute(state, rounds)   the first `rounds` of 12
                  photon_msp430_rows_xor(state, i, in, n)  rows i .. i+n-1 ^= 4n bytes
                  photon_msp430_rows_get(state, i, out, n) 4n bytes = rows i .. i+n-1

Constant time: no table indexed by the state, no branch on it (the only
table is the round constants, indexed by the round number; the branches
test loop counters, the round pointer and the parity of a row number).

The state (backend_msp430.h) is kept bit-sliced: 16 words, word 4g + p =
plane p (bit p of every cell) of rows 2g (low byte) and 2g + 1 (high
byte), bit j of a row byte = column j.  The byte routines convert rows of
the 32-byte string of common.h (cell X[i][j] in byte 4i + j/2, low nibble
first) bit by bit.

The permutation works in a 120-byte frame on the stack: slots 0 .. 14 of
four plane words, slot s plane p at 8s + 2p(SP), holding row s in its low
byte and row s + 1 in its high byte.  So every row is stored twice, as the
low byte of one slot and the high byte of the one before: a word carries
two consecutive rows.

A round:
  AddConstant + SubCells + ShiftRows: the round's rows (the state itself
    in round 0, slots 8, 10, 12, 14 after), a pair of rows 2g, 2g + 1 at a
    time: the round constant (a table of four plane masks per round, the
    row constants IC as immediates), the PRESENT S-box as a 30-instruction
    Boolean program on the four plane words (16 cells at once), then each
    row byte is rotated right by its row number, and the rows are written
    to slots 0 .. 6 (row 7 as slot 6's high byte).
  MixColumnSerial: the serial matrix A (last row a = 2 4 2 11 2 8 5 6 over
    GF(2^4)) applied 8 times is the recurrence r[n] = sum a[k] r[n-8+k],
    n = 8 .. 15.  Bit-sliced, a[k] * (plane words) is a 4 x 4 bit matrix B
    (multiplying by x moves plane 3 into planes 0 and 1, and the others up
    by one), so a new row is XORs of plane words.  A slot word (r[m],
    r[m+1]) feeds both r[n] (low byte) and r[n+1] (high byte) with the
    same coefficient: one pass over slots n-8 .. n-2 computes two new rows
    at once; the k = 7 terms (r[n-1] for the low byte, r[n] for the high
    one, known only now) are added byte-wise.  Slot n gets (r[n], r[n+1]),
    slot n - 1 (r[n-1], r[n]).  Four such steps write slots 7 .. 14, where
    the next round reads its rows.
On exit slots 8, 10, 12, 14 are copied to the state and the frame is wiped.
"""
from __future__ import annotations

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
from src.asmgen.msp430 import Asm, head, tail
from src.asmgen.emitter import size, text, write

VARIANTS = ["bitsliced"]

RC = [1, 3, 7, 14, 13, 11, 6, 12, 9, 2, 5, 10]
IC = [0, 1, 3, 7, 15, 14, 12, 8]
SBOX = [0xC, 5, 6, 0xB, 9, 0, 0xA, 0xD, 3, 0xE, 0xF, 8, 4, 7, 1, 2]
A_LAST = [2, 4, 2, 11, 2, 8, 5, 6]
SYM = "LWC_SYM(photon_msp430_permute)"
FRAME = 120          # slots 0 .. 14
F_STATE = FRAME      # the state pointer, saved
F_END = FRAME + 2    # the round-constant pointer after the last round


def mulx(a: int) -> int:
    a <<= 1
    return a ^ 0x13 if a & 16 else a


def gmul(a: int, c: int) -> int:
    r = 0
    for i in range(4):
        if c >> i & 1:
            r ^= a
        a = mulx(a)
    return r


def bmat(c: int) -> list[list[int]]:
    """B[q][p]: plane q of c * y takes plane p of y."""
    return [[(gmul(1 << p, c) >> q) & 1 for p in range(4)] for q in range(4)]


def slot(s: int, p: int = 0) -> int:
    return 8 * s + 2 * p


# ---- the S-box as a Boolean program on plane words ------------------------
# (op, src, dst) in MSP430's order: dst = dst op src; "inv" has no source.
X = ["x0", "x1", "x2", "x3"]
SBOX_PROG = [
    ("mov", "x1", "u", "u = x1 ^ x2"), ("xor", "x2", "u", ""),
    ("mov", "x1", "t", "t = x1 x2"), ("and", "x2", "t", ""),
    ("mov", "x0", "a", "a = x0 x3"), ("and", "x3", "a", ""),
    ("mov", "a", "b", "b = x0 x3 (x1 ^ x2)"), ("and", "u", "b", ""),
    ("mov", "x0", "m", "y2 = ~(x1 (x0 ^ x3) ^ x2 ^ x3 ^ a ^ b)"), ("xor", "x3", "m", ""),
    ("and", "x1", "m", ""), ("xor", "x2", "m", ""), ("xor", "x3", "m", ""),
    ("xor", "a", "m", ""), ("xor", "b", "m", ""), ("inv", None, "m", ""),
    ("mov", "t", "a", "a = x0 x1 x2"), ("and", "x0", "a", ""),
    ("xor", "t", "x2", "y0 = x2 ^ t ^ x0 ^ x3 (in x2)"), ("xor", "x0", "x2", ""),
    ("xor", "x3", "x2", ""),
    ("bis", "x0", "t", "y3 = ~((t | x0) ^ x1 ^ x3 ^ b) (in t)"), ("xor", "x1", "t", ""),
    ("xor", "x3", "t", ""), ("xor", "b", "t", ""), ("inv", None, "t", ""),
    ("bic", "x0", "u", "y1 = x3 ~(u ~x0) ^ a ^ x1 (in x3)"), ("bic", "u", "x3", ""),
    ("xor", "a", "x3", ""), ("xor", "x1", "x3", ""),
]
# where each output ends
SBOX_OUT = {"y0": "x2", "y1": "x3", "y2": "m", "y3": "t"}


def run_sbox_prog() -> list[int]:
    """The program on the 16 inputs at once: y[q] bit v = bit q of S(v)."""
    env = {f"x{p}": sum(((v >> p) & 1) << v for v in range(16)) for p in range(4)}
    for op, src, dst, _ in SBOX_PROG:
        s = env[src] if src else 0
        d = env.get(dst, 0)
        d = {"mov": s, "xor": d ^ s, "and": d & s, "bis": d | s,
             "bic": d & ~s & 0xFFFF, "inv": d ^ 0xFFFF}[op]
        env[dst] = d
    return [env[SBOX_OUT[f"y{q}"]] for q in range(4)]


def check_sbox() -> None:
    want = [sum(((SBOX[v] >> q) & 1) << v for v in range(16)) for q in range(4)]
    assert run_sbox_prog() == want, "S-box program"


# ---- registers ---------------------------------------------------------------
#   r1   SP: the frame
#   r14  round-constant pointer (RC_TAB + 8 r)
#   S-box pass:  x0..x3 = r4..r7, temporaries r8..r11, r13; r12 = where the
#                round's input rows are (the state in round 0, slot 8 after),
#                read in order, r15 = the gap between two pairs of rows
#                (0 in the state, 8 in the frame)
#   MixColumns:  acc0..acc3 = r4..r7 (the pair being formed), t = r8,
#                r9 step counter, r10..r13 row n - 1, r15 = slot n - 8
SBOX_REGS = {"x0": "r4", "x1": "r5", "x2": "r6", "x3": "r7",
             "u": "r8", "t": "r9", "a": "r10", "b": "r11", "m": "r13"}
ACC = ["r4", "r5", "r6", "r7"]


def rotr_byte(a: Asm, reg: str, n: int, what: str) -> None:
    """Rotate the byte in reg (high byte clear) right by n bits."""
    n %= 8
    if n == 0:
        return
    if n <= 4:
        for i in range(n):
            a("bit", "#1", reg, comment=f"{what} >>> {n}" if i == 0 else "")
            a("rrc.b", reg)
    else:
        for i in range(8 - n):
            a("rla.b", reg, comment=f"{what} <<< {8 - n}" if i == 0 else "")
            a("adc.b", reg)


def emit_sbox_pass(a: Asm) -> None:
    for g in range(4):
        a.note(f"rows {2 * g} (low bytes), {2 * g + 1} (high): state words {4 * g} .. "
               f"{4 * g + 3} (round 0) or slot {8 + 2 * g} (r12) -> slots "
               f"{2 * g - 1 if g else 0} .. {min(2 * g + 1, 6)}")
        for p in range(4):
            a("mov", "@r12+", SBOX_REGS[X[p]], comment=f"x{p}: plane {p}")
        if g < 3:
            a("add", "r15", "r12", comment="the next pair of rows")
        for p in range(4):
            a("xor", "@r14+", SBOX_REGS[X[p]], comment="AddConstant: RC bit p, both rows"
              if p == 0 else "")
        if g < 3:
            a("sub", "#8", "r14", comment="the same four masks for the next rows")
        for p in range(4):
            ic = ((IC[2 * g] >> p) & 1) | (((IC[2 * g + 1] >> p) & 1) << 8)
            if ic:
                a("xor", f"#{ic:#x}", SBOX_REGS[X[p]], comment=f"IC bit {p}: rows {2 * g}, {2 * g + 1}")
        regs = ", ".join(f"{k} {v}" for k, v in SBOX_REGS.items())
        a.note(f"SubCells: PRESENT S-box on the 16 cells of the planes ({regs})")
        for op, src, dst, what in SBOX_PROG:
            d = SBOX_REGS[dst]
            if op == "inv":
                a("inv", d, comment=what)
            else:
                a(op, SBOX_REGS[src], d, comment=what)
        ys = [SBOX_REGS[SBOX_OUT[f"y{q}"]] for q in range(4)]
        lo = "r8"
        for p in range(4):
            y = ys[p]
            a("mov.b", y, lo, comment=f"ShiftRows, plane {p}: row {2 * g}")
            a("swpb", y, comment=f"row {2 * g + 1} in the low byte")
            rotr_byte(a, lo, 2 * g, f"row {2 * g}")
            rotr_byte(a, y, 2 * g + 1, f"row {2 * g + 1}")
            assert 2 * g + 1 != 8  # the byte ops clear the high byte
            if g < 3:
                a("mov.b", y, f"{slot(2 * g + 1, p)}(r1)", comment=f"slot {2 * g + 1}, low")
            if g:
                a("mov.b", lo, f"{slot(2 * g - 1, p) + 1}(r1)", comment=f"slot {2 * g - 1}, high")
            a("swpb", y)
            a("bis", lo, y)
            a("mov", y, f"{slot(2 * g, p)}(r1)", comment=f"slot {2 * g}")


def emit_mix_step(a: Asm) -> None:
    """One step: r15 = slot n - 8 (slot n - 1 after the word terms);
    acc = (r[n], r[n + 1]) into slot n, (r[n - 1], r[n]) into slot n - 1."""
    t = "r8"
    init = [False] * 4

    def put(src: str, q: int) -> None:
        a("xor" if init[q] else "mov", src, ACC[q])
        init[q] = True

    for k in range(7):
        bm = bmat(A_LAST[k])
        a.note(f"+ {A_LAST[k]} * slot n - {8 - k} (rows n - {8 - k}, n - {7 - k})")
        for p in range(4):
            qs = [q for q in range(4) if bm[q][p]]
            what = f"plane {p} -> plane{'s' if len(qs) > 1 else ''} {', '.join(map(str, qs))}"
            if len(qs) == 1:
                a("xor" if init[qs[0]] else "mov", "@r15+", ACC[qs[0]], comment=what)
                init[qs[0]] = True
            else:
                a("mov", "@r15+", t, comment=what)
                for q in qs:
                    put(t, q)
    assert all(init)
    bm = bmat(A_LAST[7])
    tp = ["r10", "r11", "r12", "r13"]
    a.note(f"low bytes: + {A_LAST[7]} * row n - 1 (slot n - 2, high bytes): r[n] done")
    for p in range(4):
        a("mov.b", f"{slot(6, p) + 1 - 56}(r15)", tp[p], comment=f"plane {p} of row n - 1")
        for q in range(4):
            if bm[q][p]:
                a("xor", tp[p], ACC[q])
    a.note(f"high bytes: + {A_LAST[7]} * row n: r[n + 1] done; slot n - 1 = (r[n-1], r[n])")
    for p in range(4):
        a("mov.b", ACC[p], t)
        a("swpb", t, comment=f"plane {p} of row n, high byte")
        a("bis", t, tp[p])
        for q in range(4):
            if bm[q][p]:
                a("xor", t, ACC[q])
    for p in range(4):
        a("mov", tp[p], f"{slot(7, p) - 56}(r15)", comment="slot n - 1" if p == 0 else "")
        a("mov", ACC[p], f"{slot(8, p) - 56}(r15)", comment="slot n" if p == 0 else "")


def emit_copy_out(a: Asm) -> None:
    a.note("slots 8, 10, 12, 14 -> the state")
    a("mov", f"{F_STATE}(r1)", "r12")
    for g in range(4):
        for p in range(4):
            a("mov", f"{slot(8 + 2 * g, p)}(r1)", f"{8 * g + 2 * p}(r12)")


ROW_PLANES = ["r4", "r5", "r6", "r13"]
ROW_SAVED = ["r4", "r5", "r6"]


def emit_row_base(a: Asm) -> None:
    a.note("r12 = row i's plane byte 0: state + 8 (i >> 1) + (i & 1); plane p at + 2p")
    a("mov", "r13", "r11")
    a("and", "#1", "r11")
    a("bic", "#1", "r13")
    a("rla", "r13")
    a("rla", "r13")
    a("add", "r13", "r12")
    a("add", "r11", "r12")


def emit_row_next(a: Asm, label: str) -> None:
    a.note("the next row: + 1 from an even row (its pointer is even), + 7 from an odd one")
    a("inc", "r12")
    a("bit", "#1", "r12", comment="the row number's parity (public)")
    a("jnz", "1f")
    a("add", "#6", "r12")
    a.raw("1:")
    a("dec", "r15")
    a("jnz", label)


def emit_rows(a: Asm, kind: str, what: str, body) -> None:
    """photon_msp430_rows_<kind>: body() moves one row (r12 its plane bytes,
    r14 its 4 bytes) between the state and the bytes, for rows i .. i + n - 1."""
    sym = f"LWC_SYM(photon_msp430_rows_{kind})"
    a.raw("")
    head(a, sym, ROW_SAVED, f"r12 = state, r13 = first row i, r14 = 4n bytes {what}, "
         "r15 = rows n (1 .. 8 - i)")
    emit_row_base(a)
    a.label(f".L{kind}_row")
    body()
    emit_row_next(a, f".L{kind}_row")
    tail(a, ROW_SAVED)
    size(a, sym)


def emit_rows_xor(a: Asm) -> None:
    """rows i .. i + n - 1 ^= 4n bytes: each byte's bits (cell 2b bits
    0 .. 3, then cell 2b + 1) go one by one into the plane registers, whose
    bytes are then XORed into the state's plane bytes of the row."""
    def row() -> None:
        for b in range(4):
            a("mov.b", "@r14+", "r11", comment=f"byte {b}: cells {2 * b}, {2 * b + 1}, bit 4c + p")
            for c in range(2):
                for p in range(4):
                    a("rrc", "r11")
                    a("rrc.b", ROW_PLANES[p], comment=f"plane {p}" if b == c == 0 else "")
        for p in range(4):
            a("xor.b", ROW_PLANES[p], f"{2 * p}(r12)")
    emit_rows(a, "xor", "(cells 8i ..)", row)


def emit_rows_get(a: Asm) -> None:
    """4n bytes = rows i .. i + n - 1: the plane bytes' bits, one by one."""
    def row() -> None:
        for p in range(4):
            a("mov.b", f"{2 * p}(r12)", ROW_PLANES[p], comment=f"plane {p}")
        for b in range(4):
            for c in range(2):
                for p in range(4):
                    a("rrc", ROW_PLANES[p], comment=f"byte {b}" if c == p == 0 else "")
                    a("rrc.b", "r11")
            a("mov.b", "r11", f"{b}(r14)")
        a("add", "#4", "r14")
    emit_rows(a, "get", "out", row)


def generate(variant: str) -> str:
    assert variant == "bitsliced", variant
    check_sbox()
    a = Asm(variant)
    a.banner("src/photon/msp430/gen.py", f"""\
PHOTON256 on MSP430 (clang MSP430 EABI), bit-sliced, constant time.
State: 16 words, 4g + p = plane p of rows 2g | 2g + 1 << 8 (bit j = column j).
Frame: slots 0 .. 14 of 4 plane words, slot s plane p at 8s + 2p(SP) =
(row s | row s + 1 << 8) of plane p; state pointer at {F_STATE}(SP), the
round-constant end at {F_END}(SP).  Round constants: .Lrc_tab + 8r, plane p
mask (0x0101 when bit p of RC[r]).""")
    a.raw('#include "asmgen/sym.h"')
    a.raw("")
    a.raw("    .section .rodata.photon_msp430_rc, \"a\", @progbits")
    a.raw("    .p2align 1")
    a.raw("    .type photon_msp430_rc, @object")  # a local symbol: profile names the table
    a.label("photon_msp430_rc")
    a.label(".Lrc_tab")
    for r in range(12):
        a.raw("    .short  " + ", ".join(f"{0x0101 if RC[r] >> p & 1 else 0:#06x}"
                                      for p in range(4)) + f"    ; round {r}: RC {RC[r]}")
    a.raw("    .size photon_msp430_rc, .-photon_msp430_rc")
    a.raw("")
    saved = ["r4", "r5", "r6", "r7", "r8", "r9", "r10"]
    head(a, SYM, saved, "r12 = state (16 plane words), r13 = rounds (0 .. 12)")
    a("tst", "r13", comment="no round: the state stays as it is")
    a("jnz", "2f")
    a("br", "#.Lnone")
    a.raw("2:")
    a("sub", f"#{FRAME + 4}", "r1", comment="the frame")
    a("mov", "r12", f"{F_STATE}(r1)")
    a("mov", "#.Lrc_tab", "r14")
    a("rla", "r13")
    a("rla", "r13")
    a("rla", "r13")
    a("add", "r14", "r13")
    a("mov", "r13", f"{F_END}(r1)", comment="RC_TAB + 8 rounds")
    a("clr", "r15", comment="round 0 reads the state (r12) as it is")
    a.label(".Lround")
    a("cmp", f"{F_END}(r1)", "r14", comment="rounds left?")
    a("jne", "1f")
    a("br", "#.Ldone", comment="(the round is too long for a jump)")
    a.raw("1:")
    emit_sbox_pass(a)
    a.note("MixColumnSerial: four steps, n = 8, 10, 12, 14; acc0..acc3 = r4..r7: plane p")
    a.note("of (r[n] | r[n+1] << 8); r8 a slot word; r10..r13 row n - 1, then slot n - 1;")
    a.note("r15 walks slots n - 8 .. n - 2; r9 counts the steps")
    a("mov", "r1", "r15", comment="slot n - 8 = slot 0")
    a("mov", "#4", "r9")
    a.label(".Lmix")
    emit_mix_step(a)
    a("sub", "#40", "r15", comment="slot n - 6: the next step")
    a("dec", "r9")
    a("jnz", ".Lmix")
    a("mov", "r1", "r12")
    a("add", "#64", "r12", comment="the next round reads slots 8, 10, 12, 14")
    a("mov", "#8", "r15")
    a("br", "#.Lround")
    a.label(".Ldone")
    emit_copy_out(a)
    a.note("wipe the frame's slots")
    a("mov", "r1", "r15")
    a("mov", f"#{FRAME // 24}", "r11")
    a.label(".Lwipe")
    for i in range(12):
        a("clr", f"{2 * i}(r15)")
    a("add", "#24", "r15")
    a("dec", "r11")
    a("jnz", ".Lwipe")
    a("add", f"#{FRAME + 4}", "r1")
    a.label(".Lnone")
    tail(a, saved)
    size(a, SYM)
    emit_rows_xor(a)
    emit_rows_get(a)
    return text(a)


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
