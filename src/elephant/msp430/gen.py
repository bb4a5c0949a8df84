#!/usr/bin/env python3
"""Generate the MSP430 assembly of Spongent-pi[160] (Elephant's Dumbo) from one
description.

    python3 -m src.elephant.msp430.gen     # rewrite src/elephant/msp430/*.S

    small.S   spongent_msp430_permute(state, rounds)   the first `rounds` of the 80

The state is the 20-byte string of common.h (bit i = bit i % 8 of byte
i / 8), word aligned (backend_msp430.h).  A round reads the state from one
20-byte buffer and writes it to the other (the caller's and one on the
stack, in turn); the closing loop copies the stack buffer to the state
after an odd count (to itself after an even one) and wipes it.  The round
constants (the LFSR value for byte 0, its reversal for byte 19) come from
an 80-round table indexed by the round, public.

Index the 160 bits as the specification does: nibble k = 8q + 4r1 + 2r0 + c0
(group q = 0..4 of four bytes, byte r = 2r1 + r0 of the group, c0 the nibble
of the byte) and p1 p0 the bit of the nibble.  The pLayer sends bit p of
nibble k to bit 40p + k: byte 5p + q, bit 4r1 + 2r0 + c0.  So the four
bytes of group q, once their 32 bits are transposed so that each byte
holds one bit plane (bit p of the group's 8 nibbles, in nibble order), are
exactly bytes q, 5 + q, 10 + q, 15 + q of the output; and the S-box, being
bitwise across the planes, runs on the transposed planes before they are
stored.  Two groups go together as a chunk of four 16-bit registers
(groups 0, 1, then 2, 3; group 4 alone with zero high bytes).

In a chunk, a register index W1 W0 and a bit position 3 2 1 0 address 64
bits.  Loaded as words, the chunk holds (W1 W0 | 3 2 1 0) = (g r1 | r0 c0
p1 p0) (g: which group of the two).  Four exchanges of an index bit of the
register with one of the position give (p1 p0 | g r1 r0 c0): each register
is then one plane, low byte the first group, high byte the second:
    W1 <-> 3   a byte exchange (swpb)            (group 4: the byte loads)
    W0 <-> 2   shift 4, mask 0x0f0f
    W1 <-> 1   shift 2, mask 0x3333
    W0 <-> 0   shift 1, mask 0x5555
Each exchange of register index W with position i between registers x
(W = 0) and y (W = 1) is the delta swap t = ((x >> 2^i) ^ y) & m,
y ^= t, x ^= t << 2^i.  No address or branch depends on data.

.Lpair loads a chunk of groups (q, q + 1) and makes the byte exchange, then
falls into .Lcore (the other three exchanges and the S-box), which group 4
enters directly after its four byte loads.  Modelled cycles a round (the family
guide's table): chunk loads 8, byte exchange 14, other exchanges 58, S-box 19,
stores 26 (planes 0 and 2 as aligned words, 1 and 3 as bytes), call and
return 8, for each of the two full chunks; group 4 the same minus the byte
exchange, with byte stores; the buffer swap and the loop test 10.
"""
from __future__ import annotations

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
from src.asmgen.msp430 import Asm, head, tail
from src.asmgen.emitter import size, text, write

VARIANTS = ["small"]
SYM = "LWC_SYM(spongent_msp430_permute)"
LFSR_IV = 0x75

S, D = "r12", "r13"              # source and destination pointers (advancing)
A, B, C, DD = "r4", "r5", "r6", "r7"  # the chunk: a = (W1 W0) = 00, b = 01, c = 10, d = 11
E, F, G, H = "r8", "r9", "r10", "r11"  # temporaries
P = "r14"                         # the next round constant
T = E                             # the exchanges' temporary
MASK = {4: "r10", 2: "r11", 1: "r15"}  # 0x0f0f, 0x3333, 0x5555 throughout
MASK_VALUE = {4: 0x0F0F, 2: 0x3333, 1: 0x5555}
FRAME = 22                        # 20-byte buffer, the round constants' end
END = 20


def rev8(x: int) -> int:
    return int(f"{x:08b}"[::-1], 2)


def exchange(a: Asm, x: str, y: str, shift: int, what: str) -> None:
    """Delta swap between x (index bit 0) and y (index bit 1)."""
    a("mov", x, T, comment=what)
    for _ in range(shift):
        a("rra", T)
    a("xor", y, T)
    a("and", MASK[shift], T)
    a("xor", T, y)
    for _ in range(shift):
        a("rla", T)
    a("xor", T, x)


def byte_exchange(a: Asm, x: str, y: str, what: str) -> None:
    """High byte of x <-> low byte of y."""
    a("mov", x, T, comment=what)
    a("swpb", T)
    a("xor", y, T)
    a("mov.b", T, T)
    a("xor", T, y)
    a("swpb", T)
    a("xor", T, x)


# The S-box y = S(x) on the planes x0 .. x3 = a, b, c, d (Elephant v2,
# table e d b 0 2 1 4 f 7 a 8 5 9 c 3 6): 19 two-operand instructions with
# two temporaries (e, f; a becomes a third once x0 is used).  A stochastic
# search over such programs (mov, and, bic, bis, xor, inv; the temporaries'
# initial values arbitrary) found it; tests/asm/test_asm_msp430_elephant.py runs
# it against the table.  The sequence derived by hand from the algebraic
# normal form took 22: with f = x0 ^ x1 x2, g = x1 ^ x2,
#   y0 = f ^ x1 ^ x3, y2 = ~(g ^ x3 f), y1 = y2 ^ f ^ (g & ~x3),
#   y3 = x2 ^ mux(x3; x1 ^ (x0 & ~x2), ~(x0 x1)).
# Outputs: y0 in c, y1 in f, y2 in b, y3 in d.
OUT = [C, F, B, DD]
SBOX_PROGRAM = [  # (instruction, source, destination); what the destination holds
    ("xor", B, C, "c = x1 ^ x2"),
    ("mov", C, E, "e = x1 ^ x2"),
    ("mov", E, F, "f = x1 ^ x2"),
    ("and", B, C, "c = x1 & ~x2"),
    ("xor", A, C, "c = x0 ^ (x1 & ~x2)"),
    ("mov", B, A, "a = x1"),
    ("xor", C, B, "b = x0 ^ (x1 & x2)"),
    ("xor", B, E, ""),
    ("xor", DD, C, "c = y0"),
    ("inv", None, E, ""),
    ("and", DD, B, ""),
    ("bis", E, DD, ""),
    ("xor", A, E, ""),
    ("bis", B, E, ""),
    ("xor", F, B, ""),
    ("xor", DD, F, "f = y1"),
    ("and", E, DD, ""),
    ("xor", C, DD, "d = y3"),
    ("inv", None, B, "b = y2"),
]


def sbox(a: Asm) -> None:
    for op, src, dst, what in SBOX_PROGRAM:
        if src is None:
            a(op, dst, comment=what)
        else:
            a(op, src, dst, comment=what)


def pair_and_core(a: Asm) -> None:
    """.Lpair: load groups (q, q + 1) from S (advancing by 8) and go on into
    .Lcore: transpose the chunk, apply the S-box (group 4 enters at .Lcore)."""
    a.label(".Lpair")
    a.note("groups q, q + 1: words (g r1) = 00 01 10 11 -> a b c d")
    a("mov", f"@{S}+", A)
    a.label(".Lpair1")
    a.note("(groups 0, 1 enter here, a loaded and byte 0's constant added)")
    for r in (B, C, DD):
        a("mov", f"@{S}+", r)
    byte_exchange(a, A, C, "W1 <-> 3: (r0 r1 | g c0 p1 p0)")
    byte_exchange(a, B, DD, "")
    a.label(".Lcore")
    a.note("in: the chunk as (W1 W0 | 3 2 1 0) = (r0 r1 | g c0 p1 p0), a b c d = W 00 01 10 11")
    exchange(a, A, B, 4, "W0 <-> 2: (r0 c0 | g r1 p1 p0)")
    exchange(a, C, DD, 4, "")
    exchange(a, A, C, 2, "W1 <-> 1: (p1 c0 | g r1 r0 p0)")
    exchange(a, B, DD, 2, "")
    exchange(a, A, B, 1, "W0 <-> 0: (p1 p0 | g r1 r0 c0): a b c d = planes 0 1 2 3")
    exchange(a, C, DD, 1, "")
    a.note("the S-box on the 16 nibbles")
    sbox(a)
    a("ret")


def store_pair(a: Asm, q: int) -> None:
    """Planes of groups (q, q + 1) at bytes 5p + q, 5p + q + 1 (q even)."""
    y0, y1, y2, y3 = OUT
    a("mov", y0, f"{q}({D})", comment=f"plane 0: bytes {q}, {q + 1}")
    a("mov", y2, f"{10 + q}({D})", comment=f"plane 2: bytes {10 + q}, {11 + q}")
    a("mov.b", y1, f"{5 + q}({D})", comment=f"plane 1: bytes {5 + q}, {6 + q}")
    a("swpb", y1)
    a("mov.b", y1, f"{6 + q}({D})")
    a("mov.b", y3, f"{15 + q}({D})", comment=f"plane 3: bytes {15 + q}, {16 + q}")
    a("swpb", y3)
    a("mov.b", y3, f"{16 + q}({D})")


def round_constants() -> list[int]:
    """Per round: the LFSR value (byte 0) and its 8-bit reversal (byte 19)."""
    out, x = [], LFSR_IV
    for _ in range(80):
        out += [x, rev8(x)]
        x = ((x << 1) | (((x >> 6) ^ (x >> 5)) & 1)) & 0x7F
    return out


def generate(variant: str) -> str:
    a = Asm(variant)
    a.banner("src/elephant/msp430/gen.py", """\
MSP430 (clang's EABI: r12 = state, r13 = rounds; r4-r10 saved by the callee).
Spongent-pi[160], a round as chunks of two 4-byte groups q, q + 1: the
chunk's 64 bits transposed (four index exchanges) into four bit planes,
the S-box on the planes, plane p's bytes stored where the pLayer puts
them (bytes 5p + q, 5p + q + 1); group 4 alone (high bytes zero).
r12 = the round's input (advancing), r13 = its output;
a chunk of two byte groups in r4-r7, temporaries r8, r9; the exchange
masks in r10, r11, r15; r14 = the next round constant in .Lrc; on the
stack a 20-byte buffer and the end of the round constants.""")
    a.raw('#include "asmgen/sym.h"')
    a.raw("")
    head(a, SYM, ["r4", "r5", "r6", "r7", "r8", "r9", "r10"],
         "r12 = state (20 bytes, word aligned), r13 = rounds (1..80): the first rounds")
    a("sub", f"#{FRAME}", "r1")
    a("rla", D)
    a("add", "#.Lrc", D)
    a("mov", D, f"{END}(r1)", comment="the end of the round constants (2 bytes a round)")
    a("mov", "#.Lrc", P)
    for k in (4, 2, 1):
        a("mov", f"#0x{MASK_VALUE[k]:04x}", MASK[k], comment="exchange mask, shift %d" % k)
    a("mov", "r1", D, comment="first output: the stack buffer")
    a.label(".Lround")
    a("mov", f"@{S}+", A)
    a("mov.b", f"@{P}+", T)
    a("xor", T, A, comment="byte 0 ^= the round's LFSR value")
    for q in (0, 2):
        a("call", "#.Lpair1" if q == 0 else "#.Lpair", comment=f"groups {q}, {q + 1}")
        store_pair(a, q)
    a.note("group 4: bytes r = 0 1 2 3 -> a c b d (W1 W0 = r0 r1), high bytes 0")
    for r in (A, C, B, DD):
        a("mov.b", f"@{S}+", r)
    a("xor.b", f"@{P}+", DD, comment="byte 19 ^= the LFSR value reversed")
    a("call", "#.Lcore")
    for p in range(4):
        a("mov.b", OUT[p], f"{5 * p + 4}({D})", comment=f"plane {p}: byte {5 * p + 4}")
    a.note("the output is the next input: in = out, out = in")
    a("mov", S, T)
    a("sub", "#20", T)
    a("mov", D, S)
    a("mov", T, D)
    a("cmp", f"{END}(r1)", P)
    a("jne", ".Lround")
    a.note("r13 is the state after an odd count (the result in the buffer), the buffer")
    a.note("itself after an even one: copy the buffer there and wipe it")
    a("mov", "r1", T)
    a("mov", "#10", F)
    a.label(".Lcopy")
    a("mov", f"@{T}", f"0({D})")
    a("clr", f"0({T})")
    a("incd", T)
    a("incd", D)
    a("dec", F)
    a("jne", ".Lcopy")
    a("add", f"#{FRAME}", "r1")
    tail(a, ["r4", "r5", "r6", "r7", "r8", "r9", "r10"])
    pair_and_core(a)
    a.raw("    .type spongent_msp430_rc, @object")  # a local symbol: profile names the table
    a.label("spongent_msp430_rc")
    a.label(".Lrc")
    a.note("round r: the LFSR value, its reversal")
    rc = round_constants()
    for k in (range(0, len(rc), 16)):
        a.raw("    .byte   " + ", ".join(f"0x{v:02x}" for v in rc[k:k + 16]))
    a.raw("    .size spongent_msp430_rc, .-spongent_msp430_rc")
    size(a, SYM)
    return text(a)


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
