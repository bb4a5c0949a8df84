#!/usr/bin/env python3
"""Generate the AVR assembly of Xoodoo from one description.

    python3 -m src.xoodoo.avr.gen         # rewrite src/xoodoo/avr/small.S and fast.S

    small.S   xoodoo_avr_permute(state, rounds)   the last `rounds` of the 12
              (asm_avr_small): a round's four columns written out around two
              subroutines, .Ltheta and .Lchi
    fast.S    the same with everything inline (asm_avr): faster, about twice
              the code

The state is the C perm_state_t (core/perm.h, the word view): lane (x, y) at bytes
16y + 4x .. 16y + 4x + 3, least significant byte first.  A round reads one
48-byte buffer and writes the other (the state and a 48-byte buffer on the
stack, swapped every round; an odd round count copies the result back), so
that rho-west's shift of plane 1 and rho-east's shift of plane 2 are only
addresses; with the columns written out every address is a constant
displacement.

  theta    P = a[x] ^ a[x+4] ^ a[x+8] in four registers, then
           E[x+1] = (P <<< 5) ^ (P <<< 14) = (P ^ (P <<< 9)) <<< 5, each
           rotation by whole bytes a renaming of the registers (9 = 8 + 1,
           5 = 8 - 3).  small.S computes E[x] just before column x needs it
           (only E[3], wanted by columns 0 and 3, waits on the stack);
           fast.S first writes all four to a 16-byte table on the stack;
  iota     the round constant (a 16-bit table in flash) into a[0] (small.S:
           into column 0's A0 register, so theta still sees the old a[0]);
  the rest column x: A0 = a[x] ^ E[x], A1 = a[4 + x-1] ^ E[x-1] (rho-west),
           A2 = (a[8 + x] ^ E[x]) <<< 11 (rho-west), chi on the twelve
           bytes (three and-nots, three xors a byte), then A1 <<< 1 to
           plane 1 column x and A2 <<< 8 to plane 2 column x+2 (rho-east)
           of the other buffer.

The branches test the round count, never the state; the addresses depend
on it alone.
"""
from __future__ import annotations

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
from src.asmgen.avr import SPH, SPL, Asm, frame, head, rol1, ror1, tail, wipe_frame
from src.asmgen.emitter import size, text, write

VARIANTS = ["small", "fast"]
# Xoodoo's round constants, rounds 0 .. 11 of 12 (the specification's table)
RC = [0x058, 0x038, 0x3C0, 0x0D0, 0x120, 0x014, 0x060, 0x02C, 0x380, 0x0F0, 0x1A0, 0x012]

P = ["r2", "r3", "r4", "r5"]      # chi: A0
U = ["r6", "r7", "r8", "r9"]      # chi: A1
A2 = ["r10", "r11", "r12", "r13"]  # chi: A2 (before its rotation by 8); theta's scratch
IDX = "r22"   # 2 x round index (into the constants)
SYM = "LWC_SYM(xoodoo_avr_permute)"


def generate(variant: str) -> str:
    return generate_calls(variant)


# the small variant: a round written out around two subroutines
SEA = ["r14", "r15", "r16", "r17"]   # E[x] (theta's parity, then P ^ (P <<< 9) >>> 3)
STMP = ["r18", "r19", "r0"]          # chi's temporaries
RC_REGS = ["r19", "r23"]             # the round constant, until column 0
E3_AT = 49                           # E[3]'s slot (SP + 49 .. 52)
SFRAME = 52


def do(a: Asm, call: bool, label: str, *bodies) -> None:
    """Call the subroutine at label (small.S) or write its bodies inline."""
    if call:
        a("rcall", label)
    else:
        for body in bodies:
            body(a)


def a1_load(a: Asm, x: int) -> None:
    """A1 of column x + 1 = a[4 + x] ^ E[x] into r6-r9, while r14-r17 hold E[x]
    and Z = column x - 1 (a[4 + x] at Z + 16)."""
    for k in range(4):
        a("ldd", U[k], f"Z+{16 + k}", comment=f"A1 = a[{4 + x}] ^ E[{x}]" if k == 0 else "")
        a("eor", U[k], e_byte(SEA, k))


def e_byte(e: list[str], k: int) -> str:
    """Byte k of E, held as P >>> 3: E = (P >>> 3) <<< 8, byte k = e[k - 1]."""
    return e[(k - 1) % 4]


def theta_body(a: Asm) -> None:
    """.Ltheta: E[x + 1] from column x (Z) into r14-r17, Z += 4."""
    a.note("E[x + 1] from column x (Z): P = a[x] ^ a[x + 4] ^ a[x + 8], P ^= P <<< 9, >>> 3")
    for k in range(4):
        a("ld" if k == 0 else "ldd", SEA[k], "Z" if k == 0 else f"Z+{k}")
    for plane in (16, 32):
        for k in range(4):
            a("ldd", A2[0], f"Z+{plane + k}")
            a("eor", SEA[k], A2[0])
    a("movw", A2[0], SEA[0])
    a("movw", A2[2], SEA[2])
    rol1(a, A2, "T = P <<< 1 (in A2's registers)")
    for k in range(4):
        a("eor", SEA[k], A2[(k - 1) % 4], comment="P ^= P <<< 9 (T's bytes +1)" if k == 0 else "")
    for s in range(3):
        ror1(a, SEA, f"P >>> {s + 1}")
    a("adiw", "r30", 4)


def chi_a0(a: Asm) -> None:
    """.Lchi's first part: A0 = a[x] ^ E[x]."""
    a.note("column x (Z, Y): A0 = a[x] ^ E[x], A2 = (a[x + 8] ^ E[x]) <<< 11, chi,")
    a.note("rho-east; A1 from the caller, A2 stored by the caller")
    for k in range(4):
        a("ld" if k == 0 else "ldd", P[k], "Z" if k == 0 else f"Z+{k}",
          comment="A0 = a[x] ^ E[x]" if k == 0 else "")
        a("eor", P[k], e_byte(SEA, k))


def chi_rest(a: Asm) -> None:
    """.Lchi1: A2, chi, rho-east, A0 and A1 out, Y += 4."""
    for k in range(4):
        a("ldd", A2[k], f"Z+{32 + k}", comment="A2 = a[x + 8] ^ E[x]" if k == 0 else "")
        a("eor", A2[k], e_byte(SEA, k))
    for s in range(3):
        rol1(a, A2, f"A2 <<< {s + 1}: with its bytes +1, A2 <<< {s + 9}")
    a.note("chi, byte k: A2's byte k is r10 + (k - 1) mod 4")
    for k in range(4):
        a0, a1, a2 = P[k], U[k], A2[(k - 1) % 4]
        a("mov", STMP[0], a1)
        a("com", STMP[0])
        a("and", STMP[0], a2, comment=f"byte {k}: ~A1 & A2")
        a("mov", STMP[1], a2)
        a("com", STMP[1])
        a("and", STMP[1], a0, comment="~A2 & A0")
        a("mov", STMP[2], a0)
        a("com", STMP[2])
        a("and", STMP[2], a1, comment="~A0 & A1")
        a("eor", a0, STMP[0])
        a("eor", a1, STMP[1])
        a("eor", a2, STMP[2])
    rol1(a, U, "rho-east: A1 <<< 1")
    for k in range(4):
        a("st" if k == 0 else "std", "Y" if k == 0 else f"Y+{k}", P[k], comment="out a[x]" if k == 0 else "")
    for k in range(4):
        a("std", f"Y+{16 + k}", U[k], comment="out a[4 + x]" if k == 0 else "")
    a("adiw", "r28", 4)


def generate_calls(variant: str) -> str:
    """Columns written out; .Ltheta (E from column parity, Z += 4) and .Lchi
    (rho-west, chi, rho-east of one column, Y += 4) called.  E[x] is computed
    just before column x needs it, so no E table: only E[3] (needed by
    columns 0 and 3) waits on the stack."""
    call = variant == "small"  # .Ltheta and .Lchi called, else inline
    a = Asm(variant)
    kind = "the size variant: .Ltheta and .Lchi called." if call else \
        "the speed variant: .Ltheta and .Lchi inline."
    a.banner("src/xoodoo/avr/gen.py", f"""\
AVR (avr-gcc ABI), {kind}
Z = the buffer a round reads (+4x), Y = the buffer it
writes (+4x); .Ltheta: E[x + 1] from column x into r14-r17 (held as
P >>> 3, byte k of E in register k - 1; r10-r13 its scratch), Z += 4;
.Lchi: A0 in r2-r5, A1 in r6-r9 (loaded by the caller while r14-r17 still
hold E[x - 1]), A2 in r10-r13 (stored by the caller), E[x] in r14-r17,
temporaries r18, r19, r0, Y += 4; X = E[3]'s slot on the stack;
r22 = 2 x round index, r19:r23 the round constant until column 0.""")
    a.raw('#include "asmgen/sym.h"')
    a.raw("")
    a.raw('    .section .progmem.data,"a",@progbits')
    # an assembler-local label: no symbol in the object, so the linker names no
    # object file (a path) in the image
    a.raw(".Lxoodoo_avr_rc:")
    a.raw("    .byte " + ", ".join(f"0x{c & 0xFF:02x}, 0x{c >> 8:02x}" for c in RC))
    saved = [f"r{k}" for k in range(2, 18)] + ["r28", "r29"]
    head(a, SYM, saved, "r25:r24 = state, r23:r22 = rounds n (0..12): the last n rounds")
    a.note(f"a frame of {SFRAME} bytes: SP+1 .. SP+48 the second buffer, SP+49 .. SP+52 E[3]")
    frame(a, SFRAME, "interrupts as they were")
    a("adiw", "r28", 1, comment="Y = the stack buffer")
    a("movw", "r30", "r24", comment="Z = the state")
    a("ldi", "r23", 12)
    a("sub", "r23", "r22")
    a("lsl", "r23")
    a("mov", IDX, "r23", comment="2 (12 - n): the first round's constant")
    a("cpi", IDX, 24)
    a("brne", "0f")
    a("rjmp", ".Lfree", comment="n = 0")
    a.raw("0:")
    a("in", "r26", SPL)
    a("in", "r27", SPH)
    a("adiw", "r26", E3_AT + 4, comment="X = after E[3]'s slot")
    a.label(".Lround")
    a.note("the round constant into r19:r23 (Z kept in r24:r25)")
    a("movw", "r24", "r30")
    a("ldi", "r30", "lo8(.Lxoodoo_avr_rc)")
    a("ldi", "r31", "hi8(.Lxoodoo_avr_rc)")
    a("add", "r30", IDX)
    a("adc", "r31", "r1")
    a("lpm", RC_REGS[0], "Z+")
    a("lpm", RC_REGS[1], "Z")
    a("movw", "r30", "r24")
    a.note("E[3] from column 2 (kept on the stack), column 0's A1, E[0] from column 3")
    a("adiw", "r30", 8)
    do(a, call, ".Ltheta", theta_body)
    a("sbiw", "r26", 4, comment="X = E[3]'s slot")
    for k in range(4):
        a("st", "X+", SEA[k])
    a1_load(a, 3)
    do(a, call, ".Ltheta", theta_body)
    a("sbiw", "r30", 16, comment="Z = column 0")
    for x in range(4):
        a.note(f"column {x}")
        if x == 0:
            for k in range(4):
                a("ld" if k == 0 else "ldd", P[k], "Z" if k == 0 else f"Z+{k}",
                  comment="A0 = a[0] ^ E[0] ^ the round constant (iota)" if k == 0 else "")
                a("eor", P[k], e_byte(SEA, k))
            a("eor", P[0], RC_REGS[0])
            a("eor", P[1], RC_REGS[1])
            do(a, call, ".Lchi1", chi_rest)
        else:
            do(a, call, ".Lchi", chi_a0, chi_rest)
        d = 32 + 4 * ((x + 2) % 4) - 4 * x - 4
        for k in range(4):
            a("std", f"Y+{d + k}", A2[(k - 2) % 4],
              comment=f"out a[{8 + (x + 2) % 4}] = A2 <<< 8" if k == 0 else "")
        if x < 3:
            a1_load(a, x)
        if x in (0, 1):
            a.note(f"E[{x + 1}] from column {x}, Z += 4")
            do(a, call, ".Ltheta", theta_body)
        elif x == 2:
            a("sbiw", "r26", 4)
            for k in range(4):
                a("ld", SEA[k], "X+", comment="E[3] again" if k == 0 else "")
            a("adiw", "r30", 4)
    a("sbiw", "r30", 12)
    a("sbiw", "r28", 16)
    a("movw", "r24", "r30", comment="swap the buffers: the output is the next input")
    a("movw", "r30", "r28")
    a("movw", "r28", "r24")
    a("subi", IDX, 0xFE, comment="next round")
    a("cpi", IDX, 24)
    a("breq", "5f")
    a("rjmp", ".Lround")
    a.raw("5:")
    a.note("an odd round count leaves the result in the stack buffer: copy it back")
    a("in", "r24", SPL)
    a("in", "r25", SPH)
    a("adiw", "r24", 1)
    a("cp", "r24", "r30")
    a("cpc", "r25", "r31")
    a("brne", ".Lfree")
    a("ldi", STMP[0], 48)
    a.raw("6:")
    a("ld", "r0", "Z+")
    a("st", "Y+", "r0")
    a("dec", STMP[0])
    a("brne", "6b")
    a.label(".Lfree")
    a.note("wipe the frame (the buffer and E[3] held state), then free it")
    wipe_frame(a, SFRAME, STMP[0])
    frame(a, -SFRAME, "interrupts as they were")
    tail(a, SYM, saved)
    if call:
        a.label(".Ltheta")
        theta_body(a)
        a("ret")
        a.label(".Lchi")
        chi_a0(a)
        a.label(".Lchi1")
        chi_rest(a)
        a("ret")
    size(a, SYM)
    return text(a)



if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
