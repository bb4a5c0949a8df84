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
import shutil

from harness.bench.targets.base import stale
from harness.bench.targets.qemu import HERE, SETUP_HINT, QemuTarget
from harness.build import rel
from harness.discover import ROOT

M0_PLUGIN = ROOT / "build" / "tools" / "qemu" / "libm0_cycles.so"


class CortexM0Qemu(QemuTarget):
    """An ARMv6-M build under qemu-arm with the Cortex-M0 / M0+ cycle model
    (its description's `core`)."""
    clock_label = {"modelled_cycles": "cycle model", "instructions": "qemu plugin"}
    start = "start_armv6m.S"
    core = "m0"   # m0_cycles.c's core=: m0 or m0plus
    mul = 1       # MULS cycles: 1 (the fast multiplier) or 32 (the small one)
    trm = ""      # the manual whose table the model follows (environment)
    wait_states = 0  # the model prices no flash wait states

    def model_args(self) -> str:
        return f"core={self.core},mul={self.mul}"

    def qemu_argv(self, elf: pathlib.Path, plugin: pathlib.Path | str | None = None) -> list[str]:
        """QEMU with the cycle model (which counts instructions too), or
        another plugin when given (the tracer of ./lwcbench ct)."""
        if plugin is None:
            plugin = f"{M0_PLUGIN},{self.model_args()}"
        return super().qemu_argv(elf, plugin)

    def tools_missing(self):
        why = super().tools_missing()
        if why is None and stale(M0_PLUGIN, HERE / "m0_cycles.c"):
            why = f"cycle model plugin {rel(M0_PLUGIN)} missing or older than its source " \
                  f"({SETUP_HINT})"
        return why

    def is_available(self):
        ok, why = super().is_available()
        return (ok, why.replace("counting plugin", f"{self.core} cycle model") if ok else why)

    def simulator_files(self):
        qemu = shutil.which(self.qemu)
        return [pathlib.Path(qemu), M0_PLUGIN] if qemu else []

    def simulator_options(self):
        return " ".join(self.qemu_argv(pathlib.Path("lwc-bench.elf"),
                                       f"plugin,{self.model_args()}"))

    def environment(self):
        env = super().environment()
        env.update({
            "simulator_cmd": " ".join(self.qemu_argv(pathlib.Path("lwc-bench.elf"),
                                                     f"{rel(M0_PLUGIN)},{self.model_args()}")),
            "counter": "QEMU TCG plugin harness/platforms/qemu/m0_cycles.c: instructions and "
                       "modelled cycles, read by the guest via magic system calls",
            "cycle_model": {"core": self.core, "mul_cycles": self.mul, "wait_states": 0,
                            "manual": self.trm,
                            "source": "harness/platforms/qemu/m0_cycles.c"},
        })
        over = env.get("counter_overhead")
        if over:
            env["counter_overhead"] = {k.replace("cycles", "modelled_cycles")
                                       if k.startswith("cycles") else k: v
                                       for k, v in over.items()}
        return env

    def name_counts(self, res):
        """The port's cycle counter (the model's system call) is
        modelled_cycles: this target has no cycles."""
        for v in res.values.values():
            for suffix in ("", "_min", "_max"):
                if "cycles" + suffix in v:
                    v["modelled_cycles" + suffix] = v.pop("cycles" + suffix)
            v["wait_states"] = self.wait_states
