"""The host: gcc -O2 (harness.build's release variant), run natively.

Instructions: valgrind's callgrind, exact, counting only the function
bench_counted_op (one operation) -- one valgrind run per implementation,
one callgrind dump per operation, first: deterministic, so kept in the
results cache like a simulator's answers (the same program bytes and
valgrind build: the counts are read back; records say so in
instructions_reused_from).
Cycles: rdtsc (x86; noisy: many samples, median/min/max, jobs run alone),
measured on every run; the counts bound the samples of a slow operation
(point_samples).
"""
from __future__ import annotations

import contextlib
import io
import pathlib
import platform
import shutil
import tempfile

from harness.bench.cache import file_sha256, identity_of
from harness.bench import added
from harness.bench.impls import extra_build, impl_id, is_extra
from harness.bench.session import PipeSession, Response
from harness.bench.targets.base import Target, first_line
from harness.bench.targets.firmware import object_size
from harness.bench.targets.job import BuildError, JobResult, Point
from harness.build import HOST_ARCHS, HOST_PREFERENCE, VARIANTS, WARN, Builder
from harness.discover import ROOT, Impl

PROGRAMS = ["lwc-bench"]
# callgrind counting only bench_counted_op, one dump per `once` request
CALLGRIND = ["--tool=callgrind", "--collect-atstart=no", "--toggle-collect=bench_counted_op",
             "--dump-instr=no"]
CALLGRIND_CACHE = "host-callgrind"  # its counts' folder in the results cache
# rdtsc samples of one measurement (HostTarget.point_samples): at most about
# this many instructions of the operation in all, and at least MIN_SAMPLES
SAMPLE_BUDGET = 320_000_000
MIN_SAMPLES = 9


def callgrind_total(path: pathlib.Path) -> int | None:
    """The instruction total of one callgrind dump file."""
    for line in path.read_text(errors="replace").splitlines():
        if line.startswith(("totals:", "summary:")):
            return int(line.split()[1])
    return None


class HostTarget(Target):
    arch_tokens = frozenset(HOST_ARCHS)
    preference = tuple(HOST_PREFERENCE)
    variant = "release"
    exact = False
    parallel = False  # rdtsc: nothing else may run meanwhile
    X86 = platform.machine().lower() in ("x86_64", "amd64")
    metric = ("cycles: rdtsc time-stamp counter (lfence-serialized), median of many single "
              "operations (min and max kept); instructions: valgrind callgrind, exact count of "
              "one operation" if X86 else
              "instructions: valgrind callgrind, exact count of one operation; no cycle counter")

    def __init__(self, settings=None):
        super().__init__(settings)
        self._bins: dict[Impl, pathlib.Path] = {}
        self._objects: dict[Impl, list] = {}
        self._errors: dict[Impl, str] = {}
        self._notes: list[str] = []
        self._counted: dict[Impl, tuple[dict, str | None, dict | None]] = {}
        self._cg_identity: str | None = None

    def is_available(self):
        cc = VARIANTS[self.variant]["cc"]
        if not shutil.which(cc):
            return False, f"compiler {cc} not found"
        tools = ["rdtsc" if self.X86 else "no cycle counter"]
        tools.append("callgrind" if shutil.which("valgrind") else "no valgrind: instructions null")
        return True, f"{cc} -O2, {', '.join(tools)}"

    def prepare(self, impls, apart: bool = True):
        """The selection's programs: one of the tree's and LWC_EXTRA_IMPLS'
        implementations (_prepare), and one of each folder added with --add
        on its own, so that a folder that does not link (a symbol nobody
        defines) takes no other implementation with it (apart=False: one
        program for all, as for copies of one folder that stand or fall
        together: added_kat.py)."""
        mine = [i for i in impls if not added.is_added(i) or not apart]
        for group in [mine] * bool(mine) + [[i] for i in impls if i not in mine]:
            self._prepare(group)

    def _prepare(self, impls):
        """One harness.build of the selection: the tree's own into
        build/host-<variant> (shared with ./lwc and the tests); with extra
        folders (LWC_EXTRA_IMPLS) the selection alone goes to
        build/bench-extra-<variant>-<key> (impls.extra_build_dir).  A folder
        that does not compile is reported, the rest built."""
        if not any(is_extra(i) for i in impls):
            builder = Builder(self.variant, quiet=True, only=PROGRAMS)
        else:
            out = extra_build(ROOT / "build" / f"bench-extra-{self.variant}", impls)
            builder = Builder(self.variant, quiet=True, only=PROGRAMS, impls=impls, out=out)
            self._notes.append(f"extra implementations ({', '.join(map(impl_id, impls))}) "
                               f"built in {out.relative_to(ROOT)}")
        with contextlib.redirect_stderr(io.StringIO()) as err:
            builder.build()
        bins = builder.out / "bin"
        for i in impls:
            if i in builder.failed:
                lines = ([ln for ln in builder.failed[i].splitlines() if "error:" in ln]
                         or [ln for ln in builder.failed[i].splitlines() if "error" in ln])
                self._errors[i] = f"does not compile: {(lines or builder.failed[i].splitlines())[0].strip()}"
            elif not (bins / "lwc-bench").exists():  # the link failed
                said = err.getvalue().strip().splitlines()
                undefined = [ln for ln in said if "undefined reference" in ln]
                self._errors[i] = (f"does not link: {undefined[0].strip()[:300]}" if undefined
                                   else f"build failed: {said[-1]}")
            else:
                self._bins[i] = bins / "lwc-bench"
                self._objects[i] = [o for _s, o, _f in builder.impl_objects(i)]

    # ./lwcbench ct: valgrind's memcheck, the secrets marked undefined
    # (build variant "ct": bench_classify in host.c, LWC_DECLASSIFY)
    ct_method = "memcheck"

    def ct_missing(self):
        if not shutil.which("valgrind"):
            return "valgrind not found (the host's constant-time check runs under memcheck)"
        return None

    def ct_prepare(self, impls):
        self.variant = "ct"
        self.prepare(impls)

    def ct_argv(self, program, out):
        return ["valgrind", "--tool=memcheck", "--error-limit=no", f"--log-file={out}",
                str(program)]

    def nm_tool(self):
        return "nm"

    def build(self, impl):
        if impl in self._errors:
            raise BuildError(self._errors[impl])
        if impl not in self._bins:
            raise BuildError("not built (prepare() was not given this implementation)")
        return self._bins[impl]

    def open_session(self, program):
        # not pinned to a core: on a shared machine a fixed core may be the
        # busy one; the TSC is invariant (constant_tsc), migration is harmless
        return PipeSession([str(program)], timeout=self.request_timeout)

    def code_bytes(self, impl, glue=False):
        return object_size(added.own_or_glue(self._objects.get(impl, []), glue))

    def image_digest(self, impl, program):
        """The implementation's objects (one program holds every host
        implementation: its own bytes change with any of them)."""
        objs = self._objects.get(impl)
        return identity_of(sorted(objs, key=str)) if objs else None

    # -- callgrind: exact instruction counts, counted before the rdtsc samples
    def run_job(self, impl, points, quick=False):
        """callgrind first (its counts size the rdtsc samples:
        point_samples), then the job as on every target."""
        self._counted.pop(impl, None)
        program = self._bins.get(impl)
        if program is not None and points:
            self._counted[impl] = self.instruction_counts(impl, program, points)
        return super().run_job(impl, points, quick)

    def point_samples(self, impl, p, quick):
        """As many rdtsc samples as samples() asks (201 up to 1 KiB, 33
        above) while they fit SAMPLE_BUDGET instructions, never fewer than
        MIN_SAMPLES: a slow implementation's long operation is timed a few
        times, not for seconds (its median moves less than the machine's
        noise between runs)."""
        n = self.samples(p.mlen, quick)
        counts = self._counted.get(impl, ({}, None, None))[0]
        if counts.get(p):
            n = max(MIN_SAMPLES, min(n, -(-SAMPLE_BUDGET // counts[p])))
        return n

    def callgrind_identity(self) -> str | None:
        """valgrind and its callgrind tool's binaries and the options: the
        counter's identity in the results cache (None: not found, never
        cached)."""
        if self._cg_identity is None:
            self._cg_identity = ""
            exe = shutil.which("valgrind")
            if exe:
                libexec = pathlib.Path(exe).resolve().parent.parent / "libexec" / "valgrind"
                tools = sorted(libexec.glob("callgrind-*-linux"))
                if tools:
                    try:
                        self._cg_identity = identity_of([exe, *tools], " ".join(CALLGRIND))
                    except OSError:
                        pass
        return self._cg_identity or None

    def instruction_counts(self, impl: Impl, program: pathlib.Path, points: list[Point]
                           ) -> tuple[dict, str | None, dict | None]:
        """Point -> callgrind's exact count of one operation, an error, and
        where the counts come from (None: counted now; else the results
        cache's provenance: the same program bytes and valgrind build
        counted them earlier -- deterministic, like a simulator)."""
        if not shutil.which("valgrind"):
            return {}, None, None
        reqs = [f"once {impl.scheme} {impl.name} {p.op} {p.adlen} {p.mlen}" for p in points]
        key = ident = None
        # a folder added with --add: an area of its own, its digest in the key
        # (targets/job.py cache_area)
        info = added.info(impl)
        area = f"added/{CALLGRIND_CACHE}" if info else CALLGRIND_CACHE
        keyed = [f"added {info['sha256']}", *reqs] if info else reqs
        if self.cache is not None:
            ident = self.callgrind_identity()
        if ident is not None:
            key = self.cache.key(area, file_sha256(program), ident, keyed)
            hit = self.cache.load(area, key, reqs, f"host {impl_id(impl)} callgrind")
            if hit is not None:
                try:
                    return ({p: int(r.fields["instructions"]) for p, r in zip(points, hit[0])},
                            None, hit[1])
                except (KeyError, ValueError):
                    pass  # not a count: counted again, and stored again
        with tempfile.TemporaryDirectory(prefix="lwc-cg-") as tmp:
            out = pathlib.Path(tmp) / "cg.out"
            s = PipeSession(["valgrind", *CALLGRIND, f"--callgrind-out-file={out}", str(program)],
                            timeout=self.request_timeout)
            try:
                resp = s.run_all(reqs)
            except BaseException:  # interrupted: stop valgrind now
                s.abort()
                raise
            finally:
                s.close()
            dumps = sorted(pathlib.Path(tmp).glob("cg.out.*"),
                           key=lambda f: int(f.name.rsplit(".", 1)[1]))
            if len(dumps) != len(points) or any(r.ok is None for r in resp):
                bad = next((r.error for r in resp if r.ok is None), None)
                return {}, (f"callgrind: {bad}" if bad else
                            f"callgrind wrote {len(dumps)} dumps for {len(points)} operations"), None
            counts = {p: callgrind_total(d) for p, d in zip(points, dumps)}
        if key is not None and all(isinstance(c, int) for c in counts.values()):
            self.cache.store(area, key, reqs,
                             [Response(q, f"ok instructions={counts[p]}")
                              for q, p in zip(reqs, points)], impl_id(impl))
        return counts, None, None

    def extra_counts(self, impl: Impl, program, points: list[Point], result: JobResult):
        """The counts instruction_counts took before the job: only
        bench_counted_op is collected (bench_core.c dumps callgrind's
        counters after each `once` request)."""
        counts, error, source = self._counted.pop(impl, ({}, None, None))
        if error:
            result.detail = error
            return
        for p in points:
            if p in result.values and p in counts:
                result.values[p]["instructions"] = counts[p]
        if counts and source is not None:
            result.instructions_reused_from = source

    def environment(self):
        cfg = VARIANTS[self.variant]
        env = super().environment()
        env.update({
            "compiler": first_line([cfg["cc"], "--version"]),
            "cflags": " ".join([*WARN, *cfg["cflags"]]),
            "build": self._notes or [f"python3 -m harness.build --variant {self.variant}"],
            "valgrind": first_line(["valgrind", "--version"]),
        })
        return env
