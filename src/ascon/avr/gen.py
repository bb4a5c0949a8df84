#!/usr/bin/env python3
"""Generate the AVR assembly backends of Ascon from one description.

    python3 -m src.ascon.avr.gen          # rewrite src/ascon/avr/*.S

Both variants give one function,

    ascon_avr_permute(state, rounds)      p^rounds, the last rounds of p^12

over the C state layout of lanes64.h (uint64_t x[5]: lane i at bytes
8i .. 8i+7, least significant byte first, which is what AVR's little-endian
uint64_t is).  The state lives in RAM, two or three lanes of it in
registers; each round passes over it twice:

  * the S-box, one byte column at a time: byte j of the five lanes in five
    registers, 20 logic instructions (no andn on AVR: every output is one
    and/or of two xors of the inputs, xored with a third), five bytes back;
  * the linear layer, one lane at a time: the lane in eight registers A,
    its sum S = A, then for each of its two rotations either A shifted by
    single bits in place (lsl/rol or lsr/ror chains) and xored into S with
    the byte offset of the rotation (a register renaming, free), or, where
    the bit shift would be long, A times 2^k with mul (r1:r0 = the byte
    shifted across two bytes) xored into S: 4 cycles a byte for any k.  A
    planner picks, per lane, the order and the method with the fewest
    cycles.

A lane whose sum stays in its registers after its linear layer (done last
in the round) is the next S-box's input there, and the S-box can leave an
output lane in those registers for that lane's linear layer (done first,
in place): neither lane is loaded or stored in a round, only on entry and
exit.

Variants:
    small   the S-box in a loop over the 8 columns, the linear layer
            unrolled (one copy per lane), no mul.  Lane 2 stays in r8-r15
            for the whole permutation, r0-r7 carry lane 3 into the S-box
            and y0 out of it.  The loop reaches them through the Y pointer:
            the ATmega128 (like every classic AVR core, not XMEGA or the
            reduced core) maps r0-r31 at data addresses 0..31, at the cost
            of a RAM access (2 cycles).
    fast    the S-box unrolled over the columns: R = r10-r17 carries lane 0
            into it and y4 out, T = r2-r9 lane 3 in and y1 out (where the
            S-box leaves them: no move), mul where it is cheaper.

No branch or address depends on the state: the loops count columns and
rounds, the round constant is computed from the round counter.
"""
from __future__ import annotations

import itertools
import pathlib
import sys

from src.asmgen.avr import Asm, head, rol1, ror1, tail
from src.asmgen.emitter import size, text, write

HERE = pathlib.Path(__file__).resolve().parent
VARIANTS = ["small", "fast"]

# Ascon's linear layer: lane i gets x ^= (x >>> r0) ^ (x >>> r1).
SIGMA = [(19, 28), (61, 39), (1, 6), (10, 17), (7, 41)]

# Register map (fast; small's follows generate_small's notes).
T = [f"r{2 + k}" for k in range(8)]      # a linear layer's sum, lane 3 in / y1 out (saved)
A = [f"r{18 + k}" for k in range(8)]     # a lane (linear layer), byte 0 first
R = [f"r{10 + k}" for k in range(8)]     # a linear layer's sum, lane 0 in / y4 out (saved)
X = ["r18", "r19", "r20", "r21", "r22"]  # S-box: x0 .. x4 of a column
TMP = ["r23", "r24", "r25"]              # S-box temporaries t0 .. t2
# The round constant (0xf0 - 15 r for round r of 12) and the mul factor 2^k.
REGS = {"fast": ("r26", "r27")}
# fast: T carries lane 3 from its linear layer (the last of a round) into the
# next S-box, whose output y1 lands in x3's register: lane 1's linear layer
# (the first) reads it there.  Neither is loaded or stored in a round.
T_IN, T_OUT = 3, 1
R_IN, R_OUT = 0, 4  # likewise R: x0 in, y4 out (the S-box leaves it in x0's register)
LAST_RC = 0x3C  # the constant after round 11: the loop ends there


def sbox(a: Asm, x: list[str], t: list[str]) -> list[str]:
    """The Ascon S-box on the bytes in x[0..4] (destroyed), temporaries t;
    returns the registers of y0 .. y4.  20 instructions, checked against
    the table of the specification in tests/asm/test_asm_avr.py:
        y0 = (x1 | (x0 ^ x2 ^ x4)) ^ x3 ^ x4
        y1 = ((x1 ^ x2) | (x1 ^ x3)) ^ x0 ^ x4
        y2 = (x3 | ~x4) ^ x1 ^ x2
        y3 = (x0 | (x3 ^ x4)) ^ x1 ^ x2
        y4 = (x1 & ~(x0 ^ x4)) ^ x3 ^ x4"""
    a("mov", t[0], x[3])
    a("eor", t[0], x[4], comment="t0 = x3 ^ x4")
    a("mov", t[1], x[0])
    a("or", t[1], t[0], comment="t1 = x0 | (x3 ^ x4)")
    a("eor", x[0], x[4], comment="x0 = x0 ^ x4")
    a("mov", t[2], x[1])
    a("eor", t[2], x[2], comment="t2 = x1 ^ x2")
    a("eor", t[1], t[2], comment="t1 = y3")
    a("eor", x[2], x[0], comment="x2 = x0 ^ x2 ^ x4")
    a("or", x[2], x[1])
    a("eor", x[2], t[0], comment="x2 = y0")
    a("com", x[4])
    a("or", x[4], x[3])
    a("eor", x[4], t[2], comment="x4 = y2")
    a("eor", x[3], x[1], comment="x3 = x1 ^ x3")
    a("or", x[3], t[2])
    a("eor", x[3], x[0], comment="x3 = y1")
    a("com", x[0])
    a("and", x[0], x[1])
    a("eor", x[0], t[0], comment="x0 = y4")
    return [x[2], x[3], x[4], t[1], x[0]]


def sbox_program() -> list[tuple[str, ...]]:
    """The S-box's instructions as (op, dst[, src]) over role names, for the
    test's emulator, and the output roles."""
    a = Asm("check")
    out = sbox(a, [f"x{i}" for i in range(5)], ["t0", "t1", "t2"])
    prog = []
    for line in a.lines:
        code = line.split(";")[0].split()
        op, args = code[0], "".join(code[1:]).split(",")
        prog.append((op, *args))
    return prog, out


# -- the linear layer ------------------------------------------------------
# A rotation right by r is a rotation left by L = 64 - r: byte m of the lane
# lands in byte m + L // 8, shifted left by L % 8.  With A holding the lane
# rotated left by s bits (s = 0 after the load), rotation L with
# L = 8b + s xors A_m into T_(m+b).
SHL1, SHR1, XOR8, MUL = 9, 10, 8, 34  # cycles (MUL: ldi, 8 x (mul, 2 eor), clr r1)


def plans(lane: int, use_mul: bool):
    """Every way to add the lane's two rotations to T: a list of steps
    ("shift", s) or ("mul", L), in order, with its cost in cycles."""
    rots = [(64 - r) % 64 for r in SIGMA[lane]]
    out = []
    for order in itertools.permutations(rots):
        methods = [("shift", "mul")] * 2 if use_mul else [("shift",)] * 2
        for how in itertools.product(*methods):
            for targets in itertools.product(*[(L % 8, L % 8 - 8) for L in order]):
                s, cost, steps = 0, 0, []
                for L, h, tgt in zip(order, how, targets):
                    if h == "mul" and (L - s) % 8:
                        cost += MUL
                        steps.append(("mul", L))
                        continue
                    if h == "mul":  # k = 0: a plain xor, same as a shift of 0
                        tgt = s
                    cost += (tgt - s) * SHL1 if tgt > s else (s - tgt) * SHR1
                    cost += XOR8
                    s = tgt
                    steps.append(("shift", L, tgt))
                out.append((cost, steps))
    return out


def best_plan(lane: int, use_mul: bool):
    return min(plans(lane, use_mul), key=lambda p: (p[0], str(p[1])))


def rol1z(a: Asm, w: list[str], comment: str, zero: str) -> None:
    """w <<<= 1 with the zero register named (asmgen.avr.rol1 when it is r1)."""
    if zero == "r1":
        rol1(a, w, comment)
        return
    a("lsl", w[0], comment=comment)
    for r in w[1:]:
        a("rol", r)
    a("adc", w[0], zero, comment=f"bit {8 * len(w) - 1} into bit 0 ({zero} = 0)")


def linear_lane(a: Asm, lane: int, regs: list[str], use_mul: bool, K: str,
                acc: list[str] = T, copy: bool = True, zero: str = "r1") -> None:
    """acc = x ^ (x >>> r0) ^ (x >>> r1) with x in regs (destroyed; K: mul
    factor); copy=False: acc holds x already."""
    T = acc
    cost, steps = best_plan(lane, use_mul)
    r0, r1 = SIGMA[lane]
    a.note(f"x{lane} ^= (x{lane} >>> {r0}) ^ (x{lane} >>> {r1}): ~{cost} cycles besides "
           f"the copies")
    if copy:
        for k in range(0, 8, 2):
            a("movw", T[k], regs[k], comment="T = x" if k == 0 else "")
    s = 0
    for step in steps:
        if step[0] == "mul":
            L = step[1]
            b, k = (L - s) // 8, (L - s) % 8
            a("ldi", K, 1 << k, comment=f"rotl {L} = rotl {8 * b + k} of A: bytes +{b}, "
                                        f"bits {k} by mul")
            for m in range(8):
                a("mul", regs[m], K)
                a("eor", T[(m + b) % 8], "r0")
                a("eor", T[(m + b + 1) % 8], "r1")
            a("clr", "r1", comment="r1 = 0 again")
            continue
        _, L, tgt = step
        while s < tgt:
            s += 1
            rol1z(a, regs, f"A = x <<< {s}", zero)
        while s > tgt:
            s -= 1
            ror1(a, regs, f"A = x <<< {s}" if s >= 0 else f"A = x >>> {-s}")
        b = ((L - s) // 8) % 8
        for m in range(8):
            a("eor", T[(m + b) % 8], regs[m],
              comment=f"T ^= x >>> {64 - L} (bytes of A +{b})" if m == 0 else "")


# small: two lanes live in registers, which the ATmega128 also maps at data
# addresses 0..31, so the S-box loop reaches them through a pointer (Y) at
# the cost of RAM (2 cycles a byte) while the linear layer uses them in
# place.  Lane 2 (SR) stays in r8-r15 for the whole permutation (the round
# constant is one eor); TS carries lane 3 (S_IN) from its linear layer, the
# last of a round, into the next S-box, which leaves y0 (S_OUT) there for
# lane 0's linear layer, the first.  Lane 0 is the S-box's first RAM lane
# (ld Z+), so every RAM store has a displacement >= 0.
TS = [f"r{k}" for k in range(8)]          # r0-r7 (r1 cleared before return)
RS = [f"r{8 + k}" for k in range(8)]      # r8-r15
SR, S_IN, S_OUT = 2, 3, 0
S_RC, S_ZERO = "r26", "r27"


def entry(a: Asm, sym: str, saved: list[str], rc: str) -> None:
    """The permutation's entry, both variants: registers saved, Z = the
    state, rc = the constant of the first round to run (round 12 - n: the
    last n rounds of p^12), nothing to do for n = 0 (to .Ldone)."""
    head(a, sym, saved, "r25:r24 = state, r23:r22 = rounds (1..12): p^rounds, the last rounds of p^12")
    a("movw", "r30", "r24", comment="Z = state")
    a("mov", rc, "r22")
    a("swap", rc, comment="16 n (n <= 12)")
    a("sub", rc, "r22")
    a("subi", rc, (-LAST_RC) & 0xFF, comment=f"rc = 0x{LAST_RC:02x} + 15 n: the constant of round 12 - n")
    a("cpi", rc, LAST_RC)
    a("brne", ".Lstart")
    a("rjmp", ".Ldone", comment="n = 0: nothing to do")
    a.label(".Lstart")


def generate_small() -> str:
    a = Asm("small")
    sym = "LWC_SYM(ascon_avr_permute)"
    RC, ZERO = S_RC, S_ZERO
    a.banner("src/ascon/avr/gen.py", f"""\
AVR (avr-gcc ABI: r2-r17 and r28-r29 saved by the callee, r1 = 0, r0 free).
State in RAM: x[0..4], lane i at Z+8i .. Z+8i+7, byte 0 the least significant;
lane {SR} in r8-r15 for the whole permutation, lane {S_IN} in r0-r7 from
its linear layer to the next S-box, which leaves y{S_OUT} there.  The S-box
loop reads and writes both through Y (registers are data addresses 0..31),
the RAM lanes through Z (ld Z+ on lane 0).  S-box: x0..x4 in r18-r22,
temporaries r23-r25.  Linear layer: the lane in A = r18-r25, its sum in
r0-r7 (or in place in r8-r15).  {RC} = round constant, {ZERO} = 0.""")
    a.raw('#include "asmgen/sym.h"')
    a.raw("")
    saved = [f"r{k}" for k in range(2, 16)] + ["r28", "r29"]
    entry(a, sym, saved, RC)
    for j in range(8):
        a("ldd", RS[j], f"Z+{8 * SR + j}", comment=f"x{SR} resident" if j == 0 else "")
    for j in range(8):
        a("ldd", TS[j], f"Z+{8 * S_IN + j}", comment=f"x{S_IN}: the first S-box's input" if j == 0 else "")
    a("clr", ZERO)
    a("clr", "r29", comment="Y = 0 .. 15: r0 .. r15")
    a.label(".Lround")
    a("eor", RS[0], RC, comment=f"x{SR} ^= round constant")
    a("clr", "r28", comment="Y = r0")
    a.label(".Lcolumn")
    assert S_OUT == 0 and SR != 0 and S_IN != 0
    for i in range(5):
        if i == 0:
            a("ld", X[0], "Z+", comment="Z = the next column")
        elif i == SR:
            a("ldd", X[i], "Y+8")
        elif i == S_IN:
            a("ld", X[i], "Y")
        else:
            a("ldd", X[i], f"Z+{8 * i - 1}")
    y = sbox(a, list(X), TMP)
    for i in range(1, 5):
        if i == SR:
            a("std", "Y+8", y[i])
        else:
            a("std", f"Z+{8 * i - 1}", y[i])
    a("st", "Y+", y[S_OUT], comment="Y = the next column")
    a("cpi", "r28", 8)
    a("brne", ".Lcolumn")
    a.note("the linear layer, lane by lane")
    order = [S_OUT, SR] + [i for i in range(5) if i not in (S_OUT, SR, S_IN)] + [S_IN]
    for lane in order:
        if lane in (S_OUT, SR):
            home = RS if lane == SR else TS
            for k in range(0, 8, 2):
                a("movw", A[k], home[k], comment=f"A = x{lane} (in registers)" if k == 0 else "")
            linear_lane(a, lane, A, False, None, acc=home, copy=False, zero=ZERO)
        else:
            for j in range(8):
                a("ldd", A[j], f"Z+{8 * lane + j}", comment=f"A = x{lane}" if j == 0 else "")
            linear_lane(a, lane, A, False, None, acc=TS, zero=ZERO)
        if lane in (SR, S_IN):
            continue
        if lane == S_OUT:  # the first: Z is still a lane ahead (state + 8)
            for j in reversed(range(8)):
                a("st", "-Z", TS[j], comment=f"x{lane} = T, Z = state again" if j == 7 else "")
            continue
        for j in range(8):
            a("std", f"Z+{8 * lane + j}", TS[j], comment=f"x{lane} = T" if j == 0 else "")
    a("subi", RC, 0x0F, comment="the next round constant")
    a("cpi", RC, LAST_RC)
    a("breq", ".Lend")
    a("rjmp", ".Lround")
    a.label(".Lend")
    for j in range(8):
        a("std", f"Z+{8 * SR + j}", RS[j], comment=f"x{SR} back to RAM" if j == 0 else "")
    for j in range(8):
        a("std", f"Z+{8 * S_IN + j}", TS[j], comment=f"x{S_IN} back to RAM" if j == 0 else "")
    a("clr", "r1", comment="r1 = 0 again")
    a.label(".Ldone")
    tail(a, sym, saved)
    size(a, sym)
    blocks(a)
    return text(a)


# blocks(): registers kept across the permutation's calls (call-saved).
B_S, B_IN, B_N, B_OP = ("r14", "r15"), ("r12", "r13"), ("r10", "r11"), "r16"
B_SAVED = ["r10", "r11", "r12", "r13", "r14", "r15", "r16", "r17", "r28", "r29"]


def blocks(a: Asm) -> None:
    """ascon_avr_blocks(state, out, in, n, op), for a scheme with a rate
    (ASCON_RATE): n full blocks, each absorbed (op 0), encrypted (1: the
    state takes in ^ rate, out gets it) or decrypted (2: out gets in ^
    rate, the state takes in) a byte at a time and followed by
    p^ASCON_PB through ascon_avr_permute.  The string's byte k is byte k of
    the state for SP 800-232's little-endian lanes; for v1.2's big-endian
    lanes byte 8i + 7 - j, walked down each lane with -Z.  out may be in
    (each byte is read before it is written)."""
    sym = "LWC_SYM(ascon_avr_blocks)"
    a.raw("")
    a.raw("#ifdef ASCON_RATE")
    a.raw("#if ASCON_RATE % 8")
    a.raw("#error the rate is whole lanes")
    a.raw("#endif")
    head(a, sym, B_SAVED, "r25:r24 = state, r23:r22 = out, r21:r20 = in, r19:r18 = blocks (> 0), "
         "r17:r16 = op (0 absorb, 1 encrypt, 2 decrypt)")
    a("movw", B_S[0], "r24", comment="kept across the permutation's calls")
    a("movw", "r28", "r22", comment="Y = out")
    a("movw", B_IN[0], "r20")
    a("movw", B_N[0], "r18")
    a.label(".Lb_block")
    a("movw", "r30", B_S[0], comment="Z = state")
    a.raw("#if !ASCON_LITTLE_ENDIAN")
    a("adiw", "r30", 8, comment="big-endian lanes: from each lane's end down")
    a.raw("#endif")
    a("movw", "r26", B_IN[0], comment="X = in")
    a("ldi", "r24", "ASCON_RATE / 8", comment="lanes of the rate")
    a("cpi", B_OP, 1)
    a("breq", ".Lb_to_enc")
    a("brcs", ".Lb_abs", comment="op 0")
    a("rjmp", ".Lb_dec")
    a.label(".Lb_to_enc")
    a("rjmp", ".Lb_enc")
    for op in ("abs", "enc", "dec"):
        a.label(f".Lb_{op}")
        for j in range(8):
            a.raw("#if ASCON_LITTLE_ENDIAN")
            a("ld", "r19", "Z", comment=f"rate byte {j} of the lane" if j == 0 else "")
            a.raw("#else")
            a("ld", "r19", "-Z", comment=f"rate byte {j} of the lane" if j == 0 else "")
            a.raw("#endif")
            a("ld", "r18", "X+", comment="in" if j == 0 else "")
            a("eor", "r19", "r18", comment="rate ^ in" if j == 0 else "")
            keep = "r18" if op == "dec" else "r19"  # decrypt: the state takes the ciphertext
            a.raw("#if ASCON_LITTLE_ENDIAN")
            a("st", "Z+", keep)
            a.raw("#else")
            a("st", "Z", keep)
            a.raw("#endif")
            if op != "abs":
                a("st", "Y+", "r19", comment="out" if j == 0 else "")
        a.raw("#if !ASCON_LITTLE_ENDIAN")
        a("adiw", "r30", 16, comment="the next lane's end")
        a.raw("#endif")
        a("dec", "r24")
        a("brne", f".Lb_{op}")
        if op != "dec":
            a("rjmp", ".Lb_permute")
    a.label(".Lb_permute")
    a("movw", B_IN[0], "r26", comment="in: the next block")
    a("movw", "r24", B_S[0])
    a("ldi", "r22", "ASCON_PB", comment="p^ASCON_PB")
    a("ldi", "r23", 0)
    a("rcall", "LWC_SYM(ascon_avr_permute)")
    a("sec")
    a("sbc", B_N[0], "r1", comment="n -= 1 (r1 = 0)")
    a("sbc", B_N[1], "r1")
    a("cp", B_N[0], "r1")
    a("cpc", B_N[1], "r1")
    a("breq", ".Lb_done")
    a("rjmp", ".Lb_block")
    a.label(".Lb_done")
    tail(a, sym, B_SAVED)
    size(a, sym)
    a.raw("#endif")


def generate(variant: str) -> str:
    return generate_small() if variant == "small" else generate_fast()


def generate_fast() -> str:
    RC, K = REGS["fast"]
    a = Asm("fast")
    sym = "LWC_SYM(ascon_avr_permute)"
    a.banner("src/ascon/avr/gen.py", f"""\
AVR (avr-gcc ABI: r2-r17 and r28-r29 saved by the callee, r1 = 0, r0 free).
State in RAM: x[0..4], lane i at Z+8i .. Z+8i+7, byte 0 the least significant.
S-box: column bytes in r18-r22 (or R, T), temporaries r23-r25.
Linear layer: the lane in A = r18-r25 (byte 0 in r18), its sum in T = r2-r9
or R = r10-r17.  R carries x{R_IN} and T x{T_IN} from their linear layers
(the last of a round) into the next S-box, which leaves y{R_OUT} in R and
y{T_OUT} in T for theirs (the first).
{RC} = round constant, {K} = mul factor; r0:r1 products.""")
    a.raw('#include "asmgen/sym.h"')
    a.raw("")
    saved = T + R
    entry(a, sym, saved, RC)
    for home, lane in ((R, R_IN), (T, T_IN)):
        for j in range(8):
            a("ldd", home[j], f"Z+{8 * lane + j}",
              comment=f"x{lane}: the first S-box's input" if j == 0 else "")
    a.label(".Lround")
    a.note(f"the S-box on columns 0..7 (x{R_IN} from R, x{T_IN} from T, y{R_OUT} into R,")
    a.note(f"y{T_OUT} into T), the constant into x2's byte 0")
    for j in range(8):
        x = list(X)
        x[R_IN], x[T_IN] = R[j], T[j]
        for i in range(5):
            if i not in (R_IN, T_IN):
                a("ldd", x[i], f"Z+{8 * i + j}", comment=f"column {j}" if i == 1 else "")
        if j == 0:
            a("eor", x[2], RC, comment="x2 ^= round constant")
        y = sbox(a, x, TMP)
        assert y[T_OUT] == T[j] and y[R_OUT] == R[j], "the S-box's outputs in place"
        for i in range(5):
            if i not in (R_OUT, T_OUT):
                a("std", f"Z+{8 * i + j}", y[i])
    a.note("the linear layer, lane by lane")
    rest = [i for i in range(5) if i not in (R_IN, R_OUT, T_IN, T_OUT)]
    for lane in [R_OUT, T_OUT] + rest + [R_IN, T_IN]:
        home = R if lane in (R_IN, R_OUT) else T
        if lane in (R_OUT, T_OUT):
            for k in range(0, 8, 2):
                a("movw", A[k], home[k], comment=f"A = x{lane} (in registers)" if k == 0 else "")
            linear_lane(a, lane, A, True, K, acc=home, copy=False)
        else:
            for j in range(8):
                a("ldd", A[j], f"Z+{8 * lane + j}", comment=f"A = x{lane}" if j == 0 else "")
            linear_lane(a, lane, A, True, K, acc=home)
        if lane in (R_IN, T_IN):
            continue  # the next S-box's input (stored after the last round)
        for j in range(8):
            a("std", f"Z+{8 * lane + j}", home[j], comment=f"x{lane} = the sum" if j == 0 else "")
    a("subi", RC, 0x0F, comment="the next round constant")
    a("cpi", RC, LAST_RC)
    a("breq", ".Lend")
    a("rjmp", ".Lround")
    a.label(".Lend")
    for home, lane in ((R, R_IN), (T, T_IN)):
        for j in range(8):
            a("std", f"Z+{8 * lane + j}", home[j], comment=f"x{lane} back to RAM" if j == 0 else "")
    a.label(".Ldone")
    tail(a, sym, saved)
    size(a, sym)
    blocks(a)
    return text(a)


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
