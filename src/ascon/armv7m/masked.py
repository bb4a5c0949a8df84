"""The ARMv7-M masked permutation: Ascon's p^n on two Boolean shares,
the schedule of the RV32 one (src/ascon/rv32/masked.py, whose doc string
explains the gadget and its order) with the Cortex-M3's fourteen
registers.  Written by gen.py (the family's one script).

    ascon_masked_armv7m_permute(x, rounds, r)   x: backend_masked.h's
        uint32_t x[2][2][5] (share, half, lane; share 1 rotated left by 7),
        rounds 1..12, r: 2 * rounds fresh random words

Twenty words of state do not fit beside the temporaries, so the state
lives in the stack frame (a copy, sp-relative: no base register) and each
step loads what it works on with LDM and stores it back with STM:

    S-box, one half at a time    r0-r4: share 0 of x0..x4, r5-r9: share 1,
                                 r10/r11: z (its two shares), r12, lr:
                                 temporaries (t, u)
    linear layer, one share at a time
                                 r0-r4: e0..e4, r5-r9: o0..o4,
                                 r10/r11: u (even, odd), r12: free

Frame: [sp, #0..80) the state copy, [sp, #80] the random words' pointer,
[sp, #84] the round constants' pointer, [sp, #88] the caller's state
pointer; r4-r11 and lr pushed above.

A Toffoli gate x ^= ~p & q, nine operations and four clears (the barrel
shifter moves a share to the other's rotation on the AND's operand):

    bic  t, q0, p0            x0 ^= ~p0 & q0
    eor  x0, x0, t
    mov  t, #0
    and  t, p1, q0, ror #25   x1 ^= p1 & (q0 <<< 7)
    eor  x1, x1, t
    mov  t, #0
    ror  t, q1, #7            x0 ^= ~p0 & (q1 >>> 7)
    bic  u, t, p0
    eor  x0, x0, u
    mov  u, #0
    and  t, p1, q1            x1 ^= p1 & q1
    eor  x1, x1, t
    mov  t, #0
"""
from __future__ import annotations

from src.ascon.masked_gadget import TERMS3, align3
from src.asmgen.armv7m import Asm
from src.asmgen.emitter import text

SH0 = ["r0", "r1", "r2", "r3", "r4"]  # S-box: share 0 of x0..x4 (one half)
SH1 = ["r5", "r6", "r7", "r8", "r9"]  # share 1
Z = ["r10", "r11"]
T, U = "r12", "lr"
LE, LO = SH0, SH1                     # linear layer: e0..e4, o0..o4 of one share
UE, UO = "r10", "r11"
F_RND, F_RC, F_X = 80, 84, 88
FRAME = 96
ROT1 = 7

VARIANTS = ["masked", "masked3"]


def base():
    """The family's generator, gen.py (which imports this module): its
    round constants, SIGMA and rot_half, read when the file is written."""
    from src.ascon.armv7m import gen
    return gen


def word(share: int, half: int, lane: int = 0) -> int:
    """The frame offset of x[share][half][lane]."""
    return 4 * (10 * share + 5 * half + lane)


def block(a: Asm, op: str, off: int, regs: list[str], comment: str = "") -> None:
    """LDM or STM of regs at [sp, #off] (t the base)."""
    a("add", T, "sp", f"#{off}")
    a(op, T, "{" + ", ".join(regs) + "}", comment=comment)


def toffoli(a: Asm, x: list[str], p: list[str], q: list[str], name: str) -> None:
    """The RV32 gate's terms in its order, each temporary cleared after its
    term joins x (a zero through the ALU and into the register between any
    two terms, as the RV32 code that passed the assessment)."""
    a.alu("bic", T, q[0], p[0], comment=f"{name}: x0 ^= ~p0 & q0")
    a.alu("eor", x[0], x[0], T)
    a("mov", T, "#0")
    a.alu("and", T, p[1], q[0], f"ror #{32 - ROT1}", comment="x1 ^= p1 & (q0 <<< 7)")
    a.alu("eor", x[1], x[1], T)
    a("mov", T, "#0")
    a("ror", T, q[1], f"#{ROT1}", comment="x0 ^= ~p0 & (q1 >>> 7)")
    a.alu("bic", U, T, p[0])
    a.alu("eor", x[0], x[0], U)
    a("mov", U, "#0")
    a.alu("and", T, p[1], q[1], comment="x1 ^= p1 & q1")
    a.alu("eor", x[1], x[1], T)
    a("mov", T, "#0")


def sbox_half(a: Asm, half: int) -> None:
    name = ("even", "odd")[half]
    a.note(f"S-box, {name} words: r0-r4 share 0, r5-r9 share 1 of x0..x4")
    block(a, "ldm", word(0, half), SH0)
    block(a, "ldm", word(1, half), SH1)
    a("ldr", T, f"[sp, #{F_RC}]", comment="x2 ^= the round constant's " + name + " bits")
    a("ldr", U, f"[{T}, #{4 * half}]")
    a.alu("eor", SH0[2], SH0[2], U)
    x = [[SH0[i], SH1[i]] for i in range(5)]
    for j in range(2):
        a.alu("eor", x[0][j], x[0][j], x[4][j], comment=f"share {j}: x0 ^= x4, x4 ^= x3, x2 ^= x1")
        a.alu("eor", x[4][j], x[4][j], x[3][j])
        a.alu("eor", x[2][j], x[2][j], x[1][j])
    a("ldr", T, f"[sp, #{F_RND}]", comment="z: a fresh sharing of zero")
    a("ldr", Z[0], f"[{T}], #4")
    a("str", T, f"[sp, #{F_RND}]")
    a("ror", Z[1], Z[0], f"#{32 - ROT1}")
    toffoli(a, Z, x[3], x[4], "z ^= ~x3 & x4 (t2)")
    toffoli(a, x[4], x[0], x[1], "x4 ^= ~x0 & x1 (t4)")
    toffoli(a, x[1], x[2], x[3], "x1 ^= ~x2 & x3 (t1)")
    toffoli(a, x[3], x[4], x[0], "x3 ^= ~x4 & x0 (t3: the new x4, same AND)")
    toffoli(a, x[0], x[1], x[2], "x0 ^= ~x1 & x2 (t0: the new x1, same AND)")
    a.alu("eor", x[2][0], x[2][0], Z[0], comment="x2 ^= z (t2)")
    a.alu("eor", x[2][1], x[2][1], Z[1])
    for j in range(2):
        a.alu("eor", x[1][j], x[1][j], x[0][j], comment=f"share {j}: x1 ^= x0, x0 ^= x4, x3 ^= x2")
        a.alu("eor", x[0][j], x[0][j], x[4][j])
        a.alu("eor", x[3][j], x[3][j], x[2][j])
    a("mvn", x[2][0], x[2][0], comment="x2 = ~x2 (share 0)")
    block(a, "stm", word(0, half), SH0)
    block(a, "stm", word(1, half), SH1)


def linear_share(a: Asm, share: int) -> None:
    """x ^= (x >>> r0) ^ (x >>> r1) on each lane of one share: u = x ^
    (x >>> d), d = r1 - r0, then x ^= u >>> r0 (four EORs a lane)."""
    a.note(f"linear layer, share {share}: r0-r4 e0..e4, r5-r9 o0..o4")
    block(a, "ldm", word(share, 0), LE + LO)
    linear_lanes(a, LE, LO)
    block(a, "stm", word(share, 0), LE + LO)


def linear_lanes(a: Asm, le: list[str], lo: list[str]) -> None:
    """x ^= (x >>> r0) ^ (x >>> r1) on each lane of one share in registers,
    u (r10, r11) the temporaries."""
    gen = base()
    for i, (r0, r1) in enumerate(gen.SIGMA):
        e, o = le[i], lo[i]
        d = (r1 - r0) % 64
        se, ke = gen.rot_half(e, o, d, "e")
        so, ko = gen.rot_half(e, o, d, "o")
        a.eor_ror(UE, e, se, ke, comment=f"u = x{i} ^ (x{i} >>> {d})")
        a.eor_ror(UO, o, so, ko)
        se, ke = gen.rot_half(UE, UO, r0, "e")
        so, ko = gen.rot_half(UE, UO, r0, "o")
        a.eor_ror(e, e, se, ke, comment=f"x{i} ^= u >>> {r0}")
        a.eor_ror(o, o, so, ko)


def generate(variant: str) -> str:
    if variant == "masked3":
        return generate3(variant)
    a = Asm(variant)
    a.banner("src/ascon/armv7m/gen.py", """\
ARMv7-M (Cortex-M3), Thumb-2: Ascon's p^n on two Boolean shares, for the
masked implementations (backend_masked.h's ASCON_MASKED_PERMUTE_ASM).
State in memory: backend_masked.h's x[2][2][5] (share, half, lane), share 1
rotated left by 7; copied to the stack frame for the rounds.  The doc
string of src/ascon/armv7m/masked.py gives the registers and the gadget.""")
    a.start()
    sym = a.func("ascon_masked_armv7m_permute")
    a.note("r0 = x[2][2][5], r1 = rounds (1..12), r2 = 2 * rounds random words")
    a("push", "{r4-r11, lr}")
    a("sub", "sp", "sp", f"#{FRAME}")
    a("str", "r0", f"[sp, #{F_X}]")
    a("str", "r2", f"[sp, #{F_RND}]")
    a("adr", "r3", ".Lmasked_rc")
    a("rsb", "r1", "r1", "#12", comment="the first round: 12 - rounds")
    a("add", "r3", "r3", "r1, lsl #3")
    a("str", "r3", f"[sp, #{F_RC}]")
    eight = "{" + ", ".join(SH0 + SH1[:3]) + "}"
    a("mov", U, "r0", comment="the state into the frame")
    a("ldm", f"{U}!", eight)
    a("stm", "sp", eight)
    a("ldm", f"{U}!", eight)
    a("add", T, "sp", "#32")
    a("stm", T, eight)
    a("ldm", U, "{r0, r1, r2, r3}")
    a("add", T, "sp", "#64")
    a("stm", T, "{r0, r1, r2, r3}")
    a.label(".Lmasked_round")
    sbox_half(a, 0)
    sbox_half(a, 1)
    linear_share(a, 0)
    linear_share(a, 1)
    a("ldr", T, f"[sp, #{F_RC}]", comment="the next round")
    a("add", T, T, "#8")
    a("str", T, f"[sp, #{F_RC}]")
    a("adr", U, ".Lmasked_rc_end")
    a("cmp", T, U)
    a("bne", ".Lmasked_round")
    a("ldr", "lr", f"[sp, #{F_X}]", comment="the state back to the caller")
    a("ldm", "sp", eight)
    a("stm", "lr!", eight)
    a("add", T, "sp", "#32")
    a("ldm", T, eight)
    a("stm", "lr!", eight)
    a("add", T, "sp", "#64")
    a("ldm", T, "{r0, r1, r2, r3}")
    a("stm", "lr", "{r0, r1, r2, r3}")
    a.note("no share left in the frame or in a register the caller does not restore")
    a("movs", "r0", "#0")
    a("movs", "r1", "#0")
    a("movs", "r2", "#0")
    a("movs", "r3", "#0")
    a("mov", T, "sp")
    a("add", U, "sp", "#80")
    a.label(".Lmasked_wipe")
    a("stm", f"{T}!", "{r0, r1, r2, r3}")
    a("cmp", T, U)
    a("bne", ".Lmasked_wipe")
    a("add", "sp", "sp", f"#{FRAME}")
    a("pop", "{r4-r11, pc}")
    a.raw("    .balign 4")
    a.label(".Lmasked_rc")
    for i in range(12):
        _c, even, odd = base().round_constant(i)
        a.raw(f"    .word {even}, {odd}")
    a.label(".Lmasked_rc_end")
    a.endfunc(sym)
    return text(a)


# -- three shares (masked3) ----------------------------------------------------
# Thirty words of state and z's three: the state stays in the frame (a copy
# of backend_masked.h's x[3][2][5], share j rotated left by 0, 7, 13), and
# each step loads what it works on:
#
#   chi, one half at a time     r9-r11: z (its three shares); r12: the
#                               terms' temporary; r0-r2, r3-r5, r6-r8: three
#                               lanes' shares (Cache3: a gate loads the lanes
#                               it needs and no triple holds, share by share,
#                               and stores a changed lane when its triple is
#                               taken); t2 into z, then t4, t1, t3, t0, and
#                               x2 ^= z while x2 is t0's q
#   one pass a share            r0-r4: e0..e4, r5-r9: o0..o4, r10/r11: u:
#                               the S-box's last affine part, the linear
#                               layer, and the next round's first affine
#                               part with its constant (LDM, STM once)
#
# The gate's nine terms are the RV32 masked3_zbb.S's (src/ascon/rv32/
# masked.py: ascon-c's order for three shares), each two instructions: the
# AND, AND-NOT or OR with the barrel shifter moving q's share to x's
# rotation, then the EOR into x's share.  No clears, as on RV32, where the
# assessment passes without them; this code is not assessed (no Cortex-M RTL).
F3_RND, F3_RC, F3_X = 120, 124, 128
FRAME3 = 136
Z3 = ["r9", "r10", "r11"]


def term3(a: Asm, x: str, op: str, first: str, second: str, rot: int, name: str) -> None:
    """x ^= first OP (second >>> rot); OP: and, bic (first & ~second), orr,
    bic_rev (second & ~first, no rotation)."""
    if op == "bic_rev":
        a.alu("bic", T, second, first, comment=name)
    else:
        a.alu(op, T, first, second, f"ror #{rot}" if rot else "", comment=name)
    a.alu("eor", x, x, T)


ARM_OPS = {"and": "and", "andn": "bic", "or": "orr", "andn_rev": "bic_rev"}


def toffoli3(a: Asm, x: list[str], p: list[str], q: list[str]) -> None:
    """x ^= ~p & q: src/ascon/masked_gadget.py's nine terms."""
    for j, op, k, text in TERMS3:
        term3(a, x[j], ARM_OPS[op], p[j], q[k], align3(k, j), text)


class Cache3:
    """Which lane's three shares (of the half the gates work on) each of the
    triples r0-r2, r3-r5, r6-r8 holds, and whether it changed: a gate loads
    only the lanes no triple holds, into triples holding no lane it needs
    (stored first if changed)."""

    def __init__(self, a: Asm, half: int):
        self.a, self.half = a, half
        self.slots: list[list] = [[None, False] for _ in range(3)]  # [lane, changed]

    def regs(self, k: int) -> list[str]:
        return [f"r{3 * k + j}" for j in range(3)]

    def move(self, op: str, pairs: list[tuple[int, int]]) -> None:
        """Load or store (op) the given (slot, lane)s, share by share."""
        for j in range(3):
            for k, lane in pairs:
                self.a(op, self.regs(k)[j], f"[sp, #{word(j, self.half, lane)}]")

    def fetch(self, lanes: list[int]) -> dict[int, list[str]]:
        held = {sl[0]: k for k, sl in enumerate(self.slots) if sl[0] is not None}
        free = [k for k, sl in enumerate(self.slots) if sl[0] not in lanes]
        loads = []
        for lane in lanes:
            if lane not in held:
                k = free.pop(0)
                held[lane] = k
                loads.append((k, lane))
        spill = [(k, self.slots[k][0]) for k, _ in loads if self.slots[k][1]]
        self.move("str", spill)
        for k, lane in loads:
            self.slots[k] = [lane, False]
        self.move("ldr", loads)
        return {lane: self.regs(held[lane]) for lane in lanes}

    def changed(self, lane: int) -> None:
        next(sl for sl in self.slots if sl[0] == lane)[1] = True

    def flush(self) -> None:
        self.move("str", [(k, sl[0]) for k, sl in enumerate(self.slots) if sl[1]])
        self.slots = [[None, False] for _ in range(3)]


def gate3(c: Cache3, x, p: int, q: int, name: str) -> dict[int, list[str]]:
    """Lane x ^= ~lane p & lane q of the cache's half (x None: into z)."""
    c.a.note(name)
    regs = c.fetch([lane for lane in (p, q, x) if lane is not None])
    toffoli3(c.a, regs[x] if x is not None else Z3, regs[p], regs[q])
    if x is not None:
        c.changed(x)
    return regs


def sbox3(a: Asm, half: int) -> None:
    """chi on one half, the affine parts around it being in the linear
    layer's pass (linear3): t2 into z, the four gates in place, and t2
    into x2 (x2's shares are the last gate's q)."""
    name = ("even", "odd")[half]
    a.note(f"S-box, {name} words, three shares")
    a("ldr", T, f"[sp, #{F3_RND}]", comment="z: a fresh sharing of zero (two words)")
    a("ldr", Z3[1], f"[{T}], #4")
    a("ldr", Z3[2], f"[{T}], #4")
    a("str", T, f"[sp, #{F3_RND}]")
    a("ror", Z3[0], Z3[1], f"#{align3(1, 0)}")
    a.eor_ror(Z3[0], Z3[0], Z3[2], align3(2, 0))
    c = Cache3(a, half)
    gate3(c, None, 3, 4, "z ^= ~x3 & x4 (t2)")
    gate3(c, 4, 0, 1, "x4 ^= ~x0 & x1 (t4)")
    gate3(c, 1, 2, 3, "x1 ^= ~x2 & x3 (t1)")
    gate3(c, 3, 4, 0, "x3 ^= ~x4 & x0 (t3: the new x4, same AND)")
    x2 = gate3(c, 0, 1, 2, "x0 ^= ~x1 & x2 (t0: the new x1, same AND)")[2]
    for j in range(3):
        a.alu("eor", x2[j], x2[j], Z3[j], comment="x2 ^= z (t2)" if j == 0 else "")
    c.changed(2)
    c.flush()


def linear3(a: Asm, share: int, next_round: bool) -> None:
    """One share's pass over both halves: the S-box's last affine part
    (and its NOT, share 0), the linear layer, and with next_round the next
    round's first affine part (and its constant, share 0, from the
    constants' pointer already moved on)."""
    e, o = LE, LO
    a.note(f"share {share}: S-box's end, linear layer" + (", next S-box's start" if next_round else "")
           + ": r0-r4 e0..e4, r5-r9 o0..o4")
    block(a, "ldm", word(share, 0), e + o)
    for x in (e, o):
        a.alu("eor", x[1], x[1], x[0], comment="x1 ^= x0, x0 ^= x4, x3 ^= x2")
        a.alu("eor", x[0], x[0], x[4])
        a.alu("eor", x[3], x[3], x[2])
        if share == 0:
            a("mvn", x[2], x[2], comment="x2 = ~x2 (share 0)")
    linear_lanes(a, e, o)
    if next_round:
        sbox_start(a, share, "x2 ^= the next round's constant")
    block(a, "stm", word(share, 0), e + o)


def sbox_start(a: Asm, share: int, rc_comment: str) -> None:
    """The S-box's first affine part on one share's words in registers (e in
    r0-r4, o in r5-r9), with the round constant (the constants' pointer's
    pair) into share 0."""
    e, o = LE, LO
    if share == 0:
        a("ldr", "lr", f"[sp, #{F3_RC}]", comment=rc_comment)
        a("ldm", "lr", "{r10, r11}")
        a.alu("eor", e[2], e[2], UE)
        a.alu("eor", o[2], o[2], UO)
    for x in (e, o):
        a.alu("eor", x[0], x[0], x[4], comment="x0 ^= x4, x4 ^= x3, x2 ^= x1")
        a.alu("eor", x[4], x[4], x[3])
        a.alu("eor", x[2], x[2], x[1])


def affine_in3(a: Asm) -> None:
    """The first round's first affine part and constant, share by share."""
    for share in range(3):
        a.note(f"share {share}: the first S-box's start")
        block(a, "ldm", word(share, 0), LE + LO)
        sbox_start(a, share, "x2 ^= the round constant")
        block(a, "stm", word(share, 0), LE + LO)


def copy3(a: Asm, to_frame: bool) -> None:
    """The thirty state words between the caller's x (lr) and the frame."""
    eight = "{" + ", ".join(SH0 + SH1[:3]) + "}"
    for k, n in ((0, 8), (32, 8), (64, 8), (96, 6)):
        regs = eight if n == 8 else "{" + ", ".join((SH0 + SH1)[:n]) + "}"
        if to_frame:
            a("ldm", "lr!", regs)
            a("add", T, "sp", f"#{k}")
            a("stm", T, regs)
        else:
            a("add", T, "sp", f"#{k}")
            a("ldm", T, regs)
            a("stm", "lr!", regs)


def generate3(variant: str) -> str:
    a = Asm(variant)
    a.banner("src/ascon/armv7m/gen.py", """\
ARMv7-M (Cortex-M3), Thumb-2: Ascon's p^n on three Boolean shares, for
masked3's implementations (backend_masked.h's ASCON_MASKED_PERMUTE_ASM,
ASCON_SHARES 3).  State in memory: backend_masked.h's x[3][2][5] (share,
half, lane), share j rotated left by 0, 7, 13; copied to the stack frame
for the rounds.  The doc string of src/ascon/armv7m/masked.py (three
shares) gives the registers.""")
    a.start()
    sym = a.func("ascon_masked3_armv7m_permute")
    a.note("r0 = x[3][2][5], r1 = rounds (1..12), r2 = 4 * rounds random words")
    a("push", "{r4-r11, lr}")
    a("sub", "sp", "sp", f"#{FRAME3}")
    a("str", "r0", f"[sp, #{F3_X}]")
    a("str", "r2", f"[sp, #{F3_RND}]")
    a("adr", "r3", ".Lmasked3_rc")
    a("rsb", "r1", "r1", "#12", comment="the first round: 12 - rounds")
    a("add", "r3", "r3", "r1, lsl #3")
    a("str", "r3", f"[sp, #{F3_RC}]")
    a("mov", "lr", "r0", comment="the state into the frame")
    copy3(a, to_frame=True)
    affine_in3(a)
    a.label(".Lmasked3_round")
    sbox3(a, 0)
    sbox3(a, 1)
    a("ldr", T, f"[sp, #{F3_RC}]", comment="the next round")
    a("add", T, T, "#8")
    a("str", T, f"[sp, #{F3_RC}]")
    a("adr", "lr", ".Lmasked3_rc_end")
    a("cmp", T, "lr")
    a("beq", ".Lmasked3_last")
    for j in range(3):
        linear3(a, j, next_round=True)
    a("b", ".Lmasked3_round")
    a.label(".Lmasked3_last")
    for j in range(3):
        linear3(a, j, next_round=False)
    a("ldr", "lr", f"[sp, #{F3_X}]", comment="the state back to the caller")
    copy3(a, to_frame=False)
    a.note("no share left in the frame or in a register the caller does not restore")
    a("movs", "r0", "#0")
    a("movs", "r1", "#0")
    a("movs", "r2", "#0")
    a("movs", "r3", "#0")
    a("mov", T, "sp")
    a("add", "lr", "sp", "#112")
    a.label(".Lmasked3_wipe")
    a("stm", f"{T}!", "{r0, r1, r2, r3}")
    a("cmp", T, "lr")
    a("bne", ".Lmasked3_wipe")
    a("strd", "r0", "r1", f"[{T}]")
    a("add", "sp", "sp", f"#{FRAME3}")
    a("pop", "{r4-r11, pc}")
    a.raw("    .balign 4")
    a.label(".Lmasked3_rc")
    for i in range(12):
        _c, even, odd = base().round_constant(i)
        a.raw(f"    .word {even}, {odd}")
    a.label(".Lmasked3_rc_end")
    a.endfunc(sym)
    return text(a)
