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

from src.ascon import keyslots, sbox_program, table_rounds
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
B_SLOTS = {"in": B_IN, "out": B_OUT, "n": B_N, "e3": B_E3, "e4": B_E4}
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


def block_loop(a: Asm, op: str, tag: str, slots: dict, be: bool, by_bytes: bool) -> None:
    """Full blocks of one operation with the pointers and the count in the
    frame (slots: "in", "out", "n", and "e3", "e4" for big-endian lanes):
    per block the pointers from the frame, the duplex, the pointers back,
    p^b, the count.  by_bytes: n is a byte count, the loop runs while n >=
    ASCON_RATE (maybe never) and falls through to .L<tag>_last; otherwise n
    blocks (n > 0), then on to .Lblocks_done."""
    inp, outp, w = FREE
    if by_bytes:
        a("lw", T[0], f"{slots['n']}(sp)")
        a("sltiu", T[0], T[0], "ASCON_RATE")
        a("bnez", T[0], f".L{tag}_last")
    a.label(f".L{tag}_block")
    a("lw", inp, f"{slots['in']}(sp)")
    if op != "absorb":
        a("lw", outp, f"{slots['out']}(sp)")
    if be:
        a.note("big-endian lanes: e3, e4 to the frame for a scratch and the byte mask")
        a("sw", E[3], f"{slots['e3']}(sp)")
        a("sw", E[4], f"{slots['e4']}(sp)")
        a("li", E[4], "0x00ff00ff")
        duplex_block(a, op, inp, outp, w, (E[3], E[4]))
        a("lw", E[3], f"{slots['e3']}(sp)")
        a("lw", E[4], f"{slots['e4']}(sp)")
    else:
        duplex_block(a, op, inp, outp, w, None)
    a("addi", inp, inp, "ASCON_RATE")
    a("sw", inp, f"{slots['in']}(sp)")
    if op != "absorb":
        a("addi", outp, outp, "ASCON_RATE")
        a("sw", outp, f"{slots['out']}(sp)")
    a("jal", "ra", ".Lpbc", comment="p^ASCON_PB")
    a("lw", T[0], f"{slots['n']}(sp)")
    a("addi", T[0], T[0], "-ASCON_RATE" if by_bytes else -1)
    a("sw", T[0], f"{slots['n']}(sp)")
    if by_bytes:
        a("sltiu", T[0], T[0], "ASCON_RATE")
        a("beqz", T[0], f".L{tag}_block")
        a.label(f".L{tag}_last")
    else:
        a("bnez", T[0], f".L{tag}_block")
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
    a("beqz", T[1], ".Lblocks_absorb_block")
    a("addi", T[1], T[1], -1)
    a("bnez", T[1], ".Lblocks_decrypt_block")
    a("j", ".Lblocks_encrypt_block")
    for be in (False, True):
        a.raw("#if ASCON_LITTLE_ENDIAN" if not be else "#else")
        for op in ("absorb", "encrypt", "decrypt"):
            block_loop(a, op, f"blocks_{op}", B_SLOTS, be, False)
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


# -- whole AEAD messages ---------------------------------------------------
# The descriptor's whole-message calls (include/lwc.h), the state in
# registers (o4 in the frame between rounds) from the key to the tag:
#   ascon_rv32e_aead_encrypt(ct, msg, mlen, ad, adlen, npub, k) -> 0
#   ascon_rv32e_aead_decrypt(msg, ct, ctlen, ad, adlen, npub, k)
#       -> 0, -1 (tag mismatch: msg wiped) or -2 (ctlen < 16)
# ilp32e passes six arguments in a0-a5: k, the seventh, is on the stack.
W_OUT, W_IN, W_LEN, W_AD, W_ADLEN, W_OP, W_MLEN, W_NPUB = 20, 24, 28, 32, 36, 40, 44, 48
W_KEYS = 52          # the key words (keyslots: 4, or 5 for Ascon-80pq)
W_BUF = 72           # one rate block for the last, padded block
W_E3, W_O3, W_E4 = 88, 92, 96  # lanes 3 and 4 while the last block needs registers
W_FRAME = 100
W_SLOTS = {"e3": W_E3, "e4": W_E4}
BYTE_MASK = "0x00ff00ff"


def load_lane_bytes(a: Asm, ptr: str, off: int, lo: str, hi: str,
                    be: tuple[str, str] | None) -> None:
    """(lo, hi) = the lane in bytes ptr[off..off+8): little-endian (be None)
    or big-endian (be: scratch and the byte mask's register)."""
    if be is None:
        a("lw", lo, f"{off}({ptr})")
        a("lw", hi, f"{off + 4}({ptr})")
        return
    a("lw", hi, f"{off}({ptr})", comment="big-endian lane: bytes 0-3 the high word")
    a.rev8(hi, hi, *be)
    a("lw", lo, f"{off + 4}({ptr})")
    a.rev8(lo, lo, *be)


def store_lane_bytes(a: Asm, ptr: str, off: int, lo: str, hi: str, w: str,
                     be: tuple[str, str] | None) -> None:
    """Bytes ptr[off..off+8) = the lane (lo, hi), kept; w: a scratch for the
    big-endian swap."""
    if be is None:
        a("sw", lo, f"{off}({ptr})")
        a("sw", hi, f"{off + 4}({ptr})")
        return
    a.rev8(w, hi, *be)
    a("sw", w, f"{off}({ptr})")
    a.rev8(w, lo, *be)
    a("sw", w, f"{off + 4}({ptr})")


def endian(a: Asm, body) -> None:
    """body(be) for little-endian lanes (be False) and big-endian ones."""
    a.raw("#if ASCON_LITTLE_ENDIAN")
    body(False)
    a.raw("#else")
    body(True)
    a.raw("#endif")


def key_xor(a: Asm, lane: int, slot: str, k20: bool) -> None:
    """x_lane ^= the key words of `slot` (keyslots, in this frame)."""
    def xor_from(reg: str, off: int) -> None:
        a("lw", T[0], f"{off}(sp)")
        a("xor", reg, reg, T[0], comment=f"x{lane} ^= {slot}")
    keyslots.key_xor(W_KEYS, False, k20, (E[lane], O[lane]), slot, xor_from)


def whole_init(a: Asm, k20: bool) -> None:
    """S = IV || K || N in registers, the key words to the frame.  While the
    key and the nonce are read, x0's registers are the byte swap's (e0 the
    mask, o0 the scratch); t2 points."""
    ptr = T[0]
    a("lw", ptr, f"{W_FRAME}(sp)", comment="k: the seventh argument, on the caller's stack")
    if not k20:
        def k16(be: bool) -> None:
            sw = (O[0], E[0]) if be else None
            if be:
                a("li", E[0], BYTE_MASK)
            for lane, slot in ((1, "KA"), (2, "KB")):
                load_lane_bytes(a, ptr, 8 * (lane - 1), E[lane], O[lane], sw)
                off_lo, off_hi = keyslots.key_slots(W_KEYS, False, False)[slot]
                a("sw", E[lane], f"{off_lo}(sp)", comment=slot)
                a("sw", O[lane], f"{off_hi}(sp)")
            a("lw", ptr, f"{W_NPUB}(sp)")
            load_lane_bytes(a, ptr, 0, E[3], O[3], sw)
            load_lane_bytes(a, ptr, 8, E[4], O[4], sw)
            a("li", E[0], "ASCON_IV_LO", comment="x0 = IV")
            a("li", O[0], "ASCON_IV_HI")
        endian(a, k16)
        return
    # Ascon-80pq: key words w0..w4 (big-endian), x0 = IV || w0, x1 = w1 w2,
    # x2 = w3 w4: each word to its register as it is (keyslots' layout)
    a.raw("#if ASCON_LITTLE_ENDIAN || ASCON_IV_LO")
    a.raw("#error Ascon-80pq: big-endian lanes, the IV in the high word of x0 only")
    a.raw("#endif")
    a("li", O[0], BYTE_MASK)
    words = [E[0], O[1], E[1], O[2], E[2]]  # x0 lo, x1 hi, x1 lo, x2 hi, x2 lo
    for k, r in enumerate(words):
        a("lw", r, f"{4 * k}({ptr})", comment=f"w{k}")
        a.rev8(r, r, T[1], O[0])
        a("sw", r, f"{W_KEYS + 4 * k}(sp)")
    a("lw", ptr, f"{W_NPUB}(sp)")
    load_lane_bytes(a, ptr, 0, E[3], O[3], (T[1], O[0]))
    load_lane_bytes(a, ptr, 8, E[4], O[4], (T[1], O[0]))
    a("li", O[0], "ASCON_IV_HI", comment="x0 = IV || w0")


def spill_34(a: Asm) -> list[str]:
    """e3, o3, e4 to the frame (o4 is there already): six free registers."""
    a("sw", E[3], f"{W_E3}(sp)", comment="lanes 3, 4 to the frame")
    a("sw", O[3], f"{W_O3}(sp)")
    a("sw", E[4], f"{W_E4}(sp)")
    return [T[0], T[1], O[4], E[3], O[3], E[4]]


def reload_34(a: Asm) -> None:
    a("lw", E[3], f"{W_E3}(sp)", comment="lanes 3 (and e4) back")
    a("lw", O[3], f"{W_O3}(sp)")
    a("lw", E[4], f"{W_E4}(sp)")


def pad_lane0(a: Asm, be: bool) -> None:
    """The padding of an empty last block: byte 0 of lane 0."""
    if be:
        a("lui", T[0], "0x80000")
        a("xor", O[0], O[0], T[0], comment="x0 ^= pad (empty block)")
    else:
        a("xori", E[0], E[0], 1, comment="x0 ^= pad (empty block)")


def last_block(a: Asm, op: str, tag: str, ptr_slot: int, n_slot: int, be: bool) -> None:
    """The last block: n < rate bytes left at the frame's pointer, 10*
    padded.  Empty, the pad alone; otherwise through the block buffer on
    the stack (RV32's way): absorb copies the bytes there; encrypt and
    decrypt first store the rate there, then out = in ^ rate byte by
    byte, the buffer keeping what the state must receive (the plaintext)
    and zeros after it; then the pad, and the buffer is absorbed and
    wiped.  Lanes 3 and 4 wait in the frame for the registers."""
    a("lw", T[0], f"{n_slot}(sp)")
    a("bnez", T[0], f".L{tag}_partial")
    pad_lane0(a, be)
    a("j", f".L{tag}_done")
    a.label(f".L{tag}_partial")
    n = T[0]
    _, p, buf, end, b0, b1 = spill_34(a)
    sw = (b0, b1) if be else None
    if op == "absorb":
        for off in range(0, 16, 4):
            if off == 8:
                a.raw("#if ASCON_RATE == 16")
            a("sw", "zero", f"{W_BUF + off}(sp)")
        a.raw("#endif")
        a("lw", p, f"{ptr_slot}(sp)")
        a("addi", buf, "sp", W_BUF)
        a("add", end, p, n, comment="end of the input")
        a.label(f".L{tag}_copy")
        a("lbu", b0, f"0({p})")
        a("sb", b0, f"0({buf})")
        a("addi", p, p, 1)
        a("addi", buf, buf, 1)
        a("bne", p, end, f".L{tag}_copy")
    else:
        if be:
            a("li", b1, BYTE_MASK)
        for lane in (0, 1):
            if lane == 1:
                a.raw("#if ASCON_RATE == 16")
            store_lane_bytes(a, "sp", W_BUF + 8 * lane, E[lane], O[lane], end, sw)
        a.raw("#endif")
        a("lw", p, f"{ptr_slot}(sp)")
        a("add", end, p, n, comment="end of the input")
        out = n  # the count is spent
        a("lw", out, f"{W_OUT}(sp)")
        a("addi", buf, "sp", W_BUF)
        a.label(f".L{tag}_bytes")
        a("lbu", b0, f"0({p})", comment="in")
        a("lbu", b1, f"0({buf})", comment="rate")
        a("xor", b1, b1, b0, comment="out = in ^ rate")
        a("sb", b1, f"0({out})")
        a("sb", b0 if op == "encrypt" else b1, f"0({buf})",
          comment="the state receives the plaintext")
        a("addi", p, p, 1)
        a("addi", out, out, 1)
        a("addi", buf, buf, 1)
        a("bne", p, end, f".L{tag}_bytes")
        a("sw", p, f"{ptr_slot}(sp)", comment="past the message: the tag (decrypt)")
        a("sw", out, f"{W_OUT}(sp)", comment="past the output: the tag (encrypt)")
        a("addi", end, "sp", f"{W_BUF}+ASCON_RATE")
        a("mv", b0, buf)
        a.label(f".L{tag}_tail")
        a("sb", "zero", f"0({b0})", comment="the rest of the block: 0")
        a("addi", b0, b0, 1)
        a("bne", b0, end, f".L{tag}_tail")
    a("li", b0, "0x80 >> (7 * ASCON_LITTLE_ENDIAN)", comment="0x80, little-endian 0x01")
    a("sb", b0, f"0({buf})", comment="pad")
    if be:
        a("li", b1, BYTE_MASK)
    for lane in (0, 1):
        if lane == 1:
            a.raw("#if ASCON_RATE == 16")
        load_lane_bytes(a, "sp", W_BUF + 8 * lane, p, end, sw)
        a("xor", E[lane], E[lane], p, comment=f"x{lane} ^= last block")
        a("xor", O[lane], O[lane], end)
        a("sw", "zero", f"{W_BUF + 8 * lane}(sp)", comment="wipe the buffer")
        a("sw", "zero", f"{W_BUF + 8 * lane + 4}(sp)")
    a.raw("#endif")
    reload_34(a)
    a.label(f".L{tag}_done")


def domain_bit(a: Asm, be: bool) -> None:
    """Bit 63 of x4 (SP 800-232's little-endian lanes: o4, in the frame) or
    bit 0 (v1.2's big-endian ones: e4)."""
    if be:
        a("xori", E[4], E[4], 1, comment="domain separation: bit 0 of x4")
    else:
        a("lw", T[1], f"{SPILL}(sp)")
        a("lui", T[0], "0x80000")
        a("xor", T[1], T[1], T[0], comment="domain separation: bit 63 of x4 (o4, in the frame)")
        a("sw", T[1], f"{SPILL}(sp)")


def phases(a: Asm, be: bool) -> None:
    """Associated data (full blocks, the padded last one, p^b), the domain
    bit, the message (encrypt or decrypt as the frame's op says)."""
    sfx = "_be" if be else ""
    a("lw", T[0], f"{W_ADLEN}(sp)")
    a("beqz", T[0], f".Lad_none{sfx}")
    slots = {**W_SLOTS, "in": W_AD, "n": W_ADLEN}
    block_loop(a, "absorb", f"ad{sfx}", slots, be, True)
    last_block(a, "absorb", f"ad{sfx}", W_AD, W_ADLEN, be)
    a("jal", "ra", ".Lpbc", comment="p^b")
    a.label(f".Lad_none{sfx}")
    domain_bit(a, be)
    a("lw", T[0], f"{W_OP}(sp)")
    a("bnez", T[0], f".Lmsg_decrypt{sfx}")
    slots = {**W_SLOTS, "in": W_IN, "out": W_OUT, "n": W_LEN}
    for op in ("encrypt", "decrypt"):
        if op == "decrypt":
            a.label(f".Lmsg_decrypt{sfx}")
        block_loop(a, op, f"m{op[0]}{sfx}", slots, be, True)
        last_block(a, op, f"m{op[0]}{sfx}", W_IN, W_LEN, be)
        a("j", ".Lfinal")


def whole(a: Asm) -> None:
    """The two entry points and their shared body."""
    for name, op in (("ascon_rv32e_aead_encrypt", 0), ("ascon_rv32e_aead_decrypt", 1)):
        sym = f"LWC_SYM({name})"
        declare(a, sym)
        a.note(("a0 = ct, a1 = msg, a2 = mlen" if op == 0 else "a0 = msg, a1 = ct, a2 = ctlen")
               + ", a3 = ad, a4 = adlen, a5 = npub, 0(sp) = key")
        a("addi", "sp", "sp", -W_FRAME)
        if op == 0:
            a("sw", "zero", f"{W_OP}(sp)", comment="encrypt")
            a("j", ".Lwhole")
            size(a, sym)
        else:
            a("sltiu", T[0], "a2", 16)
            a("bnez", T[0], ".Lwhole_short", comment="ctlen < 16: no tag")
            a("addi", "a2", "a2", -16, comment="mlen")
            a("sw", "a2", f"{W_MLEN}(sp)")
            a("li", T[0], 1)
            a("sw", T[0], f"{W_OP}(sp)", comment="decrypt")
    a.label(".Lwhole")
    for k, r in enumerate(SAVED):
        a("sw", r, f"{SAVE + 4 * k}(sp)")
    for r, off in (("a0", W_OUT), ("a1", W_IN), ("a2", W_LEN), ("a3", W_AD), ("a4", W_ADLEN),
                   ("a5", W_NPUB)):
        a("sw", r, f"{off}(sp)")
    a.note("S = IV || K || N; p^12; S ^= 0 || K")
    keyslots.for_keys(a, lambda k20: whole_init(a, k20))
    invert(a, INVERTED[0], "x2, x3, x4 inverted (the xors of key, data and pad commute)")
    a("sw", O[4], f"{SPILL}(sp)", comment="o4 to the frame")
    a("jal", "ra", ".Lp12", comment="p^12")
    a("lw", O[4], f"{SPILL}(sp)")
    keyslots.key_xors(a, keyslots.INIT_XORS, lambda lane, slot, k20: key_xor(a, lane, slot, k20))
    a("sw", O[4], f"{SPILL}(sp)")
    endian(a, lambda be: phases(a, be))
    a.label(".Lfinal")
    a.note("finalization: S ^= 0^r || K || 0 (lanes 1-3: o4 stays out); p^12; "
           "tag = x3, x4 ^ KA, KB")
    keyslots.key_xors(a, keyslots.FINAL_XORS, lambda lane, slot, k20: key_xor(a, lane, slot, k20))
    a("jal", "ra", ".Lp12", comment="p^12")
    a("lw", O[4], f"{SPILL}(sp)")
    keyslots.for_keys(a, lambda k20: (key_xor(a, 3, "KA", k20), key_xor(a, 4, "KB", k20)))
    invert(a, (3, 4), "the tag's lanes, true")
    a.note("lanes 0-2 are spent: their registers are the byte swap's and the pointers")
    mask, sc, ptr, w0, w1 = E[0], O[0], E[1], E[2], O[2]
    a("lw", T[0], f"{W_OP}(sp)")
    a("bnez", T[0], ".Ltag_verify")
    a("lw", ptr, f"{W_OUT}(sp)", comment="the tag follows the ciphertext")

    def tag_store(be: bool) -> None:
        sw = (sc, mask) if be else None
        if be:
            a("li", mask, BYTE_MASK)
        store_lane_bytes(a, ptr, 0, E[3], O[3], w0, sw)
        store_lane_bytes(a, ptr, 8, E[4], O[4], w0, sw)
    endian(a, tag_store)
    a("j", ".Lwhole_ok")
    a.label(".Ltag_verify")
    a.note("compare in state form, every bit into o1: no early exit")
    a("lw", ptr, f"{W_IN}(sp)", comment="the tag follows the ciphertext")

    def tag_check(be: bool) -> None:
        sw = (sc, mask) if be else None
        if be:
            a("li", mask, BYTE_MASK)
        for lane in (3, 4):
            load_lane_bytes(a, ptr, 8 * (lane - 3), w0, w1, sw)
            a("xor", w0, w0, E[lane])
            a("xor", w1, w1, O[lane])
            if lane == 3:
                a("or", O[1], w0, w1)
            else:
                a("or", O[1], O[1], w0)
                a("or", O[1], O[1], w1)
    endian(a, tag_check)
    a("beqz", O[1], ".Lwhole_ok")
    a.note("rejected: the plaintext written is wiped (out is past its end)")
    a("lw", T[0], f"{W_MLEN}(sp)")
    a("lw", ptr, f"{W_OUT}(sp)")
    a("sub", ptr, ptr, T[0])
    a("beqz", T[0], ".Lwhole_rejected")
    a.label(".Lwhole_reject")
    a("sb", "zero", f"0({ptr})")
    a("addi", ptr, ptr, 1)
    a("addi", T[0], T[0], -1)
    a("bnez", T[0], ".Lwhole_reject")
    a.label(".Lwhole_rejected")
    a("li", T[1], -1)
    a("j", ".Lwhole_wipe")
    a.label(".Lwhole_ok")
    a("li", T[1], 0)
    a.label(".Lwhole_wipe")
    a.note("wipe the key words, the spilled word and the state registers; ra holds the result")
    keyslots.for_keys(a, lambda k20: [a("sw", "zero", f"{off}(sp)")
                                      for off in keyslots.key_words(W_KEYS, False, k20)])
    a("sw", "zero", f"{SPILL}(sp)")
    for r in E + O + T[:1]:
        a("li", r, 0)
    a("mv", "a0", T[1])
    epilogue(a, W_FRAME)
    a.label(".Lwhole_short")
    a("addi", "sp", "sp", W_FRAME)
    a("li", "a0", -2)
    a("ret")
    size(a, "LWC_SYM(ascon_rv32e_aead_decrypt)")



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
    table_rounds.whole_aead(a, whole)
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
