"""The ARMv7E-M and ARMv8-M Mainline targets: Cortex-M4 and Cortex-M33
builds under qemu-arm in user mode, as cortex-m3-qemu runs its Cortex-M3
build (its Thumb-2 start file, its port), each compiled for its own core
(-mcpu=cortex-m4 / cortex-m33, soft float: the C the ARMv7E-M or ARMv8-M
compiler writes) and running the ARMv7-M assembly, a subset of both.

QEMU's machines for these cores (mps2-an386, mps2-an505) need a board
port; user mode, which cannot run an M-profile CPU (QEMU 7.2 aborts before
the first instruction), runs the same code on its default CPU and counts
it exactly, as for the Cortex-M3.

Cortex-M4: the Cortex-M3 model with the Cortex-M4 TRM's multiplies
(cm3_cycles.c built with -DLWC_CM4, libcm4_cycles.so): the manual's table
(Cortex-M4 TRM r0p1, ARM 100166_0001_00, Table 3-1) is the M3's for every
other integer instruction, the same load pipelining and refill P.
Cortex-M33: instructions only.  Arm publishes no instruction timing table
for the Cortex-M33 (its TRM, ARM 100230, has none), so no cycle model: the
plugin's cycles slot is dropped, never reported.
"""
from __future__ import annotations

from harness.bench.targets.qemu import CortexM3Qemu
from harness.discover import ROOT

CM4_PLUGIN = ROOT / "build" / "tools" / "qemu" / "libcm4_cycles.so"


class CortexM4Qemu(CortexM3Qemu):
    """The Cortex-M4 build under the Cortex-M4 cycle model (zero wait states
    unless its description says otherwise): cm3_cycles.c built with
    -DLWC_CM4."""
    model_plugin = CM4_PLUGIN

    def environment(self):
        env = super().environment()
        env["cycle_model"] = {**env["cycle_model"], "core": "cortex-m4",
                              "source": "harness/platforms/qemu/cm3_cycles.c (-DLWC_CM4)"}
        return env


class CortexM33Qemu(CortexM3Qemu):
    """The Cortex-M33 build: instructions only (no documented timing table).
    The port reads its cycles slot from the Cortex-M3 model's system call
    (the port is cortex-m3-qemu's); the figure is dropped here."""
    clock_label = "qemu plugin"

    def name_counts(self, res):
        for v in res.values.values():
            for suffix in ("", "_min", "_max"):
                v.pop("cycles" + suffix, None)
            v.pop("wait_states", None)

    def environment(self):
        env = super().environment()
        env.pop("cycle_model", None)
        env.pop("wait_states", None)
        env["counter"] = ("QEMU TCG plugin harness/platforms/qemu/cm3_cycles.c, its instruction "
                          "count only (no Cortex-M33 timing table exists: no modelled cycles)")
        over = env.get("counter_overhead")
        if over:
            env["counter_overhead"] = {k: v for k, v in over.items()
                                       if not k.startswith(("cycles", "modelled_cycles"))}
        return env

    def model_words(self) -> str:
        return "counting plugin"  # the plugin counts instructions only here

    @classmethod
    def model_label(cls) -> str:
        return "instructions only"
