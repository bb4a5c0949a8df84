#!/usr/bin/env python3
"""Generate the ARMv6-M (Cortex-M0/M0+, Thumb-1) assembly of Gimli-24.

    python3 -m src.gimli.armv6m.gen        # rewrite src/gimli/armv6m/*.S

The state is the 48-byte string of common.h, on this little-endian core the
twelve words s[0][0..3] (row 0, x), s[1][0..3] (y), s[2][0..3] (z), kept
word-aligned (backend_armv6m.h: core/perm.h's PERM_VIEW_WORDS32).  Both
variants keep the twelve words in the fourteen registers r0-r12, lr from
the loads to the stores (no other state in memory).  small: one round in a
loop, the registers moved back to its map and the swaps done as MOVs after
it (small()).  fast: four rounds unrolled in a loop (the swaps' period: a
small swap after rounds r = 0 mod 4, a big one after r = 2 mod 4), the
round constant 0x9e377900 ^ r kept on the stack and counted down by 4 a
loop.

Thumb-1 reaches the low registers r0-r7 alone for its ALU operations, has
no barrel shifter and rotates by a register only.  So a column's SP-box
runs with its three words and two temporaries in low registers, the
rotations by an amount MOVS'd into a temporary first (sp_box(): 19
one-cycle operations):

    a = 8;  x = x >>> a               x <<< 24 of the specification
    a = 23; y = y >>> a               y <<< 9
    a = (z << 1) ^ x ^ ((y & z) << 2)          s2
    b = ((x | z) << 1) ^ x ^ y                 s1
    x = ((x & y) << 3) ^ z ^ y                 s0

and the new words end in x's register, b and a (y's and z's are free
after).  A round takes the two columns whose words are in low registers
(with two temporaries: all eight), then trades their six new words for the
other two columns' words in the high registers (12 MOVs, a free low
register breaking each exchange), then those two columns: 4 x 19 + 12 = 88
operations a round.  The swaps rename row 0's words (no move), but a big
swap leaves two x words on the wrong side: the next round trades them
(4 MOVs); the loop's body ends with the moves that bring the registers
back to the map it started with.  gimli_armv6m_permute(state, rounds)
(0 .. 24: the last `rounds` rounds) loads the state into the map of the
round it enters (one loader for each of the four rounds of the body) and
stores it from the body's map at the end.
"""
from __future__ import annotations

import pathlib
import sys

from src.asmgen.armv6m import LOW, Asm
from src.asmgen.emitter import text, write

HERE = pathlib.Path(__file__).resolve().parent

VARIANTS = ["fast", "small"]
RC = 0x9E377900
HIGH = ["r8", "r9", "r10", "r11", "r12", "lr"]
F_PTR = 0  # [sp]: the state pointer
F_RC = 4   # [sp, #4]: 0x9e377900 ^ r of the body's first round (r = 0 mod 4)


class Map:
    """Where each word is: ('x'|'y'|'z', column) -> register."""

    def __init__(self, where: dict):
        self.where = dict(where)

    def reg(self, w) -> str:
        return self.where[w]

    def word_in(self, r: str):
        return next((w for w, q in self.where.items() if q == r), None)

    def free_low(self) -> list[str]:
        used = set(self.where.values())
        return [r for r in LOW if r not in used]

    def free_high(self) -> list[str]:
        used = set(self.where.values())
        return [r for r in HIGH if r not in used]

    def copy(self) -> "Map":
        return Map(self.where)


def start_map() -> Map:
    """The map of the body's first round: columns 0 and 1 low (x, y, z of
    column 0 in r0-r2, of column 1 in r3-r5; r6, r7 free), columns 2 and 3
    in r8-r12, lr."""
    w = {}
    lows = iter(["r0", "r1", "r2", "r3", "r4", "r5"])
    highs = iter(HIGH)
    for j in range(4):
        for row in "xyz":
            w[(row, j)] = next(lows) if j < 2 else next(highs)
    return Map(w)


def exchange(a: Asm, m: Map, down, up) -> None:
    """Word `down` (in a high register) to a free low register, word `up`
    (in a low register) to the high register it left: two MOVs."""
    f = m.free_low()[0]
    h = m.reg(down)
    a("mov", f, h, comment=f"{down[0]}{down[1]} down")
    m.where[down] = f
    a("mov", h, m.reg(up), comment=f"{up[0]}{up[1]} up")
    m.where[up] = h


def sp_box(a: Asm, m: Map, j: int) -> None:
    """The SP-box on column j (its words in low registers, two low registers
    free)."""
    x, y, z = m.reg(("x", j)), m.reg(("y", j)), m.reg(("z", j))
    ta, tb = m.free_low()[:2]
    a.note(f"column {j}: x, y, z in {x}, {y}, {z}")
    a("movs", ta, "#8")
    a("rors", x, ta, comment="x = x <<< 24")
    a("movs", ta, "#23")
    a("rors", y, ta, comment="y = y <<< 9")
    a("lsls", ta, z, "#1")
    a("eors", ta, x)
    a("mov", tb, y)
    a("ands", tb, z)
    a("lsls", tb, tb, "#2")
    a("eors", ta, tb, comment="s2 = x ^ (z << 1) ^ ((y & z) << 2)")
    a("mov", tb, x)
    a("orrs", tb, z)
    a("lsls", tb, tb, "#1")
    a("eors", tb, x)
    a("eors", tb, y, comment="s1 = y ^ x ^ ((x | z) << 1)")
    a("ands", x, y)
    a("lsls", x, x, "#3")
    a("eors", x, z)
    a("eors", x, y, comment="s0 = z ^ y ^ ((x & y) << 3)")
    m.where[("y", j)] = tb
    m.where[("z", j)] = ta


def low_count(m: Map, j: int) -> int:
    return sum(m.reg((row, j)) in LOW for row in "xyz")


def one_round(a: Asm, m: Map, r: int) -> None:
    """Round r (its residue mod 4 picks the swap after it, and after the
    small swap the constant, at [sp, #F_RC], added to s[0][0])."""
    # the two columns most in low registers first
    order = sorted(range(4), key=lambda j: (-low_count(m, j), j))
    first, second = order[:2], order[2:]
    # bring the first pair's words down (a big swap left x words up)
    for j in first:
        for row in "xyz":
            w = (row, j)
            if m.reg(w) not in LOW:
                up = next(v for v, q in m.where.items() if q in LOW and v[1] in second)
                exchange(a, m, w, up)
    for j in first:
        sp_box(a, m, j)
    a.note("the new words of the first two columns up, the other two columns down")
    for j in second:
        for row in "xyz":
            w = (row, j)
            if m.reg(w) not in LOW:
                up = next(v for v, q in m.where.items() if q in LOW and v[1] in first)
                exchange(a, m, w, up)
    for j in second:
        sp_box(a, m, j)
    x = {j: m.reg(("x", j)) for j in range(4)}
    if r % 4 == 0:
        perm = [1, 0, 3, 2]
        a.note("small swap (a renaming): s[0][0] <-> s[0][1], s[0][2] <-> s[0][3]")
    elif r % 4 == 2:
        perm = [2, 3, 0, 1]
        a.note("big swap (a renaming): s[0][0] <-> s[0][2], s[0][1] <-> s[0][3]")
    else:
        return
    for j in range(4):
        m.where[("x", j)] = x[perm[j]]
    if r % 4 == 0:
        x0 = m.reg(("x", 0))
        t, u = m.free_low()[:2]
        a("ldr", t, f"[sp, #{F_RC}]", comment="0x9e377900 ^ r")
        if x0 in LOW:
            a("eors", x0, t, comment="s[0][0] ^= 0x9e377900 ^ r")
        else:
            a("mov", u, x0)
            a("eors", u, t, comment="s[0][0] ^= 0x9e377900 ^ r")
            a("mov", x0, u)


def parallel_moves(a: Asm, m: Map, want: Map) -> int:
    """Registers moved so that m becomes want (a free low register breaks
    the cycles); returns the moves."""
    n = 0
    while True:
        todo = {w: want.reg(w) for w in want.where if m.reg(w) != want.reg(w)}
        if not todo:
            return n
        used = set(m.where.values())
        ready = [(w, r) for w, r in todo.items() if r not in used]
        if ready:
            w, r = ready[0]
            a("mov", r, m.reg(w))
            m.where[w] = r
        else:
            w = next(iter(todo))
            f = m.free_low()[0]
            a("mov", f, m.reg(w))
            m.where[w] = f
        n += 1


def body(a: Asm) -> list[Map]:
    """The loop's body, rounds r, r-1, r-2, r-3 (r = 0 mod 4), labelled
    .Lsub0 .. .Lsub3; returns the map at each label."""
    m = start_map()
    maps = []
    for k in range(4):
        a.label(f".Lsub{k}")
        maps.append(m.copy())
        a.note(f"round r - {k} (r = 0 mod 4 at .Lsub0)" if k else "round r (r = 0 mod 4)")
        one_round(a, m, (4 - k) % 4)
    a.note("the registers back to the body's map")
    parallel_moves(a, m, maps[0])
    return maps


def load(a: Asm, m: Map) -> None:
    """The twelve words at [r0] into the map m (r0 last when it is in it)."""
    order = sorted(m.where, key=lambda w: (m.reg(w) == "r0", m.reg(w) in LOW))
    for w in order:
        off = 4 * ("xyz".index(w[0]) * 4 + w[1])
        r = m.reg(w)
        if r in LOW:
            a("ldr", r, f"[r0, #{off}]", comment=f"{w[0]}{w[1]}")
        else:
            t = next(q for q in LOW if q != "r0" and (m.word_in(q) is None or
                                                     order.index(m.word_in(q)) > order.index(w)))
            a("ldr", t, f"[r0, #{off}]", comment=f"{w[0]}{w[1]}")
            a("mov", r, t)


def store(a: Asm, m: Map) -> None:
    """The map m to the twelve words of the state (pointer at [sp, #4])."""
    p, t = m.free_low()[:2]
    a("ldr", p, f"[sp, #{F_PTR}]", comment="the state pointer")
    for w, r in sorted(m.where.items()):
        off = 4 * ("xyz".index(w[0]) * 4 + w[1])
        if r in LOW:
            a("str", r, f"[{p}, #{off}]", comment=f"{w[0]}{w[1]}")
        else:
            a("mov", t, r)
            a("str", t, f"[{p}, #{off}]", comment=f"{w[0]}{w[1]}")


def permute(a: Asm) -> None:
    code = Asm(a.variant)
    maps = body(code)
    sym = a.func("gimli_armv6m_permute")
    a.note("r0 = state, r1 = rounds (0 .. 24): the last `rounds` rounds of the 24")
    a("cmp", "r1", "#0")
    a("bne", ".Lgo")
    a("bx", "lr", comment="no round: nothing to do")
    a.label(".Lgo")
    a.save()
    a.note("[sp] = the state pointer, [sp, #4] = 0x9e377900 ^ r (r: the body's first round,"
           " rounds rounded up to 0 mod 4)")
    a("movs", "r2", "#3")
    a("ands", "r2", "r1", comment="rounds mod 4")
    a("negs", "r3", "r2")
    a("movs", "r4", "#3")
    a("ands", "r3", "r4", comment="k = (4 - rounds mod 4) mod 4: the round of the body entered")
    a("adds", "r1", "r1", "r3", comment="r = rounds + k")
    a("ldr", "r4", ".Lrc")
    a("adds", "r4", "r4", "r1", comment="0x9e377900 ^ r (r < 256, a multiple of 4)")
    a("b", ".Lrc_over")
    a.raw("    .balign 4")
    a.label(".Lrc")
    a.raw(f"    .word 0x{RC:08x}")
    a.label(".Lrc_over")
    a("push", "{r0, r4}")
    a("cmp", "r3", "#1")
    a("beq", ".Lload1")
    a("cmp", "r3", "#2")
    a("beq", ".Lload2")
    a("cmp", "r3", "#3")
    a("beq", ".Lload3")
    for k in range(4):
        a.label(f".Lload{k}")
        load(a, maps[k])
        a("b", f".Lsub{k}")
    a.lines += code.lines
    t = maps[0].free_low()[0]
    a("ldr", t, f"[sp, #{F_RC}]")
    a("subs", t, "#4", comment="the next body's constant: r - 4")
    a("str", t, f"[sp, #{F_RC}]")
    a("uxtb", t, t)
    a("cmp", t, "#0", comment="r = 0: done")
    a("beq", ".Ldone")
    a("b", ".Lsub0", comment="(beyond a conditional branch's reach)")
    a.label(".Ldone")
    store(a, maps[0])
    a("add", "sp", "#8")
    a.restore()
    a.endfunc(sym)


def small(a: Asm) -> None:
    """gimli_armv6m_permute(s, rounds): one round in a loop from the start
    map back to it (parallel_moves), then by the round's residue mod 4 the
    small swap and the constant, or the big swap, as MOVs through r6; the
    round r counted down on the stack."""
    m = start_map()
    body = Asm(a.variant)
    one_round(body, m, 1)  # r = 1 mod 4: no swap, no constant (done below)
    body.note("the registers back to the round's map")
    parallel_moves(body, m, start_map())
    x = {j: start_map().reg(("x", j)) for j in range(4)}
    sym = a.func("gimli_armv6m_permute")
    a.note("r0 = state, r1 = rounds (0 .. 24): the last `rounds` rounds of the 24, one a loop;"
           " [sp] = the state pointer, [sp, #4] = the round r")
    a("cmp", "r1", "#0")
    a("bne", ".Lgo")
    a("bx", "lr", comment="no round: nothing to do")
    a.label(".Lgo")
    a.save()
    a("push", "{r0, r1}")
    load(a, start_map())
    a.label(".Lround")
    a.lines += body.lines
    a("ldr", "r6", "[sp, #4]", comment="r")
    a("lsls", "r7", "r6", "#31", comment="N = bit 0 of r, C = bit 1")
    a("bmi", ".Lnext", comment="r odd: no swap")
    a("bcs", ".Lbig", comment="r = 2 mod 4: the big swap")
    a.note("r = 0 mod 4: the small swap, then s[0][0] ^= 0x9e377900 ^ r")
    for j, k in ((0, 1), (2, 3)):
        a("mov", "r7", x[j])
        a("mov", x[j], x[k])
        a("mov", x[k], "r7")
    a("ldr", "r7", ".Lrc")
    a("adds", "r7", "r7", "r6", comment="0x9e377900 ^ r (r < 256, a multiple of 4)")
    assert x[0] in LOW
    a("eors", x[0], "r7")
    a("b", ".Lnext")
    a.raw("    .balign 4")
    a.label(".Lrc")
    a.raw(f"    .word 0x{RC:08x}")
    a.label(".Lbig")
    for j, k in ((0, 2), (1, 3)):
        a("mov", "r7", x[j])
        a("mov", x[j], x[k])
        a("mov", x[k], "r7")
    a.label(".Lnext")
    a("subs", "r6", "#1")
    a("str", "r6", "[sp, #4]")
    a("beq", ".Ldone")
    a("b", ".Lround", comment="(beyond a conditional branch's reach)")
    a.label(".Ldone")
    store(a, start_map())
    a("add", "sp", "#8")
    a.restore()
    a.endfunc(sym)


def generate(variant: str) -> str:
    a = Asm(variant)
    a.banner("src/gimli/armv6m/gen.py", f"""\
ARMv6-M (Cortex-M0/M0+), Thumb-1: the Gimli permutation on the 48-byte state
(12 little-endian words s[0][0..3], s[1][0..3], s[2][0..3], word-aligned).
The twelve words in r0-r12, lr (as each round's map says: gen.py), {"one round" if variant == "small" else "four"}
{"in a loop" if variant == "small" else "rounds in a loop"}; r4-r11 saved.""")
    a.start()
    if variant == "small":
        small(a)
    else:
        permute(a)
    return text(a)


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
