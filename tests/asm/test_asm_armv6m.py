"""The ARMv6-M (Cortex-M0/M0+) assembly: Ascon's (src/ascon/armv6m, written
by gen.py) checks of its own, and the value allocator of src/asmgen/armv6m.py
that Xoodoo's and Sparkle's generators use.  tests/asm/test_asm.py's table
makes the generic ones for every family (generated files current, KATs on
cortex-m0-qemu, whose cycle model stops at any instruction ARMv6-M lacks and
any unaligned access, and samples on cortex-m0plus; every round count
against ref; misaligned, in-place, forged and incremental calls:
tests/asm/align.c).

Here: both Ascon variants implement every member and bare permutation; the
rounds as generated (read back from the .S, executed on the host by
tests/models/thumb.py) are Ascon's round on the plain state, for every
round of p^12 and random states; the round is 140 one-cycle operations and
its register map the same at both ends (the search's choice needs no extra
move); the emitter refuses what ARMv6-M lacks; the fast p^12 called
directly costs what the Cortex-M0 and M0+ tables say; the allocator keeps
every value through its spills.
"""
from __future__ import annotations

import random

import pytest

from tests.helpers import ROOT, load_module
from tests.models import m0
from tests.models.perms import ascon_round
from tests.models.thumb import run_thumb
from harness.discover import discover

GEN = ROOT / "src" / "ascon" / "armv6m" / "gen.py"
ASM = [i for i in discover()
       if i.name in ("asm_armv6m", "asm_armv6m_small") and i.scheme.startswith("ascon")]
ROUND_OPS = {"eor", "and", "bic", "orr", "mvn", "lsl", "lsr", "mov"}


def generator():
    return load_module(GEN, "ascon_armv6m_gen")


def test_every_variant_has_all_members():
    members = {i.scheme for i in discover() if i.name == "ref" and i.scheme.startswith("ascon")}
    assert len(members) == 17  # 11 schemes, Mac, Prf, PrfShort and p12, p8, p6
    for name in ("asm_armv6m", "asm_armv6m_small"):
        have = {i.scheme for i in ASM if i.name == name}
        assert have == members, f"{name}: missing {sorted(members - have)}"
    assert all(i.builds_for({"armv6m"}) and not i.builds_for({"armv7m", "x86_64", "rv32"})
               for i in ASM)


def round_bodies(variant: str) -> list[list[str]]:
    """Each round's lines: fast, .Lround<i> to the next label; small, the
    loop's body after its constant is added (the same for every round)."""
    text = (GEN.parent / f"{variant}.S").read_text().splitlines()
    if variant == "small":
        a = next(k for k, ln in enumerate(text) if "l2 ^= c" in ln) + 1
        b = next(k for k in range(a, len(text)) if "the next round's constant" in text[k]) - 1
        return [text[a:b]] * 12
    bodies = []
    for i in range(12):
        a = text.index(f".Lround{i}:")
        end = f".Lround{i + 1}:" if i < 11 else None
        b = text.index(end) if end else next(k for k in range(a, len(text))
                                             if text[k].split("@")[0].split()[:1] == ["bx"])
        bodies.append(text[a + 1:b])
    return bodies


@pytest.mark.parametrize("variant", ["fast", "small"])
def test_generated_round_is_ascons_round(variant):
    """Every round as the .S has it maps random states (l_i, h_i in the
    map's registers, garbage in the free ones) to the specification's
    round, back in the same registers."""
    gen = generator()
    rnd = random.Random(46)
    for i, body in enumerate(round_bodies(variant)):
        for _ in range(8):
            x = [rnd.getrandbits(64) for _ in range(5)]
            regs = {r: rnd.getrandbits(32) for r in gen.FREE}
            for k in range(5):
                regs[gen.LH[k]], regs[gen.HH[k]] = x[k] & 0xFFFFFFFF, x[k] >> 32
            if variant == "small":  # the loop adds the constant itself
                regs[gen.LH[2]] ^= gen.round_constant(i)
            assert run_thumb(body, regs, only=ROUND_OPS) == (140 if variant == "fast" else 138)
            want = ascon_round(x, i)
            got = [regs[gen.LH[k]] | regs[gen.HH[k]] << 32 for k in range(5)]
            assert got == want, f"{variant} round {i}"


def test_the_round_needs_no_extra_move():
    """The chosen lane order and free-register picks end the round in the
    map it started from (no MOV beyond the 20 of the plan), and they are
    what search() finds."""
    gen = generator()
    assert gen.emit_round(gen.Asm("t"), 0x4b, gen.ORDER, gen.PICKS) == 0
    n, order, picks = gen.search()
    assert n == 0 and (order, picks) == (gen.ORDER, gen.PICKS)


@pytest.mark.parametrize("line", [
    ("eor", "r0", "r1", "r2"),           # no three-register EOR
    ("eors", "r0", "r1", "r2"),
    ("eors", "r8", "r1"),                # ALU on a high register
    ("lsls", "r9", "r1", "#3"),
    ("ldrd", "r0", "r1", "[sp]"),
    ("orn", "r0", "r1"),
    ("movw", "r0", "#1"),
    ("ldr", "r0", "[r1], #4"),           # no post-index
    ("ldm", "r0", "{r1, r2}"),           # write-back exactly when the base is not listed
    ("stm", "r0", "{r0, r1}"),
    ("push", "{r8}"),
    ("movs", "r0", "#256"),
])
def test_the_emitter_refuses_what_armv6m_lacks(line):
    from src.asmgen.armv6m import Asm
    with pytest.raises(ValueError):
        Asm("t")(*line)


def test_direct_call_of_p12_costs_the_hand_count(tmp_path):
    """fast p^12 called directly (mov, movs, bl), 0 wait states, Cortex-M0:
    1 + 1 + 4; push of 6 (7), 4 MOVs, push of 4 (5); the state in: LDM of 7
    (8), 3 MOVs, LDM of 3 (4), 2 MOVs; bl into round 0 (4); 12 rounds of
    140; bx lr (3), b (3), the pointer reloaded (2); the state out: 4 MOVs,
    STM of 7 (8), 3 MOVs, STM of 3 (4); pop of 4 (5), 4 MOVs, pop of 5 with
    PC (4 + 5): 1768 modelled cycles.  The Cortex-M0+ takes one cycle less
    for each of the two BLs, the BX, the B and the POP with PC: 1763."""
    body = 6 + 7 + 4 + 5 + (8 + 3 + 4 + 2) + 4 + 12 * 140 + 3 + 3 + 2 + (4 + 8 + 3 + 4) + 5 + 4 + 9
    insns, cycles = m0.direct_call_cost(tmp_path, "ascon/armv6m/fast.S",
                                        "ascon_armv6m_permute12", 12,
                                        defines="#define ASCON_LITTLE_ENDIAN 1\n")
    assert insns == 3 + 6 + 7 + 1 + 12 * 140 + 1 + 1 + 1 + 9 + 6
    assert cycles == body == 1768
    _insns, cycles = m0.direct_call_cost(tmp_path, "ascon/armv6m/fast.S",
                                         "ascon_armv6m_permute12", 12, core="m0plus",
                                         defines="#define ASCON_LITTLE_ENDIAN 1\n")
    assert cycles == body - 5


# -- the value allocator of src/asmgen/armv6m.py (Xoodoo's and Sparkle's) -------------
def test_the_allocator_keeps_every_value_through_spills():
    """Random operations on sixteen values (more than the fourteen registers:
    high registers and stack slots fill), allocated and executed on the host
    model: every value ends where the allocator says, equal to the same
    operations done on integers."""
    from src.asmgen.armv6m import HIGH, LOW, Alloc, Asm, Prog
    rnd = random.Random(6)
    names = [f"v{k}" for k in range(16)]
    start = dict(zip(names, ["r0", "r1", "r2", "r3", "r4", "r5", *HIGH, "s0", "s1", "s2", "s3"]))
    p = Prog()
    val = {v: rnd.getrandbits(32) for v in names}
    want = dict(val)
    for _ in range(300):
        a, b = rnd.sample(names, 2)
        op = rnd.choice(["eors", "bics", "orrs", "tmp"])
        if op == "tmp":  # a temporary: a copy of b, xored into a, dead
            t = p.new("t")
            p("mov", t, b)
            p("lsls", t, 3)
            p("eors", a, t)
            p("kill", t)
            want[a] ^= (want[b] << 3) & 0xFFFFFFFF
        else:
            p(op, a, b)
            want[a] = {"eors": want[a] ^ want[b], "bics": want[a] & ~want[b] & 0xFFFFFFFF,
                       "orrs": want[a] | want[b]}[op]
    p("end",)
    asm = Asm("t")
    al = Alloc(asm, p.ops, start, set(names), slots=8)
    al.run()
    regs = {r: 0 for r in LOW + HIGH}
    regs["sp"] = 0x1000
    mem = {}
    for v, place in start.items():
        if place.startswith("s"):
            mem[0x1000 + 4 * int(place[1:])] = val[v]
        else:
            regs[place] = val[v]
    run_thumb(asm.lines, regs, mem, only={"eor", "bic", "orr", "mov", "lsl", "ldr", "str"})
    got = {v: mem[0x1000 + 4 * int(q[1:])] if q.startswith("s") else regs[q]
           for v, q in al.where.items()}
    assert got == want
    assert any(ln.split()[0] == "str" for ln in asm.lines)  # it did spill


def test_every_family_of_the_permutation_study_has_both_variants():
    """Gimli, Sparkle384 and Xoodoo: every scheme their ARMv7-M assembly
    serves has asm_armv6m and asm_armv6m_small too, claiming ARMv6-M alone."""
    tree = discover()
    for family in ("gimli", "sparkle", "schwaemm", "esch", "xoodoo", "xoodyak"):
        schemes = {i.scheme for i in tree if i.name == "asm_armv7m" and i.scheme.startswith(family)}
        assert schemes, family
        for name in ("asm_armv6m", "asm_armv6m_small"):
            have = {i.scheme for i in tree if i.name == name and i.scheme.startswith(family)}
            assert have == schemes, (family, name, sorted(schemes - have))
    assert all(i.architectures == ("armv6m",) for i in tree if i.name.startswith("asm_armv6m"))


@pytest.mark.parametrize("family", ["sparkle", "xoodoo"])
def test_every_return_wipes_the_spill_slots(family):
    """Sparkle's and Xoodoo's routines spill state words to stack slots (the
    allocator's evictions): every exit zeroes all the slots before the
    frame is freed, so no state word outlives the call."""
    gen = load_module(ROOT / "src" / family / "armv6m" / "gen.py", f"{family}_armv6m_gen")
    slots = gen.SLOTS
    for name in ("fast.S", "small.S"):
        lines = [ln.split("@")[0].split() for ln in
                 (ROOT / "src" / family / "armv6m" / name).read_text().splitlines()]
        lines = [" ".join(w).replace(" ,", ",") for w in lines if w]
        spilled = [ln for ln in lines if ln.startswith("str") and "[sp, #" in ln]
        assert spilled, f"{family} {name}: no spill found (the test checks nothing)"
        exits = [k for k, ln in enumerate(lines) if ln.startswith("add sp,")
                 and int(ln.split("#")[1]) >= 4 * slots]
        assert exits, f"{family} {name}: no frame freed"
        for k in exits:
            before = lines[k - slots - 1:k]
            zero = before[0].split()[1].rstrip(",")
            assert before[0] == f"movs {zero}, #0", (name, k, before)
            assert before[1:] == [f"str {zero}, [sp, #{4 * j}]" for j in range(slots)], \
                (name, k, before)
