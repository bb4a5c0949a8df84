"""The Cortex-M0 and Cortex-M0+ targets: the ARMv6-M (Thumb-1) build under
qemu-arm in user mode, as cortex-m3-qemu runs its Thumb-2 build, with the
cycle model harness/platforms/qemu/m0_cycles.c.

Why user mode and not QEMU's `microbit` machine (the one Cortex-M0 board
of QEMU 7.2): the board has 16 KiB of RAM, which a 32 KiB message does not
fit, and qemu-arm's user mode aborts with any M-profile CPU (`-cpu
cortex-m0` fails an assertion in QEMU 7.2 before the first instruction).
So the default CPU executes the code, and the model holds it to ARMv6-M:
it stops the program at an instruction ARMv6-M lacks or an unaligned word
or halfword access, as a Cortex-M0 would fault; the build itself is
`-mcpu=cortex-m0` (the compiler and the assembler refuse Thumb-2).

The model prices each executed instruction with its core's Technical
Reference Manual (Cortex-M0: ARM DDI 0432C, Table 3-1; Cortex-M0+: ARM DDI
0484C, Table 3.1) at zero wait states: the figures are modelled cycles,
reported as `modelled_cycles`, never as `cycles`.  A description with
firmware_of = "cortex-m0-qemu" (cortex-m0plus) runs the same images under
the other core's table.
"""
from __future__ import annotations

import pathlib

from harness.bench.targets.qemu import CycleModelQemu
from harness.discover import ROOT

M0_PLUGIN = ROOT / "build" / "tools" / "qemu" / "libm0_cycles.so"


class CortexM0Qemu(CycleModelQemu):
    """An ARMv6-M build under qemu-arm with the Cortex-M0 / M0+ cycle model
    (its description's `core`)."""
    start = "start_armv6m.S"
    model_plugin = M0_PLUGIN
    model_source = "m0_cycles.c"
    core = "m0"   # m0_cycles.c's core=: m0 or m0plus
    mul = 1       # MULS cycles: 1 (the fast multiplier) or 32 (the small one)
    trm = ""      # the manual whose table the model follows (environment)
    wait_states = 0  # the model prices no flash wait states

    def model_args(self, elf: pathlib.Path | None = None) -> str:
        return f"core={self.core},mul={self.mul}"

    def model_words(self) -> str:
        return f"{self.core} cycle model"

    def model_environment(self) -> dict:
        return {"cycle_model": {"core": self.core, "mul_cycles": self.mul, "wait_states": 0,
                                "manual": self.trm,
                                "source": "harness/platforms/qemu/m0_cycles.c"}}
