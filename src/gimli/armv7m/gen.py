#!/usr/bin/env python3
"""Generate the ARMv7-M (Cortex-M3, Thumb-2) assembly of Gimli-24.

    python3 -m src.gimli.armv7m.gen        # rewrite src/gimli/armv7m/*.S

The state is the 48-byte string of common.h, which on this little-endian
core is the twelve words s[0][0..3], s[1][0..3], s[2][0..3] in order
(backend_armv7m.h keeps it as uint32_t w[12], word-aligned): one LDM takes it
into registers, one STM puts it back.  Two variants, both with all twelve
words in registers from the LDM to the STM:

    fast    the 24 rounds unrolled.  gimli_armv7m_permute24(state) falls
            into round 24; gimli_armv7m_permute(state, rounds) (1 .. 24,
            the last `rounds` of the 24: only the bare permutation's
            permute_rounds calls it, so only its build, GIMLI_PERM_ROUNDS
            defined, has it) enters the same code at round `rounds`
            through its tables.
    small   one round in a loop (gimli_armv7m_permute(state, rounds)), the
            round counter on the stack; the swaps are register moves.

Register map:

    fast    s[0][j] (x) in r0-r3 as the swaps left them, s[1][j] (y) in
            r4-r7, s[2][j] (z) in r8-r11; temporaries r12 and lr
    small   x in r2-r5, y in r6-r9, z in r10, r11, r12, lr; temporaries r0
            and r1 (low: the loop's control is 16-bit Thumb)

The SP-box on one column, in place (x, y, z: the column's registers, a, b:
the two temporaries), ten one-cycle operations, every rotation and shift on
an operand of the barrel shifter, no move (sp_box()):

    x = x >>> 8                       x <<< 24 of the specification
    a = z & (y >>> 23)                y & z        (y <<< 9 = y >>> 23)
    b = z | x                         x | z
    a = x ^ (a << 2)
    b = x ^ (b << 1)
    x = x & (y >>> 23)                x & y
    x = z ^ (x << 3)
    z = a ^ (z << 1)                  s2 = x ^ (z << 1) ^ ((y & z) << 2)
    x = x ^ (y >>> 23)                s0 = z ^ y ^ ((x & y) << 3)
    y = b ^ (y >>> 23)                s1 = y ^ x ^ ((x | z) << 1)

so the column's new words end where the old ones were.  The swaps of row 0
(small swap after rounds r = 0 mod 4, big swap after r = 2 mod 4) are, in
the fast variant, renamings of r0-r3 (after all 24 rounds the names are
back in order); the round constant 0x9e377900 ^ r (after the small swap)
is folded into the next round's first rotation: x = (x ^ c) >>> 8 is
x = (c >>> 8) ^ (x >>> 8), one EOR with the constant c >>> 8 built by
MOVW/MOVT in a temporary (two operations a constant).

Frames (fast): a register may hold its word rotated, every reader rotating
it back on its operand.  y is only ever read through the shifter, so the
new s[1] may be written rotated like the y it is computed from (the last
EOR's first operand the y register, the rest rotated to it): s[1] <<< fy,
the next round's y held <<< fy - 9.  Letting that drift for seven rounds
brings y to <<< 24, and then the new s[0] written <<< 24 the same way is
the next round's x with its rotation done: rounds 16 and 8 (no constant)
start without the four RORs.  The last round writes every word plain.
The generic entry rotates rows 0 and 1 into the frames of the round it
enters (two tables).
"""
from __future__ import annotations

import pathlib
import sys

from src.asmgen.armv7m import Asm
from src.asmgen.emitter import text, write

HERE = pathlib.Path(__file__).resolve().parent



VARIANTS = ["fast", "small"]
RC = 0x9E377900
M32 = 0xFFFFFFFF
ROUNDS = 24

# fast: x (row 0) in r0-r3 in column order at round 24, y in r4-r7, z in r8-r11
FAST_X = ["r0", "r1", "r2", "r3"]
FAST_Y = ["r4", "r5", "r6", "r7"]
FAST_Z = ["r8", "r9", "r10", "r11"]
FAST_T = ["r12", "lr"]
# small: the temporaries low (16-bit loop control), the state above them
SMALL_X = ["r2", "r3", "r4", "r5"]
SMALL_Y = ["r6", "r7", "r8", "r9"]
SMALL_Z = ["r10", "r11", "r12", "lr"]
SMALL_T = ["r0", "r1"]


def ror(v: int, k: int) -> int:
    k %= 32
    return ((v >> k) | (v << (32 - k))) & M32 if k else v


def small_swap(x: list[str]) -> list[str]:
    """Row 0 after the small swap: s[0][0] <-> s[0][1], s[0][2] <-> s[0][3]."""
    return [x[1], x[0], x[3], x[2]]


def big_swap(x: list[str]) -> list[str]:
    """Row 0 after the big swap: s[0][0] <-> s[0][2], s[0][1] <-> s[0][3]."""
    return [x[2], x[3], x[0], x[1]]


def sp_box(a: Asm, j: int, x: str, y: str, z: str, t: list[str], fx: int = 8, fy: int = 23,
           rc: str | None = None, nx_frame: int = 0, ny_frame: int = 0) -> None:
    """The SP-box on column j, in place (see the module's docstring).
    Frames: the registers hold x <<< fx (fx 8: s[0][j] itself; 0: x <<< 24
    already) and y <<< fy (23: s[1][j] itself), z itself; the new s[0][j]
    and s[1][j] are written <<< nx_frame and <<< ny_frame (0, or fy: the
    last EOR's first operand is then the y register, the rest rotated to
    it).  rc: a temporary holding (constant >>> 8), added to x (it is t[0],
    free again at once)."""
    ta, tb = t
    ry = f"{y}, ror #{fy}"
    a.note(f"column {j}: x, y, z = s[0][{j}], s[1][{j}], s[2][{j}] in {x}, {y}, {z}"
           + (" (x <<< 24 already)" if fx == 0 else "")
           + (f" (its register: y <<< {fy})" if fy != 23 else ""))
    if fx != 0:
        if rc is None:
            a("ror", x, x, f"#{fx}", comment="x = x <<< 24")
        else:
            a("eor", x, rc, f"{x}, ror #{fx}", comment="x = (x ^ RC) <<< 24 (rc: RC >>> 8)")
    elif rc is not None:
        a("eor", x, x, rc, comment="x ^= RC >>> 8 (x: s[0][0] <<< 24)")
    a("and", ta, z, ry, comment="a = y & z")
    a("orr", tb, z, x, comment="b = x | z")
    a("eor", ta, x, f"{ta}, lsl #2", comment="a = x ^ ((y & z) << 2)")
    a("eor", tb, x, f"{tb}, lsl #1", comment="b = x ^ ((x | z) << 1)")
    a("and", x, x, ry, comment="x = x & y")
    a("eor", x, z, f"{x}, lsl #3", comment="x = z ^ ((x & y) << 3)")
    a("eor", z, ta, f"{z}, lsl #1", comment="s[2] = x ^ (z << 1) ^ ((y & z) << 2)")
    if nx_frame == 0:
        a("eor", x, x, ry, comment="s[0] = z ^ y ^ ((x & y) << 3)")
    else:
        assert nx_frame == fy
        a("eor", x, y, f"{x}, ror #{32 - fy}", comment=f"s[0] <<< {fy} = (z ^ y ^ ((x & y) << 3)) <<< {fy}")
    if ny_frame == 0:
        a("eor", y, tb, ry, comment="s[1] = y ^ x ^ ((x | z) << 1)")
    else:
        assert ny_frame == fy
        a("eor", y, y, f"{tb}, ror #{32 - fy}", comment=f"s[1] <<< {fy} = (y ^ x ^ ((x | z) << 1)) <<< {fy}")


def rc_halves(r: int) -> tuple[int, int]:
    """(low, high) halfwords of (0x9e377900 ^ r) >>> 8, the constant the
    fast variant folds into the rotation of s[0][0]."""
    c = ror(RC ^ r, 8)
    return c & 0xFFFF, c >> 16


# -- fast ---------------------------------------------------------------------
def fast_rounds(a: Asm) -> dict[int, tuple[list[str], str, int, int]]:
    """The 24 rounds unrolled, labelled .Lr<r> (a round whose first column
    adds a constant: .Lr<r> at the MOVW building it, .Lr<r>k after the
    MOVT, where an entry with r12 = 0 adds nothing).  Returns, for each
    round r, row 0's registers at its start, its entry label and the frames
    fx, fy of x and y there (sp_box())."""
    x = list(FAST_X)
    fx, fy = 8, 23
    pending = None  # the constant to add at the start of this round (its r)
    at: dict[int, tuple[list[str], str, int, int]] = {}
    for r in range(ROUNDS, 0, -1):
        a.label(f".Lr{r}")
        a.note(f"round {r}: row 0 in " + ", ".join(x))
        entry = f".Lr{r}"
        if pending is not None:
            lo, hi = rc_halves(pending)
            a("movw", FAST_T[0], f"#0x{lo:04x}", comment=f"r12 = (0x9e377900 ^ {pending}) >>> 8: the constant")
            a("movt", FAST_T[0], f"#0x{hi:04x}", comment=f"of round {pending}, added to s[0][0]")
            entry = f".Lr{r}k"
            a.label(entry)
        at[r] = (list(x), entry, fx, fy)
        # frames (module docstring): y's drifts by -9 a round while s[1] is
        # written <<< fy, until y is held <<< 24: then s[0] written <<< 24
        # is the next round's x, rotation done; the last round writes plain
        if r == 1:
            nxf, nyf = 0, 0
        elif fy == 24:
            nxf, nyf = 24, 0
        else:
            nxf, nyf = 0, fy
        for j in range(4):
            sp_box(a, j, x[j], FAST_Y[j], FAST_Z[j], FAST_T, fx, fy,
                   FAST_T[0] if (j == 0 and pending is not None) else None, nxf, nyf)
        fx, fy = (nxf - 24) % 32, (nyf - 9) % 32
        pending = None
        if r % 4 == 0:
            x = small_swap(x)
            a.note(f"small swap: row 0 now in {', '.join(x)}; s[0][0] ^= 0x9e377900 ^ {r} next")
            pending = r
        elif r % 4 == 2:
            x = big_swap(x)
            a.note(f"big swap: row 0 now in {', '.join(x)}")
    assert x == FAST_X, x  # 6 small and 6 big swaps: the names are back in order
    assert (fx, fy) == (8, 23)  # the words themselves: ready for the STM
    return at


def swaps_before(r: int) -> int:
    """Swaps done before round r (by rounds 24 .. r+1): every even round."""
    return (ROUNDS + 1 - r) // 2


def fast(a: Asm) -> None:
    # the code is generated first (the entries' tables need its maps), then
    # laid out: generic entry, its tables, permute24's prologue, the rounds
    body = Asm(a.variant)
    at = fast_rounds(body)
    classes: dict[int, list[str]] = {}
    for r, (x, _, _, _) in at.items():
        c = swaps_before(r) % 4
        assert classes.setdefault(c, x) == x, (r, c)

    a.raw("#ifdef GIMLI_PERM_ROUNDS /* the bare permutation (its scheme.h): permute_rounds")
    a.raw(" * takes any count; the modes call permute24 alone */")
    sym = a.func("gimli_armv7m_permute")
    a.note("r0 = state, r1 = rounds (1 .. 24): the last `rounds` rounds of the 24,")
    a.note("entered at round `rounds`: y, z rows loaded, row 0 into the registers")
    a.note("the swaps before that round left it in, then a jump into the rounds")
    a("push", "{r0, r4-r11, lr}", comment="the state pointer at [sp]")
    a("add", "r12", "r0", "#16")
    a("ldm", "r12", "{r4-r11}", comment="s[1], s[2]")
    a("mov", "lr", "r1", comment="lr = rounds")
    a("rsb", "r12", "r1", f"#{ROUNDS + 1}")
    a("lsr", "r12", "r12", "#1", comment="swaps before round `rounds`")
    a("and", "r12", "r12", "#3", comment="... mod 4: where row 0 lies")
    a("tbb", "[pc, r12]")
    a.label(".Lclasses")
    for c in range(4):
        a.raw(f"    .byte (.Lclass{c} - .Lclasses) / 2")
    for c in range(4):
        x = classes[c]
        a.label(f".Lclass{c}")
        order = sorted(range(4), key=lambda j: x[j] == "r0")  # r0 (the pointer) last
        for j in order:
            a("ldr", x[j], f"[r0, #{4 * j}]", comment=f"s[0][{j}]" if j == order[0] else "")
        if c != 3:
            a("b", ".Lenter")
    a.label(".Lenter")
    a.note("rows 0 and 1 to the frames of round `rounds` (rotations right, from tables)")
    for table, regs in ((".Lyrot", FAST_Y), (".Lxrot", FAST_X)):
        a("adr", "r12", table)
        a("ldrb", "r12", "[r12, lr]")
        for reg in regs:
            a("ror", reg, reg, "r12")
    a("rsb", "lr", "lr", f"#{ROUNDS}", comment="lr = 24 - rounds: the round's entry")
    a("mov", "r12", "#0", comment="no constant added on entering (see .Lr<r>k)")
    a("tbh", "[pc, lr, lsl #1]")
    a.label(".Lrounds")
    for r in range(ROUNDS, 0, -1):
        a.raw(f"    .hword ({at[r][1]} - .Lrounds) / 2")
    # register = word <<< (24 + fx) (row 0), <<< (9 + fy) (row 1): rotate right
    # by the rest, indexed by `rounds` (entry 0 unused)
    a.label(".Lyrot")
    a.raw("    .byte 0, " + ", ".join(str((32 - 9 - at[r][3]) % 32) for r in range(1, ROUNDS + 1)))
    a.label(".Lxrot")
    a.raw("    .byte 0, " + ", ".join(str((32 - 24 - at[r][2]) % 32) for r in range(1, ROUNDS + 1)))
    a.endfunc(sym)
    a.raw("#endif")
    a.raw("")
    sym = a.func("gimli_armv7m_permute24")
    a.note("r0 = state: the 24 rounds, falling into round 24")
    a("push", "{r0, r4-r11, lr}", comment="the state pointer at [sp]")
    a("ldm", "r0", "{r0-r11}", comment="the state: x, y, z rows (r0 last: the pointer)")
    a.lines += body.lines
    a.note("the end every entry shares: row 0 is in r0-r3 again")
    a("pop", "{r12}", comment="the state pointer")
    a("stm", "r12", "{r0-r11}")
    a("pop", "{r4-r11, pc}")
    a.endfunc(sym)


# -- small --------------------------------------------------------------------
def moves(a: Asm, pairs: list[tuple[str, str]], t: str, name: str) -> None:
    """Exchange the registers of each pair through t."""
    for k, (p, q) in enumerate(pairs):
        a("mov", t, p, comment=name if k == 0 else "")
        a("mov", p, q)
        a("mov", q, t)


def small(a: Asm) -> None:
    x, y, z, t = SMALL_X, SMALL_Y, SMALL_Z, SMALL_T
    sym = a.func("gimli_armv7m_permute")
    a.note("r0 = state, r1 = rounds (0 .. 24): the last `rounds` rounds of the 24,")
    a.note("one round in a loop; the round r (rounds .. 1) at [sp, #4]")
    a("cbnz", "r1", ".Lgo")
    a("bx", "lr", comment="no round: nothing to do")
    a.label(".Lgo")
    a("push", "{r0, r1, r4-r11, lr}", comment="[sp] = state pointer, [sp, #4] = r")
    a("ldm", "r0", "{r2-r12, lr}", comment="the state: x, y, z rows")
    a.label(".Lround")
    for j in range(4):
        sp_box(a, j, x[j], y[j], z[j], t)
    a("ldr", "r0", "[sp, #4]", comment="r")
    a("lsls", "r1", "r0", "#31", comment="N = bit 0 of r, C = bit 1")
    a("bmi", ".Lnext", comment="r odd: no swap")
    a("bcs", ".Lbig", comment="r = 2 mod 4: big swap")
    moves(a, [(x[0], x[1]), (x[2], x[3])], "r1", "r = 0 mod 4: small swap")
    a("ldr", "r1", ".Lrc", comment="0x9e377900 (16-bit load: 6 bytes with the word)")
    a.alu("eor", "r1", "r1", "r0", comment="0x9e377900 ^ r")
    a.alu("eor", x[0], x[0], "r1", comment="s[0][0] ^= 0x9e377900 ^ r")
    a("b", ".Lnext")
    a.label(".Lbig")
    moves(a, [(x[0], x[2]), (x[1], x[3])], "r1", "big swap")
    a.label(".Lnext")
    a("subs", "r0", "r0", "#1")
    a("str", "r0", "[sp, #4]")
    a("bne", ".Lround")
    a("ldr", "r0", "[sp]", comment="the state pointer")
    a("stm", "r0", "{r2-r12, lr}")
    a("pop", "{r0, r1, r4-r11, pc}")
    a.raw("    .balign 4")
    a.label(".Lrc")
    a.raw(f"    .word 0x{RC:08x}")
    a.endfunc(sym)


def generate(variant: str) -> str:
    a = Asm(variant)
    x, y, z, t = (FAST_X, FAST_Y, FAST_Z, FAST_T) if variant == "fast" else \
        (SMALL_X, SMALL_Y, SMALL_Z, SMALL_T)
    left = " as the swaps leave them" if variant == "fast" else ""
    a.banner("src/gimli/armv7m/gen.py", f"""\
ARMv7-M (Cortex-M3), Thumb-2: the Gimli permutation on the 48-byte state
(12 little-endian words s[0][0..3], s[1][0..3], s[2][0..3], word-aligned).
Registers: x (row 0) {"/".join(x)}{left}, y {"/".join(y)}, z {"/".join(z)},
temporaries {"/".join(t)}; r4-r11 saved.""")
    a.start()
    if variant == "fast":
        fast(a)
    else:
        small(a)
    return text(a)


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
