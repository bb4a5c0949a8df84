"""What a target is, and what every cross target does the same way.

Target: the facts a description sets (the package's docstring: name,
order, ISA tokens, metric, preference, default scope, ...) and the hooks
a driver implements: is_available, build, open_session, code_bytes,
environment, the tracers' sessions (ct, leak, profile), the results
cache's identity of its simulator.  run_job(impl, points) is the job
(job.py: requests, answers, judging, the cache), the same on every
target.  CrossTarget: a target reached through a cross compiler and a
simulator or board; its firmware is built by firmware.py from the facts
it holds (cc, cflags, ldflags, defines, port_sources); a family's driver
implements tools_missing() and open_session(elf).  See
harness/firmware/bench.h for the target side.
"""
from __future__ import annotations

import dataclasses
import fnmatch
import pathlib
import shutil
import subprocess

from harness.bench import trace
from harness.bench.cache import file_sha256, identity_of
from harness.bench.session import PipeSession, Session
from harness.bench.targets import job
from harness.bench.targets.firmware import Firmware
from harness.bench.targets.job import BuildError, JobResult, Point
from harness.build import WARN
from harness.discover import Impl

NOT_YET = "not supported yet (issue: lwcbench targets)"


@dataclasses.dataclass(frozen=True)
class TargetSettings:
    """What a run makes its targets with (plan.Plan.settings): nothing is
    set on a target after it is made."""
    request_timeout: float | None = None  # one request's limit; None: the target's own
    cache: object = None                  # the ResultsCache; None: always measure
    port: str | None = None               # a real board's serial port (BoardTarget)
    baud: int | None = None               # the boards' serial speed; None: 115200


def first_line(argv: list[str]) -> str | None:
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return None
    out = (r.stdout or r.stderr).strip().splitlines()
    return out[0] if out else None


def shared_libraries(binary: pathlib.Path, prefix: str) -> list[pathlib.Path]:
    """The shared libraries named prefix* that binary loads (ldd)."""
    try:
        r = subprocess.run(["ldd", str(binary)], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return []
    out = []
    for line in r.stdout.splitlines():
        f = line.split()
        if len(f) >= 3 and f[0].startswith(prefix) and f[1] == "=>":
            out.append(pathlib.Path(f[2]))
    return out


def stale(built: pathlib.Path, source: pathlib.Path) -> bool:
    """A tool built by the set-up is missing or older than its source (the
    set-up's own rule for rebuilding it)."""
    return not built.is_file() or built.stat().st_mtime < source.stat().st_mtime


class Target:
    """What every target is; each fact is set by its description
    (harness/bench/targets/<name>.toml, the package's docstring)."""
    name = ""
    order = 0          # where it is listed, run and reported
    description = ""
    cmake_processor = ""  # CMAKE_SYSTEM_PROCESSOR of its CMake toolchain file ("": none)
    # ./lwcbench export arduino: the C condition true on the Arduino boards
    # whose core runs this target's code, and what those boards are; the
    # first target of a condition gives them its default implementations
    # ("": the library has no section for it)
    arduino_guard = ""
    arduino_boards = ""
    arch_tokens: frozenset[str] = frozenset()
    # The implementation a user gets when naming none (CMake's default
    # choice, cmake/lwc-tree.cmake; the host's registry order): the first of
    # these names a scheme has, among its constant-time implementations
    # that build here; a scheme with none of them gets its first such
    # implementation by name.  The order is the measured one: the fastest
    # at 32 KiB in the default run (docs/results/), assembly first.
    preference: tuple[str, ...] = ("opt32", "bi32", "opt64", "ref", "lowsize")
    metric = ""        # what `cycles` / `instructions` mean on this target
    clock_label = ""   # short name of the counters' source, for table titles
    # (or a dict per counter: {"cycles": "rdtsc", "instructions": "callgrind"})
    exact = True       # deterministic counters: one sample, overhead subtracted
    parallel = True    # may run beside other jobs (False: noisy clocks)
    request_timeout = 120.0
    # Rough time of one job relative to a QEMU job (about 0.3 s): the run
    # starts the longest jobs first, so that a slow simulator's last job
    # does not run alone at the end while the other cores idle.
    job_weight = 1.0
    # The default run's scope (./lwcbench run without --all), and why; the
    # run says so: the implementations left out by name (unless --impl
    # names implementations), and the only schemes measured (unless
    # --scheme names schemes; empty: every scheme)
    default_left_out: frozenset[str] = frozenset()
    default_schemes: frozenset[str] = frozenset()
    default_left_out_schemes: frozenset[str] = frozenset()  # measured only by --all
    default_left_out_why = ""
    # the only schemes this target measures, even with --all (fnmatch
    # patterns; empty: every scheme it builds): a second model of a core
    # whose other schemes another target counts already; the run says so,
    # with measured_schemes_why
    measured_schemes: tuple[str, ...] = ()
    measured_schemes_why = ""
    # a target the default run leaves out altogether (said; --all or
    # --target T runs it): why, or "" for a target of the default run
    not_in_default_run = ""
    # at most this many jobs at once on this target (None: no limit; a
    # board is one device)
    max_parallel: int | None = None
    # `./lwcbench leak`: what the target's power model samples (None: it
    # has none); such a target gives leak_session()
    leak_model: str | None = None
    # `./lwcbench profile`: the name of the ISA's addressing-mode reader
    # (profile.MODES; None: no addressing-mode counts)
    addressing_modes: str | None = None
    counter_overhead: dict | None = None  # counts of an empty counted region (last job)

    def __init__(self, settings: TargetSettings | None = None):
        s = settings or TargetSettings()
        if s.request_timeout is not None:
            self.request_timeout = s.request_timeout
        self.cache = s.cache

    def is_available(self) -> tuple[bool, str]:
        return False, NOT_YET

    def left_out_by_default(self, impl: Impl, impls_named: bool = False,
                            schemes_named: bool = False) -> bool:
        """Does the default scope leave impl out (its name, unless the run
        names implementations; its scheme, unless the run names schemes)?"""
        if not impls_named and impl.name in self.default_left_out:
            return True
        if schemes_named:
            return False
        return (impl.scheme in self.default_left_out_schemes or
                (bool(self.default_schemes) and impl.scheme not in self.default_schemes))

    def measures_scheme(self, scheme: str) -> bool:
        """Is scheme one this target measures at all (measured_schemes)?"""
        return not self.measured_schemes or any(fnmatch.fnmatchcase(scheme, p)
                                                for p in self.measured_schemes)

    def machine_lacks(self) -> bool:
        """True when is_available's no is a fact of this machine that no
        set-up can change (a real board with no port named): the default
        run skips such a target and still succeeds.  Any other target
        that cannot run after the set-up is a failure of the run."""
        return False

    # `lwcbench ct` (harness/bench/ct.py): how this target shows a leak.
    # "trace": ct_argv(program, out) runs the program with a tracer writing
    # the addresses of each traced operation to `out`, compared between
    # secrets; "memcheck": valgrind with the secrets undefined, its log in out.
    ct_method = "trace"

    def ct_missing(self) -> str | None:
        """Why `lwcbench ct` cannot check on this target (None: it can)."""
        return "no instruction and data-address tracer for this target yet"

    def ct_prepare(self, impls: list[Impl]) -> None:
        self.prepare(impls)

    def ct_session(self, program: object, out: pathlib.Path) -> Session:
        """A session running program under the tracer, which writes to out
        (by default: ct_argv's command line, requests on its stdin)."""
        return PipeSession(self.ct_argv(program, out), timeout=self.request_timeout)

    def ct_argv(self, program: object, out: pathlib.Path) -> list[str]:
        raise NotImplementedError

    def leak_session(self, program: object, timeout: float, out: pathlib.Path,
                     order: int) -> Session:
        """The program under the power model, its "leak" requests' sums
        written to out (a target with a leak_model gives it)."""
        raise NotImplementedError(f"{self.name} has no power model")

    def profile_session(self, program: object, out: pathlib.Path) -> Session:
        """The tracer for ./lwcbench profile: ct_session's, which a target
        whose tracer can also record each instruction's cycles ('C' records)
        replaces."""
        return self.ct_session(program, out)

    def supports(self, impl: Impl) -> bool:
        return impl.builds_for(set(self.arch_tokens))

    def samples(self, mlen: int, quick: bool) -> int:
        if self.exact:
            return 1
        if mlen <= 1024:  # short inputs are the noisiest
            return 33 if quick else 201
        return 33

    def point_samples(self, impl: Impl, p: Point, quick: bool) -> int:
        """The samples one measurement asks for (the host: fewer for a slow
        operation, HostTarget.point_samples)."""
        return self.samples(p.mlen, quick)

    def prepare(self, impls: list[Impl]) -> None:
        """Build what is best built at once (optional)."""

    def build(self, impl: Impl) -> object:
        """The program for impl (e.g. an ELF path); raise BuildError."""
        raise BuildError(NOT_YET)

    def open_session(self, program: object) -> Session:
        raise NotImplementedError

    def code_bytes(self, impl: Impl, glue: bool = False) -> int | None:
        """text + data of impl's objects (glue: an --add folder's glue
        alone, harness/bench/added.py); None where there is no such figure."""
        return None

    def image_digest(self, impl: Impl, program: object) -> str | None:
        """The digest of what a job measures (each record's image_sha256:
        its figures are current while a rebuild gives the same bytes): the
        program built for impl (None: no file to read, e.g. a test's
        stand-in)."""
        try:
            return file_sha256(program)
        except OSError:
            return None

    def environment(self) -> dict:
        return {"description": self.description, "metric": self.metric}

    def close(self) -> None:
        pass

    def extra_counts(self, impl: Impl, program: object, points: list[Point],
                     result: JobResult) -> None:
        """Counts from outside the program (the host's callgrind)."""


    def name_counts(self, res: JobResult) -> None:
        """Rename the judged counts where this target's counters are not
        what their slot says (the Cortex-M3 model's cycles are modelled)."""

    def run_job(self, impl: Impl, points: list[Point], quick: bool = False) -> JobResult:
        """The job (job.run): build, KAT on the target, measure."""
        return job.run(self, impl, points, quick)

    # -- the results cache (harness/bench/cache.py) --------------------------
    cache = None  # a ResultsCache (TargetSettings); None: always measure

    def simulator_identity(self) -> str | None:
        """A hash of the simulator build (its binaries); None: this target's
        answers are not reproducible (a noisy clock, a board) and are never
        cached."""
        return None


class CrossTarget(Target):
    """A target reached through a cross compiler and a simulator (or board).

    A family sets: family (runtime folder harness/platforms/<family>), cc,
    cflags, ldflags, defines, port_sources, size_tool, and implements
    tools_missing() and open_session(elf); firmware.py builds the firmware
    from them (self.firmware)."""
    family = ""
    # a set-up profile run after the family's (lwc_setup PROFILE): a tool
    # only this target needs, too long to build for the whole family
    extra_setup = ""
    firmware_of: str | None = None
    cc: list[str] = []
    cflags: list[str] = []
    ldflags: list[str] = []
    defines: dict[str, str] = {}
    port_sources: list[pathlib.Path] = []
    size_tool = "size"
    warnings = [w for w in WARN if w != "-Werror"]  # old cross compilers differ
    libc_headers = False  # True: the toolchain has its own <string.h> (avr-libc)

    def __init__(self, settings: TargetSettings | None = None):
        super().__init__(settings)
        self.firmware = Firmware(self)
        self._sim_identity: str | None = None

    def tools_missing(self) -> str | None:
        raise NotImplementedError

    def simulator_files(self) -> list[pathlib.Path]:
        """The binaries that run this target's firmware: their bytes are the
        simulator's identity in the results cache ([]: never cached)."""
        return []

    def simulator_options(self) -> str:
        """How the simulator is started, beyond its binaries (e.g. QEMU's
        -cpu): part of its identity too."""
        return ""

    def simulator_identity(self) -> str | None:
        if self._sim_identity is None:
            try:
                files = self.simulator_files()
                self._sim_identity = (identity_of(files, self.simulator_options())
                                      if files else "")
            except OSError:
                self._sim_identity = ""
        return self._sim_identity or None

    def is_available(self):
        why = self.tools_missing()
        if why:
            return False, why
        return True, " ".join(self.cc + self.cflags)

    # `lwcbench ct`: the target's tracer (ct_tracer_missing, ct_argv or
    # ct_session) and the toolchain's nm, which names the traced addresses
    def nm_tool(self) -> str:
        return self.size_tool.replace("size", "nm")

    def ct_missing(self) -> str | None:
        why = self.tools_missing()
        if why is None and not shutil.which(self.nm_tool()):
            why = f"{self.nm_tool()} not found (it names the traced addresses)"
        return why or self.ct_tracer_missing()

    def ct_tracer_missing(self) -> str | None:
        """Why the tracer cannot run (None: it can)."""
        return Target.ct_missing(self)

    def extra_counts(self, impl, program, points, result):
        """What one traced call of a bare permutation gives (traced_counts),
        where this target has a tracer: the call is traced once."""
        perm = [p for p in points if p.op == "permutation"]
        if not perm or self.ct_missing() is not None:
            return
        try:
            got = self.traced_counts(impl, program,
                                     trace.trace_program(self, impl, program, "permutation", 0, 0))
        except trace.TraceError as e:
            result.detail = f"traced call: {e}"
            return
        for p in perm:
            result.values.setdefault(p, {}).update(got)

    def traced_counts(self, impl, program, seg: bytes) -> dict:
        """From the trace of one permutation call: the function alone
        (trace.function_costs: the bytes of the code it ran in, what
        executed between its entry and its return)."""
        return trace.function_costs(self, impl, program, seg)

    def build(self, impl):
        return self.firmware.build(impl)

    def code_bytes(self, impl, glue=False):
        return self.firmware.code_bytes(impl, glue)

    def environment(self):
        env = super().environment()
        env.update({
            "compiler": first_line([*self.cc, "--version"]),
            "cflags": " ".join(self.cflags),
            "ldflags": " ".join(self.ldflags),
            "runtime": f"harness/firmware + harness/platforms/{self.family}",
        })
        over = self.counter_overhead
        if over:
            env["counter_overhead"] = over
            env["counter_overhead_note"] = ("counts of an empty counted region, subtracted "
                                            "from every result of this target")
        return env

