"""The QEMU targets: Linux user-mode emulation (qemu-riscv32/64, qemu-arm,
qemu-xtensa) of a freestanding static ELF, with exact instruction counts.

The firmware (harness/platforms/qemu: start_<isa>.S, port_linux.c, link.ld)
reads requests from stdin and answers on stdout through Linux system
calls, so a target is a PipeSession running `qemu-<arch> -cpu ... -plugin
libinsn_count.so lwc-bench.elf`.  The plugin (harness/platforms/qemu/
insn_count.c, built by `lwc_setup qemu` into build/tools/qemu/) counts
every executed guest instruction and hands the count to the guest on a
magic system call.  QEMU has no timing model: the counts are instructions,
never cycles.  On the Cortex-M3 targets a second plugin (harness/platforms/
qemu/cm3_cycles.c, build/tools/qemu/libcm3_cycles.so) counts the same
instructions and, beside them, *modelled cycles*: the instruction stream
priced with the Cortex-M3 Technical Reference Manual's timings and the
target's flash wait states (docs/research.md: "The Cortex-M3 cycle model").  They
are a model's figures, reported as `modelled_cycles`, never as `cycles`.
"""
from __future__ import annotations

import pathlib
import shutil
import struct
import subprocess

from harness.bench.session import PipeSession
from harness.bench.targets.base import CrossTarget, first_line, stale
from harness.build import rel
from harness.discover import ROOT

HERE = ROOT / "harness" / "platforms" / "qemu"
PLUGIN = ROOT / "build" / "tools" / "qemu" / "libinsn_count.so"
CT_PLUGIN = ROOT / "build" / "tools" / "qemu" / "libct_trace.so"  # ./lwcbench ct
CM3_PLUGIN = ROOT / "build" / "tools" / "qemu" / "libcm3_cycles.so"  # Cortex-M3 cycle model
SETUP_HINT = "run: bash -c '. harness/setup.sh && lwc_setup qemu'"

# the extensions QEMU 7.2's generic RISC-V CPUs enable by default beyond
# the targets' ISAs; switched off so that an instruction outside the
# target's ISA stops the program (illegal instruction) instead of counting
RV_OFF = "zba=false,zbb=false,zbc=false,zbs=false"


_LIBGCC: dict[tuple, str] = {}


def libgcc(cc: str, flags: tuple[str, ...]) -> str | None:
    """Path of the compiler's libgcc.a for a multilib, or None.  A path
    found is kept for the process; a miss is asked again next time (the
    set-up may install the compiler in between, so no target may hold on
    to an answer given before it ran)."""
    key = (cc, flags)
    if key in _LIBGCC:
        return _LIBGCC[key]
    if not shutil.which(cc):
        return None
    try:
        r = subprocess.run([cc, *flags, "-print-libgcc-file-name"], capture_output=True,
                           text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return None
    path = r.stdout.strip()
    if r.returncode != 0 or not pathlib.Path(path).is_file():
        return None
    _LIBGCC[key] = path
    return path


class QemuTarget(CrossTarget):
    """One ISA under qemu-user; a subclass sets the compiler, flags and CPU."""
    family = "qemu"
    clock_label = "qemu plugin"
    request_timeout = 120.0
    qemu = ""                    # qemu-user binary
    cpu: str | None = None       # -cpu argument
    start = ""                   # start_<isa>.S
    isa_flags: list[str] = []    # -march/-mcpu...: implementation and runtime
    lib_flags: list[str] = []    # picks the libgcc multilib (no z-extensions)
    extra_sources: list[pathlib.Path] = []
    metric = ("instructions: every guest instruction QEMU executes, counted exactly by a TCG "
              "plugin (build/tools/qemu/libinsn_count.so) and read by the target itself; "
              "QEMU has no timing model, so no cycles")

    def __init__(self, settings=None):
        super().__init__(settings)
        self.cflags = [*self.isa_flags, "-O2", "-ffreestanding"]
        self.port_sources = [HERE / self.start, HERE / "port_linux.c", *self.extra_sources]
        self.size_tool = self.cc[0].removesuffix("gcc") + "size"

    @property
    def ldflags(self) -> list[str]:
        """The link flags, libgcc's path looked up when asked (never before
        the set-up has installed the compiler)."""
        lib = libgcc(self.cc[0], tuple(self.lib_flags))
        return ["-nostdlib", "-static", "-T", str(rel(HERE / "link.ld")),
                "-Wl,-z,max-page-size=4096", *([lib] if lib else [])]

    def qemu_argv(self, elf: pathlib.Path, plugin: pathlib.Path | str = PLUGIN) -> list[str]:
        """QEMU running elf with a plugin (a path, with ",arg=..." if any)."""
        cpu = ["-cpu", self.cpu] if self.cpu else []
        return [self.qemu, *cpu, "-plugin", str(plugin), str(elf)]

    def ct_tracer_missing(self) -> str | None:
        if stale(CT_PLUGIN, HERE / "ct_trace.c"):
            return f"tracing plugin {rel(CT_PLUGIN)} missing or older than its source ({SETUP_HINT})"
        return None

    def ct_argv(self, elf: pathlib.Path, out: pathlib.Path) -> list[str]:
        """QEMU with the constant-time tracer writing to `out`."""
        return self.qemu_argv(elf, f"{CT_PLUGIN},out={out}")

    def tools_missing(self):
        for tool in (self.cc[0], self.qemu):
            if not shutil.which(tool):
                return f"{tool} not found ({SETUP_HINT})"
        if libgcc(self.cc[0], tuple(self.lib_flags)) is None:
            return f"no libgcc for {self.cc[0]} {' '.join(self.lib_flags)}"
        if not PLUGIN.is_file():
            return f"counting plugin {rel(PLUGIN)} not built ({SETUP_HINT})"
        if PLUGIN.stat().st_mtime < (HERE / "insn_count.c").stat().st_mtime:
            return f"counting plugin {rel(PLUGIN)} older than its source ({SETUP_HINT})"
        return None

    def is_available(self):
        why = self.tools_missing()
        if why:
            return False, why
        return True, f"{' '.join([*self.cc, *self.isa_flags])} -O2, {self.qemu} + counting plugin"

    def open_session(self, elf):
        return PipeSession(self.qemu_argv(elf), timeout=self.request_timeout)

    def simulator_files(self):
        """qemu-user and the counting plugin (the results cache's key)."""
        qemu = shutil.which(self.qemu)
        return [pathlib.Path(qemu), PLUGIN] if qemu else []

    def simulator_options(self):
        return " ".join(self.qemu_argv(pathlib.Path("lwc-bench.elf"), "plugin"))

    def environment(self):
        env = super().environment()
        env.update({
            "simulator": first_line([self.qemu, "--version"]),
            "simulator_cmd": " ".join(self.qemu_argv(pathlib.Path("lwc-bench.elf"),
                                                     rel(PLUGIN))),
            "counter": "QEMU TCG plugin harness/platforms/qemu/insn_count.c: inline add per "
                       "translated block, read by the guest via a magic system call",
        })
        return env


class _RiscV(QemuTarget):
    cc = ["riscv64-unknown-elf-gcc"]
    start = "start_riscv.S"


class Rv32iQemu(_RiscV):
    name = "rv32i-qemu"
    description = "RV32I, riscv64-unknown-elf-gcc -march=rv32i -O2, qemu-riscv32 (user mode, " \
                  "CPU without M/A/F/D/C/B extensions)"
    arch_tokens = frozenset({"rv32", "rv32i", "32bit"})
    preference = ("asm_rv32_shift", "opt64", "bi32", "opt32", "ref", "lowsize")
    qemu = "qemu-riscv32"
    cpu = f"rv32,m=false,a=false,f=false,d=false,c=false,{RV_OFF}"
    isa_flags = ["-march=rv32i", "-mabi=ilp32"]
    lib_flags = ["-march=rv32i", "-mabi=ilp32"]


class Rv32ZbbQemu(Rv32iQemu):
    name = "rv32-zbb-qemu"
    description = "RV32I+Zbb, riscv64-unknown-elf-gcc -march=rv32i_zbb -O2, qemu-riscv32 " \
                  "(user mode, CPU rv32i+Zbb)"
    arch_tokens = frozenset({"rv32", "rv32i", "rv32zbb", "32bit"})
    preference = ("asm_rv32_zbb_bi32", "asm_rv32_zbb_shift", "asm_rv32_shift", "bi32", "opt64",
                  "opt32", "ref", "lowsize")
    cpu = Rv32iQemu.cpu.replace("zbb=false", "zbb=true")
    isa_flags = ["-march=rv32i_zbb", "-mabi=ilp32"]


class Rv32ZbkbQemu(Rv32iQemu):
    name = "rv32-zbkb-qemu"
    description = "RV32I+Zbkb, riscv64-unknown-elf-gcc -march=rv32i_zbkb -O2, qemu-riscv32 " \
                  "(user mode, CPU rv32i+Zbkb)"
    arch_tokens = frozenset({"rv32", "rv32i", "rv32zbkb", "32bit"})
    preference = ("asm_rv32_zbkb_bi32", "asm_rv32_shift", "opt64", "bi32", "opt32", "ref",
                  "lowsize")
    cpu = Rv32iQemu.cpu + ",zbkb=true"
    isa_flags = ["-march=rv32i_zbkb", "-mabi=ilp32"]


class Rv64Qemu(_RiscV):
    name = "rv64-qemu"
    description = "RV64GC, riscv64-unknown-elf-gcc -march=rv64gc -O2, qemu-riscv64 (user mode, " \
                  "CPU rv64gc without B extensions)"
    arch_tokens = frozenset({"rv64", "64bit"})
    preference = ("asm_rv64", "opt64", "bi32", "opt32", "ref", "lowsize")
    qemu = "qemu-riscv64"
    cpu = f"rv64,{RV_OFF}"
    isa_flags = ["-march=rv64gc", "-mabi=lp64d"]
    lib_flags = ["-march=rv64gc", "-mabi=lp64d"]


class Rv64ZbbQemu(Rv64Qemu):
    name = "rv64-zbb-qemu"
    description = "RV64GC+Zbb, riscv64-unknown-elf-gcc -march=rv64gc_zbb -O2, qemu-riscv64 " \
                  "(user mode, CPU rv64gc+Zbb)"
    arch_tokens = frozenset({"rv64", "rv64zbb", "64bit"})
    preference = ("asm_rv64_zbb", "asm_rv64", "opt64", "bi32", "opt32", "ref", "lowsize")
    cpu = Rv64Qemu.cpu.replace("zbb=false", "zbb=true")
    isa_flags = ["-march=rv64gc_zbb", "-mabi=lp64d"]


def flash_range(elf: pathlib.Path) -> tuple[int, int]:
    """The flash of a Cortex-M3 firmware under qemu-arm: its read-only,
    executable load segment (code, constants: link.ld's first PT_LOAD),
    as [lo, hi).  Data, bss and the stack are RAM."""
    data = pathlib.Path(elf).read_bytes()
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        raise ValueError(f"{elf}: not a 32-bit little-endian ELF")
    phoff, = struct.unpack_from("<I", data, 28)
    phentsize, phnum = struct.unpack_from("<HH", data, 42)
    for k in range(phnum):
        p_type, _off, vaddr, _pa, _filesz, memsz, flags, _al = struct.unpack_from(
            "<8I", data, phoff + k * phentsize)
        if p_type == 1 and flags & 1:  # PT_LOAD, PF_X
            return vaddr, vaddr + memsz
    raise ValueError(f"{elf}: no executable load segment")


class CortexM3Qemu(QemuTarget):
    name = "cortex-m3-qemu"
    job_weight = 3.0  # 0.9 s a job on average (the default run at a8dac27: the cycle model)
    description = "ARMv7-M Cortex-M3 build (arm-none-eabi-gcc -mcpu=cortex-m3 -mthumb -O2), " \
                  "run by qemu-arm in user mode (its default CPU executes the Thumb-2 code; " \
                  "user mode has no M-profile CPU); modelled cycles at 0 flash wait states"
    arch_tokens = frozenset({"armv7m", "cortex-m3", "32bit"})
    preference = ("asm_armv7m", "asm_armv7m_small", "bi32", "opt64", "opt32", "ref", "lowsize")
    cc = ["arm-none-eabi-gcc"]
    qemu = "qemu-arm"
    start = "start_arm.S"
    isa_flags = ["-mcpu=cortex-m3", "-mthumb"]
    lib_flags = ["-mcpu=cortex-m3", "-mthumb"]
    clock_label = {"modelled_cycles": "cycle model", "instructions": "qemu plugin"}
    # the cycle model's parameters (harness/platforms/qemu/cm3_cycles.c)
    wait_states = 0   # flash wait states
    refill = 2        # P, the pipeline refill of a taken branch (the manual: 1..3)
    fetch_bytes = 4   # bytes per flash fetch (the ICode bus: 32 bits)
    accelerator = None  # a flash accelerator (cm3_cycles.c's accel=): None, every fetch charged
    accelerator_label = ""  # the accelerator in a few words (model_label)
    metric = ("instructions: the Thumb-2 instructions of the Cortex-M3 build as QEMU "
              "(qemu-arm user mode, not an M-profile model) executes them, counted exactly "
              "by a TCG plugin and read by the target itself; modelled_cycles: the same "
              "instruction stream priced by a cycle model (harness/platforms/qemu/cm3_cycles.c: "
              "the Cortex-M3 TRM's instruction timings, pipelined loads, taken-branch refill "
              "P=2, flash wait states) -- a model's figure, not a measurement; no cycles "
              "(QEMU has no timing model)")

    def model_args(self, elf: pathlib.Path | None) -> str:
        """The cycle model's plugin arguments for one firmware (its flash
        range from the ELF; none without one)."""
        args = f"ws={self.wait_states},refill={self.refill},fetch={self.fetch_bytes}"
        if self.accelerator:
            args += f",accel={self.accelerator}"
        if elf is not None and pathlib.Path(elf).is_file():
            lo, hi = flash_range(elf)
            args += f",flash={lo:x}:{hi:x}"
        return args

    def qemu_argv(self, elf: pathlib.Path, plugin: pathlib.Path | str | None = None) -> list[str]:
        """QEMU with the cycle model (which counts instructions too), or
        another plugin when given (the tracer of ./lwcbench ct)."""
        if plugin is None:
            plugin = f"{CM3_PLUGIN},{self.model_args(elf)}"
        return super().qemu_argv(elf, plugin)

    def tools_missing(self):
        why = super().tools_missing()
        if why is None and stale(CM3_PLUGIN, HERE / "cm3_cycles.c"):
            why = f"cycle model plugin {rel(CM3_PLUGIN)} missing or older than its source " \
                  f"({SETUP_HINT})"
        return why

    def is_available(self):
        ok, why = super().is_available()
        return (ok, why.replace("counting plugin", f"cycle model ({self.model_label()})")
                if ok else why)

    @classmethod
    def model_label(cls) -> str:
        """The flash the model prices, in a few words."""
        flash = f"{cls.wait_states} flash wait states"
        if cls.accelerator:
            return f"{flash}, {cls.accelerator_label}"
        return flash if cls.wait_states == 0 else f"{flash}, no flash accelerator"

    def __init_subclass__(cls, **kwargs):
        """A wait-state variant runs cortex-m3-qemu's images under another
        flash model, outside the default run (said in those words)."""
        super().__init_subclass__(**kwargs)
        cls.firmware_of = "cortex-m3-qemu"  # the same images: built once
        cls.not_in_default_run = (f"a wait-state variant of cortex-m3-qemu (the same firmware, "
                                  f"the cycle model at {cls.model_label()}): --target {cls.name} "
                                  f"or --all runs it")

    def simulator_files(self):
        """qemu-user and the cycle model plugin (the results cache's key)."""
        qemu = shutil.which(self.qemu)
        return [pathlib.Path(qemu), CM3_PLUGIN] if qemu else []

    def simulator_options(self):
        # the model's parameters are part of the cache key (the flash range
        # comes from the firmware, whose hash is in the key already)
        return " ".join(self.qemu_argv(pathlib.Path("lwc-bench.elf"),
                                       f"plugin,{self.model_args(None)}"))

    def environment(self):
        env = super().environment()
        env.update({
            "simulator_cmd": " ".join(self.qemu_argv(pathlib.Path("lwc-bench.elf"),
                                                     f"{rel(CM3_PLUGIN)},"
                                                     f"{self.model_args(None)},flash=LO:HI")),
            "counter": "QEMU TCG plugin harness/platforms/qemu/cm3_cycles.c: instructions and "
                       "modelled cycles, read by the guest via magic system calls",
            "wait_states": self.wait_states,
            "cycle_model": {"refill": self.refill, "fetch_bytes": self.fetch_bytes,
                            "wait_states": self.wait_states,
                            "flash_accelerator": self.accelerator or "none",
                            "source": "harness/platforms/qemu/cm3_cycles.c"},
        })
        over = env.get("counter_overhead")
        if over:  # the port's cycles slot holds the model's figure
            env["counter_overhead"] = {k.replace("cycles", "modelled_cycles")
                                       if k.startswith("cycles") else k: v
                                       for k, v in over.items()}
        return env

    def judge(self, impl, points, stacks, quick, resp, res):
        """As every target, then the port's cycle counter (the model's
        system call, start_arm.S) is renamed modelled_cycles: this target
        has no cycles."""
        super().judge(impl, points, stacks, quick, resp, res)
        for v in res.values.values():
            for suffix in ("", "_min", "_max"):
                if "cycles" + suffix in v:
                    v["modelled_cycles" + suffix] = v.pop("cycles" + suffix)
            v["wait_states"] = self.wait_states


NO_ACCELERATOR = ("; every flash fetch charged (a 32-bit line, one line prefetched, a taken "
                  "branch refetching): the no-accelerator bound, above a board with a flash "
                  "accelerator")


class CortexM3QemuWs2(CortexM3Qemu):
    name = "cortex-m3-qemu-ws2"
    description = CortexM3Qemu.description.replace("0 flash wait states",
                                                   "2 flash wait states") + NO_ACCELERATOR
    wait_states = 2


class CortexM3QemuWs4(CortexM3Qemu):
    name = "cortex-m3-qemu-ws4"
    description = CortexM3Qemu.description.replace("0 flash wait states",
                                                   "4 flash wait states") + NO_ACCELERATOR
    wait_states = 4


class CortexM3QemuStm32f1Ws2(CortexM3Qemu):
    """The permutation paper's Nucleo (STM32F103RB at 72 MHz): 2 wait states
    behind the STM32F1's flash prefetch buffer (cm3_cycles.c, accel=stm32f1)."""
    name = "cortex-m3-qemu-stm32f1-ws2"
    accelerator_label = "STM32F1 prefetch buffer"
    description = CortexM3Qemu.description.replace(
        "0 flash wait states",
        "2 flash wait states behind the STM32F1's flash prefetch buffer: 64-bit flash reads "
        "into two 64-bit blocks, the next block read as soon as one is free, a branch into "
        "either block served from it, data reads not buffered (RM0008, Embedded Flash "
        "memory: reading the Flash memory; PM0075, Read operations: prefetch buffer and "
        "controller)")
    wait_states = 2
    fetch_bytes = 8   # the STM32F1 flash reads 64 bits at a time
    accelerator = "stm32f1"


class CortexM3QemuSam3xWs4(CortexM3Qemu):
    """The permutation paper's Arduino Due (SAM3X8E at 84 MHz): 4 wait states
    behind the SAM3X's EEFC (cm3_cycles.c, accel=sam3x)."""
    name = "cortex-m3-qemu-sam3x-ws4"
    accelerator_label = "SAM3X EEFC 128-bit interface and buffers"
    description = CortexM3Qemu.description.replace(
        "0 flash wait states",
        "4 flash wait states behind the SAM3X's flash controller: 128-bit flash reads into "
        "two 128-bit code buffers (sequential code read optimization), a branch into either "
        "buffer served from it, one 128-bit data read buffer (SAM3X/SAM3A datasheet, "
        "Enhanced Embedded Flash Controller: read operations, 128-bit access mode, code and "
        "data read optimization)")
    wait_states = 4
    fetch_bytes = 16  # the SAM3X flash reads 128 bits at a time (EEFC_FMR.FAM = 0)
    accelerator = "sam3x"


class XtensaLx106Qemu(QemuTarget):
    name = "xtensa-lx106-qemu"
    description = "Xtensa LX106 (ESP8266 core), xtensa-lx106-elf-gcc -mlongcalls -O2, " \
                  "qemu-xtensa -cpu lx106 (user mode)"
    arch_tokens = frozenset({"xtensa", "lx106", "32bit"})
    preference = ("asm_xtensa_fsr", "asm_xtensa_bi32", "bi32", "opt64", "opt32", "ref", "lowsize")
    cc = ["xtensa-lx106-elf-gcc"]
    qemu = "qemu-xtensa"
    cpu = "lx106"
    start = "start_xtensa.S"
    isa_flags = ["-mlongcalls"]
    lib_flags = ["-mlongcalls"]
    # division and 64-bit multiplication: in the ESP8266 ROM, not in libgcc
    extra_sources = [HERE / "libgcc_lx106.c"]


TARGET_CLASSES = [Rv32iQemu, Rv32ZbbQemu, Rv32ZbkbQemu, Rv64Qemu, Rv64ZbbQemu, CortexM3Qemu,
                  XtensaLx106Qemu, CortexM3QemuWs2, CortexM3QemuWs4, CortexM3QemuStm32f1Ws2,
                  CortexM3QemuSam3xWs4]
