#!/usr/bin/env python3
"""Generate the ARMv7-M (Cortex-M3, Thumb-2) assembly of Xoodoo.

    python3 -m src.xoodoo.armv7m.gen        # rewrite src/xoodoo/armv7m/*.S

The state is the C perm_state_t (core/perm.h, the word view): lane (x, y) of the
specification is word x + 4y.  During the permutation the twelve lanes are
in r2-r12 and lr (one LDM, one STM), r0 and r1 are the two temporaries
(low registers: an EOR of two low registers without a shift is 16-bit);
the state pointer waits on the stack.  Two variants:

    fast    xoodoo_armv7m_permute12: the twelve rounds unrolled, no
            instruction spent on a rotation or a lane move (below), the
            round constants as immediates; xoodoo_armv7m_permute(s, n)
            enters the same rounds at round 12 - n (a TBH), the lanes first
            moved and rotated to that round's registers and frames
    small   xoodoo_armv7m_permute(s, n): one round in a loop over a table
            of the round constants (a byte each, rc_byte(); a zero ends
            it); xoodoo_armv7m_permute12 sets n = 12 and falls into it

Lazy rotations.  A register v need not hold its lane L itself but L
rotated: L = v >>> s, s the register's *frame* (0..31).  Every operation
of a round reads one of its two sources through the barrel shifter, so a
source in frame s used in frame d is read as `v, ror #(s - d)`, and the
result is in the frame of the unshifted source.  Then rho-west's A2 <<< 11
and rho-east's A1 <<< 1 and A2 <<< 8 change frames (s -= 11, 1, 8) and
emit nothing; theta's E = P <<< 5 ^ P <<< 14 is e = P ^ (P >>> 23) in P's
frame and E = e in that frame minus 5.  The lane moves of rho-west
(A1[x] = A1[x-1]) and rho-east (A2[x] = A2[x-2]) are renamings of the
registers, which come back to r2-r12, lr in order after four rounds.

Frames left alone drift (plane 1 by -1 a round, plane 2 by -19) and the
state would need eight rotations before it is stored.  But each result
can take the frame of either source: theta's lane ^= E the lane's or E's,
chi's three xors their lane's or the and-not's.  path() searches these
choices (one per plane, the same in every column) for four rounds that
lead from frames (0, 0, 0) back to (0, 0, 0) (planes 0, 1, 2); with the
lane moves' period of four, the twelve rounds are that cycle three times,
and the state goes back to memory as it came (LDM, STM, no rotation).

A round, 49 one-cycle instructions (the pairs of columns (x-1, x) of theta
held in the two temporaries, so that P[x] is read before column x changes):

    theta    P[x] = A0[x] ^ A1[x] ^ A2[x] (two EORs), e = P ^ (P >>> 23)
             (one), lane ^= E (one a lane): 24
    iota     one EOR with an immediate (the constant rotated into lane
             (0, 0)'s frame)
    chi      column by column in place with one temporary:
                 t = A2 & ~A1;  A0 ^= t
                 t = A0 & ~A2;  A1 ^= t
                 t = A1 & ~A0;  A2 ^= t
             six (BIC and EOR) a column: 24.  The new A0 may stand for the
             old one in the second line (they differ only where A2 is 1),
             the new A0 and A1 for the old ones in the third (where the old
             A1 is 1, A0 is unchanged; where it is 0, the new A1 is 1 only
             if A0 is 1 and then the new A0 is too)

The small variant cannot rename in a loop: at the end of each round it
puts each lane back in its register and frame 0 with eight RORs, three of
which also make the moves (rho-west's 4-cycle in plane 1, rho-east's two
swaps in plane 2, with r0 as the spare), and three MOVs; its frames are
left alone but for P, computed from plane 1's lane first (SMALL: plane
0's lane then comes last, unshifted, a 16-bit EOR).  The modes and the
benchmark call the constant 12: backend_armv7m.h picks permute12, which
in small sets the count and falls into the loop.

Nothing branches on the state or indexes memory with it.
"""
from __future__ import annotations

import pathlib
import sys

from src.asmgen.armv7m import Asm
from src.asmgen.emitter import text, write

HERE = pathlib.Path(__file__).resolve().parent


LOW = {f"r{k}" for k in range(8)}

VARIANTS = ["fast", "small"]
# the round constants of Xoodoo[12], rounds 0 .. 11 (the specification's table)
RC = [0x058, 0x038, 0x3C0, 0x0D0, 0x120, 0x014, 0x060, 0x02C, 0x380, 0x0F0, 0x1A0, 0x012]
REGS = [f"r{k}" for k in range(2, 13)] + ["lr"]  # lane (x, y) starts in REGS[x + 4y]
T0, T1 = "r0", "r1"  # the temporaries (low: 16-bit forms where no shift is needed)
P_ROT = 23            # P <<< 9 is P >>> 23
E_ROT = 5             # E = (P ^ P <<< 9) <<< 5


def rol(v: int, k: int) -> int:
    k %= 32
    return ((v << k) | (v >> (32 - k))) & 0xFFFFFFFF if k else v


def thumb_imm(v: int) -> bool:
    """Is v a Thumb-2 modified immediate: 0x000000ab, 0x00ab00ab, 0xab00ab00,
    0xabababab, or 1bcdefgh rotated right by 8 .. 31?"""
    lo, hi = v & 0xFF, v >> 8 & 0xFF
    if v < 0x100 or v in (lo * 0x00010001, lo * 0x01010101, hi * 0x01000100):
        return True
    return any(0x80 <= rol(v, k) <= 0xFF for k in range(8, 32))


# -- frames: the choices of a round and where they lead --------------------------
# A round's choice: (p, th, ch).  p: the plane whose lane is P's unshifted
# source (P, then E, in its frame); th[y]: plane y's lanes take E's frame
# in theta; ch[y]: chi's result for plane y takes the and-not's frame.
CHOICES = [(p, (t0, t1, t2), (c0, c1, c2))
           for t0 in (0, 1) for t1 in (0, 1) for t2 in (0, 1)
           for c0 in (0, 1) for c1 in (0, 1) for c2 in (0, 1) for p in (0, 1, 2)]


def next_frames(f: tuple[int, int, int], choice) -> tuple[int, int, int]:
    """The planes' frames after a round from frames f (the model of round())."""
    p, th, ch = choice
    e = (f[p] - E_ROT) % 32
    h = [e if th[y] else f[y] for y in range(3)]
    g0, g1, g2 = h[0], h[1], (h[2] - 11) % 32        # rho-west
    c0 = g2 if ch[0] else g0                          # chi
    c1 = c0 if ch[1] else g1
    c2 = c1 if ch[2] else g2
    return c0, (c1 - 1) % 32, (c2 - 8) % 32           # rho-east


def path(rounds: int = 4) -> list:
    """Choices of `rounds` rounds from frames (0, 0, 0) back to (0, 0, 0):
    breadth first, the choices in CHOICES' order (no frame change first),
    so the answer is always the same."""
    layers = [{(0, 0, 0): None}]
    for r in range(rounds):
        nxt: dict = {}
        last = r == rounds - 1
        for f in layers[-1]:
            for c in CHOICES:
                nf = next_frames(f, c)
                if (nf == (0, 0, 0) or not last) and nf not in nxt:
                    nxt[nf] = (f, c)
        layers.append(nxt)
    assert (0, 0, 0) in layers[-1], "no cycle of frames"
    out, f = [], (0, 0, 0)
    for layer in reversed(layers[1:]):
        f, c = layer[f]
        out.append(c)
    return out[::-1]


# -- the round -----------------------------------------------------------------
class Lanes:
    """Where each lane (y, x) is: its register and frame."""

    def __init__(self) -> None:
        self.reg = {(y, x): REGS[4 * y + x] for y in range(3) for x in range(4)}
        self.fr = {k: 0 for k in self.reg}

    def src(self, lane, frame: int) -> tuple[str, str]:
        """The register of lane and the shift that reads it in `frame`."""
        k = (self.fr[lane] - frame) % 32
        return self.reg[lane], (f"ror #{k}" if k else "")

    def frames(self) -> tuple[int, int, int]:
        out = []
        for y in range(3):
            fs = {self.fr[(y, x)] for x in range(4)}
            assert len(fs) == 1, (y, fs)
            out.append(fs.pop())
        return tuple(out)


def theta(a: Asm, st: Lanes, p: int, th) -> None:
    def parity(t: str, x: int) -> int:
        first = (p, x)
        fp = st.fr[first]
        # the source read without a shift, if any, last: then a 16-bit EOR
        # may take it (t ^= it, low registers)
        rest = sorted((y, x) for y in range(3) if y != p)
        rest.sort(key=lambda l: (st.fr[l] == fp and st.reg[l] in LOW))
        r, sh = st.src(rest[0], fp)
        a.alu("eor", t, st.reg[first], r, sh, comment=f"P[{x}] = A0[{x}] ^ A1[{x}] ^ A2[{x}]")
        r, sh = st.src(rest[1], fp)
        a.alu("eor", t, t, r, sh)
        return fp

    def effect(t: str, fp: int, x: int) -> int:
        a("eor", t, t, f"{t}, ror #{P_ROT}", comment=f"E[{x}] = (P[{x - 1 & 3}] ^ P[{x - 1 & 3}] <<< 9) <<< 5")
        return (fp - E_ROT) % 32

    def apply(t: str, fe: int, x: int) -> None:
        for y in range(3):
            lane = (y, x)
            r = st.reg[lane]
            if th[y]:
                k = (st.fr[lane] - fe) % 32
                a.alu("eor", r, t, r, f"ror #{k}" if k else "",
                      comment=f"A{y}[{x}] ^= E[{x}] (in E's frame)" if y == 0 or k else "")
                st.fr[lane] = fe
            else:
                k = (fe - st.fr[lane]) % 32
                a.alu("eor", r, r, t, f"ror #{k}" if k else "",
                      comment=f"A{y}[{x}] ^= E[{x}]" if y == 0 else "")

    a.note("theta: E[x] from the parity of column x - 1, each P read before its column changes")
    f3 = parity(T0, 3)
    f0 = parity(T1, 0)
    apply(T0, effect(T0, f3, 0), 0)
    f1 = parity(T0, 1)
    apply(T1, effect(T1, f0, 1), 1)
    f2 = parity(T1, 2)
    apply(T0, effect(T0, f1, 2), 2)
    apply(T1, effect(T1, f2, 3), 3)


def rho_west(st: Lanes) -> None:
    """A1[x] = A1[x-1], A2 <<< 11: a renaming and a change of frames."""
    reg, fr = dict(st.reg), dict(st.fr)
    for x in range(4):
        st.reg[(1, x)], st.fr[(1, x)] = reg[(1, x - 1 & 3)], fr[(1, x - 1 & 3)]
        st.fr[(2, x)] = (fr[(2, x)] - 11) % 32


def rho_east(st: Lanes) -> None:
    """A1 <<< 1, A2[x] = A2[x-2] <<< 8."""
    reg, fr = dict(st.reg), dict(st.fr)
    for x in range(4):
        st.fr[(1, x)] = (fr[(1, x)] - 1) % 32
        st.reg[(2, x)], st.fr[(2, x)] = reg[(2, x - 2 & 3)], (fr[(2, x - 2 & 3)] - 8) % 32


def iota(a: Asm, st: Lanes, rc: int) -> None:
    imm = rol(rc, st.fr[(0, 0)])
    assert thumb_imm(imm), hex(imm)
    r = st.reg[(0, 0)]
    a("eor", r, r, f"#0x{imm:x}", comment=f"iota: A0[0] ^= 0x{rc:03x}"
      + (f" (<<< {st.fr[(0, 0)]}, the lane's frame)" if st.fr[(0, 0)] else ""))


def chi(a: Asm, st: Lanes, ch) -> None:
    a.note("chi, column by column: A0 ^= A2 & ~A1, A1 ^= A0 & ~A2, A2 ^= A1 & ~A0")
    for x in range(4):
        l0, l1, l2 = (0, x), (1, x), (2, x)
        for y, (dst, pos, neg) in enumerate(((l0, l2, l1), (l1, l0, l2), (l2, l1, l0))):
            ft = st.fr[pos]
            r, sh = st.src(neg, ft)
            a.alu("bic", T0, st.reg[pos], r, sh,
                  comment=f"t = A{pos[0]}[{x}] & ~A{neg[0]}[{x}]")
            rd = st.reg[dst]
            if ch[y]:
                k = (st.fr[dst] - ft) % 32
                a.alu("eor", rd, T0, rd, f"ror #{k}" if k else "", comment=f"A{y}[{x}] ^= t (in t's frame)")
                st.fr[dst] = ft
            else:
                k = (ft - st.fr[dst]) % 32
                a.alu("eor", rd, rd, T0, f"ror #{k}" if k else "", comment=f"A{y}[{x}] ^= t")


def round_(a: Asm, st: Lanes, rc: int | None, choice) -> None:
    """One round; rc None: the constant is in T1 when iota comes (small)."""
    p, th, ch = choice
    before = st.frames()
    theta(a, st, p, th)
    rho_west(st)
    if rc is None:
        iota_loaded(a, st)
    else:
        iota(a, st, rc)
    chi(a, st, ch)
    rho_east(st)
    assert st.frames() == next_frames(before, choice), (before, choice, st.frames())


SMALL = (1, (0, 0, 0), (0, 0, 0))  # the small variant's choices: P from plane 1 first (its 16-bit EORs)
STATE = "{r2-r12, lr}"


def iota_loaded(a: Asm, st: Lanes) -> None:
    """small: the next constant from the table (its pointer at [sp, #4]),
    decoded from its byte (rc_byte), rotated into lane (0, 0)'s frame."""
    a("ldr", T0, "[sp, #4]", comment="iota: the constant pointer")
    a("ldrb", T1, f"[{T0}], #1")
    a("str", T0, "[sp, #4]")
    a("lsrs", T0, T1, "#4", comment="s (the byte's bits 7..4)")
    a("rors", T0, T1, comment="s >>> (32 - k) = s << k (the byte mod 32)")
    r = st.reg[(0, 0)]
    k = (-st.fr[(0, 0)]) % 32
    a.alu("eor", r, r, T0, f"ror #{k}" if k else "", comment="A0[0] ^= the round's constant")


def arrange(a: Asm, st: Lanes, want: dict, want_fr: dict, spare: str) -> None:
    """Every lane to register want[lane] in frame want_fr[lane]: a cycle of
    moves goes through the spare (its first register's lane to the spare,
    each register then filled from the one holding its lane, the spare into
    the last), rotating on the way (ROR rather than MOV)."""
    def put(rd: str, lane) -> None:
        k = (st.fr[lane] - want_fr[lane]) % 32
        if k:
            a("ror", rd, st.reg[lane], f"#{k}")
        elif rd != st.reg[lane]:
            a("mov", rd, st.reg[lane])

    moved = set()
    for lane in sorted(want):
        if lane in moved:
            continue
        moved.add(lane)
        if st.reg[lane] == want[lane]:
            put(want[lane], lane)
            continue
        put(spare, lane)
        free = st.reg[lane]
        while True:
            nxt = next(l for l in want if want[l] == free)  # the lane that belongs in `free`
            if nxt == lane:
                break
            put(free, nxt)
            moved.add(nxt)
            free = st.reg[nxt]
        a("mov", free, spare)
        assert free == want[lane]
    st.reg = dict(want)
    st.fr = dict(want_fr)


def home(a: Asm, st: Lanes) -> None:
    """small: every lane back to its register REGS[x + 4y] in frame 0."""
    a.note("each lane back to its own register, frame 0 (rotations, the moves among them)")
    start = Lanes()
    arrange(a, st, start.reg, start.fr, T0)


# -- the functions ---------------------------------------------------------------
def rc_byte(rc: int) -> int:
    """A round constant as one byte.  Each is an odd 4-bit s shifted left by
    k = 1..7: the byte u << 5 | (32 - k), u = s >> 1.  Its bits 7..4 are
    s itself (32 - k has bit 4 set), and a rotation right by the byte (mod
    32, as ROR by a register takes it) is the shift left by k."""
    k = (rc & -rc).bit_length() - 1
    s = rc >> k
    assert s & 1 and s < 16 and 1 <= k <= 7
    b = (s >> 1) << 5 | (32 - k)
    assert b >> 4 == s and rol(s, k) == rc
    return b


def entry(a: Asm, name: str) -> str:
    """A second entry right after the first (no alignment between)."""
    sym = f"LWC_SYM({name})"
    a.raw(f"    .global {sym}")
    a.raw(f"    .type {sym}, %function")
    a.raw("    .thumb_func")
    a.label(sym)
    return sym


def permute_loop(a: Asm, prefix: str) -> None:
    """small: xoodoo_armv7m_permute(s, n), one round in a loop, and a
    permute12 entry before it that sets n = 12 (the modes' calls pass no
    count)."""
    sym12 = a.func("xoodoo_armv7m_permute12")
    a.note("r0 = state: Xoodoo[12], the loop below with r1 = 12")
    a("movs", "r1", "#12")
    a.endfunc(sym12)
    sym = entry(a, "xoodoo_armv7m_permute")
    a.note("r0 = state, r1 = rounds (1..12): the last `rounds` rounds, one round in a loop")
    a("adr", "r2", f"{prefix}rc_end")
    a("subs", "r1", "r2", "r1", comment="the first round's constant")
    a("push", "{r0, r1, r4-r11, lr}", comment="[sp] = state, [sp, #4] = constant pointer")
    a("ldm", "r0", STATE, comment="the twelve lanes")
    a.label(f"{prefix}round")
    st = Lanes()
    round_(a, st, None, SMALL)
    home(a, st)
    a("ldr", T0, "[sp, #4]")
    a("ldrb", T1, f"[{T0}]", comment="the next constant, 0 after the last round")
    a("cmp", T1, "#0")
    a("bne", f"{prefix}round")
    a("pop", "{r0, r1}", comment="the state pointer (and the constant pointer)")
    a("stm", T0, STATE)
    a("pop", "{r4-r11, pc}")
    a.raw("    .balign 4")
    a.label(f"{prefix}rc")
    a.raw("    .byte " + ", ".join(f"0x{rc_byte(c):02x}" for c in RC)
          + "  @ rounds 0 .. 11 (rc_byte)")
    a.label(f"{prefix}rc_end")
    a.raw("    .byte 0")
    a.raw("    .balign 2")
    a.endfunc(sym)


def layouts() -> list[Lanes]:
    """Where the lanes are (registers, frames) at the start of rounds 0..3
    of the unrolled code (then again at 4..7 and 8..11)."""
    out, st, cyc = [], Lanes(), path()
    for i in range(4):
        out.append(Lanes())
        out[-1].reg, out[-1].fr = dict(st.reg), dict(st.fr)
        round_(Asm("dry"), st, RC[i], cyc[i])
    return out


def permute_any(a: Asm) -> None:
    """xoodoo_armv7m_permute(s, n), fast: the unrolled rounds entered at
    round k = 12 - n.  After the LDM the lanes are as at round 0 (and 4, 8);
    for k = 1, 2, 3 mod 4 a stub moves and rotates them to round k's
    registers and frames (arrange, r1 the spare), then a TBH on k."""
    sym = a.func("xoodoo_armv7m_permute")
    a.note("r0 = state, r1 = rounds (1..12): the unrolled rounds from round 12 - rounds")
    a("push", "{r0, r4-r11, lr}", comment="[sp] = the state pointer")
    a("ldm", "r0", STATE, comment="the twelve lanes (frame 0): round 0's, 4's, 8's layout")
    a("rsb", "r0", "r1", "#12", comment="k, the first round")
    a("and", "r1", "r0", "#3")
    a("tbb", "[pc, r1]", comment="k mod 4: the layout to enter with")
    a.label(".Llayouts")
    a.raw("    .byte (.Ldispatch - .Llayouts) / 2, (.Llayout1 - .Llayouts) / 2")
    a.raw("    .byte (.Llayout2 - .Llayouts) / 2, (.Llayout3 - .Llayouts) / 2")
    start = Lanes()
    for c, lay in enumerate(layouts()[1:], 1):
        a.label(f".Llayout{c}")
        a.note(f"the lanes as at round {c} (and {c + 4}, {c + 8})")
        st = Lanes()
        st.reg, st.fr = dict(start.reg), dict(start.fr)
        arrange(a, st, lay.reg, lay.fr, T1)
        if c < 3:
            a("b", ".Ldispatch")
    a.label(".Ldispatch")
    a("tbh", "[pc, r0, lsl #1]", comment="to round k")
    a.label(".Lrounds")
    for i in range(12):
        a.raw(f"    .hword (.Lround{i} - .Lrounds) / 2")
    a.endfunc(sym)


def permute12(a: Asm) -> None:
    sym = a.func("xoodoo_armv7m_permute12")
    cyc = path()
    a.note("r0 = state: Xoodoo[12], the rounds unrolled (entered at round k by permute)")
    a("push", "{r0, r4-r11, lr}", comment="[sp] = the state pointer")
    a("ldm", "r0", STATE, comment="the twelve lanes (frame 0)")
    st = Lanes()
    for i in range(12):
        p, th, ch = cyc[i % 4]
        lanes = " ".join(f"{y}{x}:{st.reg[(y, x)]}" for y in range(3) for x in range(4))
        a.raw("")
        a.label(f".Lround{i}")
        a.note(f"round {i}; frames (A0, A1, A2) = {st.frames()}; lane yx:register {lanes}")
        a.note(f"frames chosen: P in A{p}'s; theta into E's for planes "
               f"{[y for y in range(3) if th[y]] or 'none'}; chi into t's for planes "
               f"{[y for y in range(3) if ch[y]] or 'none'}")
        round_(a, st, RC[i], cyc[i % 4])
    assert st.frames() == (0, 0, 0)
    assert st.reg == Lanes().reg
    a.raw("")
    a("pop", f"{{{T0}}}", comment="the state pointer")
    a("stm", T0, STATE, comment="every lane in its own register, frame 0")
    a("pop", "{r4-r11, pc}")
    a.endfunc(sym)


def generate(variant: str) -> str:
    a = Asm(variant)
    a.banner("src/xoodoo/armv7m/gen.py", """\
ARMv7-M (Cortex-M3), Thumb-2.  The state: 12 little-endian 32-bit lanes,
lane (x, y) at word x + 4y (core/perm.h).  Registers: the lanes r2-r12,
lr (renamed round by round, rotated lazily: see the generator), temporaries
r0, r1; r4-r11 saved.""")
    a.start()
    if variant == "fast":
        permute_any(a)
        a.raw("")
        permute12(a)
    else:
        permute_loop(a, ".L")
    return text(a)


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
