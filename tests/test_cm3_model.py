"""The Cortex-M3 cycle model (harness/platforms/qemu/cm3_cycles.c), validated
by construction.

Each case is a small Thumb-2 body whose cost the Cortex-M3 Technical
Reference Manual states (ALU 1, loads and stores 2, a load or store right
after an independent load 1, LDM/STM 1+N, a taken branch 1+P, MLA 2, ...).
The program runs the body 1000 and 2000 times in a row (.rept, no loop),
each run between two reads of the counters, and writes the counts out; the
difference of the two runs is exactly 1000 bodies, whatever the reads and
the run's edges cost.  That difference must be 1000 x the cost written
here by hand from the manual's table and the wait-state rules of docs/research.md
(fetch lines of 4 bytes, one line prefetched, 1 + ws cycles a flash line,
ws more per flash data read, ws per line of a branch target) -- exactly,
at 0, 2 and 4 wait states.  A wrong class cost, a missed pipelining or a
wrong refill changes a count and fails its case.
"""
from __future__ import annotations

import struct
import subprocess

import pytest

from conftest import usable_target
from harness.bench.targets.qemu import CM3_PLUGIN, HERE, flash_range

REPS = (1000, 2000)
WS = (0, 2, 4)
P = 2  # the model's refill (CortexM3Qemu.refill)

# name: (setup, body, instructions executed per body, cost(ws) by hand)
# registers: sp -> RAM words (sp[0] holds sp, sp[2..] data), r8 -> RAM
# buffer, r9 -> a word in flash (.rodata); r1-r3 small numbers; Z set.
CASES = {
    # 32-bit ALU with a shifted operand: 1; each 32-bit line takes 1 + ws
    "alu32": ("", "eor.w r1, r1, r2, ror #7", 1, lambda ws: 1 + ws),
    # two 16-bit ALU in one line: 2, or the next line's fetch (1 + ws)
    "alu16x2": ("", "eors r1, r2\n adds r3, r1", 2, lambda ws: max(2, 1 + ws)),
    # two independent loads: 2 + 1 (pipelined), then an ALU op in the next line
    "ldr_pair": ("", "ldr r1, [sp, #8]\n ldr r2, [sp, #12]\n eor.w r3, r3, r1", 3,
                 lambda ws: max(3, 1 + ws) + 1 + ws),
    # the second load's address is the first one's result: not pipelined, 2 + 2
    "ldr_dependent": ("", "ldr r1, [sp]\n ldr r2, [r1, #8]\n eor.w r3, r3, r2", 3,
                      lambda ws: max(4, 1 + ws) + 1 + ws),
    # a store after a load is pipelined: 2 + 1
    "ldr_str": ("", "ldr r1, [sp, #8]\n str r1, [sp, #16]\n eor.w r3, r3, r1", 3,
                lambda ws: max(3, 1 + ws) + 1 + ws),
    # nothing is pipelined after a store: 2 + 2
    "str_ldr": ("", "str r1, [sp, #16]\n ldr r2, [sp, #8]\n eor.w r3, r3, r2", 3,
                lambda ws: max(4, 1 + ws) + 1 + ws),
    # LDM, STM of 4 registers: 1 + 4
    "ldm4": ("", "ldm.w r8, {r1, r2, r3, r10}", 1, lambda ws: max(5, 1 + ws)),
    "stm4": ("", "stm.w r8, {r1, r2, r3, r10}", 1, lambda ws: max(5, 1 + ws)),
    # PUSH, POP of 3: 1 + 3 each
    "push_pop": ("", "push {r1, r2, r3}\n pop {r1, r2, r3}", 2, lambda ws: max(8, 1 + ws)),
    # LDRD: 1 + 2
    "ldrd": ("", "ldrd r1, r2, [sp, #8]", 1, lambda ws: max(3, 1 + ws)),
    # a taken branch: 1 + P, the target line refetched (ws)
    "b_taken": ("", "b.n 1f\n nop\n 1:", 1, lambda ws: 1 + P + ws),
    # a taken conditional branch (Z set): 1 + P
    "beq_taken": ("", "beq.n 1f\n nop\n 1:", 1, lambda ws: 1 + P + ws),
    # a conditional branch not taken: 1
    "bne_not_taken": ("", "bne.w never", 1, lambda ws: 1 + ws),
    # a taken branch to a 32-bit instruction that is not word aligned:
    # 1 + P + 1 (two fetches), both of its lines refetched; then the
    # 32-bit ALU op and a NOP in the last line
    "b_unaligned_target": ("", "b.n 1f\n nop\n nop\n 1: eor.w r1, r1, r2\n nop", 3,
                           lambda ws: max(2, 1 + ws) + 1 + P + 1 + 2 * ws),
    # MUL 1, MLA 2, MLS 2, UMULL 5, SMLAL 7, UDIV 12 (upper bounds of the
    # manual's data-dependent 3-5, 4-7 and 2-12)
    "mul": ("", "mul r1, r2, r3", 1, lambda ws: 1 + ws),
    "mla": ("", "mla r1, r2, r3, r1", 1, lambda ws: max(2, 1 + ws)),
    "mls": ("", "mls r1, r2, r3, r1", 1, lambda ws: max(2, 1 + ws)),
    "umull": ("", "umull r1, r10, r2, r3", 1, lambda ws: max(5, 1 + ws)),
    "smlal": ("", "smlal r1, r10, r2, r3", 1, lambda ws: max(7, 1 + ws)),
    "udiv": ("", "udiv r1, r3, r2", 1, lambda ws: max(12, 1 + ws)),
    # IT + a conditional 16-bit ALU op: 1 + 1
    "it": ("", "it eq\n addeq r1, r2", 2, lambda ws: max(2, 1 + ws)),
    # a load from RAM vs the same load from flash (ws more: data wait states)
    "ldr_ram": ("", "ldr r1, [sp, #8]\n adds r3, r1", 2, lambda ws: max(3, 1 + ws)),
    "ldr_flash": ("", "ldr r1, [r9]\n adds r3, r1\n adds r2, r1", 3,
                  lambda ws: max(4 + ws, 3 + 2 * ws)),
    # a literal (PC-relative) load reads flash: 2 + ws, then two ALU ops
    "ldr_literal": ("", "ldr.w r1, [pc, #-4]\n adds r3, r1\n adds r2, r1", 3,
                    lambda ws: max(4 + ws, 3 + 2 * ws)),
}

COUNT = """
        movw r6, #:lower16:{slot}
        movt r6, #:upper16:{slot}
        movw r4, #0x574c
        movt r4, #0x4343
        movw r5, #0x554f
        movt r5, #0x544e
        strd r4, r5, [r6]
        strd r4, r5, [r6, #8]
        mov r0, r6
        movw r7, #0x4c57
        svc 0
        add.w r0, r6, #8
        movw r7, #0x4c59
        svc 0
        nop
"""


def program(setup: str, body: str) -> str:
    """Two regions of REPS bodies, each between two counter reads; the 8
    slots (instructions, modelled cycles) are written to stdout."""
    regions = []
    for k, n in enumerate(REPS):
        regions.append(f"""
        .balign 16
region{k}:
        mov.w r12, lr
{COUNT.format(slot=f"slots+{32 * k}")}
        .rept {n}
        {body}
        .endr
{COUNT.format(slot=f"slots+{32 * k + 16}")}
        bx r12
""")
    return f"""
        .syntax unified
        .thumb
        .section .text.start, "ax"
        .globl _start
        .thumb_func
_start:
        sub sp, sp, #64
        mov r0, sp
        str r0, [sp]
        movs r1, #7
        str r1, [sp, #8]
        str r1, [sp, #12]
        movw r8, #:lower16:buffer
        movt r8, #:upper16:buffer
        movw r9, #:lower16:table
        movt r9, #:upper16:table
        movs r1, #1
        movs r2, #3
        movs r3, #200
        mov.w r10, #0
        cmp r1, r1
        {setup}
        bl region0
        cmp r1, r1
        bl region1
        movs r0, #1
        movw r1, #:lower16:slots
        movt r1, #:upper16:slots
        movs r2, #64
        movs r7, #4
        svc 0
        movs r0, #0
        movs r7, #248
        svc 0
{"".join(regions)}
never:  b never
        .section .rodata
        .balign 4
table:  .word 0x12345678
        .bss
        .balign 8
slots:  .space 64
buffer: .space 16
"""


_built: dict = {}


def build(tmp_path_factory, name: str):
    if name not in _built:
        t = usable_target("cortex-m3-qemu")
        folder = tmp_path_factory.mktemp(f"cm3-{name}")
        src = folder / f"{name}.S"
        setup, body, _n, _cost = CASES[name]
        src.write_text(program(setup, body))
        elf = folder / f"{name}.elf"
        r = subprocess.run([*t.cc, "-mcpu=cortex-m3", "-mthumb", "-nostdlib", "-static",
                            "-T", str(HERE / "link.ld"), "-Wl,-z,max-page-size=4096", "-o",
                            str(elf), str(src)], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        _built[name] = elf
    return _built[name]


def run(elf, ws: int, refill: int = P) -> list[int]:
    lo, hi = flash_range(elf)
    plugin = f"{CM3_PLUGIN},ws={ws},refill={refill},flash={lo:x}:{hi:x}"
    r = subprocess.run(["qemu-arm", "-plugin", plugin, str(elf)], capture_output=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    assert len(r.stdout) == 64
    return list(struct.unpack("<8Q", r.stdout))


def per_body(counts: list[int]) -> tuple[int, int]:
    """(instructions, modelled cycles) of REPS[1] - REPS[0] bodies."""
    i0, c0, i1, c1, j0, d0, j1, d1 = counts
    return (j1 - j0) - (i1 - i0), (d1 - d0) - (c1 - c0)


@pytest.mark.parametrize("ws", WS)
@pytest.mark.parametrize("name", sorted(CASES))
def test_class_cost(tmp_path_factory, name, ws):
    _setup, _body, insns, cost = CASES[name]
    got_insns, got_cycles = per_body(run(build(tmp_path_factory, name), ws))
    n = REPS[1] - REPS[0]
    assert got_insns == n * insns
    assert got_cycles == n * cost(ws), f"{name} at {ws} wait states: {got_cycles / n} a body"


def test_refill_is_what_the_branch_pays(tmp_path_factory):
    """The refill argument moves exactly the taken branch's cost (P), and
    nothing else: the case above would fail with another P."""
    elf = build(tmp_path_factory, "b_taken")
    n = REPS[1] - REPS[0]
    for refill in (1, 2, 3):
        assert per_body(run(elf, 0, refill))[1] == n * (1 + refill)
    assert per_body(run(build(tmp_path_factory, "alu32"), 0, 3))[1] == n


def test_bad_arguments_are_refused(tmp_path_factory):
    """Wait states without a flash range, or an unknown argument: QEMU does
    not start (no figure from a model that was not set up)."""
    elf = build(tmp_path_factory, "alu32")
    for args in ("ws=2", "ws=2,flash=zz", "wait=2", "refill=4"):
        r = subprocess.run(["qemu-arm", "-plugin", f"{CM3_PLUGIN},{args}", str(elf)],
                           capture_output=True, timeout=60)
        assert r.returncode != 0 and r.stdout == b"", args


def test_target_reads_the_known_loop():
    """Through the firmware: the port reads modelled cycles beside the
    instructions; loop N (subs + bne, taken N-1 times) costs 4N - 4 more
    modelled cycles than loop 0 at 0 wait states (cbz not taken 1 instead
    of taken 1 + P: -2; N x (1 + 1); N-1 x P), and the host reports them
    as modelled_cycles, never cycles."""
    from conftest import firmware
    from harness.bench.session import parse_fields
    t = usable_target("cortex-m3-qemu")
    s = t.open_session(firmware("cortex-m3-qemu", "ascon-hash256", "ref"))
    try:
        ok, _ = s.request("hello", timeout=60)
        assert parse_fields(ok)["counters"] == "cycles,instructions"
        got = {}
        for n in (0, 1000):
            ok, _ = s.request(f"loop {n} 1", timeout=60)
            got[n] = parse_fields(ok)
        assert int(got[1000]["instructions"]) - int(got[0]["instructions"]) == 2000
        assert int(got[1000]["cycles"]) - int(got[0]["cycles"]) == 4 * 1000 - 4
    finally:
        s.close()
