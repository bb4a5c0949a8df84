#!/usr/bin/env python3
"""Generate the RV64 assembly backends of Ascon from one description.

    python3 -m src.ascon.rv64.gen          # rewrite src/ascon/rv64/*.S

Two variants, one 64-bit lane per register (the opt64 state, lanes64.h):

    rv64.S   RV64GC (plain RV64I operations): a 64-bit rotation is two
             shifts; no andn, so the S-box carries some lanes complemented
             from one round to the next (INVERTED) and alternates two forms
             (15 operations, then 15 and a NOT);
             v1.2's big-endian lanes are byte-reversed in registers (13
             operations with two masks held in s-registers)
    zbb.S    RV64GC + Zbb: rori, andn and rev8

Each file has the three entry points of the RV32 family:

    ascon_rv64_permute(state, rounds)        p^rounds, 1..12
    ascon_rv64_blocks(state, out, in, n, op) n full blocks of the rate, each
                                             followed by p^ASCON_PB; op 0
                                             absorb, 1 encrypt, 2 decrypt
    ascon_rv64_aead_encrypt / _decrypt       a whole AEAD message (the
                                             descriptor's encrypt/decrypt)
    ascon_rv64_prfs(out, m, key, iv)         Ascon-PrfShort whole (its scheme
                                             only)

The twelve rounds are unrolled once and entered at round 12 - n (a table
of entry addresses), so a round costs its operations and nothing else.
The scheme header (api.h, included before the generated file) fixes
ASCON_RATE, ASCON_PB, ASCON_LITTLE_ENDIAN and the key length at assembly
time.  Data are read with 64-bit loads (ld/sd on any alignment, as the RV32
family's lw/sw; QEMU and Linux accept misaligned accesses) and, for v1.2,
byte-reversed in registers; the last, partial block is read and written
byte by byte and decrypted with shifts (the report's method: the plaintext
is (S ^ C) shifted up and back down to its length, then xored in with the
padding).

The generator checks its S-boxes itself: every S-box sequence below is run
on all 32 inputs (bitsliced) against the reference S-box before anything is
written.
"""
from __future__ import annotations

import pathlib
import sys

from src.ascon import riscv_modes, table_rounds
from src.ascon.table_rounds import table_tail
from src.asmgen.emitter import Emitter, declare, size, text, write

HERE = pathlib.Path(__file__).resolve().parent

# Register map.  The state x0..x4 lives in X from the first round to the
# last block; the rounds use T; the entry points keep their own values in
# s-registers (saved) and the argument registers.
X = ["t0", "t1", "t2", "t3", "t4"]   # lanes x0 .. x4 at every round boundary
T = ["t5", "t6", "a6", "a7"]         # temporaries of the rounds and the bytes
M16, M8 = "s4", "s5"                 # rv64: byte-reversal masks

# Ascon's linear layer: lane i gets x ^= (x >>> r0) ^ (x >>> r1).
SIGMA = [(19, 28), (61, 39), (1, 6), (10, 17), (7, 41)]

VARIANTS = {"rv64": "asm_rv64", "zbb": "asm_rv64_zbb"}

# Lanes held complemented at the start of an even / odd round (the state
# in memory is always true: the entry points complement these on the way in
# and out).  rv64's two S-box forms need lanes 0 and 3 (even rounds), 0 and
# 4 (odd rounds) complemented; Zbb's keeps x2 complemented, whose NOT the
# next round's constant absorbs.  The blocks run at even rounds.
INVERTED = {"rv64": {0: (0, 3), 1: (0, 4)}, "zbb": {0: (2,), 1: (2,)}}


def round_constant(i: int) -> int:
    return ((0xF - i) << 4) | i


class Asm(Emitter):
    COMMENT = "{text:<39} /* {comment} */"

    @property
    def zbb(self) -> bool:
        return self.variant == "zbb"

    def rev(self, rd: str, rs: str, scratch: str, comment: str = "") -> None:
        """rd = rs with its eight bytes reversed (rd may be rs): Zbb's rev8,
        or in RV64I three swaps (halves, then 16-bit and 8-bit units with
        the masks in M16 and M8), 13 operations."""
        if self.zbb:
            self("rev8", rd, rs, comment=comment)
            return
        self("srli", scratch, rs, 32, comment=comment or "byte reversal: halves,")
        self("slli", rd, rs, 32)
        self("or", rd, rd, scratch)
        self("and", scratch, rd, M16, comment="16-bit units,")
        self("srli", rd, rd, 16)
        self("and", rd, rd, M16)
        self("slli", scratch, scratch, 16)
        self("or", rd, rd, scratch)
        self("and", scratch, rd, M8, comment="bytes")
        self("srli", rd, rd, 8)
        self("and", rd, rd, M8)
        self("slli", scratch, scratch, 8)
        self("or", rd, rd, scratch)


# -- the S-boxes -----------------------------------------------------------
# Each form is a list of (op, rd, rs1, rs2) on the names x0..x4 (the lanes'
# registers) and T0..T3, and says which input lanes it wants complemented
# (after the round constant) and where each output lane ends, complemented
# or not.  Writing y for the S-box output (the reference's, with its final
# NOT of x2) and a = x0 ^ x4, b = x3 ^ x4, c = x1 ^ x2, d = x1 ^ x3:
#     y0 = (x1 | (a ^ x2)) ^ b       y3 = (x0 | b) ^ c
#     y1 = (c | d) ^ a               y4 = (x1 & ~a) ^ b
#     y2 = (~x3 & x4) ^ ~c
# Each output is one and/or of two linear terms and one xor: 4 linear
# terms, then 2 or 3 operations an output.

# Zbb: every input true but x2 (complemented), 15 operations; y2 comes out
# complemented, which the next round's constant absorbs again.
SBOX_ZBB = {
    "in": (),
    "ops": [
        ("xor", "T0", "x0", "x4", "T0 = a = x0 ^ x4"),
        ("xor", "T1", "x3", "x4", "T1 = b = x3 ^ x4"),
        ("xor", "T2", "x1", "x2", "T2 = c = x1 ^ x2"),
        ("xor", "x2", "x2", "T0", "x2 = a ^ x2"),
        ("or", "x2", "x2", "x1", "x2 = x1 | (a ^ x2)"),
        ("andn", "x4", "x4", "x3", "x4 = ~x3 & x4"),
        ("xor", "x4", "x4", "T2", "x4 = ~y2"),
        ("or", "T3", "x0", "T1", "T3 = x0 | b"),
        ("xor", "T3", "T3", "T2", "T3 = y3"),
        ("xor", "x3", "x3", "x1", "x3 = d = x1 ^ x3"),
        ("or", "x3", "x3", "T2", "x3 = c | d"),
        ("xor", "x3", "x3", "T0", "x3 = y1"),
        ("andn", "x1", "x1", "T0", "x1 = x1 & ~a"),
        ("xor", "x1", "x1", "T1", "x1 = y4"),
        ("xor", "x2", "x2", "T1", "x2 = y0"),
    ],
    "out": {0: ("x2", False), 1: ("x3", False), 2: ("x4", True), 3: ("T3", False),
            4: ("x1", False)},
}

# RV64I, even rounds: x0, x2, x3 complemented in, so that every ~u & v is
# an and or an or: 15 operations; y0, y4 come out complemented.
SBOX_RV64_EVEN = {
    "in": (0, 2, 3),
    "ops": [
        ("xor", "T0", "x0", "x4", "T0 = ~a"),
        ("xor", "T1", "x3", "x4", "T1 = ~b"),
        ("xor", "T2", "x1", "x2", "T2 = ~c"),
        ("xor", "T3", "x1", "x3", "T3 = ~d"),
        ("and", "T3", "T2", "T3", "T3 = ~(c | d)"),
        ("xor", "T3", "T3", "T0", "T3 = y1"),
        ("and", "x4", "x3", "x4", "x4 = ~x3 & x4"),
        ("xor", "x4", "x4", "T2", "x4 = y2"),
        ("xor", "x2", "x2", "T0", "x2 = a ^ x2"),
        ("or", "x2", "x2", "x1", "x2 = x1 | (a ^ x2)"),
        ("xor", "x2", "x2", "T1", "x2 = ~y0"),
        ("and", "x1", "x1", "T0", "x1 = x1 & ~a"),
        ("xor", "x1", "x1", "T1", "x1 = ~y4"),
        ("and", "x0", "x0", "T1", "x0 = ~(x0 | b)"),
        ("xor", "x0", "x0", "T2", "x0 = y3"),
    ],
    "out": {0: ("x2", True), 1: ("T3", False), 2: ("x4", False), 3: ("x0", False),
            4: ("x1", True)},
}

# RV64I, odd rounds: x0, x4 complemented in (what the even form leaves),
# x2 true: 15 operations and a NOT (x1 & ~a written ~(~x1 | a), so that y4
# comes out true), leaving the even form's inputs.
SBOX_RV64_ODD = {
    "in": (0, 4),
    "ops": [
        ("xor", "T0", "x0", "x4", "T0 = a"),
        ("xor", "T1", "x3", "x4", "T1 = ~b"),
        ("xor", "T2", "x1", "x2", "T2 = c"),
        ("xor", "T3", "x1", "x3", "T3 = d"),
        ("or", "T3", "T2", "T3", "T3 = c | d"),
        ("xor", "T3", "T3", "T0", "T3 = y1"),
        ("or", "x4", "x3", "x4", "x4 = x3 | ~x4 = ~(~x3 & x4)"),
        ("xor", "x4", "x4", "T2", "x4 = y2"),
        ("xor", "x2", "x2", "T0", "x2 = a ^ x2"),
        ("or", "x2", "x2", "x1", "x2 = x1 | (a ^ x2)"),
        ("xor", "x2", "x2", "T1", "x2 = ~y0"),
        ("not", "x1", "x1", None, "x1 = ~x1 (the one NOT: even rounds take x4 true)"),
        ("or", "x1", "x1", "T0", "x1 = ~x1 | a = ~(x1 & ~a)"),
        ("xor", "x1", "x1", "T1", "x1 = y4"),
        ("and", "x0", "x0", "T1", "x0 = ~(x0 | b)"),
        ("xor", "x0", "x0", "T2", "x0 = ~y3"),
    ],
    "out": {0: ("x2", True), 1: ("T3", False), 2: ("x4", False), 3: ("x0", True),
            4: ("x1", False)},
}


def sbox_form(variant: str, parity: int) -> dict:
    if variant == "zbb":
        return SBOX_ZBB
    return SBOX_RV64_ODD if parity else SBOX_RV64_EVEN


def reference_sbox(x: list[int], mask: int) -> list[int]:
    """The specification's bitsliced S-box (with its final NOT)."""
    x = list(x)
    x[0] ^= x[4]; x[4] ^= x[3]; x[2] ^= x[1]
    t = [(~x[i] & mask) & x[(i + 1) % 5] for i in range(5)]
    for i in range(5):
        x[i] ^= t[(i + 1) % 5]
    x[1] ^= x[0]; x[0] ^= x[4]; x[3] ^= x[2]; x[2] = ~x[2] & mask
    return x


def check_sbox(form: dict) -> None:
    """Run a form on all 32 inputs at once (bit k of lane i is input k's
    bit i) and compare with the reference, complements included."""
    mask = (1 << 32) - 1
    lanes = [sum(((k >> (4 - i)) & 1) << k for k in range(32)) for i in range(5)]
    regs = {f"x{i}": (lanes[i] ^ mask if i in form["in"] else lanes[i]) for i in range(5)}
    for op, rd, rs1, rs2, _ in form["ops"]:
        a, b = regs[rs1], regs.get(rs2, 0)
        regs[rd] = {"xor": a ^ b, "or": a | b, "and": a & b, "andn": a & ~b & mask,
                    "not": ~a & mask}[op]
    want = reference_sbox(lanes, mask)
    for i, (reg, inv) in form["out"].items():
        got = regs[reg] ^ mask if inv else regs[reg]
        assert got == want[i], f"S-box output {i} wrong"


def register(name: str) -> str:
    return X[int(name[1])] if name[0] == "x" else T[int(name[1])]


def linear(a: Asm, src: dict[int, str], busy: set[str]) -> None:
    """x_i = y ^ (y >>> r0) ^ (y >>> r1) for each lane, y in register
    src[i], the result in X[i].  A lane goes when X[i] holds no other lane
    still waiting (the S-box leaves one output in a temporary, so there is
    always one: no moves)."""
    pending = dict(src)
    while pending:
        lane = next(i for i in sorted(pending)
                    if all(r != X[i] for j, r in pending.items() if j != i))
        s, d = pending.pop(lane), X[lane]
        held = set(pending.values())
        u, v = [t for t in T if t not in held and t != s][:2]
        r0, r1 = SIGMA[lane]
        note = f"x{lane} = y{lane} ^ (y{lane} >>> {r0}) ^ (y{lane} >>> {r1})"
        if a.zbb:
            a("rori", u, s, r0, comment=note)
            a("rori", v, s, r1)
            a("xor", u, u, v)
            a("xor", d, s, u)
        else:  # each rotation two shifts, their parts xored straight into the sum
            a("srli", u, s, r0, comment=note)
            a("slli", v, s, 64 - r0)
            a("xor", u, u, v)
            a("srli", v, s, r1)
            a("xor", u, u, v)
            a("slli", v, s, 64 - r1)
            a("xor", u, u, v)
            a("xor", d, s, u)


def rounds(a: Asm) -> None:
    """Twelve unrolled rounds; p^n is entered at .Lround<12-n> with the
    lanes of INVERTED[(12 - n) % 2] complemented and leaves those of
    INVERTED[0] complemented."""
    inv = INVERTED[a.variant]
    a.note("the rounds: x0-x4 in " + "/".join(X) + ", temporaries " + "/".join(T)
           + "; returns through ra")
    for i in range(12):
        form = sbox_form(a.variant, i % 2)
        c = round_constant(i)
        a.label(f".Lround{i}")
        # the constant: x2 enters complemented or not (inv), the S-box wants
        # it as form["in"] says; a complement is folded into the immediate
        flip = (2 in inv[i % 2]) != (2 in form["in"])
        if flip:
            a("xori", X[2], X[2], -(c + 1), comment=f"round {i}: x2 ^= ~0x{c:02x} (x2 complemented)")
        else:
            a("xori", X[2], X[2], c, comment=f"round {i}: x2 ^= 0x{c:02x}")
        assert {j for j in inv[i % 2] if j != 2} == {j for j in form["in"] if j != 2}
        for op, rd, rs1, rs2, note in form["ops"]:
            if op == "not":
                a("not", register(rd), register(rs1), comment=note)
            else:
                a(op, register(rd), register(rs1), register(rs2), comment=note)
        out = form["out"]
        assert {j for j, (_, c_) in out.items() if c_} == set(inv[(i + 1) % 2])
        linear(a, {j: register(r) for j, (r, _) in out.items()}, set())
    a("ret")


# -- state and blocks --------------------------------------------------------
def complement(a: Asm, lanes, comment: str) -> None:
    for k, i in enumerate(lanes):
        a("not", X[i], X[i], comment=comment if k == 0 else "")


def load_masks(a: Asm) -> None:
    if not a.zbb:
        a.raw("#if !ASCON_LITTLE_ENDIAN")
        a("li", M16, "0x0000ffff0000ffff", comment="byte reversal masks")
        a("li", M8, "0x00ff00ff00ff00ff")
        a.raw("#endif")


def load_lane(a: Asm, ptr: str, off: int, r: str, scratch: str) -> None:
    """r = the lane in bytes ptr[off .. off+8), the scheme's byte order."""
    a("ld", r, f"{off}({ptr})")
    a.raw("#if !ASCON_LITTLE_ENDIAN")
    a.rev(r, r, scratch, comment="big-endian lane")
    a.raw("#endif")


def store_lane(a: Asm, r: str, ptr: str, off: int, scratch: str) -> None:
    """Bytes ptr[off .. off+8) = lane r (r is clobbered for v1.2)."""
    a.raw("#if !ASCON_LITTLE_ENDIAN")
    a.rev(r, r, scratch, comment="big-endian lane")
    a.raw("#endif")
    a("sd", r, f"{off}({ptr})")


def inverted(a: Asm, lane: int) -> bool:
    """Is the lane complemented between blocks (even rounds)?"""
    return lane in INVERTED[a.variant][0]


def duplex_lane(a: Asm, op: str, lane: int, inp: str, outp: str, off: int) -> None:
    """One lane of a full block: in[off..off+8) absorbed into x_lane, or
    encrypted / decrypted to out[off..] (out may be in: the lane is read
    before it is written)."""
    x, t0, t1, t2 = X[lane], T[0], T[1], T[2]
    inv = inverted(a, lane)
    load_lane(a, inp, off, t0, t1)
    if op == "absorb":
        a("xor", x, x, t0, comment=f"x{lane} ^= block")
    elif op == "encrypt":
        a("xor", x, x, t0, comment=f"x{lane} ^= plaintext: the ciphertext")
        if inv:
            a("not", t0, x, comment=f"x{lane} is held complemented")
            store_lane(a, t0, outp, off, t1)
        else:
            a.raw("#if ASCON_LITTLE_ENDIAN")
            a("sd", x, f"{off}({outp})")
            a.raw("#else")
            a.rev(t0, x, t1)
            a("sd", t0, f"{off}({outp})")
            a.raw("#endif")
    else:
        if inv:
            a("not", t0, t0, comment=f"~ciphertext (x{lane} is held complemented)")
        a("xor", t2, x, t0, comment=f"plaintext = x{lane} ^ ciphertext")
        a("mv", x, t0, comment=f"x{lane} = ciphertext")
        store_lane(a, t2, outp, off, t1)


def duplex_block(a: Asm, op: str, inp: str, outp: str) -> None:
    table_rounds.rate_lanes(a, lambda lane, off: duplex_lane(a, op, lane, inp, outp, off))


def blocks_body(a: Asm) -> None:
    """The blocks entry's body (riscv_modes.blocks_body over this ISA's duplex_block)."""
    riscv_modes.blocks_body(a, lambda o, inp, outp: duplex_block(a, o, inp, outp))


def frame(a: Asm, saved: list[str]) -> int:
    return (8 * len(saved) + 15) // 16 * 16


def prologue(a: Asm, saved: list[str]) -> None:
    a("addi", "sp", "sp", -frame(a, saved))
    for k, r in enumerate(saved):
        a("sd", r, f"{8 * k}(sp)")


def epilogue(a: Asm, saved: list[str], link: str = "ra") -> None:
    for k, r in enumerate(saved):
        a("ld", r, f"{8 * k}(sp)")
    a("addi", "sp", "sp", frame(a, saved))
    a("jr", link)


def load_state(a: Asm) -> None:
    for i in range(5):
        a("ld", X[i], f"{8 * i}(a0)")


def store_state(a: Asm) -> None:
    for i in range(5):
        a("sd", X[i], f"{8 * i}(a0)")


def wipe(a: Asm, regs: list[str]) -> None:
    for r in regs:
        a("li", r, 0)


# -- whole AEAD messages -------------------------------------------------------
#   ascon_rv64_aead_encrypt(ct, msg, mlen, ad, adlen, npub, k) -> 0
#   ascon_rv64_aead_decrypt(msg, ct, ctlen, ad, adlen, npub, k)
#       -> 0, -1 (tag mismatch: msg wiped) or -2 (ctlen < 16)
# The state stays in X from the key to the tag; the key stays in registers.
OUT, IN, LEN, AD, ADLEN, NPUB, KEY = "a0", "a1", "a2", "a3", "a4", "a5", "a6"
OP, KA, KB, K0, MLEN = "s0", "s1", "s2", "s3", "s6"
# KEY is T[2]: read before the first round.  KA, KB: the key lanes of bytes
# k-16 .. k-8 and k-8 .. k (the tag's); K0 Ascon-80pq's first 4 key bytes
# (a 32-bit number).


def whole_saved(a: Asm) -> list[str]:
    return ["ra", OP, KA, KB, K0, MLEN] + ([] if a.zbb else [M16, M8])


def last_partial(a: Asm, op: str, tag: str, lane: int, ptr: str, n: str) -> None:
    """The last block's lane x_lane: 0 <= n < 8 bytes at ptr (advanced past
    them, and out too), then the 10* padding at byte n.  The bytes are
    gathered into W as a little-endian number; the lane is handled as one
    (byte-reversed for v1.2, complemented back if held so):
        absorb    V ^= W
        encrypt   V ^= W; out = the low n bytes of V
        decrypt   P = ((V ^ W) << (64 - 8n)) >> (64 - 8n); out = P; V ^= P
                  (V's low n bytes become the ciphertext's: no masks, no
                  byte-by-byte merge)
    then V ^= pad << 8n, pad 0x80 (v1.2: its byte n is a big-endian byte's
    top bit) or 0x01 (SP 800-232)."""
    x = X[lane]
    w, b, p, v = T[0], T[1], T[2], T[3]
    inv = inverted(a, lane)
    a("bnez", n, f".L{tag}_bytes{lane}")
    a.raw("#if ASCON_LITTLE_ENDIAN")
    a("xori", x, x, 1, comment=f"x{lane} ^= pad (empty block)")
    a.raw("#else")
    a("li", b, 1)
    a("slli", b, b, 63)
    a("xor", x, x, b, comment=f"x{lane} ^= pad (empty block): bit 63")
    a.raw("#endif")
    a("j", f".L{tag}_done")
    a.label(f".L{tag}_bytes{lane}")
    a("li", w, 0)
    a("add", p, ptr, n, comment="gather the n bytes, last first")
    a.label(f".L{tag}_gather{lane}")
    a("addi", p, p, -1)
    a("lbu", b, f"0({p})")
    a("slli", w, w, 8)
    a("or", w, w, b)
    a("bne", p, ptr, f".L{tag}_gather{lane}")
    a("add", ptr, ptr, n)
    a.raw("#if ASCON_LITTLE_ENDIAN")
    a("mv", v, x)
    a.raw("#else")
    a.rev(v, x, b, comment="the lane in byte order")
    a.raw("#endif")
    if inv:
        a("not", v, v, comment=f"x{lane} is held complemented")
    if op == "absorb":
        a("xor", v, v, w)
    elif op == "encrypt":
        a("xor", v, v, w, comment="V ^= plaintext: its low n bytes the ciphertext")
        a("mv", w, v)
    else:
        a("xor", w, w, v, comment="V ^ C")
        a("slli", b, n, 3)
        a("neg", b, b)
        a("addi", b, b, 64, comment="64 - 8n")
        a("sll", w, w, b)
        a("srl", w, w, b, comment="P: the low n bytes of V ^ C")
        a("xor", v, v, w, comment="V's low n bytes: the ciphertext")
    if op != "absorb":
        a("add", p, OUT, n, comment="out = the low n bytes of W")
        a.label(f".L{tag}_put{lane}")
        a("sb", w, f"0({OUT})")
        a("srli", w, w, 8)
        a("addi", OUT, OUT, 1)
        a("bne", OUT, p, f".L{tag}_put{lane}")
    a("slli", b, n, 3)
    a("li", w, "0x80 >> (7 * ASCON_LITTLE_ENDIAN)")
    a("sll", w, w, b)
    a("xor", v, v, w, comment="pad at byte n")
    if inv:
        a("not", v, v)
    a.raw("#if ASCON_LITTLE_ENDIAN")
    a("mv", x, v)
    a.raw("#else")
    a.rev(x, v, b)
    a.raw("#endif")
    a("j", f".L{tag}_done")


def last_block(a: Asm, op: str, tag: str, ptr: str, n: str) -> None:
    """The last block of the AD or the message: n < rate bytes at ptr.
    Rate 16 with n >= 8: lane 0 is a full lane, lane 1 the partial one."""
    a.raw("#if ASCON_RATE == 16")
    a("sltiu", T[0], n, 8)
    a("bnez", T[0], f".L{tag}_lane0")
    duplex_lane(a, op, 0, ptr, OUT, 0)
    a("addi", ptr, ptr, 8)
    if op != "absorb":
        a("addi", OUT, OUT, 8)
    a("addi", n, n, -8)
    last_partial(a, op, tag, 1, ptr, n)
    a.label(f".L{tag}_lane0")
    a.raw("#endif")
    last_partial(a, op, tag, 0, ptr, n)
    a.label(f".L{tag}_done")


def full_blocks(a: Asm, op: str, tag: str, ptr: str, n: str) -> None:
    """Every full block while n >= rate, each followed by p^b."""
    riscv_modes.full_blocks(a, op, tag, ptr, n, OUT, T[0], lambda: duplex_block(a, op, ptr, OUT))


def key_xor(a: Asm, lane: int, reg: str, comment: str) -> None:
    a("xor", X[lane], X[lane], reg, comment=comment)


def whole_init(a: Asm) -> None:
    """S = IV || K || N, the key kept in KA, KB (and K0)."""
    a.raw("#if CRYPTO_KEYBYTES == 16")
    load_lane(a, KEY, 0, KA, T[0])
    load_lane(a, KEY, 8, KB, T[0])
    a("li", X[0], "(ASCON_IV_HI << 32) | ASCON_IV_LO", comment="x0 = IV")
    a("mv", X[1], KA, comment="x1, x2 = K")
    a("mv", X[2], KB)
    a.raw("#elif CRYPTO_KEYBYTES == 20 && !ASCON_LITTLE_ENDIAN && !ASCON_IV_LO")
    a.note("Ascon-80pq: x0 = IV (4 bytes) || K[0..4), x1 = K[4..12), x2 = K[12..20)")
    load_lane(a, KEY, 0, K0, T[0])
    a("srli", K0, K0, 32, comment="K0 = K[0..4) as a number")
    load_lane(a, KEY, 4, KA, T[0])
    load_lane(a, KEY, 12, KB, T[0])
    a("li", X[0], "ASCON_IV_HI << 32")
    a("or", X[0], X[0], K0, comment="x0 = IV || K[0..4)")
    a("mv", X[1], KA)
    a("mv", X[2], KB)
    a.raw("#else")
    a.raw("#error key length")
    a.raw("#endif")
    load_lane(a, NPUB, 0, X[3], T[0])
    load_lane(a, NPUB, 8, X[4], T[0])


def domain_bit(a: Asm, little_endian: bool) -> None:
    """The domain separation bit of the AEAD: bit 63 of x4 (SP 800-232's
    little-endian lanes) or bit 0 (v1.2's big-endian ones)."""
    if little_endian:
        a("li", T[0], 1)
        a("slli", T[0], T[0], 63)
        a("xor", X[4], X[4], T[0], comment="domain separation: bit 63 of x4")
    else:
        a("xori", X[4], X[4], 1, comment="domain separation: bit 0 of x4")


def whole(a: Asm) -> None:
    saved = whole_saved(a)
    frame_bytes = frame(a, saved)
    for name, op in (("ascon_rv64_aead_encrypt", 0), ("ascon_rv64_aead_decrypt", 1)):
        sym = f"LWC_SYM({name})"
        declare(a, sym)
        if op == 0:
            a.note("a0 = ct, a1 = msg, a2 = mlen, a3 = ad, a4 = adlen, a5 = npub, a6 = key")
            a("li", "a7", 0)
            a("j", ".Lwhole")
            size(a, sym)
        else:
            a.note("a0 = msg, a1 = ct, a2 = ctlen, a3 = ad, a4 = adlen, a5 = npub, a6 = key")
            a("sltiu", "a7", LEN, 16)
            a("bnez", "a7", ".Lwhole_short", comment="ctlen < 16: no tag")
            a("addi", LEN, LEN, -16, comment="mlen")
            a("li", "a7", 1)
    a.label(".Lwhole")
    a("addi", "sp", "sp", -frame_bytes)
    for k, r in enumerate(saved):
        a("sd", r, f"{8 * k}(sp)")
    a("mv", OP, "a7", comment="0 encrypt, 1 decrypt")
    a("mv", MLEN, LEN)
    load_masks(a)
    a.note("S = IV || K || N; p^12; S ^= 0 || K")
    whole_init(a)
    complement(a, INVERTED[a.variant][0], "the lanes held complemented between blocks")
    a("jal", "ra", ".Lround0", comment="p^12")
    a.raw("#if CRYPTO_KEYBYTES == 20")
    key_xor(a, 2, K0, "x2 ^= K[0..4)")
    a.raw("#endif")
    key_xor(a, 3, KA, "x3 ^= KA")
    key_xor(a, 4, KB, "x4 ^= KB")
    riscv_modes.aead_phases(a, full_blocks, last_block, lambda le: domain_bit(a, le),
                      AD, ADLEN, IN, LEN, OP)
    a.note("finalization: S ^= 0^r || K || 0; p^12; tag = x3, x4 ^ KA, KB")
    a.raw("#if CRYPTO_KEYBYTES == 20")
    a("slli", T[0], K0, 32)
    a("srli", T[1], KA, 32)
    a("or", T[0], T[0], T[1])
    key_xor(a, 1, T[0], "x1 ^= K[0..8)")
    a("slli", T[0], KA, 32)
    a("srli", T[1], KB, 32)
    a("or", T[0], T[0], T[1])
    key_xor(a, 2, T[0], "x2 ^= K[8..16)")
    a("slli", T[0], KB, 32)
    key_xor(a, 3, T[0], "x3 ^= K[16..20) || 0")
    a.raw("#elif ASCON_RATE == 8")
    key_xor(a, 1, KA, "x1 ^= KA")
    key_xor(a, 2, KB, "x2 ^= KB")
    a.raw("#else")
    key_xor(a, 2, KA, "x2 ^= KA")
    key_xor(a, 3, KB, "x3 ^= KB")
    a.raw("#endif")
    a("jal", "ra", ".Lround0", comment="p^12")
    tag3, tag4 = T[0], T[1]
    a("xor", tag3, X[3], KA, comment="the tag")
    a("xor", tag4, X[4], KB)
    for lane, r in ((3, tag3), (4, tag4)):
        if inverted(a, lane):
            a("not", r, r, comment=f"x{lane} is held complemented")
    a.note("the tag follows the message: out (encrypt) or in (decrypt) points at it")
    a("bnez", OP, ".Ltag_verify")
    store_lane(a, tag3, OUT, 0, T[2])
    store_lane(a, tag4, OUT, 8, T[2])
    a("j", ".Lwhole_ok")
    a.label(".Ltag_verify")
    a.note("compare in lane form, every bit into a3: no early exit")
    load_lane(a, IN, 0, T[2], T[3])
    a("xor", tag3, tag3, T[2])
    load_lane(a, IN, 8, T[2], T[3])
    a("xor", tag4, tag4, T[2])
    a("or", T[2], tag3, tag4)
    a("beqz", T[2], ".Lwhole_ok")
    a.note("rejected: the plaintext written is wiped (out is past its end)")
    a("sub", OUT, OUT, MLEN)
    a("add", T[0], OUT, MLEN)
    a("beqz", MLEN, ".Lwhole_rejected")
    a.label(".Lwhole_reject")
    a("sb", "zero", f"0({OUT})")
    a("addi", OUT, OUT, 1)
    a("bne", OUT, T[0], ".Lwhole_reject")
    riscv_modes.verdict(a)
    a.note("wipe the key and the state from the registers")
    wipe(a, [KA, KB, K0, *X, *T])
    for k, r in enumerate(saved):
        a("ld", r, f"{8 * k}(sp)")
    a("addi", "sp", "sp", frame_bytes)
    a("ret")
    a.label(".Lwhole_short")
    a("li", "a0", -2)
    a("ret")
    sym = "LWC_SYM(ascon_rv64_aead_decrypt)"
    size(a, sym)


def prfs(a: Asm) -> None:
    """Ascon-PrfShort whole, for its scheme (ASCON_PRFS): the state built in
    registers, p^12, out = x3, x4 ^ K; the C (auth_mode.h) gives a padded
    16-byte message and the IV lane (a state whose lane 0 only is set), and
    takes 16 bytes of output.  No frame: ra is kept in a4."""
    name = "LWC_SYM(ascon_rv64_prfs)"
    a.raw("#ifdef ASCON_PRFS")
    a.raw("#if !ASCON_LITTLE_ENDIAN")
    a.raw("#error PrfShort's lanes are little-endian")
    a.raw("#endif")
    declare(a, name)
    a.note("a0 = out (16 bytes), a1 = message (16 bytes, zero-padded), a2 = key, "
           "a3 = state with lane 0 (the IV for this length)")
    a("mv", "a4", "ra")
    a("ld", X[0], "0(a3)", comment="x0 = IV")
    load_lane(a, "a2", 0, X[1], T[0])
    load_lane(a, "a2", 8, X[2], T[0])
    load_lane(a, "a1", 0, X[3], T[0])
    load_lane(a, "a1", 8, X[4], T[0])
    complement(a, INVERTED[a.variant][0], "round 0 is even")
    a("jal", "ra", ".Lround0", comment="p^12")
    complement(a, [i for i in INVERTED[a.variant][0] if i in (3, 4)], "x3, x4 true")
    for lane in (3, 4):
        load_lane(a, "a2", 8 * (lane - 3), T[0], T[1])
        a("xor", X[lane], X[lane], T[0], comment=f"x{lane} ^= key lane {lane - 3}")
        store_lane(a, X[lane], "a0", 8 * (lane - 3), T[1])
    a.note("wipe the state registers")
    wipe(a, X)
    a("jr", "a4")
    size(a, name)
    a.raw("#endif")


def generate(variant: str) -> str:
    for parity in (0, 1):
        check_sbox(sbox_form(variant, parity))
    a = Asm(variant)
    inv = INVERTED[variant]
    a.banner("src/ascon/rv64/gen.py")
    a.raw(" * Included by an implementation's .S after its scheme header (api.h):")
    a.raw(" * ASCON_RATE, ASCON_PB, ASCON_LITTLE_ENDIAN and the key length are fixed here.")
    a.raw(" * State in memory: uint64_t x[5] (lanes64.h), read and written with ld/sd.")
    if inv[0] == inv[1]:
        held = ", ".join(f"x{i}" for i in inv[0]) + " at every round"
    else:
        held = (", ".join(f"x{i}" for i in inv[0]) + " at even rounds, "
                + ", ".join(f"x{i}" for i in inv[1]) + " at odd ones")
    a.raw(f" * Lanes held complemented in registers: {held}.")
    a.raw(" *")
    a.raw(" * Register map")
    a.raw(f" *   x0..x4   {' '.join(X)}    the state, in every entry point")
    a.raw(f" *   T0..T3   {' '.join(T)}       the rounds' temporaries; the bytes' between rounds")
    a.raw(" *   permute  a0 state, a1 rounds, a2 return address")
    a.raw(" *   blocks   a0 state, a1 out, a2 in, a3 blocks left, a4 op, a5 return address"
          + ("" if variant == "zbb" else f",\n *            {M16}/{M8} byte-reversal masks (saved)"))
    a.raw(" *   whole    a0 out, a1 in, a2 length, a3 ad, a4 adlen, a5 npub, a6 key (= T2:")
    a.raw(f" *            read before the first round); {OP} encrypt/decrypt, {KA} {KB} the key")
    a.raw(f" *            lanes KA KB, {K0} Ascon-80pq's first key word, {MLEN} the message length"
          + ("" if variant == "zbb" else f",\n *            {M16}/{M8} byte-reversal masks") + " (all saved)")
    a.raw(" */")
    a.raw('#include "asmgen/sym.h"')
    a.raw("")
    a.raw("    .text")
    a.raw("    .balign 4")
    name = "LWC_SYM(ascon_rv64_permute)"
    declare(a, name)
    a.note("a0 = state, a1 = rounds (1..12): p^rounds, the last rounds of p^12; "
           "ra kept in a2 (no frame)")
    a("mv", "a2", "ra")
    load_state(a)
    if inv[0] == inv[1]:
        complement(a, inv[0], "entered at any round")
    else:
        a("andi", T[0], "a1", 1)
        a("bnez", T[0], ".Lpermute_odd")
        complement(a, inv[0], "even n enters at an even round")
        a("j", ".Lpermute_go")
        a.label(".Lpermute_odd")
        complement(a, inv[1], "odd n enters at an odd round")
        a.label(".Lpermute_go")
    a("slli", T[0], "a1", 3)
    a("la", T[1], ".Lentries - 8", comment="the entry of p^n: .Lentries[n - 1]")
    a("add", T[0], T[0], T[1])
    a("ld", T[0], f"0({T[0]})")
    a("jalr", "ra", T[0])
    complement(a, inv[0], "the true state")
    store_state(a)
    a("jr", "a2")
    size(a, name)
    a.raw("")
    a.raw("#ifdef ASCON_RATE")
    name = "LWC_SYM(ascon_rv64_blocks)"
    saved = [] if a.zbb else [M16, M8]  # ra is kept in a5
    declare(a, name)
    a.note("a0 = state, a1 = out, a2 = in, a3 = blocks (> 0), a4 = 0 absorb / 1 encrypt / 2 decrypt")
    a("mv", "a5", "ra")
    if saved:
        prologue(a, saved)
    load_masks(a)
    load_state(a)
    complement(a, inv[0], "between blocks (even rounds)")
    blocks_body(a)
    complement(a, inv[0], "the true state")
    store_state(a)
    if saved:
        epilogue(a, saved, "a5")
    else:
        a("jr", "a5")
    size(a, name)
    a.raw("#endif")
    a.raw("")
    prfs(a)
    table_tail(a, whole, rounds, ".dword", 8,
               [f".Lround{12 - n}                     /* p^{n} */" for n in range(1, 13)])
    return text(a)


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
