#!/usr/bin/env python3
"""Generate the MSP430 assembly of the Ascon permutation from one description.

    python3 -m src.ascon.msp430.gen       # rewrite src/ascon/msp430/*.S

Each variant gives

    ascon_msp430_permute(state, rc)       p^n, the last n rounds of p^12
                                          (n = 1..12), called with
                                          rc = 0x3c + 15 n, the constant of
                                          its first round (small: n - 1 in
                                          the high byte too); the C macro of
                                          backend_msp430.h computes it

over the C state layout of lanes64.h (uint64_t x[5]): lane i is the four
16-bit words at byte 8i .. 8i+7 of the state, word 0 the least significant
(MSP430 is little-endian).  The state lives in RAM; 20 words do not fit the
twelve registers r4-r15, so each round passes over it twice:

  * the S-box, one 16-bit column at a time: word j of the five lanes in
    five registers, 22 logic instructions with three temporaries (bic is
    and-not: t = ~a & b is mov b, t; bic a, t), the five words back;
  * the linear layer, one lane at a time: the lane in four registers X and
    a copy C.  x ^ (x >>> A) ^ (x >>> B) is either C = x >>> A xored with X,
    then X >>> B in place xored in ("split"), or x ^ ((x ^ (x >>> D)) >>> E)
    with D = B - A, E = A or the other way round, both rotations on C
    ("nest": x3, x4, x0).  A rotation by 16q + r is a renaming of words by
    q and r one-bit steps (rla/rlc/rlc/rlc/adc to the left; bit #1 puts bit
    0 in the carry, then rrc from the top word down, to the right: 5 cycles
    a bit), or for r near 8 a byte rotation and the few bits left: made
    with the copy, word k of C = swpb(x_k ^ lo(x_k ^ x_k+1)), 16 cycles
    (copy included), no temporary; in place (x4's second rotation), swpb on
    the four words and each word takes the next one's high byte with
    xor.b/xor, 13 cycles and a temporary.  lane_plan picks the cheapest
    (cycles by SLAU049's tables, which lwc-msp430sim charges).

Variants:
    fast    the S-box unrolled; words cross between the passes in registers
            where the register budget allows (10 a round: a column's
            outputs wait for their lane, a lane's outputs for their column;
            the plan below came from trying every order of columns and
            lanes); the rounds are a routine shared by the permutation and
            by whole rate blocks of the modes (ascon_msp430_absorb /
            _encrypt / _decrypt: sponge.h's ASCON_BLOCKS, the input and
            output byte by byte, any alignment, in place, then p^ASCON_PB).
    small   the S-box in a loop over the columns (two pointers walking x0
            and x1), the lanes unrolled, nothing held; the round count in
            the constant's high byte (one sub and jge close the round).

No branch or address depends on the state: the loops count rounds, columns
and rate blocks; the only memory operands are the state's and the blocks'
input and output, at addresses that move by fixed steps.
"""
from __future__ import annotations

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
from src.asmgen.msp430 import Asm, head, tail
from src.asmgen.emitter import size, text, write

VARIANTS = ["fast", "small"]

# Ascon's linear layer: lane i gets x ^= (x >>> r0) ^ (x >>> r1).
SIGMA = [(19, 28), (61, 39), (1, 6), (10, 17), (7, 41)]
LAST_RC = 0x3C  # the constant after round 11: the loop ends there

P = "r12"    # the state pointer (argument 1)
RC = "r13"   # the round constant (argument 2 is the round count)
DATA = ["r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r14", "r15"]
SAVED = ["r4", "r5", "r6", "r7", "r8", "r9", "r10"]
SMALL_Q = "r10"  # small: the second pointer
SMALL_DATA = [r for r in DATA if r != SMALL_Q]
SMALL_SAVED = SAVED

BYTE_ROT = 13  # cycles of the byte rotation (4 swpb, 1 mov, 4 x (xor.b, xor))
BIT = 5        # cycles of a one-bit rotation of a lane


def off(lane: int, word: int) -> int:
    return 8 * lane + 2 * word


def const_cycles(n: int) -> int:
    """Extra cycles of an immediate source: none for the constant generator's."""
    return 0 if n in (0, 1, 2, 4, 8, -1) else 1


class Regs:
    """Which state words are in which register, the free registers, and
    where P points (pofs: its offset from the state's start)."""

    def __init__(self, held: dict[tuple[int, int], str], pofs: int, data: list[str] = DATA):
        self.held = dict(held)
        self.data = data
        self.free = [r for r in data if r not in self.held.values()]
        self.pofs = pofs
        self.avoid = set(held.values())
        self.q: str | None = None  # small: a second pointer walking the state
        self.qofs = 0

    def at(self, o: int) -> str:
        return f"{o - self.pofs}({P})"

    def seek(self, a: Asm, o: int, comment: str = "") -> None:
        d = o - self.pofs
        if d > 0:
            a("add", f"#{d}", P, comment=comment)
        elif d < 0:
            a("sub", f"#{-d}", P, comment=comment)
        self.pofs = o

    def seek_q(self, a: Asm, o: int, comment: str = "") -> None:
        d = o - self.qofs
        if d:
            a("add" if d > 0 else "sub", f"#{abs(d)}", self.q, comment=comment)
        self.qofs = o

    def pointed(self, o: int) -> bool:
        return o == self.pofs or (self.q is not None and o == self.qofs)

    def take(self, prefer: str | None = None) -> str:
        if prefer in self.free:
            self.free.remove(prefer)
            return prefer
        # others first: the loop's held registers are wanted free at its end
        for r in self.free:
            if r not in self.avoid:
                self.free.remove(r)
                return r
        return self.free.pop(0)

    def give(self, r: str) -> None:
        assert r not in self.free and r in self.data
        self.free.append(r)

    def get(self, a: Asm, lane: int, word: int, inc: bool = False) -> str:
        """Word (lane, word) in a register (loaded if not held); no longer
        held.  P's word is read with @P (@P+ with inc, moving P on)."""
        if (lane, word) in self.held:
            return self.held.pop((lane, word))
        r = self.take()
        o = off(lane, word)
        if o == self.pofs:
            src = f"@{P}+" if inc else f"@{P}"
            if inc:
                self.pofs += 2
        elif self.q is not None and o == self.qofs and inc:
            src = f"@{self.q}+"
            self.qofs += 2
        else:
            src = self.at(o)
        a("mov", src, r, comment=f"x{lane} word {word}")
        return r

    def put(self, a: Asm, lane: int, word: int, r: str, keep: bool) -> None:
        if keep:
            self.held[(lane, word)] = r
        else:
            a("mov", r, self.at(off(lane, word)), comment=f"x{lane} word {word}")
            self.give(r)


def sbox(a: Asm, x: list[str], t: list[str]) -> None:
    """Ascon's S-box on x0..x4 (registers, in place), temporaries t0..t2."""
    x0, x1, x2, x3, x4 = x
    t0, t1, t2 = t
    a("xor", x4, x0, comment="x0 ^= x4")
    a("xor", x3, x4, comment="x4 ^= x3")
    a("xor", x1, x2, comment="x2 ^= x1")
    a("mov", x0, t0)
    a("bic", x4, t0, comment="t0 = ~x4 & x0")
    a("mov", x1, t1)
    a("bic", x0, t1, comment="t1 = ~x0 & x1")
    a("mov", x2, t2)
    a("bic", x1, t2)
    a("xor", t2, x0, comment="x0 ^= ~x1 & x2")
    a("mov", x3, t2)
    a("bic", x2, t2)
    a("xor", t2, x1, comment="x1 ^= ~x2 & x3")
    a("mov", x4, t2)
    a("bic", x3, t2)
    a("xor", t2, x2, comment="x2 ^= ~x3 & x4")
    a("xor", t0, x3, comment="x3 ^= ~x4 & x0")
    a("xor", t1, x4, comment="x4 ^= ~x0 & x1")
    a("xor", x0, x1, comment="x1 ^= x0")
    a("xor", x4, x0, comment="x0 ^= x4")
    a("xor", x2, x3, comment="x3 ^= x2")
    a("inv", x2, comment="x2 = ~x2")


# ---- rotations of a lane held in four registers w[0..3] (w[0] least significant)

def ror1(a: Asm, w: list[str], comment: str = "") -> None:
    a("bit", "#1", w[0], comment=comment or "carry = bit 0")
    a("rrc", w[3])
    a("rrc", w[2])
    a("rrc", w[1])
    a("rrc", w[0])


def rol1(a: Asm, w: list[str], comment: str = "") -> None:
    a("rla", w[0], comment=comment)
    a("rlc", w[1])
    a("rlc", w[2])
    a("rlc", w[3])
    a("adc", w[0], comment="bit 63 to bit 0")


def ror8(a: Asm, w: list[str], t: str) -> None:
    """Right by 8: swap each word's bytes, then word k keeps its low byte
    and takes word k+1's high byte (lo ^ (lo(a) ^ lo(b)) trick)."""
    for k in range(4):
        a("swpb", w[k], comment="lane >>> 8: bytes swapped" if k == 0 else "")
    a("mov", w[0], t)
    nxt = [w[1], w[2], w[3], t]
    for k in range(4):
        a("xor.b", nxt[k], w[k])
        a("xor", nxt[k], w[k], comment=f"word {k}: its low byte, the next word's high byte")


def rot_options(r: int):
    """(cycles, form, right shift it gives) for rotating right by r (mod 64)
    with the word renaming done for free."""
    s = r % 16
    opts = [(BIT * s, ("r", s), s), (BIT * (16 - s), ("l", 16 - s), s - 16)]
    if s >= 8:
        opts.append((BYTE_ROT + BIT * (s - 8), ("br", s - 8), s))
    else:
        opts.append((BYTE_ROT + BIT * (8 - s), ("bl", 8 - s), s))
    return sorted(opts)


def copy_ror8(a: Asm, x: list[str], c: list[str]) -> None:
    """C = X >>> 8 without a temporary: word k of C is x_k's high byte and
    x_k+1's low byte, swpb(x_k ^ lo(x_k ^ x_k+1)): 4 cycles a word."""
    for k in range(4):
        a("mov", x[k], c[k], comment="C = x >>> 8" if k == 0 else "")
        a("xor.b", x[(k + 1) % 4], c[k])
        a("xor", x[k], c[k], comment=f"x{k} high, x{(k + 1) % 4} low")
        a("swpb", c[k])


def rotate(a: Asm, w: list[str], r: int, tmp, what: str, src: list[str] | None = None) -> int:
    """Rotate the lane in w right by r bits modulo the word renaming;
    returns q: (lane >>> r) word j is now w[(j + q) % 4].  With src, w is
    first made a copy of src (with the byte rotation when the form has one)."""
    cost, (form, n), eff = rot_options(r)[0]
    a.note(f"{what} >>> {r}: {form} {n} ({cost} cycles) and words renamed")
    if src is not None and form in ("br", "bl"):
        copy_ror8(a, src, w)
    else:
        if src is not None:
            for j in range(4):
                a("mov", src[j], w[j], comment="copy C" if j == 0 else "")
        if form in ("br", "bl"):
            ror8(a, w, tmp())
    if form in ("br", "bl"):
        form = "r" if form == "br" else "l"
    for _ in range(n):
        (ror1 if form == "r" else rol1)(a, w)
    assert (r - eff) % 16 == 0
    return ((r - eff) // 16) % 4


def needs_tmp(r: int) -> bool:
    return rot_options(r)[0][1][0] in ("br", "bl")


def rot_cost(r: int) -> tuple[int, bool]:
    """Cycles of the cheapest rotation by r, and whether it needs a temporary."""
    cost, (form, _), _ = rot_options(r)[0]
    return cost, form in ("br", "bl")


def rot_q(r: int) -> int:
    _, _, eff = rot_options(r)[0]
    return ((r - eff) // 16) % 4


def lane_plan(lane: int) -> tuple[int, bool, tuple[str, int, int]]:
    """The cheapest way to x ^ (x >>> A) ^ (x >>> B) with a copy C of x
    (cycles, whether a temporary is needed, plan):
    split (r1, r2): C = x >>> r1, xored with X; X >>> r2 in place, xored in;
    nest (r1, r2): x ^ ((x ^ (x >>> r1)) >>> r2), both rotations on C, with
    r1 = B - A, r2 = A or the other way round.  The first rotation makes
    the copy (with the byte rotation in it, when it has one: 16 cycles, no
    temporary); a byte rotation in place needs a temporary."""
    a_, b_ = SIGMA[lane]
    plans = [("split", a_, b_), ("split", b_, a_),
             ("nest", (b_ - a_) % 64, a_), ("nest", (a_ - b_) % 64, b_)]
    best = None
    for plan in plans:
        _, r1, r2 = plan
        (c1, t1), (c2, t2) = rot_cost(r1), rot_cost(r2)
        cost = c1 + c2 + (3 if t1 else 4)
        key = (cost, t2)
        if best is None or key < best[0]:
            best = (key, plan)
    (cost, tmp), plan = best
    return cost, tmp, plan


def linear(a: Asm, regs: Regs, lane: int, keep: set[int], want: dict) -> None:
    _, need_tmp, (form, r1, r2) = lane_plan(lane)
    a.note(f"linear layer, x{lane} ^= (x{lane} >>> {SIGMA[lane][0]}) ^ (x{lane} >>> {SIGMA[lane][1]})"
           + (f" as x ^ ((x ^ (x >>> {r1})) >>> {r2})" if form == "nest" else ""))
    loads = [j for j in range(4) if (lane, j) not in regs.held]
    if len(loads) >= 3 and loads == list(range(loads[0], loads[0] + len(loads))):
        o = off(lane, loads[0])
        d = abs(o - regs.pofs)
        if not regs.pointed(o) and 1 + const_cycles(d) < len(loads):
            regs.seek(a, o, comment="P to the lane's words")
    x = [regs.get(a, lane, j, inc=True) for j in range(4)]
    # the copy's registers, chosen so that kept words land where the loop wants them
    q1, q2 = rot_q(r1), rot_q(r2)
    if form == "split":
        home = {(j + q1) % 4: j for j in range(4)}
    else:
        home = {(((j + q2) % 4) + q1) % 4: j for j in range(4)}
    c = [None] * 4
    for k in sorted(range(4), key=lambda k: home[k] not in keep):  # wanted ones first
        j = home[k]
        c[k] = regs.take(want.get((lane, j)) if j in keep else None)
    tmp = regs.take() if need_tmp else None
    a.note(f"X = x{lane} words 0..3 in {', '.join(x)}; C in {', '.join(c)}"
           + (f"; temporary {tmp}" if tmp else ""))
    q = rotate(a, c, r1, None, "C", src=x)
    assert q == q1
    s = [c[(j + q1) % 4] for j in range(4)]
    for j in range(4):
        a("xor", x[j], s[j], comment=f"word {j}: x ^ (x >>> {r1})" if j == 0 else "")
    if form == "split":
        q = rotate(a, x, r2, lambda: tmp, f"x{lane}")
        for j in range(4):
            a("xor", x[(j + q) % 4], s[j], comment=f"word {j}: ... ^ (x >>> {r2})" if j == 0 else "")
        y = s
    else:
        q = rotate(a, s, r2, lambda: tmp, "C")
        y = [s[(j + q) % 4] for j in range(4)]
        for j in range(4):
            a("xor", x[j], y[j], comment=f"word {j}: x ^ (C >>> {r2})" if j == 0 else "")
    assert q == q2
    for r in x:
        regs.give(r)
    if tmp:
        regs.give(tmp)
    a.note(f"x{lane} words 0..3 now in {', '.join(y)}"
           + (f"; words {', '.join(str(j) for j in sorted(keep))} stay" if keep else ""))
    for j in range(4):
        regs.put(a, lane, j, y[j], j in keep)


def column(a: Asm, regs: Regs, j: int, keep: set[int], rc: bool) -> None:
    a.note(f"S-box on column {j} (word {j} of x0..x4)")
    x = [regs.get(a, i, j) for i in range(5)]
    if rc:
        a("xor", RC, x[2], comment="x2 ^= round constant")
    t = [regs.take() for _ in range(3)]
    a.note(f"x0..x4 word {j} in {', '.join(x)}; t0..t2 = {', '.join(t)}"
           + (f"; x{', x'.join(str(i) for i in sorted(keep))} word {j} stay" if keep else ""))
    sbox(a, x, t)
    for r in t:
        regs.give(r)
    for i in range(5):
        regs.put(a, i, j, x[i], i in keep)


# What stays in registers between blocks: the round is the columns 0..3,
# then the lanes in LANES order; KEEP_COL[j] = lanes whose word j stays
# after column j, KEEP_LANE[i] = words of lane i that stay after its linear.
# Each block uses 8 of the 10 data registers (9 for x4, whose byte rotation
# is in place), so 1 or 2 words can wait in registers across it.
COLUMNS = [0, 1, 2, 3]
LANES = [0, 4, 1, 2, 3]
KEEP_COL = {0: set(), 1: {0}, 2: {0}, 3: {0, 1, 4}}
KEEP_LANE = {0: set(), 4: set(), 1: {0}, 2: {0}, 3: {0, 1, 2}}
P_ENTRY = 32  # where P points at the top of the round loop
# (found by trying every order of the columns and of the lanes, the held
# words of each chosen greedily, shortest wait first, within the spare
# registers, and every P_ENTRY: the fewest cycles by SLAU049's table)


def round_body(a: Asm, regs: Regs, want: dict) -> None:
    for j in COLUMNS:
        column(a, regs, j, KEEP_COL[j], rc=j == 0)
    for i in LANES:
        linear(a, regs, i, KEEP_LANE[i], want)
    regs.seek(a, P_ENTRY, comment="P back")


SMALL_LANES = [1, 2, 3, 4, 0]


def small_body(a: Asm, regs: Regs) -> None:
    """small: the S-box in a loop over the four columns, P and Q walking
    them (x0's and x1's words by @P+ and @Q+, the others indexed from P),
    then the lanes unrolled as in fast (lane 1 read through P, the others
    through Q), nothing held between the passes."""
    x = [regs.take() for _ in range(5)]
    t = [regs.take() for _ in range(3)]
    n = regs.take()
    a("xor.b", RC, regs.at(off(2, 0)), comment="x2 ^= round constant (the low byte)")
    a("mov", "#4", n, comment="4 columns")
    a.label(".Lcolumn")
    a.note(f"S-box on column j: P = the state + 2j, {regs.q} = P + 8; word j of x0..x4")
    a("mov", f"@{P}+", x[0], comment="x0 word j; P = the next column")
    a("mov", f"@{regs.q}+", x[1], comment=f"x1 word j; {regs.q} = the next column")
    for i in range(2, 5):
        a("mov", f"{8 * i - 2}({P})", x[i], comment=f"x{i} word j")
    a.note(f"x0..x4 word j in {', '.join(x)}; t0..t2 = {', '.join(t)}")
    sbox(a, x, t)
    for i in range(5):
        a("mov", x[i], f"{8 * i - 2}({P})", comment=f"x{i} word j")
    a("dec", n)
    a("jne", ".Lcolumn")
    for r in x + t + [n]:
        regs.give(r)
    regs.pofs += 8
    regs.qofs += 8
    for i in SMALL_LANES:
        if i == 0:
            regs.seek_q(a, 0, comment=f"{regs.q} to x0")
        linear(a, regs, i, set(), {})
    regs.seek(a, 0, comment="P back")
    assert regs.qofs == 8


def fixup(a: Asm, regs: Regs, want: dict) -> None:
    """Move the held words into the registers the loop's top expects."""
    assert set(regs.held) == set(want)
    moves = {regs.held[k]: want[k] for k in want if regs.held[k] != want[k]}
    while moves:
        ready = [s for s, d in moves.items() if d not in moves]
        if ready:
            s = ready[0]
            a("mov", s, moves[s], comment="held word to its register")
            regs.give(moves[s]) if False else None
            del moves[s]
        else:  # a cycle: break it through a free register
            s, d = next(iter(moves.items()))
            t = regs.free[0]
            a("mov", s, t)
            del moves[s]
            moves[t] = d
    regs.held = dict(want)


def fast_rounds(a: Asm, variant: str) -> None:
    # the words held at the loop's entry: what the body leaves held at its
    # end (a fixed point of the allocation, else moves at the loop's end)
    entry: dict = {}
    for _ in range(8):
        regs = Regs(entry, P_ENTRY)
        round_body(Asm(variant), regs, entry)
        if regs.held == entry:
            break
        entry = regs.held
    regs = Regs({}, 0)
    regs.seek(a, P_ENTRY)
    for (lane, word), r in sorted(entry.items()):
        a("mov", regs.at(off(lane, word)), r, comment="held from round to round")
    a.label(".Lround")
    regs = Regs(entry, P_ENTRY)
    round_body(a, regs, entry)
    fixup(a, regs, entry)
    a("sub", "#15", RC, comment="the next round constant")
    a("cmp", f"#{LAST_RC}", RC)
    a("jne", ".Lround")
    for (lane, word), r in sorted(regs.held.items()):
        a("mov", r, regs.at(off(lane, word)), comment="held words back")
    regs.seek(a, 0, comment="P = the state again")


OPS = [("absorb", "S ^= in"), ("encrypt", "S ^= in, out = S"), ("decrypt", "out = S ^ in, S = in")]


def rate_word(a: Asm, op: str, k: int, little: bool) -> None:
    """Rate bytes k, k+1 of the input (r14, moving) with their state word
    (little-endian lanes: state bytes k, k+1 are the word at k; big-endian,
    as Ascon v1.2 and ISAP read the lanes: the word at 8i + 6 - (k - 8i) has
    byte k high and k+1 low); out bytes k, k+1 at k(r13) and k+1(r13)."""
    o = k if little else 8 * (k // 8) + 6 - (k % 8)
    if little:
        a("mov.b", "@r14+", "r4", comment=f"in byte {k}")
        a("mov.b", "@r14+", "r5")
        a("swpb", "r5")
        a("bis", "r5", "r4", comment=f"state word at byte {o}: in bytes {k}, {k + 1}")
    else:
        a("mov.b", "@r14+", "r4", comment=f"in byte {k}")
        a("swpb", "r4")
        a("mov.b", "@r14+", "r5")
        a("bis", "r5", "r4", comment=f"state word at byte {o}: in byte {k} high, {k + 1} low")
    dst = f"{o}({P})"
    if op == "absorb":
        a("xor", "r4", dst)
        return
    if op == "decrypt":
        a("mov", "r4", "r6", comment="the ciphertext word: the new state word")
    a("xor", dst, "r4", comment="ciphertext" if op == "encrypt" else "plaintext")
    a("mov", "r6" if op == "decrypt" else "r4", dst)
    if not little:
        a("swpb", "r4")
    a("mov.b", "r4", f"{k}(r13)")
    a("swpb", "r4")
    a("mov.b", "r4", f"{k + 1}(r13)")


def blocks(a: Asm, op: str, what: str, little: bool) -> None:
    sym = f"LWC_SYM(ascon_msp430_{op})"
    head(a, sym, SAVED, f"r12 = state, r13 = out, r14 = in, r15 = n > 0 rate blocks: {what}, "
         "then p^ASCON_PB, n times (any alignment; out may be in)")
    a.label(f".L{op}")
    for k in range(0, 16, 2):
        if k == 8:
            a.raw("#if ASCON_RATE == 16")
        rate_word(a, op, k, little)
    a.raw("#endif")
    a("push", "r13")
    a("push", "r14")
    a("push", "r15")
    a("mov", "#0x3c + 15 * ASCON_PB", RC, comment="p^ASCON_PB")
    a("call", "#.Lcore")
    a("pop", "r15")
    a("pop", "r14")
    a("pop", "r13")
    if op != "absorb":
        a("add", "#ASCON_RATE", "r13", comment="out: the next block")
    a("dec", "r15")
    a("jne", f".L{op}")
    tail(a, SAVED)
    size(a, sym)


def generate(variant: str) -> str:
    a = Asm(variant)
    sym = "LWC_SYM(ascon_msp430_permute)"
    kind = ("small: the S-box looped over the columns, nothing held between the passes."
            if variant == "small" else
            "fast: the S-box unrolled, words held in registers between the passes.")
    a.banner("src/ascon/msp430/gen.py", f"""\
MSP430 (clang's EABI: r12 = state, r13 = first round constant; r4-r10 saved by the callee).
State in RAM: lane i at r12+8i .. r12+8i+7, word 0 the least significant.
r13 = round constant; data in r4-r11, r14, r15 (S-box: the five words of a
column and three temporaries; linear layer: the lane, its copy, one temporary).
{kind}""")
    a.raw('#include "asmgen/sym.h"')
    a.raw("")
    if variant == "small":
        # 9 data registers, r10 the second pointer; r13 holds the rounds
        # left - 1 in its high byte, the round constant in its low
        head(a, sym, SMALL_SAVED, "r12 = state, r13 = (n - 1) << 8 | 0x3c + 15 n: p^n (n = 1..12), "
             "the last n rounds of p^12")
        a("mov", P, SMALL_Q)
        a("add", "#8", SMALL_Q, comment=f"{SMALL_Q} = x1")
        a.label(".Lround")
        regs = Regs({}, 0, SMALL_DATA)
        regs.q, regs.qofs = SMALL_Q, 8
        small_body(a, regs)
        a("sub", f"#0x{0x100 + 15:x}", RC, comment="one round less, the next round constant")
        a("jge", ".Lround", comment="until the high byte goes below 0")
        tail(a, SMALL_SAVED)
        size(a, sym)
    else:
        a.note("the rounds, for the entries below: r12 = state, r13 = the first round's")
        a.note("constant; r4-r11, r14, r15 changed")
        a.raw("    .text")
        a.raw("    .p2align 1")
        a.label(".Lcore")
        fast_rounds(a, variant)
        a("ret")
        head(a, sym, SAVED, "r12 = state, r13 = 0x3c + 15 n: p^n (n = 1..12), the last n rounds of p^12")
        a("call", "#.Lcore")
        tail(a, SAVED)
        size(a, sym)
        a.raw("")
        a.raw("#if defined(ASCON_RATE) && defined(ASCON_PB)")
        a.note("whole rate blocks for the modes' streaming (sponge.h: ASCON_BLOCKS)")
        for op, what in OPS:
            a.raw("#if ASCON_LITTLE_ENDIAN")
            blocks(a, op, what, True)
            a.raw("#else")
            blocks(a, op, what, False)
            a.raw("#endif")
        a.raw("#endif")
    return text(a)


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
