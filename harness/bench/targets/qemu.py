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
    """One ISA under qemu-user: its description (<target>.toml) gives the
    compiler and flags, the QEMU binary and its CPU."""
    family = "qemu"
    clock_label = "qemu plugin"
    request_timeout = 120.0
    qemu = ""                    # qemu-user binary
    cpu: str | None = None       # -cpu argument
    start = ""                   # start_<isa>.S
    lib_flags: list[str] = []    # picks the libgcc multilib (no z-extensions)
    extra_sources: list[pathlib.Path] = []
    metric = ("instructions: every guest instruction QEMU executes, counted exactly by a TCG "
              "plugin (build/tools/qemu/libinsn_count.so) and read by the target itself; "
              "QEMU has no timing model, so no cycles")

    def __init__(self, settings=None):
        super().__init__(settings)
        self.port_sources = [HERE / self.start, HERE / "port_linux.c", *self.extra_sources]
        self.size_tool = self.cc[0].removesuffix("gcc") + "size"

    def isa_flags(self) -> list[str]:
        """The flags that pick the ISA: cflags without the optimisation and
        -ffreestanding, which every QEMU target's firmware has."""
        return [f for f in self.cflags if f not in ("-O2", "-ffreestanding")]

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
        return [self.qemu_binary(), *cpu, "-plugin", str(plugin), str(elf)]

    def qemu_binary(self) -> str:
        """The qemu-user binary to run: a command name (found on PATH), or a
        path with a slash, relative to the repository root (a QEMU the set-up
        built into build/tools/)."""
        return str(ROOT / self.qemu) if "/" in self.qemu else self.qemu

    def ct_tracer_missing(self) -> str | None:
        if stale(CT_PLUGIN, HERE / "ct_trace.c"):
            return f"tracing plugin {rel(CT_PLUGIN)} missing or older than its source ({SETUP_HINT})"
        return None

    def ct_argv(self, elf: pathlib.Path, out: pathlib.Path) -> list[str]:
        """QEMU with the constant-time tracer writing to `out`."""
        return self.qemu_argv(elf, f"{CT_PLUGIN},out={out}")

    def libgcc_missing(self) -> str | None:
        """Why the compiler's libgcc for this target is not found (None: it
        is; a target that links none says None)."""
        if libgcc(self.cc[0], tuple(self.lib_flags)) is None:
            return f"no libgcc for {self.cc[0]} {' '.join(self.lib_flags)}"
        return None

    def tools_missing(self):
        for tool in (self.cc[0], self.qemu_binary()):
            if not shutil.which(tool):
                hint = SETUP_HINT if not self.extra_setup else \
                    f"run: bash -c '. harness/setup.sh && lwc_setup {self.extra_setup}'"
                return f"{rel(pathlib.Path(tool)) if '/' in tool else tool} not found ({hint})"
        why = self.libgcc_missing()
        if why is not None:
            return why
        if not PLUGIN.is_file():
            return f"counting plugin {rel(PLUGIN)} not built ({SETUP_HINT})"
        if PLUGIN.stat().st_mtime < (HERE / "insn_count.c").stat().st_mtime:
            return f"counting plugin {rel(PLUGIN)} older than its source ({SETUP_HINT})"
        return None

    def is_available(self):
        why = self.tools_missing()
        if why:
            return False, why
        return True, f"{' '.join([*self.cc, *self.isa_flags()])} -O2, {self.qemu} + counting plugin"

    def open_session(self, elf):
        return PipeSession(self.qemu_argv(elf), timeout=self.request_timeout)

    def simulator_files(self):
        """qemu-user and the counting plugin (the results cache's key)."""
        qemu = shutil.which(self.qemu_binary())
        return [pathlib.Path(qemu), PLUGIN] if qemu else []

    def simulator_options(self):
        return " ".join(self.qemu_argv(pathlib.Path("lwc-bench.elf"), "plugin"))

    def environment(self):
        env = super().environment()
        env.update({
            "simulator": first_line([self.qemu_binary(), "--version"]),
            "simulator_cmd": " ".join([self.qemu, *self.qemu_argv(pathlib.Path("lwc-bench.elf"),
                                                                  rel(PLUGIN))[1:]]),
            "counter": "QEMU TCG plugin harness/platforms/qemu/insn_count.c: inline add per "
                       "translated block, read by the guest via a magic system call",
        })
        return env


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


class CycleModelQemu(QemuTarget):
    """A qemu-arm target whose plugin is a cycle model (cm3_cycles.c,
    m0_cycles.c): it counts the instructions and prices each one, and the
    port's cycles slot holds the model's figure (modelled cycles, never
    cycles).  A subclass names its plugin (model_plugin, built from
    harness/platforms/qemu/<model_source>) and gives the plugin's
    arguments (model_args) and its facts (model_environment)."""
    clock_label = {"modelled_cycles": "cycle model", "instructions": "qemu plugin"}
    model_plugin = CM3_PLUGIN
    model_source = "cm3_cycles.c"
    cmd_tail = ""  # after the model's arguments in the environment's command line
    wait_states = 0  # flash wait states

    def model_args(self, elf: pathlib.Path | None) -> str:
        """The plugin's arguments for one firmware (None: none given)."""
        raise NotImplementedError

    def model_words(self) -> str:
        """The model in a few words (is_available's answer)."""
        raise NotImplementedError

    def model_environment(self) -> dict:
        """The model's own facts for the environment (cycle_model, ...)."""
        raise NotImplementedError

    def qemu_argv(self, elf: pathlib.Path, plugin: pathlib.Path | str | None = None) -> list[str]:
        """QEMU with the cycle model (which counts instructions too), or
        another plugin when given (the tracer of ./lwcbench ct)."""
        if plugin is None:
            plugin = f"{self.model_plugin},{self.model_args(elf)}"
        return super().qemu_argv(elf, plugin)

    def tools_missing(self):
        why = super().tools_missing()
        if why is None and stale(self.model_plugin, HERE / self.model_source):
            why = f"cycle model plugin {rel(self.model_plugin)} missing or older than its " \
                  f"source ({SETUP_HINT})"
        return why

    def is_available(self):
        ok, why = super().is_available()
        return (ok, why.replace("counting plugin", self.model_words()) if ok else why)

    def simulator_files(self):
        """qemu-user and the cycle model plugin (the results cache's key)."""
        qemu = shutil.which(self.qemu_binary())
        return [pathlib.Path(qemu), self.model_plugin] if qemu else []

    def simulator_options(self):
        # the model's parameters are part of the cache key (what comes from
        # the firmware, e.g. its flash range, is in the key with its hash)
        return " ".join(self.qemu_argv(pathlib.Path("lwc-bench.elf"),
                                       f"plugin,{self.model_args(None)}"))

    def environment(self):
        env = super().environment()
        env.update({
            "simulator_cmd": " ".join(self.qemu_argv(
                pathlib.Path("lwc-bench.elf"),
                f"{rel(self.model_plugin)},{self.model_args(None)}{self.cmd_tail}")),
            "counter": f"QEMU TCG plugin harness/platforms/qemu/{self.model_source}: "
                       "instructions and modelled cycles, read by the guest via magic system "
                       "calls",
            **self.model_environment(),
        })
        over = env.get("counter_overhead")
        if over:  # the port's cycles slot holds the model's figure
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


class CortexM3Qemu(CycleModelQemu):
    """A Cortex-M3 build under qemu-arm with the cycle model: its description
    gives the flash it prices (wait_states, fetch_bytes, accelerator); a
    description with firmware_of is a variant that runs that target's
    images under another flash model."""
    start = "start_arm.S"
    cmd_tail = ",flash=LO:HI"  # the firmware's flash range, from its ELF
    # the cycle model's parameters (harness/platforms/qemu/cm3_cycles.c)
    wait_states = 0   # flash wait states
    refill = 2        # P, the pipeline refill of a taken branch (the manual: 1..3)
    fetch_bytes = 4   # bytes per flash fetch (the ICode bus: 32 bits)
    accelerator = None  # a flash accelerator (cm3_cycles.c's accel=): None, every fetch charged
    accelerator_label = ""  # the accelerator in a few words (model_label)

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

    def model_words(self) -> str:
        return f"cycle model ({self.model_label()})"

    @classmethod
    def model_label(cls) -> str:
        """The flash the model prices, in a few words."""
        flash = f"{cls.wait_states} flash wait states"
        if cls.accelerator:
            return f"{flash}, {cls.accelerator_label}"
        return flash if cls.wait_states == 0 else f"{flash}, no flash accelerator"

    def __init_subclass__(cls, **kwargs):
        """A wait-state variant (firmware_of: the target whose images it
        runs) is outside the default run, said in those words."""
        super().__init_subclass__(**kwargs)
        if cls.firmware_of and "not_in_default_run" not in vars(cls):
            cls.not_in_default_run = (f"a wait-state variant of {cls.firmware_of} (the same "
                                      f"firmware, the cycle model at {cls.model_label()}): "
                                      f"--target {cls.name} or --all runs it")

    def model_environment(self) -> dict:
        return {"wait_states": self.wait_states,
                "cycle_model": {"refill": self.refill, "fetch_bytes": self.fetch_bytes,
                                "wait_states": self.wait_states,
                                "flash_accelerator": self.accelerator or "none",
                                "source": "harness/platforms/qemu/cm3_cycles.c"}}
