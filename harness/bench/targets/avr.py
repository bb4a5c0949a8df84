"""The AVR target: an ATmega128 simulated by libsimavr, counting cycles.

The firmware (harness/target/avr: port_avr.c, loop_avr.S, plus avr-libc's
start-up object and libgcc) talks over UART0.  lwc-simavr
(harness/target/avr/lwc_simavr.c, built by `lwc_setup avr` into
build/tools/avr/) runs it on libsimavr with UART0 connected to its
stdin/stdout, so a target is a PipeSession exactly like a board on a serial
line.  lwc-simavr also gives the firmware a cycle counter: a write to a
reserved I/O address latches simavr's cycle count (the sum of each executed
instruction's cycles from the AVR Instruction Set Manual), which the
firmware reads back byte by byte.  The model is deterministic: one sample.

RAM is the constraint (4 KiB, and AVR keeps string constants in RAM): the
core's buffers are BENCH_MAX_LEN = 128 bytes (longer inputs are streamed),
request lines BENCH_LINE = 128, and the stack probe paints 576 bytes.
lwc-simavr reports a stack that comes within 32 bytes of .bss as a crash.
"""
from __future__ import annotations

import shutil
import subprocess

from harness.bench.session import PipeSession
from harness.bench.targets.base import CrossTarget, first_line
from harness.build import rel
from harness.discover import ROOT

HERE = ROOT / "harness" / "target" / "avr"
SIM = ROOT / "build" / "tools" / "avr" / "lwc-simavr"
SETUP_HINT = "run: bash -c '. harness/setup.sh && lwc_setup avr'"
MCU = "atmega128"


class AvrTarget(CrossTarget):
    name = "avr-atmega128"
    description = (f"ATmega128 (8-bit AVR, 128 KiB flash, 4 KiB SRAM), avr-gcc -mmcu={MCU} -O2, "
                   "cycle-accurate libsimavr model (lwc-simavr), console on UART0")
    metric = ("cycles: ATmega128 clock cycles as simavr counts them (each instruction's cycles "
              "from the AVR Instruction Set Manual; no wait states), latched and read by the "
              "target through lwc-simavr's I/O registers; one sample (deterministic); no "
              "instruction counts")
    clock_label = "simavr cycles"
    arch_tokens = frozenset({"avr", "8bit"})
    family = "avr"
    libc_headers = True  # avr-libc's <string.h>
    cc = ["avr-gcc"]
    # -ffunction-sections/-fdata-sections with --gc-sections: functions no
    # firmware calls are dropped (flash is 128 KiB)
    cflags = [f"-mmcu={MCU}", "-O2", "-ffreestanding", "-ffunction-sections",
              "-fdata-sections"]
    # avr-libc's crtatmega128.o (vectors, stack pointer, r1 = 0) stays;
    # no libc: libgcc only (.data copy, .bss clear, 64-bit arithmetic)
    ldflags = ["-nodefaultlibs", "-Wl,--gc-sections", "-lgcc"]
    defines = {"BENCH_MAX_LEN": "128u", "BENCH_MAX_SAMPLES": "5u",
               "BENCH_STACK_PAINT": "576u", "BENCH_LINE": "128",
               # no tracer here, and the "ct" request's strings cost RAM
               # (avr-gcc keeps them in .data): the bare permutations' KAT
               # ran out of it
               "BENCH_CT": "0"}
    port_sources = [HERE / "port_avr.c", HERE / "loop_avr.S"]
    size_tool = "avr-size"
    request_timeout = 120.0  # the longest request (a 32 KiB hash) takes ~5 s
    job_weight = 12.0  # about 4 s a job

    def tools_missing(self):
        for tool in (self.cc[0], self.size_tool):
            if not shutil.which(tool):
                return f"{tool} not found ({SETUP_HINT})"
        crt = f"crt{MCU}.o"
        try:
            r = subprocess.run([self.cc[0], f"-mmcu={MCU}", f"-print-file-name={crt}"],
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

    def environment(self):
        env = super().environment()
        version = first_line(["pkg-config", "--modversion", "simavr"])
        env.update({
            "simulator": f"lwc-simavr on libsimavr {version or '?'} ({MCU})",
            "simulator_cmd": f"{rel(SIM)} lwc-bench.elf",
            "counter": "simavr's avr->cycle, latched by a firmware write to data address "
                       "0xA0 and read from 0xA0..0xA7 (harness/target/avr/lwc_simavr.c)",
            "loop_check": "loop_avr.S: 5 instructions, 6 cycles per iteration",
        })
        return env


TARGET_CLASSES = [AvrTarget]
