"""The Cortex-M0/M0+ cycle model (harness/platforms/qemu/m0_cycles.c)
driven by a validation program in Thumb-1 (the model stops at anything
else): a body run REPS[0] and REPS[1] times, each run between two reads of
the counters; the difference of the two runs is exactly REPS[1] - REPS[0]
bodies, whatever the reads and the run's edges cost (as tests/models/cm3.py
does for the Cortex-M3 model).  tests/targets/test_m0_model.py holds the
model to the manuals' tables with it; tests/asm/test_asm_armv6m.py prices
a permutation called directly.
"""
from __future__ import annotations

import struct
import subprocess

from harness.bench.targets.cortexm0 import M0_PLUGIN
from harness.bench.targets.qemu import HERE
from tests.helpers import ROOT, usable_target

TARGET = "cortex-m0-qemu"
REPS = (1000, 2000)

# the marker "LWCCOUNT" into the two slots at r6, then the two system calls
COUNT = """
        ldr r6, ={slot}
        ldr r4, =0x4343574c
        ldr r5, =0x544e554f
        str r4, [r6]
        str r5, [r6, #4]
        str r4, [r6, #8]
        str r5, [r6, #12]
        mov r0, r6
        ldr r7, =0x4c57
        svc 0
        mov r0, r6
        adds r0, #8
        ldr r7, =0x4c59
        svc 0
        cmp r6, r6
        b 9f
        .ltorg
9:
"""


def program(body: str, setup: str = "", extra: str = "") -> str:
    """Two regions of REPS bodies, each between two counter reads; the 8
    slots (instructions, modelled cycles) are written to stdout.  Registers
    for a body: r8 -> a 16-byte RAM buffer, sp[8], sp[12] hold 7, r1-r3
    small numbers, Z set (the counter reads end with it set); `extra`: code placed after the regions (the
    subroutines a body calls)."""
    regions = []
    for k, n in enumerate(REPS):
        regions.append(f"""
        .balign 16
region{k}:
        push {{lr}}
{COUNT.format(slot=f"slots+{32 * k}")}
        .rept {n}
        {body}
        .endr
{COUNT.format(slot=f"slots+{32 * k + 16}")}
        pop {{pc}}
""")
    return f"""
        .syntax unified
        .thumb
        .section .text.start, "ax"
        .globl _start
        .thumb_func
_start:
        sub sp, #64
        mov r0, sp
        str r0, [sp]
        movs r1, #7
        str r1, [sp, #8]
        str r1, [sp, #12]
        ldr r0, =buffer
        mov r8, r0
        movs r1, #1
        movs r2, #3
        movs r3, #200
        {setup}
        cmp r1, r1
        bl region0
        cmp r1, r1
        bl region1
        movs r0, #1
        ldr r1, =slots
        movs r2, #64
        movs r7, #4
        svc 0
        movs r0, #0
        movs r7, #248
        svc 0
        .ltorg
{"".join(regions)}
{extra}
        .bss
        .balign 8
slots:  .space 64
buffer: .space 16
"""


def link(elf, *sources, cpu: str = "cortex-m0") -> None:
    """Assemble and link Thumb sources (src/ on the include path) into a
    program for qemu-arm's user mode (the port's link.ld)."""
    t = usable_target(TARGET)
    r = subprocess.run([*t.cc, f"-mcpu={cpu}", "-mthumb", "-nostdlib", "-static",
                        f"-I{ROOT / 'src'}", "-T", str(HERE / "link.ld"),
                        "-Wl,-z,max-page-size=4096", "-o", str(elf), *map(str, sources)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def run_raw(elf, args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["qemu-arm", "-plugin", f"{M0_PLUGIN},{args}", str(elf)],
                          capture_output=True, timeout=60)


def run(elf, core: str = "m0", mul: int = 1) -> list[int]:
    r = run_raw(elf, f"core={core},mul={mul}")
    assert r.returncode == 0, r.stderr
    assert len(r.stdout) == 64
    return list(struct.unpack("<8Q", r.stdout))


def per_body(counts: list[int]) -> tuple[int, int]:
    """(instructions, modelled cycles) of REPS[1] - REPS[0] bodies."""
    i0, c0, i1, c1, j0, d0, j1, d1 = counts
    return (j1 - j0) - (i1 - i0), (d1 - d0) - (c1 - c0)


def direct_call_cost(tmp_path, source: str, entry: str, r1: int, core: str = "m0",
                     defines: str = "") -> tuple[int, int]:
    """(instructions, modelled cycles) of one `mov r0, r8; movs r1, #r1;
    bl entry` on a 48-byte RAM state (r8), source (a .S under src/, after
    the lines of defines) linked in: the permutation without the
    benchmark's dispatch."""
    body = f"mov r0, r8\n movs r1, #{r1}\n bl {entry}"
    prog = program(body).replace("buffer: .space 16", "buffer: .space 48")
    src, asm, elf = tmp_path / "p.S", tmp_path / "a.S", tmp_path / "p.elf"
    src.write_text(prog)
    asm.write_text(f'{defines}#include "{source}"\n')
    link(elf, src, asm)
    n = REPS[1] - REPS[0]
    insns, cycles = per_body(run(elf, core))
    assert insns % n == 0 and cycles % n == 0
    return insns // n, cycles // n
