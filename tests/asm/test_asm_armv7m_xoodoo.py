"""Xoodoo's ARMv7-M (Cortex-M3) assembly (src/xoodoo/armv7m, written by
gen.py), what tests/asm/test_asm.py does not check for every family (there:
the .S current, KATs, round counts, Xoodyak's misaligned, in-place and split
calls): the instructions as generated (read back from the .S, executed by a
small Thumb-2 interpreter here on the host) are Xoodoo's rounds on random
states, in both variants (fast: the twelve unrolled rounds, their lane
renamings and frames, entered at every round through its layout stub;
small: the loop's body, constant table included); the path of frames the
generator found is a cycle; the fast Xoodoo[12] called directly costs its
hand count in the cycle model (the lwcbench figure adds the benchmark's
dispatch, as for Ascon).
"""
from __future__ import annotations

import random
import re
import subprocess

from tests.helpers import ROOT, load_module, usable_target

GEN = ROOT / "src" / "xoodoo" / "armv7m" / "gen.py"
M32 = 0xFFFFFFFF


def generator():
    return load_module(GEN, "xoodoo_armv7m_gen_test")


def rol(x: int, k: int) -> int:
    k %= 32
    return ((x << k) | (x >> (32 - k))) & M32 if k else x


def ref_round(a: list[int], rc: int) -> list[int]:
    """The specification's round on a[x + 4y] (written from its text)."""
    a = list(a)
    p = [a[x] ^ a[x + 4] ^ a[x + 8] for x in range(4)]
    e = [rol(p[(x - 1) % 4], 5) ^ rol(p[(x - 1) % 4], 14) for x in range(4)]
    a = [a[i] ^ e[i % 4] for i in range(12)]
    a[4:8] = [a[4 + (x - 1) % 4] for x in range(4)]          # rho-west
    a[8:12] = [rol(a[8 + x], 11) for x in range(4)]
    a[0] ^= rc                                                 # iota
    b = [a[i] ^ (~a[4 * ((i // 4 + 1) % 3) + i % 4] & a[4 * ((i // 4 + 2) % 3) + i % 4])
         for i in range(12)]                                   # chi
    a = [v & M32 for v in b]
    a[4:8] = [rol(a[4 + x], 1) for x in range(4)]              # rho-east
    a[8:12] = [rol(a[8 + (x - 2) % 4], 8) for x in range(4)]
    return a


def run_thumb(lines: list[str], regs: dict, mem: dict) -> int:
    """The instructions of `lines` (eor, bic, and, ror, lsr, lsl, mov; ldr,
    ldrb, str at [reg, #imm] or post-indexed) on regs and a memory mem
    (ldr, str: a word an address; ldrb: a byte); returns how many ran.
    Anything else fails the test."""
    n = 0
    for line in lines:
        code = line.split("@")[0].strip()
        if not code or code.endswith(":"):
            continue
        op, _, rest = code.partition(" ")
        args = [x.strip() for x in re.split(r",(?![^\[]*\])", rest)]
        op = op[:-1] if op in ("eors", "bics", "movs", "lsrs", "lsls", "ands") else op
        if op in ("ldr", "ldrb", "str"):
            m = re.fullmatch(r"\[(\w+)(?:, #(\d+))?\]", args[1])
            assert m, code
            addr = regs[m.group(1)] + int(m.group(2) or 0)
            if op == "str":
                mem[addr] = regs[args[0]]
            else:
                regs[args[0]] = mem[addr]
            if len(args) == 3:  # post-indexed
                regs[m.group(1)] += int(args[2].lstrip("#"))
        elif op in ("lsr", "lsl"):
            if len(args) == 2:
                args = [args[0]] + args
            v, k = regs[args[1]], args[2]
            k = int(k[1:]) if k.startswith("#") else regs[k] & 0xFF
            regs[args[0]] = (v >> k if op == "lsr" else v << k) & M32
        elif op in ("eor", "bic", "and"):
            if len(args) == 2 or (len(args) == 3 and args[2].startswith("ror")):
                args = [args[0]] + args  # two-operand form
            rd, rn, rm = args[:3]
            v = int(rm[1:], 0) if rm.startswith("#") else regs[rm]
            if len(args) == 4:
                k = int(re.fullmatch(r"ror #(\d+)", args[3]).group(1))
                v = ((v >> k) | (v << (32 - k))) & M32
            regs[rd] = {"eor": regs[rn] ^ v, "bic": regs[rn] & ~v & M32, "and": regs[rn] & v}[op]
        elif op in ("ror", "rors"):
            if len(args) == 2:  # rors rdn, rm: by the register's low byte, mod 32
                args = [args[0]] + args
            k = int(args[2][1:]) if args[2].startswith("#") else (regs[args[2]] & 0xFF) % 32
            v = regs[args[1]]
            regs[args[0]] = ((v >> k) | (v << (32 - k))) & M32
        elif op == "mov":
            regs[args[0]] = regs[args[1]]
        else:
            raise AssertionError(f"not a round operation: {code!r}")
        n += 1
    return n


def lines_between(text: list[str], start, stop) -> list[str]:
    a = next(k for k, ln in enumerate(text) if start(ln))
    b = next(k for k in range(a + 1, len(text)) if stop(text[k]))
    return text[a + 1:b]


def code_of(ln: str) -> str:
    return ln.split("@")[0].strip()


def test_fast_unrolled_rounds_are_xoodoo12():
    """permute12 from its LDM to the end: the twelve rounds on the lanes give
    the specification's Xoodoo[12], lane (x, y) back in REGS[x + 4y]."""
    text = (GEN.parent / "fast.S").read_text().splitlines()
    body = lines_between(text, lambda ln: ln.startswith("LWC_SYM(xoodoo_armv7m_permute12):"),
                         lambda ln: code_of(ln).startswith("pop"))
    body = [ln for ln in body if not code_of(ln).startswith(("push", "ldm"))]
    gen = generator()
    rnd = random.Random(16)
    for _ in range(16):
        a = [rnd.getrandbits(32) for _ in range(12)]
        regs = dict(zip(gen.REGS, a))
        regs.update({gen.T0: rnd.getrandbits(32), gen.T1: rnd.getrandbits(32)})
        assert run_thumb(body, regs, {}) == 12 * 49
        want = a
        for rc in gen.RC:
            want = ref_round(want, rc)
        assert [regs[r] for r in gen.REGS] == want


def test_fast_entries_at_every_round():
    """permute(s, n) of fast: after the LDM, the stub of layout k mod 4 (none
    for 0), then the unrolled code from .Lround<k> (k = 12 - n) to the end:
    Xoodoo[n] for every n, lane (x, y) back in REGS[x + 4y]."""
    text = (GEN.parent / "fast.S").read_text().splitlines()
    gen = generator()
    rnd = random.Random(18)
    for n in range(1, 13):
        k = 12 - n
        body = []
        if k % 4:
            body = lines_between(text, lambda ln: ln == f".Llayout{k % 4}:",
                                 lambda ln: ln == ".Ldispatch:" or code_of(ln) == "b       .Ldispatch")
        body += lines_between(text, lambda ln: ln == f".Lround{k}:",
                              lambda ln: code_of(ln).startswith("pop"))
        body = [ln for ln in body if not ln.startswith(".Lround")]
        a = [rnd.getrandbits(32) for _ in range(12)]
        regs = dict(zip(gen.REGS, a))
        regs.update({gen.T0: k, gen.T1: rnd.getrandbits(32)})
        run_thumb(body, regs, {})
        want = a
        for rc in gen.RC[k:]:
            want = ref_round(want, rc)
        assert [regs[r] for r in gen.REGS] == want, n


def loop_body(variant: str) -> list[str]:
    text = (GEN.parent / f"{variant}.S").read_text().splitlines()
    body = lines_between(text, lambda ln: ln == ".Lround:",
                         lambda ln: code_of(ln).startswith("ldrb") and "#1" not in ln)
    return body[:-1]  # the loop test's pointer load


def rc_table(variant: str) -> list[int]:
    """The loop's constant table as the .S has it (.byte lines)."""
    text = (GEN.parent / f"{variant}.S").read_text()
    return [int(v, 0) for ln in re.findall(r"^\s*\.byte ([^@\n]*)", text, re.M)
            for v in ln.split(",")]


def test_loop_body_is_a_round_for_every_constant():
    """small's loop, one iteration per round from the .S's constant table at
    [sp, #4]: Xoodoo[n] for every n, and the table ends with the 0 the loop
    stops at."""
    gen = generator()
    rnd = random.Random(17)
    for variant in ["small"]:
        body = loop_body(variant)
        rcs = rc_table(variant)
        assert len(rcs) == 13 and rcs[12] == 0
        for n in range(1, 13):
            a = [rnd.getrandbits(32) for _ in range(12)]
            regs = dict(zip(gen.REGS, a))
            table = 0x1000
            mem = {0x100 + 4: table + (12 - n)}
            mem.update({table + i: rc for i, rc in enumerate(rcs)})
            regs.update({"sp": 0x100, gen.T0: 0, gen.T1: 0})
            for _ in range(n):
                run_thumb(body, regs, mem)
            want = a
            for rc in gen.RC[12 - n:]:
                want = ref_round(want, rc)
            assert [regs[r] for r in gen.REGS] == want, (variant, n)
            assert mem[0x104] == table + 12  # where the loop's test reads 0


def test_frames_return_to_zero():
    """The four rounds' choices lead from frames (0, 0, 0) to (0, 0, 0), and
    every round constant is an immediate in the frame it meets."""
    gen = generator()
    f = (0, 0, 0)
    cyc = gen.path()
    assert len(cyc) == 4
    for c in cyc:
        f = gen.next_frames(f, c)
    assert f == (0, 0, 0)
    assert gen.thumb_imm(0x3C0) and gen.thumb_imm(0xFF000000) and not gen.thumb_imm(0x101)


def test_direct_call_of_permute12_costs_the_hand_count(tmp_path):
    """fast Xoodoo[12] called directly, 0 wait states: mov, movs, bl (1 + 1 +
    3), push of 10 (11), ldm of 12 (13), 12 rounds of 49, the state pointer
    popped (2), stm of 12 (13), pop of 9 with pc (1 + 9 + P = 12): 644
    modelled cycles, under the seed's 657 (its figure is the permutation
    called directly; lwcbench's adds the benchmark's dispatch)."""
    from tests.targets import test_cm3_model as m
    from harness.bench.targets.qemu import HERE
    body = "mov r0, r8\n movs r1, #12\n bl xoodoo_armv7m_permute12"
    prog = m.program("", body).replace("mov.w r12, lr", "push {lr}").replace("bx r12", "pop {pc}")
    prog = prog.replace("buffer: .space 16", "buffer: .space 48")
    src, asm, elf = tmp_path / "p.S", tmp_path / "a.S", tmp_path / "p.elf"
    src.write_text(prog)
    asm.write_text('#include "xoodoo/armv7m/fast.S"\n')
    t = usable_target("cortex-m3-qemu")
    r = subprocess.run([*t.cc, "-mcpu=cortex-m3", "-mthumb", "-nostdlib", "-static",
                        f"-I{ROOT / 'src'}", "-T", str(HERE / "link.ld"),
                        "-Wl,-z,max-page-size=4096", "-o", str(elf), str(src), str(asm)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    n = m.REPS[1] - m.REPS[0]
    insns, cycles = m.per_body(m.run(elf, 0))
    assert insns % n == 0 and cycles % n == 0
    assert insns // n == 3 + 2 + 12 * 49 + 3
    assert cycles // n == 5 + 11 + 13 + 12 * 49 + 2 + 13 + 12 == 644
