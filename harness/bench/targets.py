"""Targets: where an implementation is built, checked and measured.

A target is one class.  The runner calls, for the implementations that
build for it (their `architectures` file names "any" or one of the
target's arch_tokens):

  is_available()            -> (bool, reason)   tools installed?
  prepare(impls)            build what can be built at once (optional)
  build(impl)               raise BuildError when impl cannot be built
  kat(impl)                 -> KatResult: generated on the target, compared
                               with the official file
  measure(impl, op, adlen, mlen, samples) -> Sample (one operation)
  code_bytes(impl), stack_bytes(impl)      -> int or None
  environment()             -> dict for the JSON file (tools, flags, clock)
  close()

Adding a cross target = one subclass (e.g. in its own module, registered in
TARGETS below) implementing build/kat/measure, typically by running the
target-side lwc-bench (harness/target/host/bench_core.c with a port file)
under a simulator and speaking the line protocol of session.py to it.
"""
from __future__ import annotations

import contextlib
import dataclasses
import io
import platform
import shutil
import subprocess

from harness.bench.impls import impl_id, is_extra
from harness.bench.kat import KatResult, compare, generator_args
from harness.bench.session import Measurement, PipeSession, RequestError, SessionError
from harness.build import HOST_ARCHS, VARIANTS, WARN, Builder, build_dir
from harness.discover import ROOT, Impl

NOT_YET = "not supported yet (issue: lwcbench targets)"
# The host programs lwcbench runs: the KAT generator and the measurer.
PROGRAMS = ["lwc-test", "lwc-bench"]


class BuildError(Exception):
    pass


class MeasureError(Exception):
    """The implementation crashed, hung or refused the operation."""


@dataclasses.dataclass
class Sample:
    """Statistics of `samples` timings of one operation."""
    samples: int
    cycles: int | None = None          # median
    cycles_min: int | None = None
    cycles_max: int | None = None
    instructions: int | None = None    # median, where the target counts them
    extra: dict = dataclasses.field(default_factory=dict)  # e.g. time_ns on hosts without rdtsc


def first_line(argv: list[str]) -> str | None:
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return None
    out = (r.stdout or r.stderr).strip().splitlines()
    return out[0] if out else None


class Target:
    name = ""
    description = ""
    arch_tokens: frozenset[str] = frozenset()
    metric = ""  # what `cycles` / `instructions` mean on this target
    clock_label = ""  # short name of the metric's source, for table titles

    def is_available(self) -> tuple[bool, str]:
        return False, NOT_YET

    def supports(self, impl: Impl) -> bool:
        return impl.builds_for(set(self.arch_tokens))

    def samples(self, mlen: int, quick: bool) -> int:
        """Timings per operation: more for short inputs (noisier)."""
        if mlen <= 1024:
            return 33 if quick else 201
        return 9 if quick else 33

    def prepare(self, impls: list[Impl]) -> None:
        pass

    def build(self, impl: Impl) -> None:
        raise BuildError(NOT_YET)

    def kat(self, impl: Impl) -> KatResult:
        raise NotImplementedError

    def measure(self, impl: Impl, op: str, adlen: int, mlen: int, samples: int) -> Sample:
        raise NotImplementedError

    def code_bytes(self, impl: Impl) -> int | None:
        return None

    def stack_bytes(self, impl: Impl) -> int | None:
        return None

    def environment(self) -> dict:
        return {}

    def close(self) -> None:
        pass


def object_size(objects: list) -> int | None:
    """text + data of the objects (Berkeley `size`: text includes rodata)."""
    if not objects or not shutil.which("size"):
        return None
    r = subprocess.run(["size", "-B", *map(str, objects)], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    total = 0
    for line in r.stdout.splitlines()[1:]:
        f = line.split()
        if len(f) >= 2 and f[0].isdigit() and f[1].isdigit():
            total += int(f[0]) + int(f[1])
    return total


class HostTarget(Target):
    name = "host"
    description = "this machine, gcc -O2 (harness.build release), native execution"
    arch_tokens = frozenset(HOST_ARCHS)
    variant = "release"
    X86 = platform.machine().lower() in ("x86_64", "amd64", "i386", "i686")
    clock_label = "host rdtsc" if X86 else "host clock_gettime"
    metric = ("cycles: rdtsc time-stamp counter (lfence-serialized), median per operation"
              if X86 else "no cycle counter: clock_gettime nanoseconds (time_ns), cycles null")

    def __init__(self):
        self._bins: dict[Impl, object] = {}       # impl -> bin folder
        self._objects: dict[Impl, list] = {}      # impl -> its object files
        self._errors: dict[Impl, str] = {}        # impl -> build error
        self._sessions: dict[object, PipeSession] = {}
        self._notes: list[str] = []
        self._clock: dict = {}

    def is_available(self):
        cc = VARIANTS[self.variant]["cc"]
        if not shutil.which(cc):
            return False, f"compiler {cc} not found"
        return True, f"{cc} -O2, clock {'rdtsc' if self.X86 else 'clock_gettime (ns)'}"

    # -- build ----------------------------------------------------------------
    def prepare(self, impls):
        """One harness.build of the selected implementations' set: the tree's
        own into build/host-<variant> (shared with ./lwc and the tests), with
        with extra folders (LWC_EXTRA_IMPLS) the selection alone goes into
        build/bench-extra-<variant>.
        An implementation that does not compile is reported, the rest built."""
        tree_only = not any(is_extra(i) for i in impls)
        if tree_only:
            builder = Builder(self.variant, quiet=True, only=PROGRAMS)
        else:
            out = ROOT / "build" / f"bench-extra-{self.variant}"
            builder = Builder(self.variant, quiet=True, only=PROGRAMS, impls=impls, out=out)
            self._notes.append(f"extra implementations ({', '.join(map(impl_id, impls))}) "
                               f"built in {out.relative_to(ROOT)}")
        with contextlib.redirect_stderr(io.StringIO()) as err:
            builder.build()
        bins = builder.out / "bin"
        for i in impls:
            if i in builder.failed:
                lines = [ln for ln in builder.failed[i].splitlines() if "error" in ln]
                self._errors[i] = f"does not compile: {(lines or builder.failed[i].splitlines())[0].strip()}"
            elif not all((bins / p).exists() for p in PROGRAMS):  # a link failed
                self._errors[i] = f"build failed: {err.getvalue().strip().splitlines()[-1]}"
            else:
                self._bins[i] = bins
                self._objects[i] = [o for _s, o, _f in builder.impl_objects(i)]

    def build(self, impl):
        if impl in self._errors:
            raise BuildError(self._errors[impl])
        if impl not in self._bins:
            raise BuildError("not built (prepare() was not given this implementation)")

    # -- KAT -----------------------------------------------------------------
    def kat(self, impl):
        kat_file = impl.kat_file
        if not kat_file.exists():
            return KatResult("skipped", f"no official KAT file {kat_file.name}")
        cmd = [str(self._bins[impl] / "lwc-test"), "kat", impl.scheme, impl.name,
               *generator_args(kat_file)]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        except subprocess.TimeoutExpired:
            return KatResult("fail", "KAT generator hung (300 s)")
        if r.returncode != 0:
            why = f"signal {-r.returncode}" if r.returncode < 0 else f"exit status {r.returncode}"
            return KatResult("fail", f"KAT generator failed ({why}) {r.stderr.strip()[:200]}")
        return compare(r.stdout, kat_file)

    # -- measuring -------------------------------------------------------------
    def _session(self, impl) -> PipeSession:
        folder = self._bins[impl]
        s = self._sessions.get(folder)
        if s is None:
            # not pinned to a core: on a shared machine a fixed core may be the
            # busy one; the TSC is invariant (constant_tsc), migration is harmless
            s = PipeSession([str(folder / "lwc-bench")])
            self._sessions[folder] = s
            try:
                hello = s.hello()
                if not self._clock:
                    ovh = s.overhead(201)
                    self._clock = {"clock": hello.get("clock"), "unit": hello.get("unit"),
                                   "timer_overhead": ovh.median,
                                   "timer_overhead_note": "median of an empty timed region; "
                                   "not subtracted from the results"}
            except (SessionError, RequestError) as e:
                self._drop(folder)
                raise MeasureError(f"lwc-bench does not start: {e}") from e
        return s

    def _drop(self, folder):
        s = self._sessions.pop(folder, None)
        if s is not None:
            s.kill()
            s.close()

    def measure(self, impl, op, adlen, mlen, samples):
        s = self._session(impl)
        try:
            m: Measurement = s.measure(impl.scheme, impl.name, op, adlen, mlen, samples)
        except SessionError as e:
            self._drop(self._bins[impl])
            raise MeasureError(str(e)) from e
        except RequestError as e:
            raise MeasureError(f"lwc-bench: {e}") from e
        if m.unit == "cycles":
            return Sample(m.samples, m.median, m.min, m.max)
        return Sample(m.samples, extra={"time_ns": m.median, "time_ns_min": m.min,
                                        "time_ns_max": m.max,
                                        "note": f"no cycle counter on this host; unit {m.unit}"})

    def code_bytes(self, impl):
        return object_size(self._objects.get(impl, []))

    def environment(self):
        cfg = VARIANTS[self.variant]
        return {
            "description": self.description,
            "metric": self.metric,
            "compiler": first_line([cfg["cc"], "--version"]),
            "cflags": " ".join([*WARN, *cfg["cflags"]]),
            "build": self._notes or [f"python3 -m harness.build --variant {self.variant}"],
            **self._clock,
        }

    def close(self):
        for folder in list(self._sessions):
            s = self._sessions.pop(folder)
            s.close()


class NotYetTarget(Target):
    """A contract target whose support is still to come: listed, skipped."""

    def is_available(self):
        return False, NOT_YET


def _not_yet(name: str, description: str, tokens: set[str], metric: str) -> type:
    return type(name.replace("-", "_"), (NotYetTarget,),
                {"name": name, "description": description,
                 "arch_tokens": frozenset(tokens), "metric": metric})


# Every target of the contract, in the order they are listed and run.
# arch_tokens are provisional: implementation folders name them in their
# `architectures` file ("any" builds everywhere).
TARGET_CLASSES: list[type[Target]] = [
    HostTarget,
    _not_yet("rv32i-qemu", "RV32I, qemu-riscv32 + counting plugin",
             {"rv32", "rv32i", "32bit"}, "instructions"),
    _not_yet("rv32-zbb-qemu", "RV32I+Zbb, qemu-riscv32 + counting plugin",
             {"rv32", "rv32i", "rv32zbb", "32bit"}, "instructions"),
    _not_yet("rv32-zbkb-qemu", "RV32I+Zbkb, qemu-riscv32 + counting plugin",
             {"rv32", "rv32i", "rv32zbkb", "32bit"}, "instructions"),
    _not_yet("rv32-ibex", "Ibex RV32IMC + RV32BFull (Zbb, Zbp, Zbt, Zbkb), Verilator",
             {"rv32", "rv32i", "rv32zbb", "rv32zbkb", "rv32zbp", "rv32zbt", "32bit"},
             "cycles (mcycle) and instructions (minstret)"),
    _not_yet("rv64-qemu", "RV64GC, qemu-riscv64 + counting plugin",
             {"rv64", "64bit"}, "instructions"),
    _not_yet("rv64-zbb-qemu", "RV64GC+Zbb, qemu-riscv64 + counting plugin",
             {"rv64", "rv64zbb", "64bit"}, "instructions"),
    _not_yet("cortex-m3-qemu", "ARMv7-M, qemu-system-arm mps2-an385 + counting plugin",
             {"armv7m", "cortex-m3", "32bit"}, "instructions"),
    _not_yet("avr-atmega128", "AVR ATmega128, simavr harness", {"avr", "8bit"}, "cycles"),
    _not_yet("msp430", "MSP430F1611 class, mspdebug sim", {"msp430", "16bit"},
             "cycles (MCLK) and instructions"),
    _not_yet("xtensa-lx106-qemu", "Xtensa LX106, qemu-xtensa + counting plugin",
             {"xtensa", "lx106", "32bit"}, "instructions"),
]
TARGETS: dict[str, type[Target]] = {c.name: c for c in TARGET_CLASSES}
