"""Grain-128AEADv2's MSP430 assembly (src/grain/msp430/gen.py) beyond the
generic checks of tests/asm/test_asm.py (generated file current, KAT on
the simulated MSP430 -- one-shot and incremental, split AD included --,
./lwcbench ct):

* the generator's terms, taken together, are the specification's f, g, h
  and y (a tap dropped or mistyped in gen.py fails here by name, before
  any KAT);
* the pre-output generator's chain, run by the MSP430 model
  (tests/models/msp430.py: registers, carry, memory), gives the windows and
  the new words of a bit-serial Grain on random states, for ymask, ks, kb;
* the only memory operands are the stack's, the state pointer's and the
  input's and output's, and every branch tests a length, the output
  pointer or the authenticator's sentinel (nothing secret);
* both entry points wipe their frames (state windows, key words);
* the code bytes of the assembly stay within the goal (1060, the seed's
  916 + 144);
* the cycles of one byte (16 clocks, split, encryption, 8 authenticated
  bits), as the generator's instructions count by the family guide, are
  what lwc-msp430sim charges: cycles(mlen 48) - cycles(mlen 32) = 16 bytes.
"""
from __future__ import annotations

import random
import re
import subprocess

from tests.helpers import ROOT, impl_id, load_module, usable_target
from tests.models.bits import M16
from tests.models.msp430 import Msp430, cycles, instructions
from harness.bench.targets.job import Point
from harness.discover import discover

NAME = "msp430"
GEN = load_module(ROOT / "src" / "grain" / "msp430" / "gen.py", "grain_msp430_gen_family")
(ASM,) = [i for i in discover() if i.name == "asm_msp430" and i.scheme == "grain128aead-v2"]

# Grain-128AEADv2, section 2.1 (taps as ("s", i) / ("b", i); a product as a tuple)
S = lambda *ks: tuple(("s", k) for k in ks)  # noqa: E731
B = lambda *ks: tuple(("b", k) for k in ks)  # noqa: E731
SPEC_F = {S(0), S(7), S(38), S(70), S(81), S(96)}
SPEC_G = {B(0), B(26), B(56), B(91), B(96), B(3, 67), B(11, 13), B(17, 18), B(27, 59),
          B(40, 48), B(61, 65), B(68, 84), B(22, 24, 25), B(70, 78, 82), B(88, 92, 93, 95)}
SPEC_H = {B(12) + S(8), S(13, 20), B(95) + S(42), S(60, 79), B(12, 95) + S(94)}
SPEC_Y = SPEC_H | {S(93), B(2), B(15), B(36), B(45), B(64), B(73), B(89)}


def gen_terms() -> dict[str, set]:
    out: dict[str, set] = {"F": set(), "G": set(), "Y": set()}
    for reg, terms in (("b", GEN.NFSR_TERMS), ("s", GEN.LFSR_TERMS)):
        for acc, taps, mem in terms:
            if acc.startswith("save:"):
                continue
            t = tuple((reg, k) for k in taps) + tuple(("b", int(m[1:])) for m in mem)
            assert t not in out[acc], (acc, t)
            out[acc].add(t)
    return {k: {tuple(sorted(t)) for t in v} for k, v in out.items()}


def norm(terms: set) -> set:
    return {tuple(sorted(t)) for t in terms}


def test_terms_are_the_specification():
    got = gen_terms()
    assert got["F"] == norm(SPEC_F)
    assert got["G"] == norm(SPEC_G | {S(0)})  # b_128 = s0 + g
    assert got["Y"] == norm(SPEC_Y)
    for reg, terms in (("b", GEN.NFSR_TERMS), ("s", GEN.LFSR_TERMS)):
        for acc, taps, mem in terms:  # every window inside the 7-word chain
            assert all(k % 16 + 15 + 16 * (k // 16) <= 111 and k // 16 <= 6 for k in taps)
    # what LFSR terms read from slots is what the NFSR pass saves
    saved = {acc[5:] for acc, _, _ in GEN.NFSR_TERMS if acc.startswith("save:")}
    assert {m for _, _, mem in GEN.LFSR_TERMS for m in mem} == saved == {"B12", "B95"}


def source() -> list[str]:
    return [ln.split(";")[0].strip() for ln in (ROOT / "src" / "grain" / "msp430" / "fast.S")
            .read_text().splitlines()]


def block(lines: list[str], start: str, end: str) -> list[str]:
    i = lines.index(start)
    j = next(k for k in range(i, len(lines)) if lines[k] == end)
    return lines[i + 1:j + 1]


def bits(words: list[int]) -> list[int]:
    return [(words[i // 16] >> (i % 16)) & 1 for i in range(128)]


def words(b: list[int]) -> list[int]:
    return [sum(b[16 * q + i] << i for i in range(16)) for q in range(8)]


def clock16_ref(s: list[int], b: list[int], ymask: int, ks: int, kb: int):
    """16 clocks, a bit at a time, as the specification writes them."""
    s, b, ys = list(s), list(b), 0
    for t in range(16):
        f = s[0] ^ s[7] ^ s[38] ^ s[70] ^ s[81] ^ s[96]
        g = 0
        for term in SPEC_G:
            p = 1
            for _, k in term:
                p &= b[k]
            g ^= p
        y = 0
        for term in SPEC_Y:
            p = 1
            for reg, k in term:
                p &= (s if reg == "s" else b)[k]
            y ^= p
        fb = y & (ymask >> t) & 1
        ns, nb = f ^ fb ^ ((ks >> t) & 1), s[0] ^ g ^ fb ^ ((kb >> t) & 1)
        s, b = s[1:] + [ns], b[1:] + [nb]
        ys |= y << t
    return s, b, ys


def test_core_model_matches_bit_serial_grain():
    lines = source()
    core = block(lines, ".Lcore:", "ret")
    total = GEN.core(GEN.Asm("t"))
    rng = random.Random(17)
    for trial in range(40):
        st = [rng.getrandbits(16) for _ in range(16)]
        ymask, ks, kb = [(0, 0, 0), (M16, 0, 0)][trial % 2] if trial < 20 else \
            (rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(16))
        cpu = Msp430({f"r{i}": 0 for i in range(4, 16)} | {"sp": 0x3000}, {})
        base = 0x1200
        for i, w in enumerate(st):
            cpu.mem[base + 2 * i] = w
        sp = cpu.r["sp"]  # .Lcore's view: return address at 0(sp), slots from 2(sp)
        for i in range(total):
            cpu.mem[sp + 2 + 2 * i] = rng.getrandbits(16)
        cpu.mem[sp + 2] = base  # slot P
        for i, v in enumerate((ymask, ks, kb)):
            cpu.mem[sp + 2 + 2 * total + 2 * i] = v
        cpu.run(core)
        s, b, y = clock16_ref(bits(st[:8]), bits(st[8:]), ymask, ks, kb)
        assert cpu.r["r12"] == y, trial
        assert [cpu.mem[base + 2 * i] for i in range(16)] == words(s) + words(b), trial
        assert cpu.r["sp"] == sp


def test_only_public_addresses_and_branches():
    """Memory operands: the stack's (x(sp), push/pop), the state pointer's
    (x(r12), @r12+ and x(r13), @r13+ after loading it from its slot) and
    the input's and output's (@r15+, 0(r15) after loading them from their
    slots); branches: on the length, the output pointer and the sentinel."""
    prev = ""
    for ln, op, args in instructions(source()):
        for arg in args:
            if "(" in arg or arg.startswith("@"):
                assert re.fullmatch(r"-?\d+\((sp|r12|r13|r15)\)|@r1[235]\+?", arg), ln
        if op.startswith("j"):
            assert len(args) == 1, ln
            target = args[0]
            assert (target, prev) in {
                (".Lnone", "tst     r15"),           # len = 0
                ("1f", "tst     r15"),               # no output
                (".Lauth", "cmp     #1, r13"),       # the sentinel
            } or (target == ".Lbyte" and re.fullmatch(r"sub     #1, \d+\(sp\)", prev)), ln
        prev = ln


def test_byte_cost_is_what_the_simulator_charges():
    lines = [ln for ln in source() if ln]
    core = block(lines, ".Lcore:", "ret")
    byte = block(lines, ".Lbyte:", "jne     .Lbyte")
    auth = block(lines, ".Lauth:", "jne     .Lauth")
    count = lambda part: sum(cycles(ln) for ln in part  # noqa: E731
                             if not ln.endswith(":") and not ln.startswith("."))
    static = count(core) + count(byte) + 7 * count(auth)  # the loop: 8 passes, one in byte
    t = usable_target(NAME)
    points = [Point("encrypt", 0, 32, ("grid",)), Point("encrypt", 0, 48, ("grid",))]
    res = t.run_job(ASM, points)
    assert res.status == "ok", (impl_id(ASM), res.detail)
    got = [res.values[p]["cycles"] for p in points]
    assert got[1] - got[0] == 16 * static, (got, static)


def test_code_bytes_within_the_goal():
    t = usable_target(NAME)
    t.build(ASM)
    obj = t.firmware.objects_out() / impl_id(ASM).replace("/", "__") / "obj" / "grain.S.o"
    out = subprocess.run(["llvm-size-14", str(obj)], capture_output=True, text=True, check=True)
    text = int(out.stdout.splitlines()[1].split()[0])
    assert 0 < text <= 1060, text


def test_frames_are_wiped_before_returning():
    """Both entry points overwrite the slots (windows of the state) with
    zeros before they return, clock16 also ymask, ks and kb (key words
    during the set-up): `add #2w, sp`, then w pushes of 0, then the frame
    freed, just before the saved registers come back."""
    lines = [ln for ln in source() if ln]
    total = GEN.core(GEN.Asm("t"))
    for entry, words in (("LWC_SYM(grain_msp430_clock16):", total + 3),
                         ("LWC_SYM(grain_msp430_stream):", total)):
        body = [ln for ln in lines[lines.index(entry) + 1:] if not ln.endswith(":")]
        end = body.index("pop     r10")
        tail = body[end - words - 2:end]
        assert tail[0] == f"add     #{2 * words}, sp", (entry, tail)
        assert tail[1:-1] == ["push    #0"] * words, (entry, tail)
        assert re.fullmatch(r"add     #\d+, sp", tail[-1]), (entry, tail)
