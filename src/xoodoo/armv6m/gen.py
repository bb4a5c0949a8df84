#!/usr/bin/env python3
"""Generate the ARMv6-M (Cortex-M0/M0+, Thumb-1) assembly of Xoodoo.

    python3 -m src.xoodoo.armv6m.gen        # rewrite src/xoodoo/armv6m/*.S

The state is the C perm_state_t (core/perm.h, the word view): lane (x, y)
of the specification is word x + 4y, word-aligned.  Two variants:

    fast    the twelve rounds unrolled: xoodoo_armv6m_permute12(state), and
            (in the bare permutation's build, XOODOO_PERM_ROUNDS)
            xoodoo_armv6m_permute(state, n), which enters the same code at
            round 12 - n through a loader of that round's register map
    small   one round in a loop (small()), its constant a halfword of a
            table; permute12 sets n = 12 and falls into permute

Thumb-1 reaches only r0-r7 with its ALU operations, two operands each, and
rotates by a register only; twelve lanes and theta's parities do not fit
the eight low registers.  So the rounds are written first as operations on
named values (the lanes, theta's parity P and effect E, chi's and the
rotations' temporaries: program()), and allocate() then gives every
operation its low registers: a value not in one is brought from a high
register (MOV, one cycle) or from the stack (LDR, two); a low register is
freed by moving its value, the one needed last (Belady's choice), to a
free high register, else to a stack slot (STR).  The lane moves of
rho-west and rho-east are renamings of values: no instruction.

A round, in values (all two-operand, the rotations by an amount MOVS'd
into a temporary):

    theta    P[x] = A0[x] ^ A1[x] ^ A2[x] (a MOV and two EORS), computed
             for column x before the column changes, P[3] first;
             E = P[x-1] ^ (P[x-1] <<< 9), then <<< 5 (MOV, two RORS, an
             EORS: E[x] = P[x-1] <<< 5 ^ P[x-1] <<< 14); A_y[x] ^= E
    rho-west A1[x] = A1[x-1] (a renaming); A2 <<< 11 (four RORS)
    iota     A0[0] ^= the round constant (MOVS, maybe LSLS, EORS)
    chi      column by column in place with one temporary:
                 t = A2 & ~A1;  A0 ^= t       (MOV, BICS, EORS)
                 t = A0 & ~A2;  A1 ^= t
                 t = A1 & ~A0;  A2 ^= t
             (the new A0 may stand for the old one in the second line, the
             new A0 and A1 for the old ones in the third: ARMv7-M's gen.py)
    rho-east A1 <<< 1 (four RORS), A2[x] = A2[x+2] <<< 8 (a renaming, four
             RORS)

Nothing branches on the state or indexes memory with it.
"""
from __future__ import annotations

import pathlib
import sys

from src.asmgen.armv6m import HIGH, LOW, Alloc, Asm, Prog, wipe_slots
from src.asmgen.emitter import text, write

HERE = pathlib.Path(__file__).resolve().parent

VARIANTS = ["fast", "small"]
RC = [0x058, 0x038, 0x3C0, 0x0D0, 0x120, 0x014, 0x060, 0x02C, 0x380, 0x0F0, 0x1A0, 0x012]
SLOTS = 6          # stack slots for spilled values
F_PTR = 4 * SLOTS  # the state pointer, above the slots


# -- the rounds as operations on values ---------------------------------------------
def constant(p: Prog, v: int) -> str:
    """A value holding the immediate v (MOVS, and LSLS when v > 255)."""
    k = p.new("k")
    shift = 0
    while v > 255:
        assert v & 1 == 0
        v >>= 1
        shift += 1
    p("movs", k, v)
    if shift:
        p("lsls", k, shift)
    return k


def rotate_left(p: Prog, vals: list[str], r: int) -> None:
    k = constant(p, (32 - r) % 32)
    for v in vals:
        p("rors", v, k)
    p("kill", k)


def program(first: int = 0) -> tuple[Prog, list[dict], dict]:
    """Rounds first..11 as operations; the lane -> value map at each round's
    start (p.ops' "round" markers) and at the end."""
    p = Prog()
    lane = {(x, y): f"a{x}{y}" for y in range(3) for x in range(4)}
    maps = []
    for i in range(first, 12):
        p("round", i)
        maps.append(dict(lane))

        def iota(p: Prog, lane: dict, i: int = i) -> None:
            k = constant(p, RC[i])
            p("eors", lane[(0, 0)], k)
            p("kill", k)

        one_round(p, lane, iota)
    p("end",)
    return p, maps, dict(lane)


def one_round(p: Prog, lane: dict, iota) -> None:
    """One round's operations on the lanes' values (lane renamed in place);
    iota(p, lane) adds the round constant."""
    # theta
    par = {}

    def parity(x):
        v = p.new("P")
        p("mov", v, lane[(x, 0)])
        p("eors", v, lane[(x, 1)])
        p("eors", v, lane[(x, 2)])
        par[x] = v

    parity(3)
    for x in range(4):
        if x < 3:
            parity(x)
        e = par.pop((x - 1) % 4)
        t = p.new("t")
        p("mov", t, e)
        k = constant(p, 23)
        p("rors", t, k)
        p("kill", k)
        p("eors", e, t)
        p("kill", t)
        k = constant(p, 27)
        p("rors", e, k)
        p("kill", k)
        for y in range(3):
            p("eors", lane[(x, y)], e)
        p("kill", e)
    # rho-west
    lane.update({(x, 1): v for x, v in ((x, lane[((x - 1) % 4, 1)]) for x in range(4))})
    rotate_left(p, [lane[(x, 2)] for x in range(4)], 11)
    iota(p, lane)
    # chi
    for x in range(4):
        a0, a1, a2 = lane[(x, 0)], lane[(x, 1)], lane[(x, 2)]
        for d, s, n in ((a0, a2, a1), (a1, a0, a2), (a2, a1, a0)):
            t = p.new("t")
            p("mov", t, s)
            p("bics", t, n)
            p("eors", d, t)
            p("kill", t)
    # rho-east
    rotate_left(p, [lane[(x, 1)] for x in range(4)], 1)
    lane.update({(x, 2): v for x, v in ((x, lane[((x + 2) % 4, 2)]) for x in range(4))})
    rotate_left(p, [lane[(x, 2)] for x in range(4)], 8)


def initial_map(lanes: dict) -> dict:
    """Lanes x = 0, 1 of every plane... : the first six words low (r0-r5),
    the other six high."""
    regs = ["r0", "r1", "r2", "r3", "r4", "r5"] + HIGH
    order = sorted(lanes.values())
    return {v: regs[k] for k, v in enumerate(order)}


def allocate(a: Asm) -> tuple[list, dict, dict]:
    """The twelve rounds emitted; returns each round's map (value -> place)
    with the lane -> value map, and the final ones."""
    prog, lane_maps, last = program()
    start = initial_map(lane_maps[0])
    al = Alloc(a, prog.ops, start, set(last.values()) | set(lane_maps[0].values()), SLOTS)
    al.run()
    rounds = [(lane_maps[i], where) for i, (_, where) in enumerate(al.labels)]
    return rounds, last, dict(al.where)


# -- the entries ---------------------------------------------------------------------
def offset(lane: tuple[int, int]) -> int:
    x, y = lane
    return 4 * (x + 4 * y)


def load(a: Asm, lanes: dict, where: dict, base: int = 0) -> None:
    """The twelve words at [r0] into a round's places: the high registers'
    and the stack slots' first (through a low register loaded later), the
    low ones after, r0 (the pointer) last.  base: the slots' offset from
    sp."""
    items = sorted(((l, v, where[v]) for l, v in lanes.items()),
                   key=lambda t: (t[2] == "r0", t[2] in LOW))
    spare = next((r for r in LOW[1:] if r not in where.values()),
                 next(r for _l, _v, r in reversed(items) if r in LOW and r != "r0"))
    for l, v, r in items:
        if r in LOW:
            a("ldr", r, f"[r0, #{offset(l)}]", comment=f"lane {l}")
        else:
            a("ldr", spare, f"[r0, #{offset(l)}]", comment=f"lane {l}")
            if r.startswith("s"):
                a("str", spare, f"[sp, #{base + 4 * int(r[1:])}]")
            else:
                a("mov", r, spare)


def store(a: Asm, lanes: dict, where: dict, f_ptr: int = F_PTR) -> None:
    """The final places to the twelve words of the state (pointer above the
    slots): a free low register takes the pointer; a low lane stored first
    lends its register to the others when no second one is free."""
    free = [r for r in LOW if r not in where.values()]
    p = free[0]
    a("ldr", p, f"[sp, #{f_ptr}]", comment="the state pointer")
    todo = sorted(lanes.items(), key=lambda t: (where[t[1]] not in LOW, offset(t[0])))
    if len(free) > 1:
        t = free[1]
    else:
        l, v = todo.pop(0)
        t = where[v]
        a("str", t, f"[{p}, #{offset(l)}]", comment=f"lane {l}")
    for l, v in todo:
        r = where[v]
        if r in LOW:
            a("str", r, f"[{p}, #{offset(l)}]", comment=f"lane {l}")
        else:
            if r.startswith("s"):
                a("ldr", t, f"[sp, #{4 * int(r[1:])}]")
            else:
                a("mov", t, r)
            a("str", t, f"[{p}, #{offset(l)}]", comment=f"lane {l}")


# -- small: one round in a loop -----------------------------------------------------
F_RCP = 4 * SLOTS         # small: the pointer into the constants' table
F_PTR_SMALL = F_RCP + 4   # small: the state pointer, above it


def small(a: Asm) -> None:
    """xoodoo_armv6m_permute(s, n) and permute12 (n = 12): one round in a
    loop, its constant a halfword of a table (the pointer on the stack, its
    end the loop's end); the round's values allocated from the map of the
    module's start, the renamings and spills undone by moves at the end."""
    lane0 = {(x, y): f"a{x}{y}" for y in range(3) for x in range(4)}
    start = initial_map(lane0)
    p = Prog()
    lane = dict(lane0)

    def iota(p: Prog, lane: dict) -> None:
        v = lane[(0, 0)]

        def hook(al: Alloc) -> None:
            x = al.low(v, set())
            t = al.fresh("rc.p", {v})
            k = al.fresh("rc.k", {v, "rc.p"})
            al.a("ldr", t, f"[sp, #{F_RCP}]", comment="the constants' pointer")
            al.a("ldrh", k, f"[{t}, #0]", comment="this round's constant")
            al.a("adds", t, "#2")
            al.a("str", t, f"[sp, #{F_RCP}]")
            al.a("eors", x, k, comment="iota")
            del al.where["rc.p"], al.where["rc.k"]
        p("hook", hook)

    one_round(p, lane, iota)
    p("end",)
    body = Asm(a.variant)
    al = Alloc(body, p.ops, start, set(lane0.values()), SLOTS)
    al.run()
    al.restore({lane[pos]: start[lane0[pos]] for pos in lane0})

    sym = a.func("xoodoo_armv6m_permute12")
    a.note("r0 = state: Xoodoo[12] (the loop from the table's first constant)")
    a("movs", "r1", "#12")
    a.endfunc(sym)
    a.raw("")
    sym = a.func("xoodoo_armv6m_permute")
    a.note("r0 = state, r1 = rounds (1 .. 12): the last `rounds` rounds, one a loop;"
           " [sp] .. the stack slots, the constants' pointer, the state pointer")
    a.save()
    a("push", "{r0}")
    a("sub", "sp", f"#{4 * SLOTS + 4}")
    a("movs", "r2", "#12")
    a("subs", "r2", "r2", "r1")
    a("lsls", "r2", "r2", "#1")
    a("ldr", "r3", "=.Lrc_table")
    a("adds", "r3", "r3", "r2", comment="the first round's constant")
    a("str", "r3", f"[sp, #{F_RCP}]")
    load(a, lane0, start)
    a.label(".Lloop")
    a.lines += body.lines
    t, u = [r for r in LOW if r not in start.values()][:2]
    a("ldr", t, f"[sp, #{F_RCP}]")
    a("ldr", u, "=.Lrc_end")
    a("cmp", t, u, comment="past the last constant: done")
    a("beq", ".Ldone")
    a("b", ".Lloop", comment="(beyond a conditional branch's reach)")
    a.label(".Ldone")
    store(a, lane0, start, F_PTR_SMALL)
    wipe_slots(a, SLOTS)
    a("add", "sp", f"#{4 * SLOTS + 8}")
    a.restore()
    a.raw("    .ltorg")
    a.raw("    .balign 2")
    a.label(".Lrc_table")
    for c in RC:
        a.raw(f"    .hword 0x{c:03x}")
    a.label(".Lrc_end")
    a.endfunc(sym)


def generate(variant: str) -> str:
    a = Asm(variant)
    a.banner("src/xoodoo/armv6m/gen.py", f"""\
ARMv6-M (Cortex-M0/M0+), Thumb-1: the Xoodoo permutation on the C state
(12 little-endian 32-bit lanes, word-aligned), {"one round in a loop" if variant == "small"
                                                  else "the rounds unrolled"}, the
values in registers and stack slots as gen.py's allocation put them.""")
    a.start()
    if variant == "small":
        small(a)
        return text(a)
    body = Asm(variant)
    rounds, last, end = allocate(body)
    a.raw("#ifdef XOODOO_PERM_ROUNDS /* the bare permutation: permute_rounds takes any count */")
    sym = a.func("xoodoo_armv6m_permute")
    a.note("r0 = state, r1 = rounds (1 .. 12): the last `rounds` rounds, entered at round"
           " 12 - rounds with that round's map; [sp] = the entry (popped into pc), then"
           " permute12's frame")
    a.save()
    a("push", "{r0}")
    a("sub", "sp", f"#{4 * SLOTS + 4}")
    a("movs", "r2", "#12")
    a("subs", "r2", "r2", "r1", comment="the round entered")
    a("lsls", "r2", "r2", "#2")
    a("ldr", "r3", ".Ltargets_at")
    a("ldr", "r3", "[r3, r2]")
    a("str", "r3", "[sp]")
    a("b", ".Ldispatch")
    a.raw("    .balign 4")
    a.label(".Ltargets_at")
    a.raw("    .word .Ltargets")
    a.label(".Ldispatch")
    for i in range(12):
        a("cmp", "r2", f"#{4 * i}")
        a("bne", f".Lnot{i}")
        load(a, *rounds[i], base=4)
        a("pop", "{pc}", comment=f"to round {i}")
        a.label(f".Lnot{i}")
    a.raw("    .balign 4")
    a.label(".Ltargets")
    for i in range(12):
        a.raw(f"    .word .Lround{i} + 1")
    a.endfunc(sym)
    a.raw("#endif")
    a.raw("")
    sym = a.func("xoodoo_armv6m_permute12")
    a.note("r0 = state: Xoodoo[12], the rounds unrolled; [sp] .. : the stack slots, the"
           " state pointer above them")
    a.save()
    a("push", "{r0}")
    a("sub", "sp", f"#{4 * SLOTS}")
    load(a, *rounds[0])
    a.lines += body.lines
    a.note("the end every entry shares")
    store(a, last, end)
    wipe_slots(a, SLOTS)
    a("add", "sp", f"#{4 * SLOTS + 4}")
    a.restore()
    a.endfunc(sym)
    return text(a)


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
