#!/usr/bin/env python3
"""Generate the RV32E assembly backend of Ascon (16 registers, ilp32e).

    python3 -m src.ascon.rv32e.gen         # rewrite src/ascon/rv32e/rv32e.S

The shape is the RV32 one (src/ascon/rv32/gen.py, whose "shift" variant
this follows: plain 64-bit lanes, RV32I's S-box program with some lanes
carried complemented, each half of a 64-bit rotation two shifts and an
xor, one unrolled copy of the twelve rounds entered at round 12 - n):

    rv32e.S   ascon_rv32e_permute(state, rounds)        p^rounds, 1..12
              ascon_rv32e_blocks(state, out, in, n, op) n full blocks of
                  the scheme's rate, each followed by p^ASCON_PB, with
                  op 0 absorb, 1 encrypt, 2 decrypt (out may be in)
              ascon_rv32e_prfs(out, m, key, iv)         Ascon-PrfShort
                  whole (its scheme only)

What the generators share is taken from them, not restated: the rotation
amounts (rv32/gen.py's SIGMA), the S-box program and its complemented
lanes (sbox_program.py), the round constants, the rounds' entry table and
.Lpb (table_rounds.py).

Registers.  RV32E has x0-x15; zero and sp are fixed, and gp (x3) and tp
(x4) are left alone: an interrupt handler built with linker relaxation
addresses its globals through gp, and an RTOS with thread-local storage
reads tp, so neither may hold anything else even for a moment.  That
leaves twelve: ra, t0-t2, s0-s1, a0-a5.  The state takes ten, so two are
free, and every phase of a round needs three temporaries (the S-box
program's t0-t2 on a slice, a lane's linear layer its two result words
and a scratch).  One state word is therefore always in the frame, and
the spill is chosen where it costs least, one load and one store per
change, two changes per round:

    round start    o4 in the frame            sbox on the low words,
                                              temporaries t2, ra, (o4)
    load o4, store e0                         sbox on the high words and
                                              the linear layer of lanes
                                              1-4, temporaries t2, ra, (e0)
    load e0, store o4                         linear layer of lane 0,
                                              temporaries t2, ra, (o4)

that is 2 loads and 2 stores per round (about 4% of a round's ~120
instructions).  The load always comes first, so one frame word (SPILL)
holds whichever word is out.  Between rounds (where the blocks work)
o4 is in the frame and the blocks have three free registers: enough for
the input and output pointers and one data word, as each word of the
rate is loaded, xored and stored in turn (decryption: out = x ^ c, then
x = c, from the same register).  The byte swaps of big-endian lanes
(Ascon v1.2) need a mask and a scratch besides: there e3 and e4 go to
the frame for the duplex of a block (two more loads and stores a block).

The rounds are reached through ra like any call, but ra is one of the
temporaries inside them: the caller's `jal ra` lands on a two-instruction
stub that keeps ra in the frame word RET (0(sp) in every entry's frame),
and the rounds return through it.

Memory: lw/sw on any address, as the RV32 variants; both targets run
misaligned accesses in hardware (Ibex splits them into two bus
accesses; QEMU user mode executes them), with a cost that depends on the
address only, never on data.  The state in memory is the C uint64_t x[5]
(lanes64.h), low word first.  Constant time: no branch or address
depends on data.
"""
from __future__ import annotations

import pathlib
import sys

from src.ascon import sbox_program, table_rounds
from src.ascon.rv32.gen import SIGMA
from src.asmgen.emitter import Emitter, declare, size, text, write

HERE = pathlib.Path(__file__).resolve().parent

E = ["s0", "s1", "a0", "a1", "a2"]  # low words of x0 .. x4
O = ["a3", "a4", "a5", "t0", "t1"]  # high words of x0 .. x4
T = ["t2", "ra"]                    # the two free registers
SPILLED = (E[0], O[4])              # the words that take turns in the frame

# even / odd rounds: the lanes held complemented (sbox_program.py)
INVERTED = sbox_program.INVERTED

# Frame words every entry point has at the same place (the rounds use them)
RET = 0     # the rounds' return address
SPILL = 4   # o4 between rounds, e0 in mid-round


class Asm(Emitter):
    bi32 = False  # table_rounds.banner32: plain lanes

    def rev8(self, rd: str, rs: str, t: str, m: str) -> None:
        """Byte swap of rs into rd (rd may be rs): a 16-bit rotation, then
        the bytes of each half swapped with the mask 0x00ff00ff in m."""
        self("slli", t, rs, 16)
        self("srli", rd, rs, 16)
        self("or", rd, rd, t)
        self("and", t, rd, m)
        self("srli", rd, rd, 8)
        self("and", rd, rd, m)
        self("slli", t, t, 8)
        self("or", rd, rd, t)


def round_constant(i: int) -> int:
    return ((0xF - i) << 4) | i


def invert(a: Asm, lanes, comment: str, words=None) -> None:
    """Complement both words of the given lanes (words: the registers
    taking part; default all, o4 left out when it is in the frame)."""
    first = True
    for i in lanes:
        for r in (E[i], O[i]):
            if words is None or r in words:
                a("not", r, r, comment=comment if first else "")
                first = False


def sigma(a: Asm, i: int, t: list[str]) -> None:
    """x_i ^= (x_i >>> r0) ^ (x_i >>> r1) on lo = E[i], hi = O[i] with
    temporaries t[0..2]: each half of a 64-bit rotation by r is
    (a >> k) | (b << 32 - k), k = r mod 32, a and b the lane's words
    (swapped for r >= 32); the four parts of each result word are xored
    straight into it."""
    lo, hi = E[i], O[i]
    r0, r1 = SIGMA[i]
    rots = [((lo, hi) if r < 32 else (hi, lo), r % 32) for r in (r0, r1)]
    for dst, low in ((t[0], True), (t[1], False)):
        terms = []
        for (w0, w1), k in rots:
            src, other = (w0, w1) if low else (w1, w0)
            terms += [("srli", src, k), ("slli", other, 32 - k)]
        (op, src, k), rest = terms[0], terms[1:]
        a(op, dst, src, k)
        for op, src, k in rest:
            a(op, t[2], src, k)
            a("xor", dst, dst, t[2])
    a("xor", lo, lo, t[0], comment=f"x{i} ^= (x{i} >>> {r0}) ^ (x{i} >>> {r1})")
    a("xor", hi, hi, t[1])


def rounds(a: Asm) -> None:
    """Twelve unrolled rounds, p^n entered at .Lround<12-n> with o4 in the
    frame (SPILL) and the return address in RET; an even round takes the
    lanes INVERTED[0] complemented, an odd one INVERTED[1]."""
    a.note("the rounds: low words " + "/".join(E) + ", high words " + "/".join(O) +
           "; o4 in the frame between rounds")
    e0, o4 = SPILLED
    for i in range(12):
        even = i % 2 == 0
        a.label(f".Lround{i}")
        a("xori", E[2], E[2], round_constant(i),
          comment=f"round {i}: constant 0x{round_constant(i):02x}")
        sbox_program.emit(a, E, [*T, o4], even)
        a("lw", o4, f"{SPILL}(sp)", comment="o4 back, e0 out: the high words' turn")
        a("sw", e0, f"{SPILL}(sp)")
        sbox_program.emit(a, O, [*T, e0], even)
        for lane in (1, 2, 3, 4):
            sigma(a, lane, [*T, e0])
        a("lw", e0, f"{SPILL}(sp)", comment="e0 back, o4 out: lane 0's turn")
        a("sw", o4, f"{SPILL}(sp)")
        sigma(a, 0, [*T, o4])
    a("lw", "ra", f"{RET}(sp)")
    a("ret")


def call_stubs(a: Asm) -> None:
    """The rounds' entries the code calls with jal ra: each keeps ra in the
    frame first (ra is a temporary inside the rounds)."""
    a.label(".Lp12")
    a("sw", "ra", f"{RET}(sp)", comment="p^12")
    a("j", ".Lround0")
    a.raw("#ifdef ASCON_RATE")
    a.label(".Lpbc")
    a("sw", "ra", f"{RET}(sp)", comment="p^ASCON_PB")
    a("j", ".Lpb")
    a.raw("#endif")
    a.label(".Lpn")
    a("sw", "ra", f"{RET}(sp)", comment="p^n: the round's address in t2")
    a("jr", T[0])


# -- frames ----------------------------------------------------------------
SAVED = ["ra", "s0", "s1"]  # callee-saved in ilp32e (with sp)
SAVE = 8                    # where SAVED start, after RET and SPILL


def prologue(a: Asm, frame: int) -> None:
    a("addi", "sp", "sp", -frame)
    for k, r in enumerate(SAVED):
        a("sw", r, f"{SAVE + 4 * k}(sp)")


def epilogue(a: Asm, frame: int) -> None:
    for k, r in enumerate(SAVED):
        a("lw", r, f"{SAVE + 4 * k}(sp)")
    a("addi", "sp", "sp", frame)
    a("ret")


def load_state(a: Asm, ptr: str) -> None:
    """The ten words from the state at ptr (not a state register)."""
    for i in range(5):
        a("lw", E[i], f"{8 * i}({ptr})")
        a("lw", O[i], f"{8 * i + 4}({ptr})")


def store_state(a: Asm, ptr: str) -> None:
    for i in range(5):
        a("sw", E[i], f"{8 * i}({ptr})")
        a("sw", O[i], f"{8 * i + 4}({ptr})")


def wipe_state(a: Asm) -> None:
    a.note("wipe the state registers")
    for r in E + O + T[:1]:
        a("li", r, 0)


# -- permute ---------------------------------------------------------------
P_STATE = 20
P_FRAME = 24


def permute(a: Asm) -> None:
    name = "LWC_SYM(ascon_rv32e_permute)"
    declare(a, name)
    a.note("a0 = state, a1 = rounds (1..12): p^rounds, the last rounds of p^12")
    prologue(a, P_FRAME)
    a("sw", "a0", f"{P_STATE}(sp)")
    a("li", T[0], 12)
    a("sub", T[0], T[0], "a1")
    a("slli", T[0], T[0], 2)
    a("la", T[1], ".Lentries")
    a("add", T[0], T[0], T[1])
    a("lw", T[0], f"0({T[0]})", comment="t2 = .Lround(12 - n)")
    a("andi", T[1], "a1", 1, comment="ra = n odd")
    a("sw", T[1], f"{SPILL}(sp)")
    a("mv", T[1], "a0")
    load_state(a, T[1])
    a("lw", T[1], f"{SPILL}(sp)")
    a("bnez", T[1], ".Lpermute_odd")
    invert(a, INVERTED[0], "even n enters at an even round: x2, x3, x4 inverted")
    a("j", ".Lpermute_go")
    a.label(".Lpermute_odd")
    invert(a, INVERTED[1], "odd n enters at an odd round: x0, x3 inverted")
    a.label(".Lpermute_go")
    a("sw", O[4], f"{SPILL}(sp)", comment="o4 to the frame")
    a("jal", "ra", ".Lpn")
    a("lw", O[4], f"{SPILL}(sp)")
    invert(a, INVERTED[0], "the rounds end at an even round: the true state")
    a("lw", T[0], f"{P_STATE}(sp)")
    store_state(a, T[0])
    epilogue(a, P_FRAME)
    size(a, name)


# -- blocks ----------------------------------------------------------------
B_STATE, B_OUT, B_IN, B_N, B_E3, B_E4 = 20, 24, 28, 32, 36, 40
B_FRAME = 44
# between rounds, o4 in the frame: three free registers
FREE = [T[0], T[1], O[4]]


def lane_word(a: Asm, op: str, x: str, off: int, inp: str, outp: str, w: str,
              be: tuple[str, str] | None) -> None:
    """One 32-bit word of the rate: x (a state word) with the input word at
    inp+off (absorb: x ^= in; encrypt: out = x ^= in; decrypt: out = x ^
    in, x = in).  be: (scratch, mask) to byte-swap the word (big-endian
    lanes), or None."""
    a("lw", w, f"{off}({inp})")
    if be:
        a.rev8(w, w, *be)
    a("xor", x, x, w)
    if op == "absorb":
        return
    if op == "encrypt":
        if be:
            a.rev8(w, x, *be)
            a("sw", w, f"{off}({outp})", comment="ciphertext")
        else:
            a("sw", x, f"{off}({outp})", comment="ciphertext")
        return
    if be:
        a.rev8(x, x, *be)
    a("sw", x, f"{off}({outp})", comment="plaintext")
    a("mv", x, w, comment="the state takes the ciphertext")


def duplex_block(a: Asm, op: str, inp: str, outp: str, w: str,
                 be: tuple[str, str] | None) -> None:
    """A full block: lane 0 (and lane 1 at rate 16), each lane's bytes
    0-3 the low word (little-endian lanes) or the high word (big-endian)."""
    for lane in (0, 1):
        if lane == 1:
            a.raw("#if ASCON_RATE == 16")
        lo_off, hi_off = (8 * lane, 8 * lane + 4) if be is None else (8 * lane + 4, 8 * lane)
        lane_word(a, op, E[lane], lo_off, inp, outp, w, be)
        lane_word(a, op, O[lane], hi_off, inp, outp, w, be)
        if lane == 1:
            a.raw("#endif")


def blocks_loop(a: Asm, op: str, be: bool) -> None:
    """The loop of one operation: per block, the pointers from the frame,
    the duplex, the pointers back, p^b, the count."""
    inp, outp, w = FREE
    a.label(f".Lblocks_{op}")
    a("lw", inp, f"{B_IN}(sp)")
    if op != "absorb":
        a("lw", outp, f"{B_OUT}(sp)")
    if be:
        a.note("big-endian lanes: e3, e4 to the frame for a scratch and the byte mask")
        a("sw", E[3], f"{B_E3}(sp)")
        a("sw", E[4], f"{B_E4}(sp)")
        a("li", E[4], "0x00ff00ff")
        duplex_block(a, op, inp, outp, w, (E[3], E[4]))
        a("lw", E[3], f"{B_E3}(sp)")
        a("lw", E[4], f"{B_E4}(sp)")
    else:
        duplex_block(a, op, inp, outp, w, None)
    a("addi", inp, inp, "ASCON_RATE")
    a("sw", inp, f"{B_IN}(sp)")
    if op != "absorb":
        a("addi", outp, outp, "ASCON_RATE")
        a("sw", outp, f"{B_OUT}(sp)")
    a("jal", "ra", ".Lpbc", comment="p^ASCON_PB")
    a("lw", T[0], f"{B_N}(sp)")
    a("addi", T[0], T[0], -1)
    a("sw", T[0], f"{B_N}(sp)")
    a("bnez", T[0], f".Lblocks_{op}")
    a("j", ".Lblocks_done")


def blocks(a: Asm) -> None:
    a.raw("#ifdef ASCON_RATE")
    a.raw("#if ASCON_PB % 2")
    a.raw("#error the blocks run between even rounds: ASCON_PB must be even")
    a.raw("#endif")
    name = "LWC_SYM(ascon_rv32e_blocks)"
    declare(a, name)
    a.note("a0 = state, a1 = out, a2 = in, a3 = blocks (> 0), a4 = 0 absorb / 1 encrypt / 2 decrypt")
    prologue(a, B_FRAME)
    a("sw", "a0", f"{B_STATE}(sp)")
    a("sw", "a1", f"{B_OUT}(sp)")
    a("sw", "a2", f"{B_IN}(sp)")
    a("sw", "a3", f"{B_N}(sp)")
    a("mv", T[1], "a4", comment="the operation")
    a("mv", T[0], "a0")
    load_state(a, T[0])
    invert(a, INVERTED[0], "between blocks (even rounds): x2, x3, x4 inverted")
    a("sw", O[4], f"{SPILL}(sp)", comment="o4 to the frame")
    a("beqz", T[1], ".Lblocks_absorb")
    a("addi", T[1], T[1], -1)
    a("bnez", T[1], ".Lblocks_decrypt")
    a("j", ".Lblocks_encrypt")
    for be in (False, True):
        a.raw("#if ASCON_LITTLE_ENDIAN" if not be else "#else")
        for op in ("absorb", "encrypt", "decrypt"):
            blocks_loop(a, op, be)
    a.raw("#endif")
    a.label(".Lblocks_done")
    a("lw", O[4], f"{SPILL}(sp)")
    invert(a, INVERTED[0], "the true state")
    a("lw", T[0], f"{B_STATE}(sp)")
    store_state(a, T[0])
    epilogue(a, B_FRAME)
    size(a, name)
    a.raw("#endif")


# -- Ascon-PrfShort ---------------------------------------------------------
F_OUT, F_M, F_KEY, F_IV = 20, 24, 28, 32
F_FRAME = 36


def prfs(a: Asm) -> None:
    """Ascon-PrfShort whole (ASCON_PRFS): x0 = the IV lane, x1 x2 = the key,
    x3 x4 = the padded message, p^12, out = x3, x4 ^ key."""
    name = "LWC_SYM(ascon_rv32e_prfs)"
    a.raw("#ifdef ASCON_PRFS")
    a.raw("#if !ASCON_LITTLE_ENDIAN")
    a.raw("#error Ascon-PrfShort: little-endian lanes")
    a.raw("#endif")
    declare(a, name)
    a.note("a0 = out (16 bytes), a1 = message (16 bytes, zero-padded), a2 = key, "
           "a3 = state with lane 0 (the IV for this length)")
    prologue(a, F_FRAME)
    for off, r in ((F_OUT, "a0"), (F_M, "a1"), (F_KEY, "a2"), (F_IV, "a3")):
        a("sw", r, f"{off}(sp)")
    p = T[0]
    for lanes, slot in (((0,), F_IV), ((1, 2), F_KEY), ((3, 4), F_M)):
        a("lw", p, f"{slot}(sp)")
        for k, lane in enumerate(lanes):
            a("lw", E[lane], f"{8 * k}({p})")
            a("lw", O[lane], f"{8 * k + 4}({p})")
    invert(a, INVERTED[0], "x2, x3, x4 inverted (round 0 is even)")
    a("sw", O[4], f"{SPILL}(sp)", comment="o4 to the frame")
    a("jal", "ra", ".Lp12", comment="p^12")
    a("lw", O[4], f"{SPILL}(sp)")
    invert(a, (3, 4), "x3, x4 true")
    a("lw", T[0], f"{F_KEY}(sp)")
    a("lw", T[1], f"{F_OUT}(sp)")
    for lane in (3, 4):
        for k, r in enumerate((E[lane], O[lane])):
            off = 8 * (lane - 3) + 4 * k
            a("lw", E[0], f"{off}({T[0]})", comment=f"key word {off // 4}" if k == 0 else "")
            a("xor", r, r, E[0])
            a("sw", r, f"{off}({T[1]})")
    wipe_state(a)
    a("sw", "zero", f"{SPILL}(sp)", comment="and the spilled word")
    epilogue(a, F_FRAME)
    size(a, name)
    a.raw("#endif")


def generate(variant: str) -> str:
    a = Asm(variant)
    table_rounds.banner32(a, "src/ascon/rv32e/gen.py", """\
RV32E (x0-x15, ilp32e): gp and tp untouched, o4 or e0 in the frame (the
generator's docstring says why and what it costs).  Included by an
implementation's .S after its scheme header (api.h).""", (E, O),
                          f", temporaries {'/'.join(T)} and whichever of "
                          f"{'/'.join(SPILLED)} is in the frame.")
    a.raw("")
    a.raw("    .text")
    a.raw("    .balign 4")
    permute(a)
    a.raw("")
    blocks(a)
    a.raw("")
    prfs(a)
    a.raw("")
    call_stubs(a)
    rounds(a)
    table_rounds.pb_entry(a)
    a.raw("")
    a.raw("    .section .rodata")
    a.raw("    .balign 4")
    a.label(".Lentries")
    for i in range(12):
        a.raw(f"    .word .Lround{i}")
    return text(a)


VARIANTS = ["rv32e"]


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
