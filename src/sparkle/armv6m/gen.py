#!/usr/bin/env python3
"""Generate the ARMv6-M (Cortex-M0/M0+, Thumb-1) assembly of Sparkle384.

    python3 -m src.sparkle.armv6m.gen        # rewrite src/sparkle/armv6m/*.S

The state is the C perm_state_t (core/perm.h, the word view): x0, y0, ...,
x5, y5 as twelve little-endian 32-bit words, word-aligned.  Two variants
(VARIANTS): small, one step in a loop; fast, steps 0 .. 11 unrolled once, sparkle_armv6m_permute7(state) and
sparkle_armv6m_permute11(state) leaving after step 6 and step 10 (the
count, on the stack, compared there), sparkle_armv6m_permute(state, steps)
(0 .. 12) with it; in the bare permutation's build (SPARKLE_PERM_STEPS) the
count is compared after every step, so that any count leaves where it ends
(six cycles a step: the price of its permute_rounds).

Thumb-1 reaches only r0-r7 with its ALU operations, two operands each, and
rotates by a register only.  The steps are written as operations on named
values (program()) and src/asmgen/armv6m.py's allocator gives them their
registers (high registers, then stack slots, for the values needed last);
the branch swap of each step is a renaming of values.  An Alzette on
(x, y) with its constant c in a low register (ldr from a literal pool):

    x += y >>> 31     ADDS t, y, y; ADCS x, t (y <<< 1: the carry is y's
                      bit 31)
    y ^= x >>> 24     MOV t, x; MOVS k, #24; RORS t, k; EORS y, t
    x ^= c
    x += y >>> 17     MOV t, y; MOVS k, #17; RORS t, k; ADDS x, t
    y ^= x >>> 17     MOV t, x; RORS t, k; EORS y, t
    x ^= c
    x += y
    y ^= x >>> 31     MOV t, x; MOVS k, #31; RORS t, k; EORS y, t
    x ^= c
    x += y >>> 24     MOV t, y; MOVS k, #24; RORS t, k; ADDS x, t
    y ^= x >>> 16     REV t, x; REV16 t, t (a rotation by 16); EORS y, t
    x ^= c

29 operations and the constant's load; the linear layer: tx = x0 ^ x1 ^
x2, ty likewise, ell(v) = (v ^ (v << 16)) >>> 16 (LSLS into a temporary,
EORS, REV, REV16), x_{b+3} ^= x_b ^ ty, y_{b+3} ^= y_b ^ tx, the new
branches 0..5 the old 4, 5, 3, 0, 1, 2 (a renaming).  Nothing branches or
indexes memory on the state.
"""
from __future__ import annotations

import pathlib
import sys

from src.asmgen.armv6m import HIGH, LOW, Alloc, Asm, Prog, wipe_slots
from src.asmgen.emitter import text, write

HERE = pathlib.Path(__file__).resolve().parent

VARIANTS = ["fast", "small"]
C = [0xB7E15162, 0xBF715880, 0x38B4DA56, 0x324E7738,
     0xBB1185EB, 0x4F7C7B57, 0xCFBFA1C8, 0xC2B3293D]
STEPS = 12
SLOTS = 6
F_PTR = 4 * SLOTS         # the state pointer, above the slots
F_STEPS = 4 * SLOTS + 4   # the count, above the pointer


def rot(p: Prog, src: str, r: int, k: str | None) -> tuple[str, str]:
    """A new value: src >>> r (MOV, MOVS of the amount unless k holds it
    already, RORS); returns (it, the amount's value)."""
    t = p.new("t")
    p("mov", t, src)
    if k is None:
        k = p.new("k")
        p("movs", k, r)
    p("rors", t, k)
    return t, k


def alzette(p: Prog, x: str, y: str, j: int) -> None:
    c = p.new("c")
    p("ldrc", c, C[j])
    p("rotl1add", x, y)                       # x += y >>> 31
    t, k = rot(p, x, 24, None)
    p("eors", y, t)                           # y ^= x >>> 24
    p("kill", t)
    p("kill", k)
    p("eors", x, c)
    t, k = rot(p, y, 17, None)
    p("adds", x, t)                           # x += y >>> 17
    p("kill", t)
    t, k = rot(p, x, 17, k)
    p("eors", y, t)                           # y ^= x >>> 17
    p("kill", t)
    p("kill", k)
    p("eors", x, c)
    p("adds", x, y)                           # x += y
    t, k = rot(p, x, 31, None)
    p("eors", y, t)                           # y ^= x >>> 31
    p("kill", t)
    p("kill", k)
    p("eors", x, c)
    t, k = rot(p, y, 24, None)
    p("adds", x, t)                           # x += y >>> 24
    p("kill", t)
    p("kill", k)
    t = p.new("t")
    p("rev_new", t, x)
    p("rev16", t)
    p("eors", y, t)                           # y ^= x >>> 16
    p("kill", t)
    p("eors", x, c)
    p("kill", c)


def ell(p: Prog, v: str) -> None:
    u = p.new("u")
    p("lsls3", u, v, 16)
    p("eors", v, u)
    p("kill", u)
    p("rev", v)
    p("rev16", v)                             # (v ^ (v << 16)) >>> 16


def program(exits) -> tuple[Prog, dict]:
    """Steps 0 .. 11 as operations; exits(step, p, names) adds the check
    after a step (a hook); returns the program and the names at the end."""
    p = Prog()
    x = [f"x{b}" for b in range(6)]
    y = [f"y{b}" for b in range(6)]
    for s in range(STEPS):
        p("round", s)
        k = p.new("c")
        p("ldrc", k, C[s % 8])
        p("eors", y[0], k)
        p("kill", k)
        if s:
            k = p.new("k")
            p("movs", k, s)
            p("eors", y[1], k)
            p("kill", k)
        x, y = branches(p, x, y)
        if s + 1 < STEPS:
            exits(s + 1, p, {**{f"x{b}": x[b] for b in range(6)},
                             **{f"y{b}": y[b] for b in range(6)}})
        p("hook", pool)
    p("end",)
    return p


def branches(p: Prog, x: list[str], y: list[str]) -> tuple[list[str], list[str]]:
    """A step's Alzettes and linear layer on the branches' values; returns
    the values' new order (the branch swap: a renaming)."""
    for b in range(6):
        alzette(p, x[b], y[b], b)
    tx, ty = p.new("tx"), p.new("ty")
    for t, w in ((tx, x), (ty, y)):
        p("mov", t, w[0])
        p("eors", t, w[1])
        p("eors", t, w[2])
        ell(p, t)
    for b in range(3):
        p("eors", x[b + 3], x[b])
        p("eors", x[b + 3], ty)
        p("eors", y[b + 3], y[b])
        p("eors", y[b + 3], tx)
    p("kill", tx)
    p("kill", ty)
    return [x[4], x[5], x[3], x[0], x[1], x[2]], [y[4], y[5], y[3], y[0], y[1], y[2]]


def pool(al: Alloc) -> None:
    """The literal pool of the step's constants, branched over."""
    al.a("b", f".Lpool{len(al.labels)}")
    al.a.raw("    .ltorg")
    al.a.label(f".Lpool{len(al.labels)}")


def offset(name: str) -> int:
    return 4 * (2 * int(name[1:]) + (name[0] == "y"))


def store(a: Asm, names: dict, where: dict, f_ptr: int = F_PTR) -> None:
    """Every word to the state (pointer on the stack): a free low register,
    or one a stored low word leaves, takes the pointer."""
    where = dict(where)
    free = [r for r in LOW if r not in where.values()]
    todo = sorted(names.items(), key=lambda t: (where[t[1]] not in LOW, offset(t[0])))
    if not free:  # a low word up first (a free high register or a stack slot)
        w, v = todo[-1 - sum(1 for _n, q in todo if where[q] not in LOW)]
        r = where[v]
        high = [h for h in HIGH if h not in where.values()]
        if high:
            a("mov", high[0], r)
            where[v] = high[0]
        else:
            slot = next(k for k in range(SLOTS) if f"s{k}" not in where.values())
            a("str", r, f"[sp, #{4 * slot}]")
            where[v] = f"s{slot}"
        free = [r]
        todo = sorted(names.items(), key=lambda t: (where[t[1]] not in LOW, offset(t[0])))
    p = free[0]
    a("ldr", p, f"[sp, #{f_ptr}]", comment="the state pointer")
    if len(free) > 1:
        t = free[1]
    else:
        w, v = todo.pop(0)
        t = where[v]
        a("str", t, f"[{p}, #{offset(w)}]", comment=w)
    for w, v in todo:
        r = where[v]
        if r in LOW:
            a("str", r, f"[{p}, #{offset(w)}]", comment=w)
        else:
            if r.startswith("s"):
                a("ldr", t, f"[sp, #{4 * int(r[1:])}]")
            else:
                a("mov", t, r)
            a("str", t, f"[{p}, #{offset(w)}]", comment=w)


# -- small: one step in a loop --------------------------------------------------------
S_STEP = 4 * SLOTS      # small's frame: the step s, above the slots
S_COUNT = S_STEP + 4    # the count
S_PTR = S_STEP + 8      # the state pointer


def small(a: Asm) -> None:
    """sparkle_armv6m_permute(s, steps) (permute7 and permute11 set the
    count): one step in a loop; its constants c[s mod 8] from a table
    indexed by s (on the stack), s itself; the step's values allocated from
    the start map, its renaming and spills undone by moves at its end."""
    names = {f"{r}{b}": f"{r}{b}" for b in range(6) for r in "xy"}
    start = {f"{r}{b}": reg for (r, b), reg in zip(
        [(r, b) for b in range(6) for r in "xy"], ["r0", "r1", "r2", "r3", "r4", "r5"] + HIGH)}
    p = Prog()
    x = [f"x{b}" for b in range(6)]
    y = [f"y{b}" for b in range(6)]

    def constants(al: Alloc) -> None:
        b = al.a
        y0, y1 = al.low("y0", set()), al.low("y1", {"y0"})
        keep = {"y0", "y1"}
        t = al.fresh("s.t", keep)
        u = al.fresh("s.u", keep | {"s.t"})
        k = al.fresh("s.k", keep | {"s.t", "s.u"})
        b("ldr", t, f"[sp, #{S_STEP}]", comment="s")
        b("movs", u, "#7")
        b("ands", u, t)
        b("lsls", u, u, "#2")
        b("ldr", k, "=.Lc_table")
        b("ldr", k, f"[{k}, {u}]", comment="c[s mod 8]")
        b("eors", y0, k, comment="y0 ^= c[s mod 8]")
        b("eors", y1, t, comment="y1 ^= s")
        b("adds", t, "#1")
        b("str", t, f"[sp, #{S_STEP}]")
        for v in ("s.t", "s.u", "s.k"):
            del al.where[v]

    p("hook", constants)
    x2, y2 = branches(p, x, y)
    p("end",)
    body = Asm(a.variant)
    al = Alloc(body, p.ops, start, set(start), SLOTS)
    al.run()
    want = {}
    for b in range(6):
        want[x2[b]] = start[f"x{b}"]
        want[y2[b]] = start[f"y{b}"]
    al.restore(want)

    for name, n in (("sparkle_armv6m_permute7", 7), ("sparkle_armv6m_permute11", 11)):
        sym = a.func(name)
        a.note(f"r0 = state: {n} steps")
        a("movs", "r1", f"#{n}")
        a("b", ".Lsteps")
        a.endfunc(sym)
        a.raw("")
    sym = a.func("sparkle_armv6m_permute")
    a.note("r0 = state, r1 = steps (0 .. 12): one step a loop; [sp] .. the stack slots,"
           " the step s, the count, the state pointer")
    a.label(".Lsteps")
    a("cmp", "r1", "#0")
    a("bne", ".Lsome")
    a("bx", "lr", comment="no step: nothing to do")
    a.label(".Lsome")
    a.save()
    a("movs", "r2", "#0")
    a("push", "{r0}")
    a("push", "{r1}")
    a("push", "{r2}")
    a("sub", "sp", f"#{4 * SLOTS}")
    a("mov", "r7", "r0", comment="the pointer, in a register not in the map")
    for nm, reg in sorted(start.items(), key=lambda t: t[1] in LOW):
        if reg in LOW:
            a("ldr", reg, f"[r7, #{offset(nm)}]", comment=nm)
        else:
            a("ldr", "r6", f"[r7, #{offset(nm)}]", comment=nm)
            a("mov", reg, "r6")
    a.label(".Lloop")
    a.lines += body.lines
    a("ldr", "r6", f"[sp, #{S_STEP}]")
    a("ldr", "r7", f"[sp, #{S_COUNT}]")
    a("cmp", "r6", "r7", comment="s = steps: done")
    a("beq", ".Ldone")
    a("b", ".Lloop", comment="(beyond a conditional branch's reach)")
    a.label(".Ldone")
    store(a, names, start, S_PTR)
    wipe_slots(a, SLOTS)
    a("add", "sp", f"#{4 * SLOTS + 12}")
    a.restore()
    a.raw("    .ltorg")
    a.raw("    .balign 4")
    a.label(".Lc_table")
    for c in C:
        a.raw(f"    .word 0x{c:08x}")
    a.endfunc(sym)


def generate(variant: str) -> str:
    a = Asm(variant)
    a.banner("src/sparkle/armv6m/gen.py", f"""\
ARMv6-M (Cortex-M0/M0+), Thumb-1: Sparkle384 on the C state (x0, y0, ...,
x5, y5: twelve little-endian words, word-aligned), {"one step in a loop" if variant == "small"
                                                     else "steps 0 .. 11 unrolled"},
the values in registers and stack slots as gen.py's allocation put them.""")
    a.start()
    if variant == "small":
        small(a)
        return text(a)

    def exits(n: int, p: Prog, names: dict) -> None:
        def hook(al: Alloc) -> None:
            b = al.a
            cond = n in (7, 11)
            if not cond:
                b.raw("#ifdef SPARKLE_PERM_STEPS /* any count: the bare permutation's build */")
            t = al.free_low()[0] if al.free_low() else None
            if t is None:
                t = al.evict(set())
            b("ldr", t, f"[sp, #{F_STEPS}]", comment="the count")
            b("cmp", t, f"#{n}")
            b("bne", f".Lgo{n}")
            b.note(f"{n} steps done: the state back, return")
            store(b, names, al.where)
            wipe_slots(b, SLOTS)
            b("add", "sp", f"#{4 * SLOTS + 8}")
            b.restore()
            b.label(f".Lgo{n}")
            if not cond:
                b.raw("#endif")
        p("hook", hook)

    body = Asm(variant)
    prog = program(exits)
    start = {f"{r}{b}": reg for (r, b), reg in zip(
        [(r, b) for b in range(6) for r in "xy"],
        ["r0", "r1", "r2", "r3", "r4", "r5"] + HIGH)}
    al = Alloc(body, prog.ops, start, set(start), SLOTS)
    al.run()
    for name, n in (("sparkle_armv6m_permute7", 7), ("sparkle_armv6m_permute11", 11),
                    ("sparkle_armv6m_permute", None)):
        sym = a.func(name)
        if n is None:
            a.note("r0 = state, r1 = steps (0 .. 12; any count but 7 and 11 in the bare"
                   " permutation's build only)")
            a("cmp", "r1", "#0")
            a("bne", ".Lsome")
            a("bx", "lr", comment="no step: nothing to do")
            a.label(".Lsome")
            a("mov", "r2", "r1")
        else:
            a.note(f"r0 = state: {n} steps")
            a("movs", "r2", f"#{n}")
        if n is not None:
            a("b", ".Lenter")
        a.endfunc(sym)
        a.raw("")
    a.label(".Lenter")
    a.note("r0 = state, r2 = steps: [sp] .. the stack slots, the state pointer and the"
           " count above them")
    a.save()
    a("push", "{r0, r2}")
    a("sub", "sp", f"#{4 * SLOTS}")
    # the start map: x_b, y_b of branches 0..2 in r0-r5, 3..5 high
    a("mov", "r7", "r0", comment="the pointer, in a register not in the map")
    for nm, reg in sorted(start.items(), key=lambda t: t[1] in LOW):
        if reg in LOW:
            a("ldr", reg, f"[r7, #{offset(nm)}]", comment=nm)
        else:
            a("ldr", "r6", f"[r7, #{offset(nm)}]", comment=nm)
            a("mov", reg, "r6")
    a.lines += body.lines
    a.note("12 steps: the state back")
    store(a, final_names(), al.where)
    wipe_slots(a, SLOTS)
    a("add", "sp", f"#{4 * SLOTS + 8}")
    a.restore()
    a.raw("    .ltorg")
    return text(a)


def final_names() -> dict:
    """The names after 12 steps: the branch swap's permutation applied 12
    times (its period is 6: the identity)."""
    x = [f"x{b}" for b in range(6)]
    for _ in range(STEPS):
        x = [x[4], x[5], x[3], x[0], x[1], x[2]]
    names = {f"x{b}": x[b] for b in range(6)}
    names.update({f"y{b}": "y" + x[b][1:] for b in range(6)})
    return names


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
