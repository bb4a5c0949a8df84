#!/usr/bin/env python3
"""Generate the AVR assembly of Gimli (size-optimized) from one description.

    python3 -m src.gimli.avr.gen          # rewrite src/gimli/avr/small.S

    small.S   gimli_avr_permute(state, rounds)   the last `rounds` of the 24

The state is the 48-byte string of common.h (backend_avr.h keeps it as
bytes, like lowsize): word s[i][j] at bytes 16i + 4j .. 16i + 4j + 3,
least significant byte first.  A round is one loop over the four columns
(the SP-box with the column's three words in registers: rotations by 24 and
by 8 + 1 are renamings of the registers plus one bit; the shifts by 1, 2, 3
of the and/or terms are lsl/rol chains), then, every other round, a swap of
row 0's words (a 4-byte swap routine called twice) and, every fourth, the
round constant 0x9e377900 ^ r into s[0][0].  The branches test the round
counter, never the state.
"""
from __future__ import annotations

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
from src.asmgen.avr import Asm, head, rol1, shl, tail
from src.asmgen.emitter import size, text, write

VARIANTS = ["small"]
RC = 0x9E377900

XW = ["r18", "r19", "r20", "r21"]  # x = s[0][j] <<< 24, byte 0 first
YW = ["r22", "r23", "r24", "r25"]  # y = s[1][j] <<< 9
ZW = ["r12", "r13", "r14", "r15"]  # z = s[2][j]
TW = ["r2", "r3", "r4", "r5"]      # the output being formed
CNT, ROUND = "r16", "r17"
SYM = "LWC_SYM(gimli_avr_permute)"


def op(a: Asm, name: str, dst: list[str], src: list[str], comment: str) -> None:
    for k in range(4):
        a(name, dst[k], src[k], comment=comment if k == 0 else "")


def generate(variant: str) -> str:
    a = Asm(variant)
    a.banner("src/gimli/avr/gen.py", """\
AVR (avr-gcc ABI).  Z = the state (+4j in the column loop).  SP-box on
column j: x in r18-r21, y in r22-r25, z in r12-r15 (byte 0 first), the
output being formed in r2-r5; r16 = column counter, r17 = round r (24 .. 1);
the swap routine uses Z, X and r18, r19.""")
    a.raw('#include "asmgen/sym.h"')
    a.raw("")
    saved = ["r2", "r3", "r4", "r5", "r12", "r13", "r14", "r15", "r16", "r17"]
    head(a, SYM, saved, "r25:r24 = state, r23:r22 = rounds n (0..24): rounds n .. 1")
    a("movw", "r30", "r24", comment="Z = state")
    a("mov", ROUND, "r22")
    a.label(".Lround")
    a("tst", ROUND)
    a("brne", "0f")
    a("rjmp", ".Lend")
    a.raw("0:")
    a("ldi", CNT, 4)
    a.label(".Lcolumn")
    a.note("x = s[0][j] <<< 24 (byte k = byte k + 1), y = s[1][j] <<< 8 (byte k - 1), z")
    for k in range(4):
        a("ldd" if (k + 1) % 4 else "ld", XW[k], f"Z+{(k + 1) % 4}" if (k + 1) % 4 else "Z")
    for k in range(4):
        a("ldd", YW[k], f"Z+{16 + (k - 1) % 4}")
    for k in range(4):
        a("ldd", ZW[k], f"Z+{32 + k}")
    rol1(a, YW, "y <<<= 1: y = s[1][j] <<< 9")
    a.note("s[2][j] = x ^ (z << 1) ^ ((y & z) << 2) = ((((y & z) << 1) ^ z) << 1) ^ x")
    a("movw", TW[0], YW[0])
    a("movw", TW[2], YW[2])
    op(a, "and", TW, ZW, "T = y & z")
    shl(a, TW, "T <<= 1")
    op(a, "eor", TW, ZW, "T ^= z")
    shl(a, TW, "T <<= 1")
    op(a, "eor", TW, XW, "T ^= x")
    for k in range(4):
        a("std", f"Z+{32 + k}", TW[k])
    a.note("s[1][j] = y ^ x ^ ((x | z) << 1)")
    a("movw", TW[0], XW[0])
    a("movw", TW[2], XW[2])
    op(a, "or", TW, ZW, "T = x | z")
    shl(a, TW, "T <<= 1")
    op(a, "eor", TW, XW, "T ^= x")
    op(a, "eor", TW, YW, "T ^= y")
    for k in range(4):
        a("std", f"Z+{16 + k}", TW[k])
    a.note("s[0][j] = z ^ y ^ ((x & y) << 3): x is free now")
    op(a, "and", XW, YW, "x &= y")
    for s in range(3):
        shl(a, XW, f"<< {s + 1}")
    op(a, "eor", XW, ZW, "^= z")
    op(a, "eor", XW, YW, "^= y")
    for k in range(4):
        a("std" if k else "st", f"Z+{k}" if k else "Z", XW[k])
    a("adiw", "r30", 4, comment="next column")
    a("dec", CNT)
    a("breq", "1f")
    a("rjmp", ".Lcolumn")
    a.raw("1:")
    a("sbiw", "r30", 16, comment="Z = state")
    a.note("r even: a swap of row 0; r mod 4 = 0: the small one and the constant")
    a("sbrc", ROUND, 0)
    a("rjmp", ".Lnext", comment="r odd: nothing")
    a("movw", "r26", "r30")
    a("sbrc", ROUND, 1)
    a("rjmp", ".Lbig")
    a("adiw", "r26", 4, comment="small swap: words 0-1, 2-3")
    a("rcall", ".Lswap4")
    a("adiw", "r30", 4)
    a("adiw", "r26", 4)
    a("rcall", ".Lswap4")
    a("sbiw", "r30", 12, comment="Z = state")
    a("ld", "r18", "Z")
    a("eor", "r18", ROUND)
    a("st", "Z", "r18", comment="s[0][0] ^= 0x9e377900 ^ r")
    for k in range(1, 4):
        a("ldd", "r18", f"Z+{k}")
        a("ldi", "r19", f"0x{(RC >> (8 * k)) & 0xFF:02x}")
        a("eor", "r18", "r19")
        a("std", f"Z+{k}", "r18")
    a("rjmp", ".Lnext")
    a.label(".Lbig")
    a("adiw", "r26", 8, comment="big swap: words 0-2, 1-3")
    a("rcall", ".Lswap4")
    a("rcall", ".Lswap4")
    a("sbiw", "r30", 8, comment="Z = state")
    a.label(".Lnext")
    a("dec", ROUND)
    a("rjmp", ".Lround")
    a.label(".Lend")
    tail(a, SYM, saved)
    a.note("swap the 4 bytes at Z with the 4 at X; Z, X advance by 4")
    a.label(".Lswap4")
    for _ in range(4):
        a("ld", "r18", "Z")
        a("ld", "r19", "X")
        a("st", "Z+", "r19")
        a("st", "X+", "r18")
    a("ret")
    size(a, SYM)
    return text(a)


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
