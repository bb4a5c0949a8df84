"""The MSP430 target: an MSP430F1611-class chip, counting MCLK cycles and
instructions in an instruction-set simulator.

Compiler: clang-14's MSP430 back end (Debian has no MSP430 gcc), linked by
ld.lld through clang's driver (its linker name, msp430-elf-ld, is a link
that `lwc_setup msp430` makes in build/tools/msp430/bin).  No C library and
no libgcc: harness/platforms/msp430 has the start-up (crt0.S), the memory map
(link.ld), the compiler's helper functions (mspabi.c, mspabi_s.S) and
<string.h> for mini_libc.

Simulator: lwc-msp430sim (harness/platforms/msp430/msp430sim.c, built by the
set-up into build/tools/msp430/).  It charges each instruction the cycles
of the MSP430x1xx family guide's tables and gives the firmware a console
on stdin/stdout and a cycle/instruction counter it latches and reads
(port.c), so a target is a PipeSession like a board on a serial line.
Deterministic: one sample.  mspdebug's simulator (Debian), which runs the
same programs about ten times slower and has no input channel, serves as
the cross-check: with --mspdebug, lwc-msp430sim charges cycles the way
mspdebug does, and the test suite checks that both count the same
instructions and cycles (tests/targets/test_target_msp430.py).
"""
from __future__ import annotations

import os
import shutil

from harness.bench import trace
from harness.bench.session import PipeSession
from harness.bench.targets.base import CrossTarget, first_line, stale
from harness.build import rel
from harness.discover import ROOT

HERE = ROOT / "harness" / "platforms" / "msp430"
TOOLS = ROOT / "build" / "tools" / "msp430"
SIM = TOOLS / "lwc-msp430sim"
SETUP_HINT = "run: bash -c '. harness/setup.sh && lwc_setup msp430'"

# RAM is 10 KiB: four message buffers of BENCH_MAX_LEN (longer inputs are
# streamed; its description's defines), and room below the stack for the
# painted area (BENCH_STACK_PAINT) plus the core's own frames (about
# 1.5 KiB: request line, reply buffers).
FRAMES = 1536


def define(defines: dict[str, str], name: str) -> int:
    """A numeric define of the firmware (1024u -> 1024)."""
    return int(defines[name].rstrip("uU"), 0)


class Msp430Target(CrossTarget):
    family = "msp430"

    @property
    def ldflags(self) -> list[str]:
        """The link flags; the stack the linker keeps free is the painted
        area of the description's defines plus the core's frames."""
        reserve = define(self.defines, "BENCH_STACK_PAINT") + FRAMES
        return ["-nostdlib", "-B", str(rel(TOOLS / "bin")), "-T", str(rel(HERE / "link.ld")),
                f"-Wl,--defsym=__stack_reserve={reserve}"]
    port_sources = [HERE / "crt0.S", HERE / "port.c", HERE / "mspabi.c", HERE / "mspabi_s.S"]

    def tools_missing(self):
        for tool in (self.cc[0], self.size_tool):
            if not shutil.which(tool):
                return f"{tool} not found ({SETUP_HINT})"
        ld = TOOLS / "bin" / "msp430-elf-ld"
        if not os.access(ld, os.X_OK):
            return f"linker link {rel(ld)} missing ({SETUP_HINT})"
        if not os.access(SIM, os.X_OK):
            return f"simulator {rel(SIM)} not built ({SETUP_HINT})"
        return None

    def open_session(self, elf):
        return PipeSession([str(SIM), str(elf)], timeout=self.request_timeout)

    def simulator_files(self):
        """Our simulator (the results cache's key)."""
        return [SIM]

    def ct_tracer_missing(self):
        if stale(SIM, HERE / "msp430sim.c"):
            return f"simulator {rel(SIM)} older than its source, without --ct-trace ({SETUP_HINT})"
        return None

    def ct_argv(self, elf, out, cycles: bool = False):
        """lwc-msp430sim recording the traced operations' addresses in out
        (and, with cycles, what each instruction was charged)."""
        return [str(SIM), f"--ct-trace={out}", *(["--trace-cycles"] if cycles else []), str(elf)]

    def profile_session(self, elf, out):
        return PipeSession(self.ct_argv(elf, out, cycles=True), timeout=self.request_timeout)

    def traced_counts(self, impl, program, seg):
        """The function alone, as every traced target, and the permutation's
        static tables and look-up cycles (the MSP430 paper's Table 2
        columns), from the same traced call (trace.py)."""
        return {**super().traced_counts(impl, program, seg), **trace.table_costs(program, seg)}

    def environment(self):
        env = super().environment()
        env.update({
            "simulator": f"lwc-msp430sim (harness/platforms/msp430/msp430sim.c, "
                         f"built with {first_line(['gcc', '--version']) or 'gcc'})",
            "simulator_cmd": f"{rel(SIM)} lwc-bench.elf",
            "counter": "the simulator's cycle and instruction totals, latched by a firmware "
                       "write to 0x01F0 and read from 0x01F0..0x01FF (port.c)",
            "cross_check": "same instruction and cycle counts as mspdebug's simulator "
                           f"({first_line(['mspdebug', '--version']) or 'mspdebug'}) when "
                           "charging its way (--mspdebug); it charges constant-generator "
                           "operands like memory operands",
            "loop_check": "crt0.S bench_known_loop: 3 instructions, 4 cycles per iteration",
            "memory": f"RAM 0x1100-0x38FF, flash 0x4000-0xFFFF; BENCH_MAX_LEN "
                      f"{define(self.defines, 'BENCH_MAX_LEN')}",
        })
        return env
