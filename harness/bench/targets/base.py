"""What every target shares: the job (build, KAT on the target, measure)
and, for cross targets, the firmware build.

A target is one small class.  The runner calls run_job(impl, points) for
every implementation the target accepts (its `architectures` file names
"any" or one of the target's arch_tokens); run_job builds the firmware,
opens a Session to it (harness/bench/session.py) and sends one request
list: hello, overhead, kat (checked against the official file), then the
measurements and the stack probes.  A cross target (CrossTarget) only says
how to compile (cc, cflags, ldflags, its runtime files) and how to start
the program (open_session); see harness/firmware/bench.h for the
target side.
"""
from __future__ import annotations

import dataclasses
import hashlib
import pathlib
import shlex
import shutil
import subprocess
import threading

from harness.bench import kat as katcheck
from harness.bench import trace
from harness.bench.impls import extra_build, impl_id, is_extra
from harness.bench.cache import file_sha256, identity_of
from harness.bench.session import PipeSession, Response, Session
from harness.build import (BENCH_COMMON, BENCH_CORE, BENCH_KAT_PERM, MINI_LIBC,
                           MINI_LIBC_INCLUDE, VIA_PERM, WARN, compile_object,
                           impl_flags, registry_source, rel, run_stamped, via_flags,
                           via_namespace, via_table_source,
                           write_if_changed)
from harness.discover import ROOT, Impl

NOT_YET = "not supported yet (issue: lwcbench targets)"
COUNTERS = ("cycles", "instructions")


class BuildError(Exception):
    pass


class DoesNotFit(BuildError):
    """The firmware is larger than the device's memory: the implementation
    is not available on this target (reported, not a failure)."""


class MeasureError(Exception):
    """The implementation crashed, hung or refused the operation."""


@dataclasses.dataclass(frozen=True)
class Point:
    """One measured operation: op on adlen bytes of AD and mlen of message;
    `sets` names the suites asking for it (thesis, sweep, grid)."""
    op: str
    adlen: int
    mlen: int
    sets: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class TargetSettings:
    """What a run makes its targets with (plan.Plan.settings): nothing is
    set on a target after it is made."""
    request_timeout: float | None = None  # one request's limit; None: the target's own
    cache: object = None                  # the ResultsCache; None: always measure
    port: str | None = None               # a real board's serial port (BoardTarget)
    baud: int | None = None               # the boards' serial speed; None: 115200


@dataclasses.dataclass
class JobResult:
    """One implementation on one target."""
    target: str
    impl: Impl
    status: str = "ok"     # ok, does-not-fit, build-failed, kat-missing, kat-failed,
    #                        crashed, timed-out, bad-output, failed
    kat: str = "skipped"   # pass, fail, skipped
    detail: str = ""
    code_bytes: int | None = None
    stack: dict = dataclasses.field(default_factory=dict)    # op -> bytes
    values: dict = dataclasses.field(default_factory=dict)   # Point -> counts
    errors: dict = dataclasses.field(default_factory=dict)   # Point -> message
    seconds: float = 0.0
    # answers read back from the results cache: {measured_at, commit, cache_key}
    reused_from: dict | None = None
    # the host's callgrind counts read back from it (its rdtsc is measured)
    instructions_reused_from: dict | None = None

    @property
    def failed(self) -> bool:
        return self.status not in ("ok", "does-not-fit")


def first_line(argv: list[str]) -> str | None:
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return None
    out = (r.stdout or r.stderr).strip().splitlines()
    return out[0] if out else None


def object_size(objects: list, size_tool: str = "size") -> int | None:
    """text + data of the objects (Berkeley `size`: text includes rodata)."""
    if not objects or not shutil.which(size_tool):
        return None
    r = subprocess.run([size_tool, "-B", *map(str, objects)], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    total = 0
    for line in r.stdout.splitlines()[1:]:
        f = line.split()
        if len(f) >= 2 and f[0].isdigit() and f[1].isdigit():
            total += int(f[0]) + int(f[1])
    return total


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


def counts_of(fields: dict[str, str]) -> dict:
    """cycles / instructions (+ _min/_max) of an answer, as ints."""
    out = {}
    for c in COUNTERS:
        for suffix in ("", "_min", "_max"):
            if c + suffix in fields:
                out[c + suffix] = int(fields[c + suffix])
    return out


# each kind's operations, in the order they are measured and reported
OPS = {"aead": ("encrypt", "decrypt"), "hash": ("hash",), "perm": ("permutation",),
       "auth": ("auth",)}
# The null permutation (bench_core.c): measured beside each bare permutation
# through the same call, subtracted from it (records_of): the function's own
# cost.  Not an operation of its own in the records.
NULL_OP = "null-permutation"
OP_ORDER = [op for ops in OPS.values() for op in ops] + [NULL_OP]


def stale(built: pathlib.Path, source: pathlib.Path) -> bool:
    """A tool built by the set-up is missing or older than its source (the
    set-up's own rule for rebuilding it)."""
    return not built.is_file() or built.stat().st_mtime < source.stat().st_mtime


def died_status(r) -> str:
    """The status of a job whose program stopped answering at response r."""
    return "timed-out" if r.hung else "crashed"


def unexpected_answer(r, impl: Impl, p: Point, samples: int | None = None) -> str | None:
    """Why the ok answer r to a measure (samples given) or stack request for
    point p is not the program's answer to it (None: it is).  Output the
    protocol does not have -- an implementation writing to the console, an
    answer to another request, a line cut short -- means the rest of the
    conversation cannot be trusted either."""
    if r.lines:
        return f"unexpected output before the answer: {r.lines[0][:80]!r}"
    f = r.fields
    want = {"scheme": impl.scheme, "impl": impl.name, "op": p.op, "adlen": str(p.adlen),
            "mlen": str(p.mlen)}
    if samples is not None:
        want["samples"] = str(samples)
    if any(f.get(k) != v for k, v in want.items()):
        return f"not the answer to this request: {r.ok[:120]!r}"
    try:
        counts_of(f)
        if "stack" in f:
            int(f["stack"])
    except ValueError:
        return f"unreadable answer: {r.ok[:120]!r}"
    return None


class Target:
    """What every target is; each fact is set by its description
    (harness/bench/targets/<name>.toml, the package's docstring)."""
    name = ""
    order = 0          # where it is listed, run and reported
    description = ""
    cmake_processor = ""  # CMAKE_SYSTEM_PROCESSOR of its CMake toolchain file ("": none)
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
    default_left_out_why = ""
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
    _overhead: dict | None = None  # counts of an empty counted region (last job)

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
        return (not schemes_named and bool(self.default_schemes)
                and impl.scheme not in self.default_schemes)

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

    def code_bytes(self, impl: Impl) -> int | None:
        return None

    def environment(self) -> dict:
        return {"description": self.description, "metric": self.metric}

    def close(self) -> None:
        pass

    def extra_counts(self, impl: Impl, program: object, points: list[Point],
                     result: JobResult) -> None:
        """Counts from outside the program (the host's callgrind)."""

    # -- the job -------------------------------------------------------------
    def stack_point(self, impl: Impl, op: str) -> Point:
        if impl.kind == "perm":
            return Point(op, 0, 0)
        return Point(op, 16 if impl.kind == "aead" else 0, 16)

    def requests(self, impl: Impl, points: list[Point], quick: bool,
                 kat_req: str) -> tuple[list[str], list[Point], list[Point]]:
        """A job's request list: hello, overhead, kat, the measurements (each
        length's encryption just before its decryption: the target then
        decrypts the ciphertext left by the encryption, bench_core.c), the
        stack probes; with the points in the order asked and the probes."""
        ops = sorted({p.op for p in points if p.op != NULL_OP}, key=OP_ORDER.index)
        stacks = [self.stack_point(impl, op) for op in ops]
        overhead_n = 1 if self.exact else 33
        points = sorted(points, key=lambda p: (p.adlen, p.mlen, OP_ORDER.index(p.op)))
        reqs = ["hello", f"overhead {overhead_n}", kat_req]
        reqs += [f"measure {impl.scheme} {impl.name} {p.op} {p.adlen} {p.mlen} "
                 f"{self.point_samples(impl, p, quick)}" for p in points]
        reqs += [f"stack {impl.scheme} {impl.name} {p.op} {p.adlen} {p.mlen}" for p in stacks]
        return reqs, points, stacks

    # -- the results cache (harness/bench/cache.py) --------------------------
    cache = None  # a ResultsCache (TargetSettings); None: always measure

    def simulator_identity(self) -> str | None:
        """A hash of the simulator build (its binaries); None: this target's
        answers are not reproducible (a noisy clock, a board) and are never
        cached."""
        return None

    def cache_key(self, program: object, reqs: list[str]) -> str | None:
        if self.cache is None or not self.exact:
            return None
        ident = self.simulator_identity()
        if ident is None:
            return None
        return self.cache.key(self.name, file_sha256(program), ident, reqs)

    def conversation(self, impl: Impl, program: object, reqs: list[str],
                     res: JobResult) -> tuple[list[Response] | None, str | None]:
        """The program's answers to reqs, and the cache key to keep live
        answers under (None: not cacheable, or read back from the cache:
        res.reused_from then says where they come from).  No answers: the
        program could not start; res says why."""
        key = self.cache_key(program, reqs)
        if key is not None:
            hit = self.cache.load(self.name, key, reqs, f"{self.name} {impl_id(impl)}")
            if hit is not None:
                res.reused_from = hit[1]
                return hit[0], None
        try:
            session = self.open_session(program)
        except (OSError, MeasureError) as e:
            res.status, res.detail = "crashed", f"cannot start: {e}"
            return None, None
        try:
            resp = session.run_all(reqs, [self.request_timeout] * len(reqs))
        except BaseException:  # interrupted: stop the program now
            session.abort()
            raise
        finally:
            session.close()
        return resp, key

    def run_job(self, impl: Impl, points: list[Point], quick: bool = False) -> JobResult:
        res = JobResult(self.name, impl)
        try:
            program = self.build(impl)
        except DoesNotFit as e:
            res.status, res.detail = "does-not-fit", str(e)
            return res
        except BuildError as e:
            res.status, res.detail = "build-failed", str(e)
            return res
        res.code_bytes = self.code_bytes(impl)
        kat_req = katcheck.request(impl)
        if kat_req is None:
            res.status, res.detail = "kat-missing", f"no official KAT file {impl.kat_file.name}"
            return res
        reqs, points, stacks = self.requests(impl, points, quick, kat_req)
        resp, key = self.conversation(impl, program, reqs, res)
        if resp is None:
            return res
        self.judge(impl, points, stacks, quick, resp, res)
        if res.status == "ok":
            if key is not None:  # only answers that passed are kept
                self.cache.store(self.name, key, reqs, resp, impl_id(impl))
            self.extra_counts(impl, program, points, res)
        return res

    def judge(self, impl: Impl, points: list[Point], stacks: list[Point], quick: bool,
              resp: list[Response], res: JobResult) -> None:
        """Fill res from the answers: the greeting, the counter overhead, the
        KAT against the official file, then every measurement and stack
        probe (an answer that is not the protocol voids the job's counts)."""
        hello, overhead, kat_resp = resp[0], resp[1], resp[2]
        if hello.ok is None or hello.fields.get("protocol") != "2":
            res.status = died_status(hello) if hello.died else "crashed"
            res.detail = f"no lwc-bench greeting: {hello.error or hello.ok}"
            return
        try:
            over = counts_of(overhead.fields)
        except ValueError:
            over = None
        if overhead.ok is None:
            res.status = died_status(overhead) if overhead.died else "failed"
            res.detail = f"overhead: {overhead.error}"
            return
        if over is None or overhead.lines:
            res.status = "bad-output"
            res.detail = (f"overhead: unexpected output before the answer: "
                          f"{overhead.lines[0][:80]!r}" if overhead.lines else
                          f"overhead: unreadable answer: {overhead.ok[:120]!r}")
            return
        k = katcheck.judge(impl, kat_resp)
        res.kat = k.status
        if not k.passed:  # the target refuses to measure from here on
            res.status = died_status(kat_resp) if kat_resp.died else "kat-failed"
            res.detail = k.detail
            return
        base = over if self.exact else {}
        self._overhead = over
        bad = None  # the first answer that was not one: nothing after it is trusted
        for p, r in zip(points, resp[3:3 + len(points)]):
            why = None
            if r.ok is not None and bad is None:
                why = unexpected_answer(r, impl, p, self.point_samples(impl, p, quick))
                if why:
                    bad = f"{p.op} adlen={p.adlen} mlen={p.mlen}: {why}"
            if r.ok is None or bad is not None:
                res.errors[p] = why or (r.error if r.ok is None else f"after {bad}")
                if res.status == "ok":
                    res.status = ("bad-output" if bad is not None else
                                  died_status(r) if r.died else "failed")
                    res.detail = bad or f"{p.op} adlen={p.adlen} mlen={p.mlen}: {r.error}"
                continue
            f = r.fields
            v = counts_of(f)
            for c in COUNTERS:  # exact counters: the counter reads themselves out
                for suffix in ("", "_min", "_max"):
                    if c + suffix in v and c in base:
                        v[c + suffix] -= base[c]
            v["samples"] = int(f.get("samples", 0))
            v["mode"] = f.get("mode", "oneshot")
            if "random_bytes" in f:  # a masked implementation's draws, per operation
                v["random_bytes"] = int(f["random_bytes"])
            res.values[p] = v
        for p, r in zip(stacks, resp[3 + len(points):]):
            if r.ok and bad is None:
                why = unexpected_answer(r, impl, p)
                if why:
                    bad = f"stack {p.op} adlen={p.adlen} mlen={p.mlen}: {why}"
                    if res.status == "ok":
                        res.status, res.detail = "bad-output", bad
            res.stack[p.op] = (int(r.fields["stack"]) if r.ok and bad is None
                               and "stack" in r.fields else None)
        if bad is not None:  # answers before it may have been forged as well
            res.values.clear()
            res.stack = {op: None for op in res.stack}


class CrossTarget(Target):
    """A target reached through a cross compiler and a simulator (or board).

    A family sets: family (runtime folder harness/platforms/<family>), cc,
    cflags, ldflags, defines, port_sources, size_tool, and implements
    tools_missing() and open_session(elf).  The firmware of one
    implementation is its objects + src/lib/lwc.c + a one-entry registry +
    the portable core + mini_libc + the port; objects and ELF are cached in
    build/targets/ and rebuilt when a source, a header or a flag changes:
    the runtime and the ELF in build/targets/<target>/, the
    implementation's objects and registry in build/targets/objects/<hash of
    the compile command>/, shared by every target that compiles them with
    the same command (cortex-m3-qemu and the Cortex-M3 boards).  A target
    that runs another's firmware as it is (firmware_of: the same compiler,
    flags and port, another simulator setting) shares that target's
    folder."""
    family = ""
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
        self.out = ROOT / "build" / "targets" / (self.firmware_of or self.name)
        self._lock = threading.Lock()
        self._runtime_objs: list[pathlib.Path] | None = None
        self._runtime_error: str | None = None
        self._built: dict[Impl, pathlib.Path] = {}
        self._objects: dict[Impl, list[pathlib.Path]] = {}
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

    def compile_flags(self) -> list[str]:
        """Every flag a firmware source is compiled with (from the repository
        root): the target's cflags, the headers of mini_libc where the
        toolchain has no libc, the API and the runtime's folders."""
        libc = [] if self.libc_headers else ["-isystem", str(rel(MINI_LIBC_INCLUDE))]
        return [*self.cflags, *libc, "-Iinclude", "-Isrc", f"-I{rel(BENCH_COMMON)}"]

    def objects_out(self) -> pathlib.Path:
        """The folder of the tree's implementations' objects: one per compile
        command (compiler, warnings, flags), whichever target compiles them."""
        cmd = shlex.join([*self.cc, *self.warnings, *self.compile_flags()])
        return ROOT / "build" / "targets" / "objects" / hashlib.sha256(
            cmd.encode()).hexdigest()[:12]

    def _compile(self, src: pathlib.Path, obj: pathlib.Path, extra: list[str]) -> str | None:
        # -pipe: no temporary assembly files between the compiler's passes
        # (6% of a firmware's compile time; the objects are the same)
        cmd = [*self.cc, "-pipe", *self.warnings, *self.compile_flags(), *extra, "-c",
               str(rel(src)), "-o", str(obj)]
        return compile_object(cmd, obj)

    def _runtime(self) -> list[pathlib.Path]:
        """The objects every firmware of this target shares, built once per
        run (a failure too: every implementation reports it, none retries)."""
        if self._runtime_objs is None and self._runtime_error is None:
            try:
                self._runtime_objs = self._build_runtime()
            except BuildError as e:
                self._runtime_error = str(e)
        if self._runtime_error:
            raise BuildError(self._runtime_error)
        return self._runtime_objs

    def _runtime_object(self, src: pathlib.Path) -> pathlib.Path:
        return self.out / "runtime" / (rel(src).as_posix().replace("/", "_") + ".o")

    def _build_runtime(self) -> list[pathlib.Path]:
        defs = [f"-D{k}={v}" for k, v in self.defines.items()]
        srcs = [*BENCH_CORE, BENCH_KAT_PERM, MINI_LIBC,
                ROOT / "src" / "lib" / "lwc.c", *self.port_sources]
        objs, errors = [], []
        for s in srcs:
            o = self._runtime_object(s)
            err = self._compile(s, o, defs)
            if err:
                errors.append(err)
            objs.append(o)
        if errors:
            lines = [ln for ln in errors[0].splitlines()[1:] if "error" in ln]
            raise BuildError(f"the target runtime does not compile: "
                             f"{(lines or errors[0].splitlines()[-1:])[0].strip()[:300]}")
        return objs

    def build(self, impl):
        with self._lock:  # the runtime is shared; implementations build in turn
            if impl in self._built:
                return self._built[impl]
            runtime = self._runtime()
        folder = self.out / impl_id(impl).replace("/", "__")
        shared = self.objects_out() / impl_id(impl).replace("/", "__")
        if is_extra(impl):  # not the tree's: named by its folder too, its own objects
            folder = shared = extra_build(folder, [impl])
        objs = []
        for src in impl.sources:
            o = shared / "obj" / (src.name + ".o")
            err = self._compile(src, o, impl_flags(impl))
            if err:
                lines = [ln for ln in err.splitlines() if "error" in ln] or err.splitlines()[1:2]
                raise BuildError(f"does not compile for {self.name}: "
                                 f"{(lines or ['?'])[0].strip()[:300]}")
            objs.append(o)
        reg = write_if_changed(shared / "registry.c", registry_source([impl]))
        err = self._compile(reg, shared / "registry.o", [])
        if err:
            raise BuildError(f"registry does not compile: {err[:300]}")
        via = self._via_objects(impl) if impl.kind == "perm" else []
        elf = folder / "lwc-bench.elf"
        perm_kat = self._runtime_object(BENCH_KAT_PERM)
        inputs = [*objs, shared / "registry.o",
                  *(o for o in runtime if impl.kind == "perm" or o != perm_kat), *via]
        cmd = [*self.cc, *self.cflags, "-o", str(elf), *map(str, inputs), *self.ldflags]
        err = run_stamped(elf, cmd, inputs)
        if err:
            msg = [ln for ln in err.splitlines()[1:] if ln.strip()]
            full = [ln for ln in msg if "overflowed by" in ln or "will not fit" in ln]
            if full:
                raise DoesNotFit(f"does not fit the device: {full[0].strip()[:300]}")
            errs = [ln for ln in msg if "error" in ln and "ld returned" not in ln]
            raise BuildError(f"does not link for {self.name}: "
                             f"{(errs or msg or ['?'])[0].strip()[:300]}")
        with self._lock:
            self._built[impl] = elf
            self._objects[impl] = objs
        return elf

    def _via_objects(self, impl) -> list[pathlib.Path]:
        """A bare permutation's check: its kat-via scheme's mode over it, the
        pointer the mode reads (VIA_PERM) and the table naming the mode
        (bench_via.h), built once per permutation scheme
        for all its implementations (under the lock: they build in parallel)."""
        if impl.via_source is None or not impl.via_kind:
            raise BuildError(f"{impl.scheme} has no via.c and kat-via scheme to check it")
        # one folder per via.c (a permutation folder added from outside the
        # tree has a via.c of its own)
        where = hashlib.sha256(str(impl.via_source).encode()).hexdigest()[:8]
        folder = self.objects_out() / "via" / f"{via_namespace(impl)}-{where}"
        with self._lock:
            table = write_if_changed(folder / "via_table.c", via_table_source([impl]))
            objs = []
            for src, flags in ((impl.via_source, via_flags(impl)), (VIA_PERM, []), (table, [])):
                o = folder / (src.stem + ".o")
                err = self._compile(src, o, flags)
                if err:
                    raise BuildError(f"{src.name} does not compile: {err[:300]}")
                objs.append(o)
        return objs

    def code_bytes(self, impl):
        return object_size(self._objects.get(impl, []), self.size_tool)

    def environment(self):
        env = super().environment()
        env.update({
            "compiler": first_line([*self.cc, "--version"]),
            "cflags": " ".join(self.cflags),
            "ldflags": " ".join(self.ldflags),
            "runtime": f"harness/firmware + harness/platforms/{self.family}",
        })
        over = self._overhead
        if over:
            env["counter_overhead"] = over
            env["counter_overhead_note"] = ("counts of an empty counted region, subtracted "
                                            "from every result of this target")
        return env

