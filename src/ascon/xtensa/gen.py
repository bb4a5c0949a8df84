#!/usr/bin/env python3
"""Generate the Xtensa LX106 assembly backends of Ascon from one description.

    python3 -m src.ascon.xtensa.gen        # rewrite src/ascon/xtensa/*.S

Two variants (the thesis' two Xtensa implementations, call0 ABI; with
generate(variant, windowed=True) the same code in the windowed ABI of the
ESP32, which src/ascon/xtensa_win/gen.py writes):

    fsr     plain 64-bit lanes (low word, high word); each half of a 64-bit
            rotation is one funnel shift `src` (shift amount in SAR, set by
            `ssai` only when it changes); big-endian lanes are byte-swapped
            in four operations (srli and three src with SAR = 8)
    bi32    bit-interleaved lanes (even bits, odd bits): a 64-bit rotation
            is two 32-bit rotations, each `src x, x` with SAR set by `ssai`;
            bytes enter and leave through delta swaps

Each .S has the same three entry points as the RV32 family (backend_xtensa.h):

    ascon_xtensa_permute(state, rounds)         p^rounds, 1..12
    ascon_xtensa_blocks(state, out, in, n, op)  n full blocks of the rate,
        each followed by p^ASCON_PB; op 0 absorb, 1 encrypt, 2 decrypt
    ascon_xtensa_aead_encrypt/decrypt(...)      a whole AEAD message, the
        state in registers from the key to the tag (AEAD schemes only)

Register map (both variants; the thesis' "state in ten registers"):

    a2  a3  a4  a5  a6     lane words x0..x4: low word (fsr) / even bits (bi32)
    a7  a8  a9  a10 a11    lane words x0..x4: high word (fsr) / odd bits (bi32)
    a12 a13 a14            temporaries of the rounds
    a15                    all ones during the rounds (Xtensa has no NOT, no
                           immediate xor: a NOT is one xor with a15)
    a0                     return address of the rounds (call0), free between
    a1                     stack pointer; the entry points keep their
                           pointers and counters in the frame

The twelve rounds are unrolled once and entered at round 12 - n (no loop
counter, no constant table).  The S-box is the 15/16-operation sequence of
the RV32I variant (src/ascon/rv32/gen.py, sbox_rv32i), which needs neither
andn nor not: it carries lanes complemented from one round to the next
(INVERTED), so Xtensa's missing NOT costs one xor with a15 every other round
instead of the thesis' two extra instructions per slice.  The linear layer
is written x ^= (x >>> a) ^ (x >>> b), or x ^= (x ^ (x >>> d)) >>> a where
that lets consecutive funnel shifts share a shift amount: the lane order and
form (FSR_SCHEDULE, BI32_SCHEDULE, found by `gen.py --search`) set SAR 8
times a round for fsr (the thesis: 9), and the last amount of a round is the
first of the next one, so the round's first ssai is the previous round's.
"""
from __future__ import annotations

import itertools
import pathlib
import sys

from src.ascon import keyslots, sbox_program, table_rounds
from src.ascon.table_rounds import banner32, table_tail
from src.asmgen.emitter import Emitter, declare, size, text

HERE = pathlib.Path(__file__).resolve().parent

E = ["a2", "a3", "a4", "a5", "a6"]       # low words / even halves of x0..x4
O = ["a7", "a8", "a9", "a10", "a11"]     # high words / odd halves
T = ["a12", "a13", "a14"]                # temporaries of the rounds
ONES = "a15"                             # -1 during the rounds

SIGMA = [(19, 28), (61, 39), (1, 6), (10, 17), (7, 41)]
DELTA_MASKS = [0x22222222, 0x0C0C0C0C, 0x00F000F0, 0x0000FF00]

# Lanes held complemented at the start of an even / odd round (sbox_xt).
# The state is true in memory; every entry point complements these lanes on
# the way in and out.  Lanes 0 and 1 (the rate) are true at even rounds,
# where the blocks run.
INVERTED = sbox_program.INVERTED


def round_constants(i: int) -> tuple[int, int, int]:
    """Round i's constant, and its even and odd bits."""
    c = ((0xF - i) << 4) | i
    even = sum(((c >> (2 * k)) & 1) << k for k in range(4))
    odd = sum(((c >> (2 * k + 1)) & 1) << k for k in range(4))
    return c, even, odd


# -- the linear layer's schedule -----------------------------------------
# A lane's step is ("d", a, b): x ^= (x >>> a) ^ (x >>> b), rotations in
# that order, or ("n", d, a): t = x ^ (x >>> d); x ^= t >>> a.  Both cost
# the same shifts and xors; they differ in the shift amounts they need.
def lane_forms(lane: int) -> list[tuple[str, int, int]]:
    r0, r1 = SIGMA[lane]
    return [("d", r0, r1), ("d", r1, r0), ("n", (r1 - r0) % 64, r0), ("n", (r0 - r1) % 64, r1)]


def rot_amounts(variant: str, r: int) -> list[int]:
    """SAR values the rotation of a lane by r needs (0: no shift at all)."""
    if variant == "fsr":
        return [r % 32]
    if r % 2 == 0:
        return [(r // 2) % 32]
    return sorted({(r - 1) // 2 % 32, (r + 1) // 2 % 32})


def stages(variant: str, form: tuple[str, int, int]) -> list[list[int]]:
    """The SAR values each stage of a step needs, 0s dropped.  A direct
    step's two rotations are independent (one stage); a nested one's second
    rotation needs the first's result."""
    kind, a, b = form
    if kind == "d" and variant == "bi32":
        return [sorted(set(rot_amounts(variant, a) + rot_amounts(variant, b)) - {0})]
    return [[k for k in rot_amounts(variant, a) if k], [k for k in rot_amounts(variant, b) if k]]


def search(variant: str):
    """The lane order and forms with the fewest ssai per round, the round's
    last SAR being the next round's first."""
    best = None
    for perm in itertools.permutations(range(5)):
        for fs in itertools.product(range(4), repeat=5):
            steps = [(lane, lane_forms(lane)[f]) for lane, f in zip(perm, fs)]
            amounts = {k for _, f in steps for s in stages(variant, f) for k in s}
            for start in sorted(amounts):
                n = cyclic_cost(variant, steps, start)
                if n is not None and (best is None or n < best[0]):
                    best = (n, steps, start)
    return best


def cyclic_cost(variant: str, steps, start: int):
    """ssai per round when every round starts with SAR = start and must end
    with it (None if no order of the stages ends there)."""
    best = {start: 0}
    for st in [s for _, f in steps for s in stages(variant, f)]:
        nxt = {}
        for cur, n in best.items():
            for order in (itertools.permutations(st) if st else [()]):
                m, c = n, cur
                for k in order:
                    if k != c:
                        m, c = m + 1, k
                nxt[c] = min(nxt.get(c, m), m)
        best = nxt
    return best.get(start)


def stage_orders(variant: str, steps, start: int) -> list[list[int]]:
    """The order of each stage's shift amounts that gives cyclic_cost."""
    best = {start: (0, [])}
    for st in [s for _, f in steps for s in stages(variant, f)]:
        nxt = {}
        for cur, (n, orders) in best.items():
            for order in (itertools.permutations(st) if st else [()]):
                m, c = n, cur
                for k in order:
                    if k != c:
                        m, c = m + 1, k
                if c not in nxt or nxt[c][0] > m:
                    nxt[c] = (m, orders + [list(order)])
        best = nxt
    return best[start][1]


# Found by `python3 gen.py --search` (lane, form), and the SAR every round
# starts and ends with.
FSR_SCHEDULE = ([(0, ("n", 9, 19)), (1, ("d", 61, 39)), (3, ("n", 7, 10)), (2, ("d", 1, 6)),
                 (4, ("d", 7, 41))], 9)
BI32_SCHEDULE = ([(0, ("d", 19, 28)), (1, ("n", 42, 61)), (4, ("n", 34, 7)), (2, ("d", 1, 6)),
                  (3, ("d", 10, 17))], 9)


class Asm(Emitter):
    def __init__(self, variant: str, windowed: bool = False):
        super().__init__(variant)
        self.sar: int | None = None  # SAR known here (None: unknown)
        self.windowed = windowed     # the windowed ABI (ESP32) instead of call0
        self._conds: list[list] = []  # the open #if's (raw)

    def label(self, name: str) -> None:
        super().label(name)
        self.sar = None

    def raw(self, text: str) -> None:
        """A line as it is; a preprocessor choice keeps SAR where every
        path through it agrees: a branch starts with the SAR of its #if,
        and after #endif SAR is known if each branch (or the skipped one,
        which is the #if's) ends with the same."""
        super().raw(text)
        word = text.split()[0] if text.strip() else ""
        if word in ("#if", "#ifdef", "#ifndef"):
            # [SAR at the #if, the SARs the branches ended with, an #else seen]
            self._conds.append([self.sar, [], False])
        elif word in ("#else", "#elif") and self._conds:
            cond = self._conds[-1]
            cond[1].append(self.sar)
            cond[2] = word == "#else"
            self.sar = cond[0]
        elif word == "#endif" and self._conds:
            at_if, ends, had_else = self._conds.pop()
            ends = ends + [self.sar] + ([] if had_else else [at_if])  # no branch taken: the #if's
            self.sar = ends[0] if all(e == ends[0] for e in ends) else None
        elif word.startswith("#"):
            self.sar = None

    @property
    def bi32(self) -> bool:
        return self.variant == "bi32"

    def ssai(self, k: int) -> None:
        """SAR = k, unless it already is."""
        assert 0 < k < 32
        if self.sar != k:
            self("ssai", k)
            self.sar = k

    def call(self, target: str, comment: str = "") -> None:
        """call0 of a local routine (a0 clobbered; SAR unknown after)."""
        self("call0", target, comment=comment)
        self.sar = None

    def not_(self, r: str) -> None:
        self("xor", r, r, ONES)

    def bswap(self, d: str, s: str, t: str) -> None:
        """d = s with its four bytes reversed, t a temporary (d may be s;
        t may be d when d is not s: the last shift reads s and t before it
        writes d): with SAR = 8, (s >> 16) then three funnel shifts."""
        assert t != s and (t != d or d != s)
        self.ssai(8)
        self("srli", t, s, 16)
        self("src", t, t, s)
        self("src", t, t, t)
        self("src", d, s, t)


    def unzip2(self, r1: str, r2: str, t: str, m: str) -> None:
        """Even bits of r1 and of r2 to their low halves, odd bits to the high."""
        for k in range(4):
            self("movi", m, f"0x{DELTA_MASKS[k]:08x}")
            self.delta_swap(r1, t, m, 1 << k)
            self.delta_swap(r2, t, m, 1 << k)

    def zip2(self, r1: str, r2: str, t: str, m: str) -> None:
        for k in reversed(range(4)):
            self("movi", m, f"0x{DELTA_MASKS[k]:08x}")
            self.delta_swap(r1, t, m, 1 << k)
            self.delta_swap(r2, t, m, 1 << k)


# -- the permutation --------------------------------------------------------
def sbox_xt(a: Asm, x: list[str], t: list[str], even: bool) -> None:
    """The S-box on one 32-bit slice x[0..4], temporaries t[0..2], with and,
    or, xor only: src/ascon/sbox_program.py's program (the RV32I variant's),
    its NOT one xor with a15.  An even round takes x2, x3, x4 inverted and
    leaves x0, x3 inverted; an odd round the reverse."""
    sbox_program.emit(a, x, t, even, not_=lambda a_, r, c: a_("xor", r, r, ONES, comment=c))


def fsr_part(lo: str, hi: str, r: int, low_half: bool) -> tuple[str, str, int]:
    """(X, Y, k): the low or high word of (hi:lo) >>> r is src(X, Y) with
    SAR = k, i.e. the low word of (X:Y) >> k (k = 0: Y itself)."""
    if (r < 32) == low_half:
        return hi, lo, r % 32
    return lo, hi, r % 32


def fsr_rot(a: Asm, d: str, lo: str, hi: str, r: int, low_half: bool) -> str:
    """d = a half of (hi:lo) >>> r; returns the register holding it."""
    x, y, k = fsr_part(lo, hi, r, low_half)
    if k == 0:
        return y
    a.ssai(k)
    a("src", d, x, y)
    return d


def sigma_note(lane: int) -> str:
    return f"x{lane} ^= (x{lane} >>> {SIGMA[lane][0]}) ^ (x{lane} >>> {SIGMA[lane][1]})"


def sigma_fsr(a: Asm, lane: int, kind: str, p: int, q: int, orders) -> None:
    lo, hi = E[lane], O[lane]
    t0, t1, t2 = T
    note = sigma_note(lane)
    if kind == "d":
        r0 = fsr_rot(a, t0, lo, hi, p, True)
        r1 = fsr_rot(a, t1, lo, hi, p, False)
        assert (r0, r1) == (t0, t1)
        a("xor", t0, t0, fsr_rot(a, t2, lo, hi, q, True))
        a("xor", t1, t1, fsr_rot(a, t2, lo, hi, q, False))
        a("xor", lo, lo, t0, comment=note)
        a("xor", hi, hi, t1)
    else:  # t = x ^ (x >>> p); x ^= t >>> q
        assert fsr_rot(a, t0, lo, hi, p, True) == t0
        assert fsr_rot(a, t1, lo, hi, p, False) == t1
        a("xor", t0, t0, lo, comment=f"t = x{lane} ^ (x{lane} >>> {p})")
        a("xor", t1, t1, hi)
        rl = fsr_rot(a, t2, t0, t1, q, True)
        rh = fsr_rot(a, t0, t0, t1, q, False)  # reads t0, t1 before writing t0
        a("xor", lo, lo, rl, comment=note + f" = x{lane} ^ (t >>> {q})")
        a("xor", hi, hi, rh)


def bi_terms(e: str, o: str, r: int) -> list[tuple[int, str, int]]:
    """The 32-bit rotations of (e, o) >>> r: (half 0 even / 1 odd, source, k)."""
    if r % 2 == 0:
        return [(0, e, (r // 2) % 32), (1, o, (r // 2) % 32)]
    return [(0, o, (r - 1) // 2 % 32), (1, e, (r + 1) // 2 % 32)]


def sigma_bi32(a: Asm, lane: int, kind: str, p: int, q: int, orders) -> None:
    """x ^= rotations on the interleaved lane; 32-bit rotations by src x, x."""
    e, o = E[lane], O[lane]
    t0, t1, t2 = T
    note = sigma_note(lane)
    if kind == "d":
        terms = bi_terms(e, o, p) + bi_terms(e, o, q)
        order = orders.pop(0)
        rotating = sorted([t for t in terms if t[2]], key=lambda t: order.index(t[2]))
        plain = [t for t in terms if not t[2]]
        sums = {0: None, 1: None}
        for half, src, k in rotating:
            a.ssai(k)
            if sums[half] is None:
                sums[half] = (t0, t1)[half]
                a("src", sums[half], src, src)
            else:
                a("src", t2, src, src)
                a("xor", sums[half], sums[half], t2)
        for half, src, _ in plain:  # a rotation by 0: the other half as it is
            dst = (e, o)[half]
            assert src != dst and sums[1 - half] is not None
            a("xor", dst, dst, src, comment="(rotation by 0)")
        a("xor", e, e, sums[0], comment=note)
        a("xor", o, o, sums[1])
        return
    # nested: t = x ^ (x >>> p), then x ^= t >>> q
    def ordered(terms):  # the next schedule's order of the terms (rotation 0 first)
        order = orders.pop(0)
        return sorted(terms, key=lambda t: order.index(t[2]) if t[2] else -1)

    for half, src, k in ordered(bi_terms(e, o, p)):
        dst = (t0, t1)[half]
        if k:
            a.ssai(k)
            a("src", dst, src, src)
            a("xor", dst, dst, (e, o)[half])
        else:
            a("xor", dst, src, (e, o)[half])
    for half, src, k in ordered(bi_terms(t0, t1, q)):
        dst = (e, o)[half]
        if k:
            a.ssai(k)
            a("src", t2, src, src)
            a("xor", dst, dst, t2, comment=note if half == 0 else "")
        else:
            a("xor", dst, dst, src)


def schedule(variant: str):
    return FSR_SCHEDULE if variant == "fsr" else BI32_SCHEDULE


def rounds(a: Asm) -> None:
    """Twelve unrolled rounds; p^n is entered at label .Lround<12-n> with
    a15 = -1 and SAR = the schedule's first amount; returns through a0."""
    steps, first = schedule(a.variant)
    a.note("the rounds: x0..x4 in " + "/".join(E) + " (low / even) and " + "/".join(O)
           + " (high / odd); temporaries " + "/".join(T) + "; a15 = -1; SAR = "
           + str(first) + " on entry and on return")
    for i in range(12):
        c, even, odd = round_constants(i)
        a.label(f".Lround{i}")
        a.sar = first
        if a.bi32:
            a("movi", T[0], even, comment=f"round {i}: constant 0x{c:02x}, even bits")
            a("xor", E[2], E[2], T[0])
            a("movi", T[0], odd, comment="odd bits")
            a("xor", O[2], O[2], T[0])
        else:
            a("movi", T[0], c, comment=f"round {i}: constant 0x{c:02x}")
            a("xor", E[2], E[2], T[0])
        sbox_xt(a, E, T, even=i % 2 == 0)
        sbox_xt(a, O, T, even=i % 2 == 0)
        orders = stage_orders(a.variant, steps, first)
        for lane, form in steps:
            (sigma_fsr if a.variant == "fsr" else sigma_bi32)(a, lane, *form, orders)
        assert a.sar == first, (a.variant, a.sar)
    a("ret")


def call_rounds(a: Asm, target: str, comment: str, ones: bool = True) -> None:
    """The rounds from target, with a15 = -1 (ones=False: a15 is -1 already,
    set before a loop whose body leaves it) and their SAR."""
    if ones:
        a("movi", ONES, -1)
    a.ssai(schedule(a.variant)[1])
    a.call(target, comment=comment)
    a.sar = schedule(a.variant)[1]


def invert(a: Asm, lanes, comment: str) -> None:
    """Complement both words of the lanes (a15 = -1)."""
    for k, i in enumerate(lanes):
        a("xor", E[i], E[i], ONES, comment=comment if k == 0 else "")
        a("xor", O[i], O[i], ONES)


# -- frame ------------------------------------------------------------------
SAVED = ["a0", "a12", "a13", "a14", "a15"]   # at 0, 4, .. 16
F_OUT, F_IN, F_LEN, F_AD, F_ADLEN, F_NPUB, F_KEY = 20, 24, 28, 32, 36, 40, 44
F_OP, F_MLEN, F_END, F_STATE, F_SCR = 48, 52, 56, 60, 64  # F_SCR: 2 words
F_KEYS = 72       # the key in the forms the xors take (<= 12 words)
F_BUF = 120       # one rate block (16 bytes)
F_REM = 136       # bytes of the last block
FRAME = 144       # a multiple of 16; the 7th argument is at FRAME(a1)


def state_offsets(a: Asm, i: int) -> tuple[int, int]:
    """Where E[i] and O[i] live: bi32 e[5] then o[5]; fsr uint64_t x[5]
    (low word first)."""
    return (4 * i, 20 + 4 * i) if a.bi32 else (8 * i, 8 * i + 4)


# The windowed ABI (src/ascon/xtensa_win/gen.py): a caller's call8 rotates
# the register window, so a0-a15 are this function's own but for a0 (the
# return address, its top bits the window increment) and a1 (the stack
# pointer): `entry` makes the frame, retw returns; only a0 is saved (the
# rounds' call0 clobbers it).  The frame's slots stay where call0 has them,
# from a1 up; `entry` adds WIN_RESERVED bytes above them, as gcc's frames
# have (the register-window save areas of this function and of its
# caller's caller), and a 7th argument is above that.
WIN_RESERVED = 32


def saved(a: Asm) -> list[str]:
    return ["a0"] if a.windowed else SAVED


def save_regs(a: Asm) -> None:
    for k, r in enumerate(saved(a)):
        a("s32i", r, "a1", 4 * k)


def restore_regs(a: Asm) -> None:
    for k, r in enumerate(saved(a)):
        a("l32i", r, "a1", 4 * k)


def enter(a: Asm, frame: int) -> None:
    """An entry point's first instruction: its frame of `frame` bytes."""
    if a.windowed:
        a("entry", "a1", frame + WIN_RESERVED)
    else:
        a("addi", "a1", "a1", -frame)


def leave(a: Asm, frame: int, restore: bool = True) -> None:
    """Return from an entry point (its saved registers restored first
    unless restore is False: a path that changed none)."""
    if restore:
        restore_regs(a)
    if a.windowed:
        a("retw")
        return
    a("addi", "a1", "a1", frame)
    a("ret")


def arg7(a: Asm, frame: int) -> int:
    """Where the 7th argument is, from a1 after enter(frame)."""
    return frame + WIN_RESERVED if a.windowed else frame


def load_state(a: Asm, p: str) -> None:
    for i in range(5):
        e, o = state_offsets(a, i)
        a("l32i", E[i], p, e)
        a("l32i", O[i], p, o)


def store_state(a: Asm, p: str) -> None:
    for i in range(5):
        e, o = state_offsets(a, i)
        a("s32i", E[i], p, e)
        a("s32i", O[i], p, o)


# -- lanes in and out of memory ---------------------------------------------
# A lane at ptr+off (4-aligned) is two words; big-endian (v1.2): bytes 0-3
# are the high word, byte-swapped; little-endian: bytes 0-3 the low word.
def raw_words(a: Asm, big: bool, r_lo: str, r_hi: str) -> tuple[str, str]:
    """The registers loaded from offsets off and off+4."""
    return (r_hi, r_lo) if big else (r_lo, r_hi)


def lane_in(a: Asm, big: bool, base: str, off: int, d0: str, d1: str, t: list[str]) -> None:
    """(d0, d1) = the lane at base+off (fsr: low and high words); t: a
    temporary.  bi32 has bi_load."""
    assert not a.bi32
    w0, w1 = raw_words(a, big, d0, d1)
    a("l32i", w0, base, off)
    a("l32i", w1, base, off + 4)
    if big:
        a.bswap(w0, w0, t[0])
        a.bswap(w1, w1, t[0])


def to_bi(a: Asm, lo: str, hi: str, t: str, m: str) -> None:
    """(lo, hi) words of a lane -> (even bits, odd bits) in (lo, hi)."""
    a.unzip2(lo, hi, t, m)
    a.ssai(16)
    a("slli", t, lo, 16)
    a("src", t, hi, t, comment="even = lo[15:0] | hi[15:0] << 16")
    a("srli", hi, hi, 16)
    a("src", hi, hi, lo, comment="odd = lo[31:16] | hi[31:16] << 16")
    a("mov", lo, t)


def from_bi(a: Asm, e: str, o: str, t: str, m: str) -> None:
    """(even, odd) words of a lane -> (lo, hi) words in (e, o)."""
    a.ssai(16)
    a("slli", m, e, 16)
    a("src", t, o, m, comment="lo = even[15:0] | odd[15:0] << 16")
    a("srli", m, o, 16)
    a("src", o, m, e, comment="hi = even[31:16] | odd[31:16] << 16")
    a("mov", e, t)
    a.zip2(e, o, t, m)


def lane_out_words(a: Asm, big: bool, s0: str, s1: str, d0: str, d1: str,
                   t: list[str]) -> tuple[str, str]:
    """(word at off, word at off+4) of the lane (s0, s1) = (low, high),
    computed into d0, d1 (s0, s1 kept); t: a temporary.  bi32 has bi_words."""
    assert not a.bi32
    if big:
        a.bswap(d0, s1, t[0])
        a.bswap(d1, s0, t[0])
        return d0, d1
    return s0, s1


# bi32: the (un)interleaving of a lane is a local routine (call0), written
# once: a13, a14 in and out; a12, a15 and a0 clobbered.
def bi_routines(a: Asm) -> None:
    a.note("bi32 lane conversions: a13, a14 in and out; a12, a15 clobbered; return through a0")
    a.label(".Lbi_in")
    a.note("a13 = lo, a14 = hi (a lane's words) -> a13 = even bits, a14 = odd bits")
    to_bi(a, "a13", "a14", "a12", "a15")
    a("ret")
    a.label(".Lbi_out")
    a.note("a13 = even bits, a14 = odd bits -> a13 = lo, a14 = hi")
    from_bi(a, "a13", "a14", "a12", "a15")
    a("ret")


def bi_load(a: Asm, big: bool, slot, off: int) -> None:
    """a13, a14 = the lane at (the pointer in frame slot `slot`, or a1 when
    slot is None) + off, in state form (bi32; a0, a12, a15 clobbered)."""
    b = "a1"
    if slot is not None:
        a("l32i", "a12", "a1", slot)
        b = "a12"
    w0, w1 = ("a14", "a13") if big else ("a13", "a14")
    a("l32i", w0, b, off)
    a("l32i", w1, b, off + 4)
    if big:
        a.bswap("a13", "a13", "a15")
        a.bswap("a14", "a14", "a15")
    a.call(".Lbi_in")


def bi_words(a: Asm, big: bool, s0: str, s1: str) -> tuple[str, str]:
    """a13, a14 = the words of lane (s0, s1) as memory holds them; returns
    (word at off, word at off + 4) (bi32; a0, a12, a15 clobbered)."""
    a("mov", "a13", s0)
    a("mov", "a14", s1)
    a.call(".Lbi_out")
    if big:
        a.bswap("a13", "a13", "a15")
        a.bswap("a14", "a14", "a15")
        return "a14", "a13"
    return "a13", "a14"


def bi_store(a: Asm, big: bool, s0: str, s1: str, slot, off: int) -> None:
    """The lane (s0, s1) to (the pointer in `slot`, or a1) + off (bi32)."""
    w0, w1 = bi_words(a, big, s0, s1)
    b = "a1"
    if slot is not None:
        a("l32i", "a12", "a1", slot)
        b = "a12"
    a("s32i", w0, b, off)
    a("s32i", w1, b, off + 4)


def spill_lane(a: Asm, big: bool, lane: int, base: str, off: int, t: list[str]) -> None:
    """Store lane x_lane at base+off (needs t: 2 temporaries fsr, 4 bi32)."""
    w0, w1 = lane_out_words(a, big, E[lane], O[lane], t[0], t[1], t[2:])
    a("s32i", w0, base, off)
    a("s32i", w1, base, off + 4)


# -- full blocks --------------------------------------------------------------
def duplex_lane(a: Asm, big: bool, op: str, lane: int, pin: str, pout: str,
                off_in: int, off_out: int, in_slot: int) -> None:
    """One lane of a full block: absorb, encrypt or decrypt (out may be in:
    everything is read before it is written).  fsr: the pointers in pin,
    pout (a12, a13), temporaries a14, a15, a0.  bi32: pin/pout are
    registers the pointers are (re)loaded into from the frame, or a1."""
    x0, x1 = E[lane], O[lane]
    if not a.bi32:
        # a15 (-1 for the rounds) is left alone: a loop sets it once
        w, d = "a14", "a0"
        for k, off in enumerate((0, 4)):
            # the state word this memory word belongs to
            x = (x1, x0)[k] if big else (x0, x1)[k]
            if op == "encrypt" and big:
                # c = bswap(x) ^ m, then x = bswap(c): the same as x ^=
                # bswap(m), c = bswap(x), with x as the load's register
                a.bswap(w, x, w)
                a("l32i", x, pin, off_in + off)
                a("xor", w, w, x, comment="ciphertext = x ^ plaintext" if k == 0 else "")
                a("s32i", w, pout, off_out + off)
                a.bswap(x, w, x)
                continue
            a("l32i", w, pin, off_in + off)
            if op == "absorb":
                if big:
                    a.bswap(d, w, d)
                    a("xor", x, x, d, comment=f"x{lane} ^= block" if k == 0 else "")
                else:
                    a("xor", x, x, w, comment=f"x{lane} ^= block" if k == 0 else "")
            elif op == "encrypt":  # little-endian (big-endian above)
                a("xor", x, x, w, comment=f"x{lane} ^= plaintext" if k == 0 else "")
                a("s32i", x, pout, off_out + off, comment="ciphertext" if k == 0 else "")
            else:
                if big:
                    a.bswap(d, x, d)
                    a("xor", d, d, w, comment="plaintext = x ^ ciphertext" if k == 0 else "")
                    a("s32i", d, pout, off_out + off)
                    a.bswap(x, w, x)
                else:
                    a("xor", d, x, w, comment="plaintext = x ^ ciphertext" if k == 0 else "")
                    a("s32i", d, pout, off_out + off)
                    a("mov", x, w)
        return
    # bi32: the pointers from the frame (in_slot, F_OUT), or a1 (the buffer)
    src = None if pin == "a1" else in_slot
    dst = None if pout == "a1" else F_OUT
    bi_load(a, big, src, off_in)
    if op in ("absorb", "encrypt"):
        a("xor", x0, x0, "a13", comment=f"x{lane} ^= block")
        a("xor", x1, x1, "a14")
        if op == "encrypt":
            bi_store(a, big, x0, x1, dst, off_out)
        return
    a("s32i", "a13", "a1", F_SCR, comment="the ciphertext, the next state")
    a("s32i", "a14", "a1", F_SCR + 4)
    a("xor", x0, x0, "a13", comment="plaintext = x ^ ciphertext")
    a("xor", x1, x1, "a14")
    bi_store(a, big, x0, x1, dst, off_out)
    a("l32i", x0, "a1", F_SCR, comment=f"x{lane} = ciphertext")
    a("l32i", x1, "a1", F_SCR + 4)


def by_order(a: Asm, body) -> None:
    """body(big) under the preprocessor's byte order."""
    a.raw("#if ASCON_LITTLE_ENDIAN")
    body(False)
    a.raw("#else")
    body(True)
    a.raw("#endif")


def duplex_block(a: Asm, op: str, pin: str, pout: str, off_in: int, off_out: int,
                 in_slot: int, end_sar: int | None = None) -> None:
    """One full block; end_sar: SAR set to it at the end of each byte
    order's code (where the other left it, nothing is emitted)."""
    def body(big):
        table_rounds.rate_lanes(a, lambda lane, off: duplex_lane(a, big, op, lane, pin, pout,
                                                   off_in + off, off_out + off, in_slot))
        if end_sar is not None:
            a.ssai(end_sar)
    by_order(a, body)


def copy_bytes(a: Asm, src: str, soff: int, dst: str, doff: int, t: str) -> None:
    """Unrolled copy of ASCON_RATE bytes."""
    for k in range(16):
        if k == 8:
            a.raw("#if ASCON_RATE == 16")
        a("l8ui", t, src, soff + k)
        a("s8i", t, dst, doff + k)
    a.raw("#endif")


def block_loops(a: Asm, op: str, tag: str, in_slot: int) -> None:
    """Every full block from the frame's in pointer (in_slot) to its end
    pointer (F_END; out in F_OUT), each followed by p^b; the pointers
    advanced in the frame.  Two loops: word loads and stores where in and
    out are 4-aligned (their alignment never changes: the rate is 8 or 16),
    otherwise each block copied through the frame's buffer (the branch
    depends on addresses only)."""
    a("l32i", "a12", "a1", in_slot)
    a("l32i", "a14", "a1", F_END)
    a("beq", "a12", "a14", f".L{tag}_done", comment="no full block")
    if op == "absorb":
        a("extui", "a15", "a12", 0, 2)
    else:
        a("l32i", "a13", "a1", F_OUT)
        a("or", "a15", "a12", "a13")
        a("extui", "a15", "a15", 0, 2)
    a("bnez", "a15", f".L{tag}_bounce", comment="in or out not 4-aligned")
    for bounce in (False, True):
        loop = f".L{tag}_{'bounce' if bounce else 'loop'}"
        # fsr's word loop leaves a15 and (little-endian) SAR as the rounds
        # want them: set once here, kept by the rounds on the way back
        kept = not bounce and not a.bi32
        first = schedule(a.variant)[1]
        if kept:
            a("movi", ONES, -1, comment="the rounds' -1, for every block")
            a.ssai(first)
        a.label(loop)
        if kept:
            a.sar = first
        if bounce:
            a.note("a12 = in: the block through the frame's buffer")
            copy_bytes(a, "a12", 0, "a1", F_BUF, "a14")
            duplex_block(a, op, "a1", "a1", F_BUF, F_BUF, in_slot)
            if a.bi32:  # the conversions clobber a12
                a("l32i", "a12", "a1", in_slot)
            if op != "absorb":
                a("l32i", "a13", "a1", F_OUT)
                copy_bytes(a, "a1", F_BUF, "a13", 0, "a14")
        else:
            a.note("a12 = in" + ("" if op == "absorb" else ", a13 = out") + ", 4-aligned")
            if op != "absorb" and not a.bi32:
                a("l32i", "a13", "a1", F_OUT)
            duplex_block(a, op, "a12", "a13", 0, 0, in_slot, first if kept else None)
            if a.bi32:
                a("l32i", "a12", "a1", in_slot)
                if op != "absorb":
                    a("l32i", "a13", "a1", F_OUT)
        a("addi", "a12", "a12", "ASCON_RATE")
        a("s32i", "a12", "a1", in_slot)
        if op != "absorb":
            a("addi", "a13", "a13", "ASCON_RATE")
            a("s32i", "a13", "a1", F_OUT)
        call_rounds(a, ".Lpb", "p^b", ones=not kept)
        a("l32i", "a12", "a1", in_slot)
        a("l32i", "a14", "a1", F_END)
        a("bne", "a12", "a14", loop)
        if not bounce:
            a("j", f".L{tag}_done")
    a("movi", "a14", 0)
    for k in range(0, 16, 4):
        a("s32i", "a14", "a1", F_BUF + k, comment="wipe the buffer" if k == 0 else "")
    a.label(f".L{tag}_done")


# -- whole AEAD messages -----------------------------------------------------
def key_xor(a: Asm, lane: int, slot: str, k20: bool) -> None:
    """x_lane ^= the key words of `slot` (keyslots, in this family's frame)."""
    def xor_from(reg: str, off: int) -> None:
        a("l32i", "a12", "a1", off)
        a("xor", reg, reg, "a12", comment=f"x{lane} ^= {slot}")
    keyslots.key_xor(F_KEYS, a.bi32, k20, (E[lane], O[lane]), slot, xor_from)


def movi32(a: Asm, r: str, value: str, comment: str = "") -> None:
    a("movi", r, value, comment=comment)


def init_k16(a: Asm, big: bool) -> None:
    """x0 = IV, x1 = KA, x2 = KB, x3 x4 = nonce; KA, KB kept in the frame.
    Key and nonce pointers in a12, a13 (4-aligned)."""
    t = ["a14", "a15"]
    if a.bi32:  # the pointers from the frame (the conversion clobbers a12)
        for lane, slot, off in ((1, F_KEY, 0), (2, F_KEY, 8), (3, F_NPUB, 0), (4, F_NPUB, 8)):
            bi_load(a, big, slot, off)
            a("mov", E[lane], "a13")
            a("mov", O[lane], "a14")
    else:
        lane_in(a, big, "a12", 0, E[1], O[1], t)
        lane_in(a, big, "a12", 8, E[2], O[2], t)
        lane_in(a, big, "a13", 0, E[3], O[3], t)
        lane_in(a, big, "a13", 8, E[4], O[4], t)
    for lane, slot in ((1, "KA"), (2, "KB")):
        e, o = keyslots.key_slots(F_KEYS, a.bi32, False)[slot]
        a("s32i", E[lane], "a1", e, comment=slot)
        a("s32i", O[lane], "a1", o)
    iv = ("ASCON_IV_E", "ASCON_IV_O") if a.bi32 else ("ASCON_IV_LO", "ASCON_IV_HI")
    movi32(a, E[0], iv[0], comment="x0 = IV")
    movi32(a, O[0], iv[1])


def init_k20(a: Asm, big: bool) -> None:
    """Ascon-80pq: x0 = IV || w0, x1 = w1 w2, x2 = w3 w4 (key words w0..w4);
    the forms the xors take saved in the frame."""
    t = ["a14", "a15"]
    if not a.bi32:
        w = [E[0], O[1], E[1], O[2], E[2]]  # x0 lo, x1 hi, x1 lo, x2 hi, x2 lo
        for k, r in enumerate(w):
            a("l32i", r, "a12", 4 * k, comment=f"w{k}")
            if big:
                a.bswap(r, r, t[0])
            a("s32i", r, "a1", F_KEYS + 4 * k)
        movi32(a, O[0], "ASCON_IV_HI", comment="x0 = IV || w0")
        lane_in(a, big, "a13", 0, E[3], O[3], t)
        lane_in(a, big, "a13", 8, E[4], O[4], t)
        return
    u = [O[0], O[1], E[3], E[4], O[4]]
    for k, r in enumerate(u):
        a("l32i", r, "a12", 4 * k, comment=f"w{k}")
        if big:
            a.bswap(r, r, t[0])
    for k in range(0, 5, 2):
        if k + 1 < 5:
            a.unzip2(u[k], u[k + 1], t[0], t[1])
        else:
            a.unzip2(u[k], E[1], t[0], t[1])  # E[1]: a scratch word here
    a("movi", E[1], 0)
    zero = E[1]
    a.ssai(16)
    for slot, hi, lo in (("Z0", zero, u[0]), ("F1", u[0], u[1]), ("F2", u[2], u[3]),
                         ("F3", u[4], zero), ("KA", u[1], u[2]), ("KB", u[3], u[4])):
        e_off, o_off = keyslots.key_slots(F_KEYS, a.bi32, True)[slot]
        a("slli", t[0], lo, 16)
        a("src", t[0], hi, t[0], comment=f"{slot} even")
        a("s32i", t[0], "a1", e_off)
        a("srli", t[0], hi, 16)
        a("src", t[0], t[0], lo, comment=f"{slot} odd")
        a("s32i", t[0], "a1", o_off)
    for lane, off in ((3, 0), (4, 8)):
        bi_load(a, big, F_NPUB, off)
        a("mov", E[lane], "a13")
        a("mov", O[lane], "a14")
    for lane, slot in ((1, "KA"), (2, "KB"), (0, "Z0")):
        e_off, o_off = keyslots.key_slots(F_KEYS, a.bi32, True)[slot]
        a("l32i", E[lane], "a1", e_off, comment=f"x{lane} = {slot}")
        a("l32i", O[lane], "a1", o_off)
    movi32(a, "a14", "ASCON_IV_E", comment="x0 = IV || w0")
    a("xor", E[0], E[0], "a14")
    movi32(a, "a14", "ASCON_IV_O")
    a("xor", O[0], O[0], "a14")


def last_block(a: Asm, op: str, tag: str, in_slot: int) -> None:
    """The last block: n = F_REM < rate bytes at F_IN (out at F_OUT), 10*
    padded.  Empty, it is the pad alone.  Otherwise the rate is spilled to
    the frame's buffer, which becomes what the rate must hold: absorb and
    encrypt xor the input into it (encrypt also writes it out), decrypt
    writes out input ^ buffer and puts the input there; the pad is xored
    in and the buffer is loaded back as the rate (and wiped).  With the rate
    in the buffer its registers serve the byte loop."""
    a("l32i", "a14", "a1", F_REM)
    a("bnez", "a14", f".L{tag}_partial")

    def pad0(big: bool) -> None:
        if big:
            movi32(a, "a12", "0x80000000")
            a("xor", O[0], O[0], "a12", comment="x0 ^= pad (empty block)")
        else:
            a("movi", "a12", 1)
            a("xor", E[0], E[0], "a12", comment="x0 ^= pad (empty block)")
    by_order(a, pad0)
    a("j", f".L{tag}_last_done")
    a.label(f".L{tag}_partial")
    if a.bi32:
        by_order(a, lambda big: table_rounds.rate_lanes(
            a, lambda lane, off: bi_store(a, big, E[lane], O[lane], None, F_BUF + off)))
    else:
        by_order(a, lambda big: table_rounds.rate_lanes(
            a, lambda lane, off: spill_lane(a, big, lane, "a1", F_BUF + off,
                                           ["a12", "a13", "a14", "a15"])))
    a("l32i", "a12", "a1", in_slot)
    a("l32i", "a14", "a1", F_REM)
    a("add", "a0", "a12", "a14", comment="end of the input")
    if op != "absorb":
        a("l32i", "a13", "a1", F_OUT)
    a("addi", "a14", "a1", F_BUF)
    a.label(f".L{tag}_bytes")
    x, s = "a15", E[0]   # E[0]: free while the rate is in the buffer
    a("l8ui", x, "a12", 0, comment="in")
    a("l8ui", s, "a14", 0, comment="rate")
    a("xor", s, s, x, comment="rate ^ in")
    if op == "absorb":
        a("s8i", s, "a14", 0)
    elif op == "encrypt":
        a("s8i", s, "a13", 0, comment="ciphertext")
        a("s8i", s, "a14", 0, comment="the rate takes the ciphertext")
    else:
        a("s8i", s, "a13", 0, comment="plaintext")
        a("s8i", x, "a14", 0, comment="the rate takes the ciphertext")
    a("addi", "a12", "a12", 1)
    if op != "absorb":
        a("addi", "a13", "a13", 1)
    a("addi", "a14", "a14", 1)
    a("bne", "a12", "a0", f".L{tag}_bytes")
    a("s32i", "a12", "a1", in_slot)
    if op != "absorb":
        a("s32i", "a13", "a1", F_OUT)
    a("l8ui", "a15", "a14", 0)
    a("movi", "a12", "0x80 >> (7 * ASCON_LITTLE_ENDIAN)", comment="pad: 0x80, little-endian 0x01")
    a("xor", "a15", "a15", "a12")
    a("s8i", "a15", "a14", 0)
    a("movi", "a15", 0)

    def back(big: bool) -> None:
        def one(lane: int, off: int) -> None:
            if a.bi32:
                bi_load(a, big, None, F_BUF + off)
                a("mov", E[lane], "a13")
                a("mov", O[lane], "a14")
                a("movi", "a15", 0)
            else:
                lane_in(a, big, "a1", F_BUF + off, E[lane], O[lane], ["a12", "a13"])
            a("s32i", "a15", "a1", F_BUF + off, comment="wipe the buffer")
            a("s32i", "a15", "a1", F_BUF + off + 4)
        table_rounds.rate_lanes(a, one)
    by_order(a, back)
    a.label(f".L{tag}_last_done")


def phase(a: Asm, op: str, tag: str, ptr_slot: int, len_slot: int) -> None:
    """Full blocks then the last one, from the frame's pointer (ptr_slot,
    advanced) and length (len_slot): F_END = pointer + whole blocks,
    F_REM = what remains for the last block."""
    a("l32i", "a12", "a1", ptr_slot)
    a("l32i", "a13", "a1", len_slot)
    a("movi", "a14", "-ASCON_RATE")
    a("and", "a14", "a13", "a14")
    a("sub", "a13", "a13", "a14")
    a("s32i", "a13", "a1", F_REM, comment="bytes of the last block")
    a("add", "a14", "a12", "a14")
    a("s32i", "a14", "a1", F_END)
    block_loops(a, op, tag, ptr_slot)
    last_block(a, op, tag, ptr_slot)


def tag_io(a: Asm, verify: bool) -> None:
    """Encrypt: the tag (x3, x4) to out.  Decrypt: compare with the 16
    bytes at in, every bit into a13 (no early exit); a2 = 0 or -1 is left
    to the caller.  Through the frame's buffer when the pointer is not
    4-aligned."""
    slot = F_IN if verify else F_OUT
    a("l32i", "a12", "a1", slot)
    a("extui", "a13", "a12", 0, 2)
    if not verify:
        a("beqz", "a13", ".Ltag_out_aligned")
        a("addi", "a12", "a1", F_BUF, comment="not aligned: through the buffer")
        a.label(".Ltag_out_aligned")
        if a.bi32:
            a("s32i", "a12", "a1", F_SCR, comment="where the tag goes")
            by_order(a, lambda big: [bi_store(a, big, E[lane], O[lane], F_SCR, 8 * (lane - 3))
                                     for lane in (3, 4)])
        else:
            by_order(a, lambda big: [spill_lane(a, big, lane, "a12", 8 * (lane - 3),
                                                ["a13", "a14", "a15", "a0"]) for lane in (3, 4)])
        a("l32i", "a13", "a1", slot)
        a("beq", "a12", "a13", ".Ltag_done")
        for k in range(16):
            a("l8ui", "a14", "a12", k)
            a("s8i", "a14", "a13", k)
        a("movi", "a14", 0)
        for k in range(0, 16, 4):
            a("s32i", "a14", "a12", k)
        a.label(".Ltag_done")
        return
    a("beqz", "a13", ".Ltag_in_aligned")
    for k in range(16):
        a("l8ui", "a14", "a12", k)
        a("s8i", "a14", "a1", F_BUF + k)
    a("addi", "a12", "a1", F_BUF, comment="not aligned: through the buffer")
    a.label(".Ltag_in_aligned")

    if a.bi32:
        a("s32i", "a12", "a1", F_SCR, comment="where the received tag is")

    def cmp(big: bool) -> None:
        for lane in (3, 4):
            # the received tag's words against the state's words out
            if a.bi32:
                w0, w1 = bi_words(a, big, E[lane], O[lane])
                a("l32i", "a12", "a1", F_SCR)
            else:
                w0, w1 = lane_out_words(a, big, E[lane], O[lane], "a13", "a14", ["a15", "a0"])
            a("l32i", "a15", "a12", 8 * (lane - 3))
            a("xor", w0, w0, "a15")
            a("l32i", "a15", "a12", 8 * (lane - 3) + 4)
            a("xor", w1, w1, "a15")
            a("or", w0, w0, w1)
            if lane == 3:
                a("mov", E[0], w0, comment="differences, ored")
            else:
                a("or", E[0], E[0], w0)
    by_order(a, cmp)
    a("movi", "a14", 0)
    for k in range(0, 16, 4):
        a("s32i", "a14", "a1", F_BUF + k)


def whole(a: Asm) -> None:
    """ascon_xtensa_aead_encrypt(ct, msg, mlen, ad, adlen, npub, k) -> 0
    ascon_xtensa_aead_decrypt(msg, ct, ctlen, ad, adlen, npub, k)
        -> 0, -1 (tag mismatch: msg wiped) or -2 (ctlen < 16)
    The state stays in registers from the key to the tag; pointers and
    lengths live in the frame."""
    for name, op in (("ascon_xtensa_aead_encrypt", 0), ("ascon_xtensa_aead_decrypt", 1)):
        sym = f"LWC_SYM({name})"
        a.raw("    .align 4")
        declare(a, sym)
        a.note(("a2 = ct, a3 = msg, a4 = mlen" if op == 0 else "a2 = msg, a3 = ct, a4 = ctlen")
               + ", a5 = ad, a6 = adlen, a7 = npub, key at 0(a1)")
        enter(a, FRAME)
        a("movi", "a8", op)
        a("s32i", "a8", "a1", F_OP)
        if op == 0:
            a("j", ".Lwhole")
            size(a, sym)
        else:
            a("bltui", "a4", 16, ".Lwhole_short", comment="ctlen < 16: no tag")
            a("addi", "a4", "a4", -16, comment="mlen")
            a("s32i", "a4", "a1", F_MLEN)
    a.label(".Lwhole")
    save_regs(a)
    for reg, slot in (("a2", F_OUT), ("a3", F_IN), ("a4", F_LEN), ("a5", F_AD),
                      ("a6", F_ADLEN), ("a7", F_NPUB)):
        a("s32i", reg, "a1", slot)
    a("l32i", "a12", "a1", arg7(a, FRAME), comment="the key (7th argument)")
    a("s32i", "a12", "a1", F_KEY)
    a.note("S = IV || K || N; p^12; S ^= 0 || K.  Key and nonce not 4-aligned:"
           " copied to the frame (the key where its forms go, the nonce to the buffer)")
    a("l32i", "a13", "a1", F_NPUB)
    a("or", "a14", "a12", "a13")
    a("extui", "a14", "a14", 0, 2)
    a("beqz", "a14", ".Linit_aligned")
    for k in range(20):
        if k == 16:
            a.raw("#if CRYPTO_KEYBYTES == 20")
        a("l8ui", "a14", "a12", k)
        a("s8i", "a14", "a1", F_KEYS + k)
    a.raw("#endif")
    for k in range(16):
        a("l8ui", "a14", "a13", k)
        a("s8i", "a14", "a1", F_BUF + k)
    a("addi", "a12", "a1", F_KEYS)
    a("addi", "a13", "a1", F_BUF)
    a.label(".Linit_aligned")
    if a.bi32:
        a("s32i", "a12", "a1", F_KEY, comment="the key and nonce as read (maybe the copies)")
        a("s32i", "a13", "a1", F_NPUB)
    keyslots.for_keys(a, lambda k20: by_order(a, lambda big: (init_k20 if k20 else init_k16)(a, big)))
    a("movi", "a14", 0)
    for k in range(0, 16, 4):
        a("s32i", "a14", "a1", F_BUF + k, comment="wipe the nonce's copy" if k == 0 else "")
    a("movi", ONES, -1)
    invert(a, INVERTED[0], "x2, x3, x4 held inverted (key, data and pad xors commute)")
    call_rounds(a, ".Lround0", "p^12")
    keyslots.key_xors(a, keyslots.INIT_XORS, lambda lane, slot, k20: key_xor(a, lane, slot, k20))
    a.note("associated data (if any): full blocks, the padded last one; then the domain bit")
    a("l32i", "a12", "a1", F_ADLEN)
    a("beqz", "a12", ".Lad_none")
    phase(a, "absorb", "ad", F_AD, F_ADLEN)
    call_rounds(a, ".Lpb", "p^b")
    a.label(".Lad_none")

    def dsep(big: bool) -> None:
        if big:
            a("movi", "a12", 1)
            a("xor", E[4], E[4], "a12", comment="domain separation: bit 0 of x4")
        else:
            movi32(a, "a12", "0x80000000")
            a("xor", O[4], O[4], "a12", comment="domain separation: bit 63 of x4")
    by_order(a, dsep)
    a.note("the message")
    a("l32i", "a12", "a1", F_OP)
    a("bnez", "a12", ".Lmsg_decrypt")
    for op in ("encrypt", "decrypt"):
        if op == "decrypt":
            a.label(".Lmsg_decrypt")
        phase(a, op, f"m{op[0]}", F_IN, F_LEN)
        if op == "encrypt":
            a("j", ".Lfinal")
    a.label(".Lfinal")
    a.note("finalization: S ^= 0^r || K || 0; p^12; tag = x3, x4 ^ KA, KB")
    keyslots.key_xors(a, keyslots.FINAL_XORS, lambda lane, slot, k20: key_xor(a, lane, slot, k20))
    call_rounds(a, ".Lround0", "p^12")
    keyslots.for_keys(a, lambda k20: (key_xor(a, 3, "KA", k20), key_xor(a, 4, "KB", k20)))
    invert(a, (3, 4), "the tag's lanes, true")
    a.note("the tag follows the message: out (encrypt) or in (decrypt) points at it")
    a("l32i", "a12", "a1", F_OP)
    a("bnez", "a12", ".Ltag_verify")
    tag_io(a, False)
    a("movi", "a2", 0)
    a("j", ".Lwhole_wipe")
    a.label(".Ltag_verify")
    tag_io(a, True)
    a("beqz", "a2", ".Lwhole_wipe", comment="a2: the differences, 0 when the tags match")
    a.note("rejected: the plaintext written is wiped (out is past its end)")
    a("l32i", "a12", "a1", F_MLEN)
    a("l32i", "a13", "a1", F_OUT)
    a("sub", "a13", "a13", "a12")
    a("movi", "a14", 0)
    a("beqz", "a12", ".Lwhole_rejected")
    a.label(".Lwhole_reject")
    a("s8i", "a14", "a13", 0)
    a("addi", "a13", "a13", 1)
    a("addi", "a12", "a12", -1)
    a("bnez", "a12", ".Lwhole_reject")
    a.label(".Lwhole_rejected")
    a("movi", "a2", -1)
    a.label(".Lwhole_wipe")
    a.note("wipe the key in the frame and the state registers (a2: the result)")
    a("movi", "a14", 0)
    keyslots.for_keys(a, lambda k20: [a("s32i", "a14", "a1", off)
                             for off in keyslots.key_words(F_KEYS, a.bi32, k20)])
    for r in E[1:] + O:
        a("movi", r, 0)
    leave(a, FRAME)
    a.label(".Lwhole_short")
    if a.windowed:
        a("movi", "a2", -2)
        leave(a, FRAME, restore=False)
    else:
        a("addi", "a1", "a1", FRAME)
        a("movi", "a2", -2)
        a("ret")
    size(a, sym)  # the decryption entry's (the loop's last): it ends here


def generate(variant: str, windowed: bool = False) -> str:
    a = Asm(variant, windowed)
    if windowed:
        banner32(a, "src/ascon/xtensa_win/gen.py", """\
Xtensa, windowed ABI (ESP32, ESP32-S3: entry/retw, called by call8/callx8):
src/ascon/xtensa/gen.py's rounds, blocks and modes, the prologues and
epilogues windowed.  Assembled by the LX106 assembler too: the windowed
instructions are macros (src/ascon/xtensa_win/xtensa_windowed.s) read
first.  Included by an implementation's .S after its scheme header
(api.h): ASCON_RATE, ASCON_PB, ASCON_LITTLE_ENDIAN fixed here.""", (E, O),
                 f"\ntemporaries {'/'.join(T)}, a15 = -1 in the rounds; a0 saved (the rounds'"
                 " call0 clobbers it).")
    else:
        banner32(a, "src/ascon/xtensa/gen.py", """\
Xtensa LX106, call0 ABI.  Included by an implementation's .S after its
scheme header (api.h): ASCON_RATE, ASCON_PB, ASCON_LITTLE_ENDIAN fixed here.""", (E, O),
                 f"\ntemporaries {'/'.join(T)}, a15 = -1 in the rounds; a12-a15 and a0 saved.")
    a.raw("")
    a.raw("    .text")
    # permute(state, rounds)
    name = "LWC_SYM(ascon_xtensa_permute)"
    a.raw("    .align 4")
    declare(a, name)
    a.note("a2 = state, a3 = rounds (1..12): p^rounds, the last rounds of p^12")
    enter(a, 32)
    save_regs(a)
    a("s32i", "a2", "a1", 20)
    a("movi", "a12", 12)
    a("sub", "a12", "a12", "a3")
    a("movi", "a13", ".Lentries")
    a("addx4", "a12", "a12", "a13")
    a("l32i", "a12", "a12", 0, comment="entry: .Lround<12 - rounds>")
    a("extui", "a14", "a3", 0, 1)
    a("mov", "a13", "a2")
    load_state(a, "a13")
    a("movi", ONES, -1)
    a("bnez", "a14", ".Lpermute_odd")
    invert(a, INVERTED[0], "even n enters at an even round: x2, x3, x4 inverted")
    a("j", ".Lpermute_go")
    a.label(".Lpermute_odd")
    invert(a, INVERTED[1], "odd n enters at an odd round: x0, x3 inverted")
    a.label(".Lpermute_go")
    a.ssai(schedule(variant)[1])
    a("callx0", "a12")
    invert(a, INVERTED[0], "the rounds end at an even round's input: the true state")
    a("l32i", "a13", "a1", 20)
    store_state(a, "a13")
    leave(a, 32)
    size(a, name)
    a.raw("")
    a.raw("#ifdef ASCON_RATE")
    name = "LWC_SYM(ascon_xtensa_blocks)"
    a.raw("    .align 4")
    declare(a, name)
    a.note("a2 = state, a3 = out, a4 = in, a5 = blocks (> 0), a6 = 0 absorb / 1 encrypt / 2 decrypt")
    enter(a, FRAME)
    save_regs(a)
    a("s32i", "a2", "a1", F_STATE)
    a("s32i", "a3", "a1", F_OUT)
    a("s32i", "a4", "a1", F_IN)
    a.raw("#if ASCON_RATE == 16")
    a("slli", "a5", "a5", 4)
    a.raw("#else")
    a("slli", "a5", "a5", 3)
    a.raw("#endif")
    a("add", "a5", "a4", "a5")
    a("s32i", "a5", "a1", F_END)
    a("mov", "a12", "a6")
    a("mov", "a13", "a2")
    load_state(a, "a13")
    a("movi", ONES, -1)
    invert(a, INVERTED[0], "between blocks (even rounds): x2, x3, x4 inverted")
    a.raw("#ifdef CRYPTO_ABYTES /* an AEAD: the incremental encrypt and decrypt too */")
    a("beqz", "a12", ".Lblocks_absorb")
    a("addi", "a12", "a12", -1)
    a("beqz", "a12", ".Lblocks_encrypt")
    a("j", ".Lblocks_decrypt")
    a.raw("#endif")
    ops = ("absorb", "encrypt", "decrypt")
    for op in ops:
        if op == "encrypt":
            a.raw("#ifdef CRYPTO_ABYTES")
        a.label(f".Lblocks_{op}")
        block_loops(a, op, f"b{op[0]}", F_IN)
        a("j", ".Lblocks_end")
        if op == "decrypt":
            a.raw("#endif")
    a.label(".Lblocks_end")
    a("movi", ONES, -1)
    invert(a, INVERTED[0], "the true state")
    a("l32i", "a13", "a1", F_STATE)
    store_state(a, "a13")
    leave(a, FRAME)
    size(a, name)
    a.raw("#endif")

    def rounds_and_helpers(a: Asm) -> None:
        a.raw("    .align 4")
        rounds(a)
        if a.bi32:
            a.raw("#ifdef ASCON_RATE")
            bi_routines(a)
            a.raw("#endif")
    table_tail(a, whole, rounds_and_helpers, ".word", 4, [f".Lround{i}" for i in range(12)])
    return text(a)


VARIANTS = ["fsr", "bi32"]


def main(argv: list[str]) -> int:
    if argv[1:] == ["--search"]:
        for v in VARIANTS:
            print(v, search(v))
        return 0
    for v in VARIANTS:
        (HERE / f"{v}.S").write_text(generate(v))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
