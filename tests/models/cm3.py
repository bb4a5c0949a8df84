"""The Cortex-M3 cycle model (harness/platforms/qemu/cm3_cycles.c) driven by
its validation program (tests/targets/test_cm3_model.py holds the model to
the manuals with it): a body run REPS[0] and REPS[1] times, each run between
two reads of the counters; the difference of the two runs is exactly
REPS[1] - REPS[0] bodies, whatever the reads and the run's edges cost.
The assembly tests (tests/asm/test_asm_armv7m*.py) price a permutation
called directly with it (direct_call_cost).
"""
from __future__ import annotations

import struct
import subprocess

from harness.bench.targets.qemu import CM3_PLUGIN, HERE, flash_range
from tests.helpers import ROOT, usable_target

TARGET = "cortex-m3-qemu"
REPS = (1000, 2000)
P = 2  # the model's refill (CortexM3Qemu.refill)

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


def program(setup: str, body: str, loop: bool = False, accel: bool = False) -> str:
    """Two regions of REPS bodies, each between two counter reads; the 8
    slots (instructions, modelled cycles) are written to stdout.  With
    loop, each region runs the body as a loop of REPS iterations instead,
    at a 16-byte aligned address (r3 counts down; the body ends with the
    loop's own `subs r3, #1` and `bne.n {top}`).  With accel, each region
    first reads another flash line than the bodies' `table` (r11), so both
    regions start with the same line in the SAM3X's data buffer."""
    regions = []
    for k, n in enumerate(REPS):
        count = "ldr r0, [r11]" if accel else ""  # the SAM3X's data buffer: another line
        if loop:
            top = f"loop{k}"
            count += f"\n        movw r3, #{n}"
            code = f"""
        b.w {top}
        .balign 16
{top}:
        {body.format(top=top)}
"""
        else:
            code = f"""
        .rept {n}
        {body}
        .endr
"""
        regions.append(f"""
        .balign 16
region{k}:
        mov.w r12, lr
        {count}
{COUNT.format(slot=f"slots+{32 * k}")}
{code}
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
        movw r11, #:lower16:other
        movt r11, #:upper16:other
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
        .balign 16
table:  .word 0x12345678
        .balign 16
other:  .word 0
        .bss
        .balign 8
slots:  .space 64
buffer: .space 16
"""


def link(elf, *sources) -> None:
    """Assemble and link Thumb-2 sources (src/ on the include path) into a
    program for qemu-arm's user mode (the port's link.ld)."""
    t = usable_target(TARGET)
    r = subprocess.run([*t.cc, "-mcpu=cortex-m3", "-mthumb", "-nostdlib", "-static",
                        f"-I{ROOT / 'src'}", "-T", str(HERE / "link.ld"),
                        "-Wl,-z,max-page-size=4096", "-o", str(elf), *map(str, sources)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def run(elf, ws: int, refill: int = P, extra: str = "") -> list[int]:
    lo, hi = flash_range(elf)
    plugin = f"{CM3_PLUGIN},ws={ws},refill={refill},flash={lo:x}:{hi:x}{extra}"
    r = subprocess.run(["qemu-arm", "-plugin", plugin, str(elf)], capture_output=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    assert len(r.stdout) == 64
    return list(struct.unpack("<8Q", r.stdout))


def per_body(counts: list[int]) -> tuple[int, int]:
    """(instructions, modelled cycles) of REPS[1] - REPS[0] bodies."""
    i0, c0, i1, c1, j0, d0, j1, d1 = counts
    return (j1 - j0) - (i1 - i0), (d1 - d0) - (c1 - c0)


def direct_call_cost(tmp_path, source: str, entry: str, r1: int, ws: int = 0,
                     defines: str = "") -> tuple[int, int]:
    """(instructions, modelled cycles) of one `mov r0, r8; movs r1, #r1;
    bl entry` on a 48-byte RAM state (r8), source (a .S under src/, e.g.
    "ascon/armv7m/fast.S", after the lines of defines) linked in: the
    permutation without the benchmark's dispatch (run_op, the descriptor's
    wrapper), as the seed's figures are; from the validation program, the
    difference of 1000 and 2000 calls divided by 1000."""
    body = f"mov r0, r8\n movs r1, #{r1}\n bl {entry}"
    prog = program("", body).replace("mov.w r12, lr", "push {lr}").replace("bx r12", "pop {pc}")
    prog = prog.replace("buffer: .space 16", "buffer: .space 48")  # the state
    src, asm, elf = tmp_path / "p.S", tmp_path / "a.S", tmp_path / "p.elf"
    src.write_text(prog)
    asm.write_text(f'{defines}#include "{source}"\n')
    link(elf, src, asm)
    n = REPS[1] - REPS[0]
    insns, cycles = per_body(run(elf, ws))
    assert insns % n == 0 and cycles % n == 0
    return insns // n, cycles // n
