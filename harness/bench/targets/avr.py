"""The AVR target: an ATmega128 simulated by libsimavr, counting cycles.

The firmware (harness/platforms/avr: port_avr.c, loop_avr.S, plus avr-libc's
start-up object and libgcc) talks over UART0.  lwc-simavr
(harness/platforms/avr/lwc_simavr.c, built by `lwc_setup avr` into
build/tools/avr/) runs it on libsimavr with UART0 connected to its
stdin/stdout, so a target is a PipeSession exactly like a board on a serial
line.  lwc-simavr also gives the firmware a cycle counter: a write to a
reserved I/O address latches simavr's cycle count (the sum of each executed
instruction's cycles from the AVR Instruction Set Manual), which the
firmware reads back byte by byte.  The model is deterministic: one sample.
For `./lwcbench ct`, lwc-simavr --ct-trace records the addresses of every
instruction and data access of each traced operation (lwc_simavr.c).

RAM is the constraint (4 KiB; the runtime's own strings and tables stay in
flash, bench.h's BENCH_STR): the core's buffers are BENCH_MAX_LEN = 128
bytes (longer inputs are streamed), request lines BENCH_LINE = 128, and the
stack probe paints 576 bytes.  After linking, .data + .bss + the stack the
runtime needs (stack_reserve, from the description) must fit the 4 KiB, or the firmware does not
fit (DoesNotFit, like a too large .text): a shortage is a build error, not
wrong answers.  lwc-simavr reports a stack that comes within 32 bytes of
.bss as a crash.
"""
from __future__ import annotations

import shutil
import subprocess

from harness.bench.session import PipeSession
from harness.bench.targets.base import CrossTarget, first_line, shared_libraries, stale
from harness.bench.targets.job import BuildError, DoesNotFit
from harness.build import rel
from harness.discover import ROOT

HERE = ROOT / "harness" / "platforms" / "avr"
SIM = ROOT / "build" / "tools" / "avr" / "lwc-simavr"
SIM_SOURCE = HERE / "lwc_simavr.c"
SETUP_HINT = "run: bash -c '. harness/setup.sh && lwc_setup avr'"
RED_ZONE = 32  # lwc_simavr.c: bytes above .bss the stack must never write


class RamBudget:
    """A CrossTarget for an AVR part whose firmware must leave the runtime
    its stack in SRAM: build() refuses (DoesNotFit) a firmware whose .data
    + .bss + .noinit leave less than stack_reserve bytes of sram.  The
    simulated ATmega128 and the Arduino Mega 2560 board (board.py) share it."""
    chip = ""          # the part, as messages name it
    sram = 0           # bytes of data memory
    stack_reserve = 0  # bytes of stack the runtime needs (the description says how measured)

    @property
    def mcu(self) -> str:
        """avr-gcc's name of the part: the description's -mmcu flag."""
        return next(f.split("=", 1)[1] for f in self.cflags if f.startswith("-mmcu="))

    def __init__(self, settings=None):
        super().__init__(settings)
        self._ram: dict[tuple[str, int], str | None] = {}  # (ELF, mtime) -> why it does not fit

    def ram_use(self, elf) -> dict[str, int]:
        """Bytes of the RAM sections of a linked firmware (.data, .bss, .noinit)."""
        r = subprocess.run([self.size_tool, "-A", str(elf)], capture_output=True, text=True)
        if r.returncode != 0:
            raise BuildError(f"{self.size_tool} -A failed: {r.stderr.strip()[:200]}")
        use = {".data": 0, ".bss": 0, ".noinit": 0}
        for line in r.stdout.splitlines():
            f = line.split()
            if len(f) >= 2 and f[0] in use and f[1].isdigit():
                use[f[0]] = int(f[1])
        return use

    def ram_verdict(self, elf) -> str | None:
        """Why the firmware does not fit the SRAM with the runtime's stack
        (None: it fits)."""
        use = self.ram_use(elf)
        static = sum(use.values())
        if static + self.stack_reserve <= self.sram:
            return None
        parts = " + ".join(f"{k} {v}" for k, v in use.items() if v or k != ".noinit")
        return (f"does not fit the {self.chip}'s RAM: {parts} + the runtime's stack "
                f"{self.stack_reserve} = {static + self.stack_reserve} bytes > {self.sram} "
                f"bytes of SRAM")

    def build(self, impl):
        """The linked firmware, refused (DoesNotFit) when .data + .bss leave
        the runtime less than stack_reserve bytes of stack."""
        elf = super().build(impl)
        key = (str(elf), elf.stat().st_mtime_ns)
        if key not in self._ram:
            self._ram[key] = self.ram_verdict(elf)
        if self._ram[key]:
            raise DoesNotFit(self._ram[key])
        return elf


class AvrTarget(RamBudget, CrossTarget):
    family = "avr"
    libc_headers = True  # avr-libc's <string.h>
    # avr-libc's crtatmega128.o (vectors, stack pointer, r1 = 0) stays;
    # no libc: libgcc only (.data copy, .bss clear, 64-bit arithmetic)
    ldflags = ["-nodefaultlibs", "-Wl,--gc-sections", "-lgcc"]
    port_sources = [HERE / "port_avr.c", HERE / "loop_avr.S"]

    def tools_missing(self):
        for tool in (self.cc[0], self.size_tool):
            if not shutil.which(tool):
                return f"{tool} not found ({SETUP_HINT})"
        crt = f"crt{self.mcu}.o"
        try:
            r = subprocess.run([self.cc[0], f"-mmcu={self.mcu}", f"-print-file-name={crt}"],
                               capture_output=True, text=True, timeout=20)
            found = r.stdout.strip() != crt
        except (OSError, subprocess.TimeoutExpired):
            found = False
        if not found:
            return f"avr-libc's {crt} not found ({SETUP_HINT})"
        if not SIM.is_file():
            return f"simulator {rel(SIM)} not built ({SETUP_HINT})"
        return None

    def open_session(self, elf):
        return PipeSession([str(SIM), str(elf)], timeout=self.request_timeout)

    def simulator_files(self):
        """lwc-simavr and the libsimavr it loads (the results cache's key)."""
        return [SIM, *shared_libraries(SIM, "libsimavr")]

    def ct_tracer_missing(self):
        if stale(SIM, SIM_SOURCE):
            return (f"simulator {rel(SIM)} older than its source, maybe without --ct-trace "
                    f"({SETUP_HINT})")
        return None

    def ct_argv(self, elf, out):
        """lwc-simavr recording the traced operations' addresses in out."""
        return [str(SIM), f"--ct-trace={out}", str(elf)]

    def environment(self):
        env = super().environment()
        version = first_line(["pkg-config", "--modversion", "simavr"])
        env.update({
            "simulator": f"lwc-simavr on libsimavr {version or '?'} ({self.mcu})",
            "simulator_cmd": f"{rel(SIM)} lwc-bench.elf",
            "counter": "simavr's avr->cycle, latched by a firmware write to data address "
                       "0xA0 and read from 0xA0..0xA7 (harness/platforms/avr/lwc_simavr.c)",
            "loop_check": "loop_avr.S: 5 instructions, 6 cycles per iteration",
        })
        return env
