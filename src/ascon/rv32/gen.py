#!/usr/bin/env python3
"""Generate the RV32 assembly backends of Ascon from one description.

    python3 -m src.ascon.rv32.gen          # rewrite src/ascon/rv32/*.S

Every variant shares the same shape (the names are those of the issue and
of the thesis it follows):

    <variant>.S   ascon_rv32_permute(state, rounds)       p^rounds, 1..12
                  ascon_rv32_blocks(state, out, in, n, op) n full blocks of
                      the scheme's rate, each followed by p^ASCON_PB, with
                      op 0 absorb, 1 encrypt, 2 decrypt
                  ascon_rv32_prfs(out, m, key, iv)        Ascon-PrfShort
                      whole (its scheme only)

The state stays in ten registers from the first block to the last; the
rounds are unrolled (one copy of the twelve rounds, entered at round
12 - n), so a round costs its operations and nothing else: no loop counter,
no constant table.  The scheme header (included before the generated file)
fixes ASCON_RATE, ASCON_PB and ASCON_LITTLE_ENDIAN at assembly time.

Variants written here (bit-interleaved: each 64-bit lane as a word of its
even bits and a word of its odd bits, so that a 64-bit rotation is two
32-bit rotations):
    zbb_bi32    Zbb: andn, rori, rev8; interleaving by delta swaps
    zbkb_bi32   Zbkb: andn, rori, rev8, zip/unzip and pack
    zbp_bi32    draft Zbp (Ibex RV32BFull): as zbkb, plus packu
The memory layout of the state is the C bi32 backend's (backend_bi32.h):
e[0..4] then o[0..4], the low 16 bits of e[i] the even bits of the lane's
low word.

Variants on plain 64-bit lanes (the low word of lane i in e_i, its high
word in o_i; no interleaving, big-endian lanes byte-swapped with rev8):
    shift       RV32I: each half of a 64-bit rotation two shifts and an xor
    zbb_shift   Zbb: as shift, with andn and xnor in the S-box
    zbt_fsr     draft Zbt (Ibex RV32BFull): as zbb_shift, each half of a
                64-bit rotation one funnel shift (fsri, emitted with .insn)
The memory layout of their state is the C uint64_t x[5] (lanes64.h).

The shift variant (plain RV32I: no andn, orn or xnor) has its own S-box of
16 operations per 32-bit slice on average (sbox_rv32i): it carries some
lanes complemented from one round to the next (SHIFT_INVERTED), so that
every ~a & b it needs is a plain and or or.
"""
from __future__ import annotations

import pathlib
import sys

from src.ascon import keyslots, riscv_modes, sbox_program, table_rounds
from src.ascon.rv32 import masked
from src.ascon.table_rounds import banner32, table_tail
from src.asmgen.emitter import Emitter, declare, size, text, write

HERE = pathlib.Path(__file__).resolve().parent

# Register map: the thesis' drawings in one table.  x_i is lane i; e/o its
# even/odd halves.  Temporaries s0-s4 are saved by each entry point.
E = ["t0", "t1", "t2", "t3", "t4"]          # e0 .. e4
O = ["t5", "t6", "a5", "a6", "a7"]          # o0 .. o4
T = ["s0", "s1", "s2", "s3", "s4"]          # temporaries

# zbb_bi32's interleaving: delta swaps by 1, 2, 4, 8 with these masks.
DELTA_MASKS = [0x22222222, 0x0C0C0C0C, 0x00F000F0, 0x0000FF00]

# Ascon's linear layer: lane i gets x ^= (x >>> r0) ^ (x >>> r1).
SIGMA = [(19, 28), (61, 39), (1, 6), (10, 17), (7, 41)]


def round_constants(i: int) -> tuple[int, int]:
    """Even and odd bits of round i's constant ((0xf - i) << 4 | i)."""
    c = ((0xF - i) << 4) | i
    even = sum(((c >> (2 * k)) & 1) << k for k in range(4))
    odd = sum(((c >> (2 * k + 1)) & 1) << k for k in range(4))
    return even, odd


def fsri_insn(rd: str, rs1: str, rs3: str, k: int) -> str:
    """Draft Zbt's fsri (bitmanip 0.92/0.93, executed by Ibex RV32BFull),
    which binutils does not know, as an .insn line:
        fsri rd, rs1, rs3, k   rd = low word of (rs3:rs1) >> k, 0 <= k < 64
    i.e. for 0 < k < 32 (rs1 >> k) | (rs3 << (32 - k)), for k >= 32 the
    same with rs1 and rs3 swapped and k - 32.  Its encoding is the R4 layout
    on OP-IMM (0x13): rs3 in [31:27], 1 in [26], the 6-bit shift amount in
    [25:20], rs1, funct3 101, rd; as .insn r4, funct2 = [26:25] = 2 | k[5]
    and the rs2 field holds k[4:0] (written as register x<k[4:0]>)."""
    assert 0 <= k < 64
    return f"r4 0x13, 5, {2 | k >> 5}, {rd}, {rs1}, x{k & 31}, {rs3}"


class Asm(Emitter):
    @property
    def bi32(self) -> bool:
        return self.variant.endswith("bi32")

    # -- instructions that differ between variants -----------------------
    def andn(self, rd: str, rs1: str, rs2: str, comment: str = "") -> None:
        """rd = rs1 & ~rs2 (Zbb/Zbkb; the RV32I variant has sbox_rv32i)."""
        assert self.variant != "shift"
        self("andn", rd, rs1, rs2, comment=comment)

    def xnor(self, rd: str, rs1: str, rs2: str, comment: str = "") -> None:
        assert self.variant != "shift"
        self("xnor", rd, rs1, rs2, comment=comment)

    def rev8(self, rd: str, rs: str) -> None:
        """Byte swap; RV32I: a 16-bit rotation, then the bytes of each half
        swapped with the mask 0x00ff00ff held in s5 (temporary s4)."""
        if self.variant != "shift":
            self("rev8", rd, rs)
            return
        t, m = T[4], MASKS[0]
        self("slli", t, rs, 16)
        self("srli", rd, rs, 16)
        self("or", rd, rd, t)
        self("and", t, rd, m)
        self("srli", rd, rd, 8)
        self("and", rd, rd, m)
        self("slli", t, t, 8)
        self("or", rd, rd, t)

    def packu(self, rd: str, rs1: str, rs2: str, scratch: str) -> None:
        """rd = rs1[31:16] | rs2[31:16] << 16."""
        if self.variant == "zbp_bi32":  # draft Zbp, unknown to binutils: its encoding
            self(".insn", "r 0x33", 4, 0x24, rd, rs1, rs2, comment=f"packu {rd}, {rs1}, {rs2}")
        elif self.variant == "zbb_bi32":
            self("srli", scratch, rs1, 16)
            self("srli", rd, rs2, 16)
            self("slli", rd, rd, 16)
            self("or", rd, rd, scratch)
        else:
            self("srli", scratch, rs1, 16)
            self("srli", rd, rs2, 16)
            self("pack", rd, scratch, rd)

    def pack(self, rd: str, rs1: str, rs2: str, scratch: str) -> None:
        """rd = rs1[15:0] | rs2[15:0] << 16."""
        if self.variant == "zbb_bi32":
            self("zext.h", scratch, rs1)
            self("slli", rd, rs2, 16)
            self("or", rd, rd, scratch)
        else:
            self("pack", rd, rs1, rs2)

    def unzip(self, r: str, t: str) -> None:
        """Even bits of r to its low half, odd bits to its high half."""
        if self.variant == "zbb_bi32":
            for k in range(4):
                self.delta_swap(r, t, MASKS[k], 1 << k)
        else:
            self("unzip", r, r)

    def zip(self, r: str, t: str) -> None:
        if self.variant == "zbb_bi32":
            for k in reversed(range(4)):
                self.delta_swap(r, t, MASKS[k], 1 << k)
        else:
            self("zip", r, r)

    def fsri(self, rd: str, rs1: str, rs3: str, k: int, comment: str = "") -> None:
        """rd = (rs1 >> k) | (rs3 << (32 - k)), 0 < k < 32: one draft-Zbt
        funnel shift (fsri_insn)."""
        assert self.variant == "zbt_fsr" and 0 < k < 32
        note = f"fsri {rd}, {rs1}, {rs3}, {k}" + (f"; {comment}" if comment else "")
        text = f"    {'.insn':<7} {fsri_insn(rd, rs1, rs3, k)}"
        self.lines.append(f"{text:<44}/* {note} */")  # wider than the others



# -- the permutation --------------------------------------------------------
def sbox(a: Asm, x: list[str], t: list[str], x2_inverted: bool) -> None:
    """The 5-bit S-box on one 32-bit slice x[0..4], temporaries t[0..2]:
    16 operations with andn (rd = rs1 & ~rs2) and xnor (every variant but
    shift, which has neither: sbox_rv32i).

    The S-box ends with x2 = ~x2.  That NOT is never executed: a round
    whose x2 comes in true leaves ~x2 in its register, and the next round
    takes x2 inverted (x2_inverted), which costs nothing either: ~x1 & x2
    becomes ~(x1 | ~x2) folded into an xnor, ~x2 & x3 a plain and, and the
    final NOT cancels.  The linear layer maps ~x to ~sigma(x) and the round
    constant commutes, so the inversion passes through them."""
    a("xor", x[0], x[0], x[4])
    a("xor", x[4], x[4], x[3])
    a("xor", x[2], x[2], x[1])
    a.andn(t[0], x[1], x[0], comment="~x0 & x1 (for x4)")
    a.andn(t[1], x[0], x[4], comment="~x4 & x0 (for x3)")
    if x2_inverted:
        a("or", t[2], x[1], x[2])
        a.xnor(x[0], x[0], t[2], comment="x0 ^= ~x1 & x2 (x2 held inverted)")
        a("and", t[2], x[3], x[2])
    else:
        a.andn(t[2], x[2], x[1])
        a("xor", x[0], x[0], t[2], comment="x0 ^= ~x1 & x2")
        a.andn(t[2], x[3], x[2])
    a("xor", x[1], x[1], t[2], comment="x1 ^= ~x2 & x3")
    a.andn(t[2], x[4], x[3])
    a("xor", x[2], x[2], t[2], comment="x2 ^= ~x3 & x4")
    a("xor", x[3], x[3], t[1])
    a("xor", x[4], x[4], t[0])
    a("xor", x[1], x[1], x[0])
    a("xor", x[0], x[0], x[4])
    if x2_inverted:
        a.xnor(x[3], x[3], x[2], comment="x3 ^= x2; x2 comes out true")
    else:
        a("xor", x[3], x[3], x[2], comment="x3 ^= x2; x2 goes out inverted")


# The shift variant's S-box (sbox_rv32i) keeps these lanes complemented
# (all-ones xored in, both words) at the start of an even / odd round.  The
# state is true in memory: the entry points complement these lanes on the
# way in and out.  Lanes 0 and 1, where the blocks put their data, are true
# at every even round, where the blocks run.
SHIFT_INVERTED = sbox_program.INVERTED


def sbox_rv32i(a: Asm, x: list[str], t: list[str], even: bool) -> None:
    """The S-box on one 32-bit slice in plain RV32I, temporaries t[0..2]:
    src/ascon/sbox_program.py's program (15 operations and a NOT in even
    rounds, 16 in odd ones), the complements from lanes held inverted
    (SHIFT_INVERTED)."""
    sbox_program.emit(a, x, t, even)


def invert(a: Asm, lanes: tuple[int, ...], comment: str) -> None:
    """Complement both words of the given lanes."""
    for k, i in enumerate(lanes):
        a("not", E[i], E[i], comment=comment if k == 0 else "")
        a("not", O[i], O[i])


def rot_src(e: str, o: str, r: int, half: str) -> tuple[str, int]:
    """(register, 32-bit rotation) giving the `half` of lane (e, o) >>> r."""
    if r % 2 == 0:
        return (e if half == "e" else o), r // 2
    return (o, r // 2) if half == "e" else (e, r // 2 + 1)


def sigma_shift(a: Asm, i: int, t: list[str]) -> None:
    """x_i ^= (x_i >>> r0) ^ (x_i >>> r1) on lane i as words lo = E[i], hi =
    O[i]: each 64-bit rotation is two shifts per half (halves swapped for
    r >= 32), its two parts xored straight into the sum."""
    lo, hi = E[i], O[i]
    r0, r1 = SIGMA[i]
    parts = []
    for r in (r0, r1):
        a_, b_ = (lo, hi) if r < 32 else (hi, lo)
        parts.append((a_, b_, r % 32))
    for dst, first in ((t[0], True), (t[1], False)):
        # low word of x >>> r: (a >> k) | (b << 32-k); high word: (b >> k) | (a << 32-k)
        terms = []
        for a_, b_, k in parts:
            terms += [("srli", a_ if first else b_, k), ("slli", b_ if first else a_, 32 - k)]
        (op, src, k), rest = terms[0], terms[1:]
        a(op, dst, src, k)
        for op, src, k in rest:
            a(op, t[2], src, k)
            a("xor", dst, dst, t[2])
    a("xor", lo, lo, t[0], comment=f"x{i} ^= (x{i} >>> {r0}) ^ (x{i} >>> {r1})")
    a("xor", hi, hi, t[1])


def sigma_fsr(a: Asm, i: int, t: list[str]) -> None:
    """x_i ^= (x_i >>> r0) ^ (x_i >>> r1) on lane i as words lo = E[i], hi =
    O[i], with funnel shifts: for r < 32 the low word of x >>> r is
    fsr(lo, hi, r) = (lo >> r) | (hi << 32-r) and the high word fsr(hi, lo,
    r); for r >= 32 the halves swap and the shift is r - 32 (r = 32: a move).
    8 operations, as the interleaved lanes' rotations."""
    lo, hi = E[i], O[i]
    r0, r1 = SIGMA[i]

    def rot(dst: str, low_half: bool, r: int) -> None:
        src, other = (lo, hi) if low_half == (r < 32) else (hi, lo)
        if r % 32 == 0:
            a("mv", dst, src)
        else:
            a.fsri(dst, src, other, r % 32)
    for low_half, dst in ((True, t[0]), (False, t[1])):
        rot(dst, low_half, r0)
        rot(t[2], low_half, r1)
        a("xor", dst, dst, t[2])
    a("xor", lo, lo, t[0], comment=f"x{i} ^= (x{i} >>> {r0}) ^ (x{i} >>> {r1})")
    a("xor", hi, hi, t[1])


def sigma(a: Asm, i: int, t: list[str]) -> None:
    """x_i ^= (x_i >>> r0) ^ (x_i >>> r1) on the interleaved lane i."""
    if a.variant == "zbt_fsr":
        sigma_fsr(a, i, t)
        return
    if not a.bi32:
        sigma_shift(a, i, t)
        return
    e, o = E[i], O[i]
    r0, r1 = SIGMA[i]
    for half, dst in (("e", t[0]), ("o", t[1])):
        s0, k0 = rot_src(e, o, r0, half)
        s1, k1 = rot_src(e, o, r1, half)
        a("rori", dst, s0, k0 % 32)
        a("rori", t[2], s1, k1 % 32)
        a("xor", dst, dst, t[2])
    a("xor", e, e, t[0], comment=f"x{i} ^= (x{i} >>> {r0}) ^ (x{i} >>> {r1})")
    a("xor", o, o, t[1])


def rounds(a: Asm) -> None:
    """Twelve unrolled rounds; p^n is entered at label .Lround<12-n>.  Even
    rounds take x2 true and leave it inverted, odd rounds the reverse (see
    sbox): entered at an even round, p^n ends with x2 true after round 11;
    for odd n the caller inverts x2 first.  The shift variant holds the
    lanes of SHIFT_INVERTED inverted instead (sbox_rv32i), which its
    callers set up and undo."""
    a.note("the rounds: state in e0-e4 = " + "/".join(E) + ", o0-o4 = " + "/".join(O))
    a.note("temporaries " + "/".join(T[:3]) + "; returns through ra")
    for i in range(12):
        even, odd = round_constants(i)
        a.label(f".Lround{i}")
        c = ((0xF - i) << 4) | i
        if a.bi32:
            a("xori", E[2], E[2], even, comment=f"round {i}: constant 0x{c:02x}")
            a("xori", O[2], O[2], odd)
        else:  # the constant is in the low word
            a("xori", E[2], E[2], c, comment=f"round {i}: constant 0x{c:02x}")
        if a.variant == "shift":
            sbox_rv32i(a, E, T, even=i % 2 == 0)
            sbox_rv32i(a, O, T, even=i % 2 == 0)
        else:
            sbox(a, E, T, x2_inverted=i % 2 == 1)
            sbox(a, O, T, x2_inverted=i % 2 == 1)
        for lane in range(5):
            sigma(a, lane, T)
    a("ret")


# -- state and blocks -------------------------------------------------------
# What each entry point saves (ra: the rounds are reached with jal).
PERMUTE_SAVED = ["ra", *T[:3]]
MASKS = ["s5", "s6", "s7", "s8"]  # zbb_bi32: the delta-swap masks, loaded once
FRAME = 48


def masks(variant: str) -> list[str]:
    """The mask registers a variant keeps loaded while it moves bytes: Zbb's
    four delta-swap masks, RV32I's byte-swap mask (rev8 emulation)."""
    return {"zbb_bi32": MASKS, "shift": MASKS[:1]}.get(variant, [])


def load_masks(a: Asm) -> None:
    if a.variant == "zbb_bi32":
        for reg, mask in zip(MASKS, DELTA_MASKS):
            a("li", reg, f"0x{mask:08x}")
    if a.variant == "shift":
        a("li", MASKS[0], "0x00ff00ff", comment="byte swaps (big-endian lanes)")


def blocks_saved(variant: str) -> list[str]:
    """The registers the blocks entry point saves."""
    return ["ra", *T, *masks(variant)]


def prologue(a: Asm, saved: list[str]) -> None:
    a("addi", "sp", "sp", -FRAME)
    for k, r in enumerate(saved):
        a("sw", r, f"{4 * k}(sp)")


def epilogue(a: Asm, saved: list[str]) -> None:
    for k, r in enumerate(saved):
        a("lw", r, f"{4 * k}(sp)")
    a("addi", "sp", "sp", FRAME)
    a("ret")


def state_offsets(a: Asm, i: int) -> tuple[int, int]:
    """Where E[i] and O[i] live: bi32 e[5] then o[5]; otherwise uint64_t
    x[5] on a little-endian core (low word first)."""
    return (4 * i, 20 + 4 * i) if a.bi32 else (8 * i, 8 * i + 4)


def load_state(a: Asm) -> None:
    for i in range(5):
        e, o = state_offsets(a, i)
        a("lw", E[i], f"{e}(a0)")
        a("lw", O[i], f"{o}(a0)")


def store_state(a: Asm) -> None:
    for i in range(5):
        e, o = state_offsets(a, i)
        a("sw", E[i], f"{e}(a0)")
        a("sw", O[i], f"{o}(a0)")


def load_lane(a: Asm, ptr: str, off: int, lo: str, hi: str) -> None:
    """lo/hi = the 64-bit lane in bytes ptr[off .. off+8), scheme byte order."""
    a.raw("#if ASCON_LITTLE_ENDIAN")
    a("lw", lo, f"{off}({ptr})")
    a("lw", hi, f"{off + 4}({ptr})")
    a.raw("#else")
    a("lw", hi, f"{off}({ptr})", comment="big-endian lane: bytes 0-3 are the high word")
    a("lw", lo, f"{off + 4}({ptr})")
    a.rev8(hi, hi)
    a.rev8(lo, lo)
    a.raw("#endif")


def store_lane(a: Asm, ptr: str, off: int, lo: str, hi: str,
               tlo: str | None = None, thi: str | None = None) -> None:
    """Store the lane (lo, hi); a big-endian one is swapped into tlo/thi
    (default: in place)."""
    tlo, thi = tlo or lo, thi or hi
    a.raw("#if ASCON_LITTLE_ENDIAN")
    a("sw", lo, f"{off}({ptr})")
    a("sw", hi, f"{off + 4}({ptr})")
    a.raw("#else")
    a.rev8(thi, hi)
    a.rev8(tlo, lo)
    a("sw", thi, f"{off}({ptr})")
    a("sw", tlo, f"{off + 4}({ptr})")
    a.raw("#endif")


def to_bi(a: Asm, lo: str, hi: str, e: str, o: str, t: str) -> None:
    """(lo, hi) -> even word e and odd word o (lo and hi are consumed)."""
    a.unzip(lo, t)
    a.unzip(hi, t)
    a.pack(e, lo, hi, t)
    a.packu(o, lo, hi, t)


def from_bi(a: Asm, e: str, o: str, lo: str, hi: str, t: str) -> None:
    """Even and odd words -> (lo, hi) of the lane (e and o are kept)."""
    a.pack(lo, e, o, t)
    a.packu(hi, e, o, t)
    a.zip(lo, t)
    a.zip(hi, t)


def duplex_lane(a: Asm, op: str, lane: int, inp: str, outp: str, off: int) -> None:
    """One lane of a full block: in[off..off+8) absorbed into x_lane, or
    encrypted / decrypted to out[off..] (out may be in: the lane is read
    before it is written)."""
    lo, hi, e, o, t = T[0], T[1], T[2], T[3], T[4]
    load_lane(a, inp, off, lo, hi)
    if a.bi32:
        to_bi(a, lo, hi, e, o, t)
    v0, v1 = (e, o) if a.bi32 else (lo, hi)  # the block's lane in the state's form
    if op != "decrypt":
        what = "block" if op == "absorb" else f"plaintext; ciphertext = x{lane}"
        a("xor", E[lane], E[lane], v0, comment=f"x{lane} ^= {what}")
        a("xor", O[lane], O[lane], v1)
        if op == "encrypt" and a.bi32:
            from_bi(a, E[lane], O[lane], lo, hi, t)
            store_lane(a, outp, off, lo, hi)
        elif op == "encrypt":  # lanes kept as (low, high) words: no conversion
            store_lane(a, outp, off, E[lane], O[lane], e, o)
    elif a.bi32:
        a("xor", E[lane], E[lane], e, comment=f"plaintext = x{lane} ^ ciphertext")
        a("xor", O[lane], O[lane], o)
        from_bi(a, E[lane], O[lane], lo, hi, t)
        store_lane(a, outp, off, lo, hi)
        a("mv", E[lane], e, comment=f"x{lane} = ciphertext")
        a("mv", O[lane], o)
    else:
        a("xor", e, E[lane], lo, comment=f"plaintext = x{lane} ^ ciphertext; x{lane} = ciphertext")
        a("xor", o, O[lane], hi)
        a("mv", E[lane], lo)
        a("mv", O[lane], hi)
        store_lane(a, outp, off, e, o)


def duplex_block(a: Asm, op: str, inp: str, outp: str) -> None:
    """A full block of the rate (one lane, or two when ASCON_RATE is 16)."""
    duplex_lane(a, op, 0, inp, outp, 0)
    a.raw("#if ASCON_RATE == 16")
    duplex_lane(a, op, 1, inp, outp, 8)
    a.raw("#endif")


def blocks_body(a: Asm) -> None:
    """The blocks entry's body (riscv_modes.blocks_body over this ISA's duplex_block)."""
    riscv_modes.blocks_body(a, lambda o, inp, outp: duplex_block(a, o, inp, outp))


# -- whole AEAD messages ---------------------------------------------------
# The descriptor's whole-message calls (include/lwc.h), in assembly:
#   ascon_rv32_aead_encrypt(ct, msg, mlen, ad, adlen, npub, k) -> 0
#   ascon_rv32_aead_decrypt(msg, ct, ctlen, ad, adlen, npub, k)
#       -> 0, -1 (tag mismatch: msg wiped) or -2 (ctlen < 16)
# init, associated data, message and finalization with the state in
# registers throughout (the thesis' shape: for short messages a C mode's
# calls and conversions around the permutation cost as much as the
# permutation).  Besides the state and T:
OUT, IN, LEN, AD, ADLEN = "a0", "a1", "a2", "a3", "a4"  # advanced as consumed
NPUB, KEY = "a5", "a6"  # O2 and O3: read before those lanes are loaded
OP = "s9"               # 0 encrypt, 1 decrypt
W_MLEN = 48             # the frame: saved registers, decrypt's mlen,
W_KEYS = 56             # the key in the forms the xors take (<= 12 words),
W_BUF = 104             # one rate block for the last, padded block
W_FRAME = 128


def whole_saved(variant: str) -> list[str]:
    return ["ra", *T, *masks(variant), OP]


def key_xor(a: Asm, lane: int, slot: str, k20: bool) -> None:
    """x_lane ^= the key words of `slot` (keyslots, in this family's frame)."""
    def xor_from(reg: str, off: int) -> None:
        a("lw", T[0], f"{off}(sp)")
        a("xor", reg, reg, T[0], comment=f"x{lane} ^= {slot}")
    keyslots.key_xor(W_KEYS, a.bi32, k20, (E[lane], O[lane]), slot, xor_from)


def load_state_lane(a: Asm, ptr: str, off: int, e: str, o: str) -> None:
    """(e, o) = the lane in bytes ptr[off..off+8), in state form."""
    if a.bi32:
        load_lane(a, ptr, off, T[0], T[1])
        to_bi(a, T[0], T[1], e, o, T[4])
    else:
        load_lane(a, ptr, off, e, o)


def store_state_lane(a: Asm, lane: int, ptr: str, off: int) -> None:
    """Bytes ptr[off..off+8) = lane x_lane (state registers kept)."""
    if a.bi32:
        from_bi(a, E[lane], O[lane], T[2], T[3], T[0])
        store_lane(a, ptr, off, T[2], T[3])
    else:
        store_lane(a, ptr, off, E[lane], O[lane], T[2], T[3])


def pad_lane0(a: Asm) -> None:
    """The padding of an empty last block: byte 0 of lane 0 gets 0x80
    (big-endian lanes: bit 63, the top bit of the odd / high word) or 0x01
    (little-endian: bit 0 of the even / low word)."""
    a.raw("#if ASCON_LITTLE_ENDIAN")
    a("xori", E[0], E[0], 1, comment="x0 ^= pad (empty block)")
    a.raw("#else")
    a("lui", T[0], "0x80000")
    a("xor", O[0], O[0], T[0], comment="x0 ^= pad (empty block)")
    a.raw("#endif")


def last_block(a: Asm, op: str, tag: str, ptr: str, n: str) -> None:
    """The last block: n < rate bytes left at ptr, 10* padded.  Empty, it is
    the pad alone; otherwise through the one-block buffer on the stack:
    absorb copies the bytes there; encrypt/decrypt first spill the rate
    there, then out = in ^ rate byte by byte, the buffer keeping what the
    state must receive (the plaintext) and zeros after it; then the pad,
    and the buffer is absorbed (and wiped)."""
    buf = T[4]
    a("bnez", n, f".L{tag}_partial")
    pad_lane0(a)
    a("j", f".L{tag}_done")
    a.label(f".L{tag}_partial")
    if op == "absorb":
        table_rounds.rate_lanes(a, lambda lane, off: (a("sw", "zero", f"{W_BUF + off}(sp)"),
                                         a("sw", "zero", f"{W_BUF + off + 4}(sp)")))
        a("addi", buf, "sp", W_BUF)
        a("add", T[1], ptr, n, comment="end of the input")
        a.label(f".L{tag}_copy")
        a("lbu", T[0], f"0({ptr})")
        a("sb", T[0], f"0({buf})")
        a("addi", ptr, ptr, 1)
        a("addi", buf, buf, 1)
        a("bne", ptr, T[1], f".L{tag}_copy")
    else:
        table_rounds.rate_lanes(a, lambda lane, off: store_state_lane(a, lane, "sp", W_BUF + off))
        a("addi", buf, "sp", W_BUF)
        a("add", T[1], ptr, n, comment="end of the input")
        a.label(f".L{tag}_bytes")
        a("lbu", T[0], f"0({ptr})", comment="in")
        a("lbu", T[2], f"0({buf})", comment="rate")
        a("xor", T[2], T[2], T[0], comment="out = in ^ rate")
        a("sb", T[2], f"0({OUT})")
        a("sb", T[0] if op == "encrypt" else T[2], f"0({buf})",
          comment="the state receives the plaintext")
        a("addi", ptr, ptr, 1)
        a("addi", OUT, OUT, 1)
        a("addi", buf, buf, 1)
        a("bne", ptr, T[1], f".L{tag}_bytes")
        a("addi", T[1], "sp", f"{W_BUF}+ASCON_RATE")
        a("mv", T[0], buf)
        a.label(f".L{tag}_tail")
        a("sb", "zero", f"0({T[0]})", comment="the rest of the block: 0")
        a("addi", T[0], T[0], 1)
        a("bne", T[0], T[1], f".L{tag}_tail")
    a("li", T[0], "0x80 >> (7 * ASCON_LITTLE_ENDIAN)", comment="0x80, little-endian 0x01")
    a("sb", T[0], f"0({buf})", comment="pad")

    def absorb(lane: int, off: int) -> None:
        load_state_lane(a, "sp", W_BUF + off, T[2], T[3])
        a("xor", E[lane], E[lane], T[2], comment=f"x{lane} ^= last block")
        a("xor", O[lane], O[lane], T[3])
        a("sw", "zero", f"{W_BUF + off}(sp)", comment="wipe the buffer")
        a("sw", "zero", f"{W_BUF + off + 4}(sp)")
    table_rounds.rate_lanes(a, absorb)
    a.label(f".L{tag}_done")


def full_blocks(a: Asm, op: str, tag: str, ptr: str, n: str) -> None:
    """Every full block while n >= rate, each followed by p^b."""
    riscv_modes.full_blocks(a, op, tag, ptr, n, OUT, T[0], lambda: duplex_block(a, op, ptr, OUT))


def iv_word(a: Asm, half: str) -> str:
    """The scheme header's IV lane word (tools/ascon_constants.py) for the
    e / o register of lane 0: even / odd bits, or low / high word."""
    if a.bi32:
        return "ASCON_IV_E" if half == "e" else "ASCON_IV_O"
    return "ASCON_IV_LO" if half == "e" else "ASCON_IV_HI"


def save_slot(a: Asm, slot: str, e: str, o: str, k20: bool) -> None:
    off_e, off_o = keyslots.key_slots(W_KEYS, a.bi32, k20)[slot]
    a("sw", e, f"{off_e}(sp)", comment=f"{slot}")
    a("sw", o, f"{off_o}(sp)")


def load_slot(a: Asm, slot: str, lane: int, k20: bool) -> None:
    off_e, off_o = keyslots.key_slots(W_KEYS, a.bi32, k20)[slot]
    a("lw", E[lane], f"{off_e}(sp)", comment=f"x{lane} = {slot}")
    a("lw", O[lane], f"{off_o}(sp)")


def load_nonce(a: Asm) -> None:
    load_state_lane(a, NPUB, 0, E[3], O[3])
    load_state_lane(a, NPUB, 8, E[4], O[4])


def whole_init_k16(a: Asm) -> None:
    """IV || K || N with a 16-byte key (x1 = KA, x2 = KB).  The key and
    nonce pointers are O3 and O2: the key is read first, the nonce second."""
    load_state_lane(a, KEY, 0, E[1], O[1])
    save_slot(a, "KA", E[1], O[1], False)
    load_state_lane(a, KEY, 8, T[2], T[3])
    save_slot(a, "KB", T[2], T[3], False)
    load_nonce(a)
    a("mv", E[2], T[2], comment="x2 = KB")
    a("mv", O[2], T[3])
    a("li", E[0], iv_word(a, "e"), comment="x0 = IV")
    a("li", O[0], iv_word(a, "o"))


def whole_init_k20(a: Asm) -> None:
    """Ascon-80pq: x0 = IV || w0, x1 = w1 w2, x2 = w3 w4 (key words w0..w4,
    big-endian).  Plain lanes: the words go to their registers and the
    frame as they are.  Interleaved: each word is unzipped once, and every
    form the xors take is packed from two of them."""
    a.raw("#if ASCON_IV_LO")
    a.raw("#error Ascon-80pq: the IV fills the high word of x0 only")
    a.raw("#endif")
    if not a.bi32:
        w = [E[0], O[1], E[1], T[2], E[2]]  # x0 lo, x1 hi, x1 lo, (x2 hi), x2 lo
        for k, r in enumerate(w):
            a("lw", r, f"{4 * k}({KEY})", comment=f"w{k}")
            a.raw("#if !ASCON_LITTLE_ENDIAN")
            a.rev8(r, r)
            a.raw("#endif")
            a("sw", r, f"{W_KEYS + 4 * k}(sp)")
        a("li", O[0], "ASCON_IV_HI", comment="x0 = IV || w0")
        load_nonce(a)
        a("mv", O[2], T[2], comment="x2 = w3 w4")
        return
    u = [O[0], O[1], E[3], E[4], O[4]]
    for k, r in enumerate(u):
        a("lw", r, f"{4 * k}({KEY})", comment=f"w{k}, unzipped")
        a.raw("#if !ASCON_LITTLE_ENDIAN")
        a.rev8(r, r)
        a.raw("#endif")
        a.unzip(r, T[4])
    for slot, hi, lo in (("Z0", "zero", u[0]), ("F1", u[0], u[1]), ("F2", u[2], u[3]),
                         ("F3", u[4], "zero"), ("KA", u[1], u[2]), ("KB", u[3], u[4])):
        a.pack(T[2], lo, hi, T[4])
        a.packu(T[3], lo, hi, T[4])
        save_slot(a, slot, T[2], T[3], True)
    load_nonce(a)
    load_slot(a, "KA", 1, True)
    load_slot(a, "KB", 2, True)
    load_slot(a, "Z0", 0, True)
    a("li", T[0], "ASCON_IV_E", comment="x0 = IV || w0")
    a("li", T[1], "ASCON_IV_O")
    a("xor", E[0], E[0], T[0])
    a("xor", O[0], O[0], T[1])


def domain_bit(a: Asm, little_endian: bool) -> None:
    """The domain separation bit of the AEAD: bit 63 of x4 (SP 800-232's
    little-endian lanes) or bit 0 (v1.2's big-endian ones)."""
    if little_endian:
        a("lui", T[0], "0x80000")
        a("xor", O[4], O[4], T[0], comment="domain separation: bit 63 of x4")
    else:
        a("xori", E[4], E[4], 1, comment="domain separation: bit 0 of x4")


def whole(a: Asm) -> None:
    """The two entry points and their shared body."""
    saved = whole_saved(a.variant)
    for name, op in (("ascon_rv32_aead_encrypt", 0), ("ascon_rv32_aead_decrypt", 1)):
        sym = f"LWC_SYM({name})"
        declare(a, sym)
        if op == 0:
            a.note("a0 = ct, a1 = msg, a2 = mlen, a3 = ad, a4 = adlen, a5 = npub, a6 = key")
        else:
            a.note("a0 = msg, a1 = ct, a2 = ctlen, a3 = ad, a4 = adlen, a5 = npub, a6 = key")
        a("addi", "sp", "sp", -W_FRAME)
        a("sw", OP, f"{4 * saved.index(OP)}(sp)")
        a("li", OP, op)
        if op == 0:
            a("j", ".Lwhole")
            size(a, sym)
        else:
            a("sltiu", "a7", LEN, 16)
            a("bnez", "a7", ".Lwhole_short", comment="ctlen < 16: no tag")
            a("addi", LEN, LEN, -16, comment="mlen")
            a("sw", LEN, f"{W_MLEN}(sp)")
    a.label(".Lwhole")
    for k, r in enumerate(saved):
        if r != OP:
            a("sw", r, f"{4 * k}(sp)")
    load_masks(a)
    a.note("S = IV || K || N; p^12; S ^= 0 || K")
    keyslots.for_keys(a, lambda k20: whole_init_k20(a) if k20 else whole_init_k16(a))
    if a.variant == "shift":  # sbox_rv32i: from here on, even rounds' lanes inverted
        invert(a, SHIFT_INVERTED[0], "x2, x3, x4 inverted (xors of key, data, pad commute)")
    a("jal", "ra", ".Lround0", comment="p^12")
    keyslots.key_xors(a, keyslots.INIT_XORS, lambda lane, slot, k20: key_xor(a, lane, slot, k20))
    riscv_modes.aead_phases(a, full_blocks, last_block, lambda le: domain_bit(a, le),
                      AD, ADLEN, IN, LEN, OP)
    a.note("finalization: S ^= 0^r || K || 0; p^12; tag = x3, x4 ^ KA, KB")
    keyslots.key_xors(a, keyslots.FINAL_XORS, lambda lane, slot, k20: key_xor(a, lane, slot, k20))
    a("jal", "ra", ".Lround0", comment="p^12")
    keyslots.for_keys(a, lambda k20: (key_xor(a, 3, "KA", k20), key_xor(a, 4, "KB", k20)))
    if a.variant == "shift":
        invert(a, (3, 4), "the tag's lanes, true")
    a.note("the tag follows the message: out (encrypt) or in (decrypt) points at it")
    a("bnez", OP, ".Ltag_verify")
    store_state_lane(a, 3, OUT, 0)
    store_state_lane(a, 4, OUT, 8)
    a("j", ".Lwhole_ok")
    a.label(".Ltag_verify")
    a.note("compare in state form, every bit into a3: no early exit")
    for lane in (3, 4):
        load_state_lane(a, IN, 8 * (lane - 3), T[2], T[3])
        a("xor", T[2], T[2], E[lane])
        a("xor", T[3], T[3], O[lane])
        if lane == 3:
            a("or", AD, T[2], T[3])
        else:
            a("or", AD, AD, T[2])
            a("or", AD, AD, T[3])
    a("beqz", AD, ".Lwhole_ok")
    a.note("rejected: the plaintext written is wiped (out is past its end)")
    a("lw", T[0], f"{W_MLEN}(sp)")
    a("sub", OUT, OUT, T[0])
    a("beqz", T[0], ".Lwhole_rejected")
    a.label(".Lwhole_reject")
    a("sb", "zero", f"0({OUT})")
    a("addi", OUT, OUT, 1)
    a("addi", T[0], T[0], -1)
    a("bnez", T[0], ".Lwhole_reject")
    riscv_modes.verdict(a)
    a.note("wipe the key in the frame and the state registers")
    keyslots.for_keys(a, lambda k20: [a("sw", "zero", f"{off}(sp)")
                             for off in keyslots.key_words(W_KEYS, a.bi32, k20)])
    for r in E + O:
        a("li", r, 0)
    for k, r in enumerate(saved):
        a("lw", r, f"{4 * k}(sp)")
    a("addi", "sp", "sp", W_FRAME)
    a("ret")
    a.label(".Lwhole_short")
    a("lw", OP, f"{4 * saved.index(OP)}(sp)")
    a("addi", "sp", "sp", W_FRAME)
    a("li", "a0", -2)
    a("ret")
    size(a, sym)  # the decryption entry's (the loop's last): it ends here


def prfs(a: Asm) -> None:
    """Ascon-PrfShort whole, for its scheme (ASCON_PRFS): the state built in
    registers, p^12, out = x3, x4 ^ K; the C (auth_mode.h) gives a padded
    16-byte message and the IV lane (a state whose lane 0 only is set), and
    takes 16 bytes of output."""
    name = "LWC_SYM(ascon_rv32_prfs)"
    a.raw("#ifdef ASCON_PRFS")
    declare(a, name)
    a.note("a0 = out (16 bytes), a1 = message (16 bytes, zero-padded), a2 = key, "
           "a3 = state with lane 0 (the IV for this length)")
    saved = blocks_saved(a.variant)
    prologue(a, saved)
    load_masks(a)
    e0, o0 = state_offsets(a, 0)
    a("lw", E[0], f"{e0}(a3)", comment="x0 = IV")
    a("lw", O[0], f"{o0}(a3)")
    load_state_lane(a, "a2", 0, E[1], O[1])
    load_state_lane(a, "a2", 8, E[2], O[2])
    load_state_lane(a, "a1", 0, E[3], O[3])
    load_state_lane(a, "a1", 8, E[4], O[4])
    if a.variant == "shift":
        invert(a, SHIFT_INVERTED[0], "x2, x3, x4 inverted (round 0 is even)")
    a("jal", "ra", ".Lround0", comment="p^12")
    if a.variant == "shift":
        invert(a, (3, 4), "x3, x4 true")
    for lane in (3, 4):
        load_state_lane(a, "a2", 8 * (lane - 3), T[2], T[3])
        a("xor", E[lane], E[lane], T[2], comment=f"x{lane} ^= key lane {lane - 3}")
        a("xor", O[lane], O[lane], T[3])
        store_state_lane(a, lane, "a0", 8 * (lane - 3))
    a.note("wipe the state registers (the temporaries are restored below)")
    for r in E + O:
        a("li", r, 0)
    epilogue(a, saved)
    size(a, name)
    a.raw("#endif")


def generate(variant: str) -> str:
    if variant in masked.VARIANTS:
        return masked.generate(variant)
    a = Asm(variant)
    banner32(a, "src/ascon/rv32/gen.py", """\
Included by an implementation's .S after its scheme header (api.h):
ASCON_RATE, ASCON_PB and ASCON_LITTLE_ENDIAN are fixed here.""", (E, O),
             f", temporaries {'/'.join(T)} (saved).")
    a.raw("")
    a.raw("    .text")
    a.raw("    .balign 4")
    # permute(state, rounds)
    name = "LWC_SYM(ascon_rv32_permute)"
    declare(a, name)
    a.note("a0 = state, a1 = rounds (1..12): p^rounds, the last rounds of p^12")
    prologue(a, PERMUTE_SAVED)
    load_state(a)
    a("andi", "s0", "a1", 1)
    if variant == "shift":
        a("bnez", "s0", ".Lpermute_odd")
        invert(a, SHIFT_INVERTED[0], "even n enters at an even round: x2, x3, x4 inverted")
        a("j", ".Lpermute_go")
        a.label(".Lpermute_odd")
        invert(a, SHIFT_INVERTED[1], "odd n enters at an odd round: x0, x3 inverted")
        a.label(".Lpermute_go")
    else:
        a("beqz", "s0", ".Lpermute_even")
        a("not", E[2], E[2], comment="odd n enters at an odd round: x2 inverted")
        a("not", O[2], O[2])
        a.label(".Lpermute_even")
    a("li", "s0", 12)
    a("sub", "s0", "s0", "a1")
    a("slli", "s0", "s0", 2)
    a("la", "s1", ".Lentries")
    a("add", "s0", "s0", "s1")
    a("lw", "s0", "0(s0)")
    a("jalr", "ra", "s0")
    if variant == "shift":
        invert(a, SHIFT_INVERTED[0], "the rounds end at an even round: the true state")
    store_state(a)
    epilogue(a, PERMUTE_SAVED)
    size(a, name)
    a.raw("")
    # blocks(state, out, in, nblocks, op): for the modes (a bare permutation
    # has no rate)
    a.raw("#ifdef ASCON_RATE")
    name = "LWC_SYM(ascon_rv32_blocks)"
    declare(a, name)
    a.note("a0 = state, a1 = out, a2 = in, a3 = blocks (> 0), a4 = 0 absorb / 1 encrypt / 2 decrypt")
    prologue(a, blocks_saved(variant))
    load_masks(a)
    load_state(a)
    if variant == "shift":
        invert(a, SHIFT_INVERTED[0], "between blocks (even rounds): x2, x3, x4 inverted")
    blocks_body(a)
    if variant == "shift":
        invert(a, SHIFT_INVERTED[0], "the true state")
    store_state(a)
    epilogue(a, blocks_saved(variant))
    size(a, name)
    a.raw("#endif")
    a.raw("")
    prfs(a)
    table_tail(a, whole, rounds, ".word", 4, [f".Lround{i}" for i in range(12)])
    return text(a)


VARIANTS = ["shift", "zbb_shift", "zbb_bi32", "zbkb_bi32", "zbp_bi32", "zbt_fsr", *masked.VARIANTS]
MASKED = masked.VARIANTS  # the masked permutation (masked.py): not a scheme backend


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
