#!/usr/bin/env python3
"""Generate the AVR assembly of Sparkle384 from one description.

    python3 -m src.sparkle.avr.gen        # rewrite src/sparkle/avr/small.S and fast.S

    small.S   sparkle_avr_permute(state, steps)   Sparkle384 with `steps` steps
              (asm_avr_small): one Alzette and one right-branch tail as
              subroutines, called from the written-out step
    fast.S    the same with all six Alzette calls and the tails inline
              (asm_avr): faster, about twice the code

The state is the C perm_state_t (core/perm.h, the word view): x_j at bytes 8j .. 8j+3,
y_j at 8j+4 .. 8j+7, least significant byte first; branches 0..2 are the
left half, 3..5 the right half.  A step (one loop over the steps; inside
it the six branches are written out, c_j as immediates):

  constants  y0 ^= c[i mod 8] (c from flash, xored as branch 0 is loaded),
             y1 ^= i (i the step index);
  left       Alzette on branches 0, 1, 2, x and y in eight registers: the
             four rounds unrolled, every rotation by whole bytes a renaming
             of the registers and the rest one bit (31 = 32 - 1,
             17 = 16 + 1); the results go to a 24-byte buffer on the stack,
             their xors tx, ty stay in registers; f = ell(ty) for x words
             and ell(tx) for y words (ell(v) = (v ^ (v << 16)) >>> 16: two
             xors and a renaming);
  right      Alzette on branch 3 + b (b = 0, 1, 2), fused with the linear
             layer: right slot b gets the buffer's branch b (the new right
             branch b) and left slot b gets Alzette ^ buffer ^ f (the new
             left branch b - 1).  So between steps the left half is held
             rotated (slot p holds branch p - 1 mod 3): each step after the
             first finds branch 0 in slot 1 and branch 2 in slot 0, and
             after the last step one loop rotates it back.  The fusion
             spares a separate linear pass (two loads and a store a byte).

No branch or address depends on the state (the step loop and the first
step's layout depend on the step index only).
"""
from __future__ import annotations

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
from src.asmgen.avr import SPH, SPL, Asm, frame, head, rol1, ror1, tail, wipe_frame
from src.asmgen.emitter import size, text, write

VARIANTS = ["small", "fast"]
C = [0xB7E15162, 0xBF715880, 0x38B4DA56, 0x324E7738, 0xBB1185EB, 0x4F7C7B57, 0xCFBFA1C8,
     0xC2B3293D]

XR = ["r2", "r3", "r4", "r5"]       # x of a branch, byte 0 first
YR = ["r6", "r7", "r8", "r9"]       # y
SYM = "LWC_SYM(sparkle_avr_permute)"
# an assembler-local label: no symbol in the object, so the linker names no
# object file (a path) in the image
TAB = ".Lsparkle_avr_c"


def add(a: Asm, dst: list[str], src: list[str], m: int, comment: str) -> None:
    """dst += src >>> 8m (a renaming: byte k of it is src[(k + m) mod 4])."""
    for k in range(4):
        a("add" if k == 0 else "adc", dst[k], src[(k + m) % 4], comment=comment if k == 0 else "")


def xor(a: Asm, dst: list[str], src: list[str], m: int, comment: str) -> None:
    for k in range(4):
        a("eor", dst[k], src[(k + m) % 4], comment=comment if k == 0 else "")


def alzette(a: Asm, CR: list[str], TR: list[str]) -> None:
    """The four rounds of Alzette on (x, y) = (r2-r5, r6-r9) with c in CR, TR a
    scratch word."""
    a.note("round 1: x += y >>> 31, y ^= x >>> 24, x ^= c")
    a("movw", TR[0], YR[0])
    a("movw", TR[2], YR[2])
    rol1(a, TR, "T = y <<< 1 = y >>> 31")
    add(a, XR, TR, 0, "x += T")
    xor(a, YR, XR, 3, "y ^= x >>> 24")
    xor(a, XR, CR, 0, "x ^= c")
    a.note("round 2: x += y >>> 17, y ^= x >>> 17, x ^= c")
    a("movw", TR[0], YR[0])
    a("movw", TR[2], YR[2])
    ror1(a, TR, "T = y >>> 1")
    add(a, XR, TR, 2, "x += T >>> 16")
    a("movw", TR[0], XR[0])
    a("movw", TR[2], XR[2])
    ror1(a, TR, "T = x >>> 1")
    xor(a, YR, TR, 2, "y ^= T >>> 16")
    xor(a, XR, CR, 0, "x ^= c")
    a.note("round 3: x += y, y ^= x >>> 31, x ^= c")
    add(a, XR, YR, 0, "x += y")
    a("movw", TR[0], XR[0])
    a("movw", TR[2], XR[2])
    rol1(a, TR, "T = x <<< 1")
    xor(a, YR, TR, 0, "y ^= T")
    xor(a, XR, CR, 0, "x ^= c")
    a.note("round 4: x += y >>> 24, y ^= x >>> 16, x ^= c")
    add(a, XR, YR, 3, "x += y >>> 24")
    xor(a, YR, XR, 2, "y ^= x >>> 16")
    xor(a, XR, CR, 0, "x ^= c")


def generate(variant: str) -> str:
    return generate_fast(variant)


# both variants: the step's six Alzette calls written out, c_j as immediates
FCR = ["r22", "r23", "r24", "r25"]  # c_j (ldi wants r16-r31)
FTR = ["r10", "r11", "r12", "r13"]  # a rotated copy
FTX = ["r18", "r19", "r20", "r21"]
FTY = ["r14", "r15", "r16", "r17"]
FFRAME = 28  # the buffer (24 bytes), the state pointer, i, steps
FST_AT = 25  # the state pointer's offset from SP (after the buffer)
FI_AT = 27


def alzette_at(a: Asm, call: bool) -> None:
    if call:
        a("rcall", ".Lalzette")
    else:
        alzette(a, FCR, FTR)


def right(a: Asm, f: list[str], off: int, consts, call: bool) -> None:
    """Right branch b (left slot b at Y + off): Alzette, then right slot b =
    the buffer's branch b, left slot b = Alzette ^ buffer ^ f."""
    for k in range(8):
        a("ldd", (XR + YR)[k], f"Y+{24 + off + k}", comment="x, y" if k == 0 else "")
    consts()
    alzette_at(a, call)
    for k, r in enumerate(XR + YR):
        a("ld", "r0", "X+")
        a("std", f"Y+{24 + off + k}", "r0")
        a("eor", r, "r0")
        a("eor", r, f[k])
        a("std" if off + k else "st", f"Y+{off + k}" if off + k else "Y", r)


def ldi_c(a: Asm, j: int) -> None:
    for k in range(4):
        a("ldi", FCR[k], f"0x{(C[j] >> (8 * k)) & 0xFF:02x}", comment=f"c_{j}" if k == 0 else "")


def generate_fast(variant: str) -> str:
    call = variant == "small"  # one Alzette (and one right-branch tail) called
    a = Asm(variant)
    kind = ("the size variant: one Alzette and one right-branch tail called" if call
            else "the speed variant: all inline")
    a.banner("src/sparkle/avr/gen.py", f"""\
AVR (avr-gcc ABI), {kind};
c_j as immediates.  x in r2-r5, y in r6-r9, c_j in r22-r25, a rotated copy
in r10-r13; tx in r18-r21 and ty in r14-r17; Y = the state, X = the buffer,
Z = branch 2 of the left half.  Between steps the left half is kept rotated
(slot p holds branch p - 1 mod 3).""")
    a.raw('#include "asmgen/sym.h"')
    a.raw("")
    a.raw('    .section .progmem.data,"a",@progbits')
    a.raw(f"{TAB}:")
    a.note("c_0 .. c_7: the step constants")
    for j in range(8):
        a.raw("    .byte " + ", ".join(f"0x{(C[j] >> (8 * k)) & 0xFF:02x}" for k in range(4)))
    saved = [f"r{k}" for k in range(2, 18)] + ["r28", "r29"]
    head(a, SYM, saved, "r25:r24 = state, r23:r22 = steps (0..12)")
    frame(a, FFRAME, "SP+1: the buffer (24 bytes), the state pointer, i, steps")
    a("std", f"Y+{FST_AT}", "r24", comment="the state pointer")
    a("std", f"Y+{FST_AT + 1}", "r25")
    a("std", f"Y+{FI_AT}", "r1", comment="i = 0")
    a("std", f"Y+{FI_AT + 1}", "r22", comment="steps")
    a.label(".Lstep")
    a("in", "r28", SPL)
    a("in", "r29", SPH)
    a("ldd", "r16", f"Y+{FI_AT}")
    a("ldd", "r17", f"Y+{FI_AT + 1}")
    a("cp", "r16", "r17")
    a("brne", "0f")
    a("rjmp", ".Lend", comment="i = steps")
    a.raw("0:")
    a("movw", "r26", "r28")
    a("adiw", "r26", 1, comment="X = the buffer")
    a("ldd", "r30", f"Y+{FST_AT}")
    a("ldd", "r31", f"Y+{FST_AT + 1}", comment="Z = the state")
    a.note("Y = A0 (where branch 0 is), r10:r11 = Y2 (where branch 2 is)")
    a("movw", FTR[0], "r30")
    a("adiw", "r30", 8)
    a("tst", "r16")
    a("brne", "1f")
    a("sbiw", "r30", 8, comment="i = 0: the left half as the caller gave it")
    a("adiw", "r30", 16)
    a("movw", FTR[0], "r30")
    a("sbiw", "r30", 16)
    a.raw("1:")
    a("movw", "r28", "r30")
    a("ldd", "r2", "Y+12")
    a("eor", "r2", "r16")
    a("std", "Y+12", "r2", comment="y1 ^= i (i < 256)")
    a("mov", "r30", "r16")
    a("andi", "r30", 7)
    a("lsl", "r30")
    a("lsl", "r30")
    a("clr", "r31")
    a("subi", "r30", f"lo8(-({TAB}))")
    a("sbci", "r31", f"hi8(-({TAB}))", comment="Z = &c[i mod 8] in flash")
    for j in range(3):
        a.note(f"Alzette on branch {j} (into the buffer)")
        base, off = ("Z", 0) if j == 2 else ("Y", 8 * j)
        for k in range(8):
            a("ldd", (XR + YR)[k], f"{base}+{off + k}", comment="x, y" if k == 0 else "")
        if j == 0:
            for k in range(4):
                a("lpm", "r0", "Z+")
                a("eor", YR[k], "r0", comment="y0 ^= c[i mod 8]" if k == 0 else "")
            a("movw", "r30", FTR[0], comment="Z = Y2")
        ldi_c(a, j)
        alzette_at(a, call)
        for r in XR + YR:
            a("st", "X+", r)
        if j == 0:
            a("movw", FTX[0], XR[0], comment="tx = x, ty = y")
            a("movw", FTX[2], XR[2])
            a("movw", FTY[0], YR[0])
            a("movw", FTY[2], YR[2])
        else:
            xor(a, FTX, XR, 0, "tx ^= x, ty ^= y")
            xor(a, FTY, YR, 0, "")
    a.note("f: ell(ty) into x words, ell(tx) into y words")
    a("eor", FTX[2], FTX[0])
    a("eor", FTX[3], FTX[1])
    a("eor", FTY[2], FTY[0])
    a("eor", FTY[3], FTY[1])
    f = [FTY[2], FTY[3], FTY[0], FTY[1], FTX[2], FTX[3], FTX[0], FTX[1]]
    a("ld", "r28", "X+")
    a("ld", "r29", "X+", comment="Y = the state (left slot 0)")
    a("sbiw", "r26", 26, comment="X = the buffer")
    for b in range(3):
        a.note(f"Alzette on branch {3 + b}: right slot {b} gets the buffer's branch {b},")
        a.note(f"left slot {b} Alzette ^ buffer ^ f (the new branch {(b - 1) % 3})")
        if call:
            ldi_c(a, 3 + b)
            a("rcall", ".Lright", comment="Y += 8")
        else:
            right(a, f, 8 * b, lambda: ldi_c(a, 3 + b), False)
    a("in", "r28", SPL)
    a("in", "r29", SPH)
    a("ldd", "r16", f"Y+{FI_AT}")
    a("inc", "r16")
    a("std", f"Y+{FI_AT}", "r16", comment="i += 1")
    a("rjmp", ".Lstep")
    a.label(".Lend")
    a.note("after a step, slots 0, 1, 2 of the left half hold branches 2, 0, 1")
    a("ldd", "r30", f"Y+{FST_AT}")
    a("ldd", "r31", f"Y+{FST_AT + 1}", comment="Z = the state")
    a("tst", "r17")
    a("breq", "6f", comment="no step: nothing rotated")
    a("ldi", "r25", 8)
    a.raw("5:")
    a("ld", "r2", "Z")
    a("ldd", "r3", "Z+8")
    a("ldd", "r4", "Z+16")
    a("std", "Z+16", "r2")
    a("std", "Z+8", "r4")
    a("st", "Z+", "r3")
    a("dec", "r25")
    a("brne", "5b")
    a.raw("6:")
    a.note("wipe the frame, free it")
    wipe_frame(a, FFRAME, "r25")
    frame(a, -FFRAME, "interrupts as they were")
    tail(a, SYM, saved)
    if call:
        a.label(".Lright")
        a.note("a right branch: Y = left slot b, c_j in r22-r25")
        right(a, f, 0, lambda: None, True)
        a("adiw", "r28", 8)
        a("ret")
        a.label(".Lalzette")
        alzette(a, FCR, FTR)
        a("ret")
    size(a, SYM)
    return text(a)


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
