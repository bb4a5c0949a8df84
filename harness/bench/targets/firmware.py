"""How a cross target's firmware is built: its compiler, flags and runtime.

A target's firmware for one implementation is the implementation's objects
+ a one-entry registry + the runtime every firmware of the target shares
(harness/firmware/'s core and KAT checks, compiled once per kind of
implementation so that an image holds its own kind's requests only --
bench.h BENCH_KINDS; src/libc/, src/lib/lwc.c and the family's port,
harness/platforms/<family>/), linked with the target's flags; a bare
permutation adds its kat-via mode (_via_objects).  Objects
and ELF are cached in build/targets/ and rebuilt when a source, a header
or a flag changes: the runtime and the ELF in build/targets/<target>/, the
implementation's objects and registry in build/targets/objects/<hash of
the compile command>/, shared by every target that compiles them with the
same command (cortex-m3-qemu and the Cortex-M3 boards).  A target that
runs another's firmware as it is (firmware_of) shares that target's
folder.  The facts (cc, cflags, ldflags, defines, port_sources,
size_tool, warnings, libc_headers) are the target's, from its description
and driver; this module only uses them.
"""
from __future__ import annotations

import hashlib
import pathlib
import shlex
import shutil
import subprocess
import threading

from harness.bench import added
from harness.bench.impls import extra_build, impl_id, is_extra
from harness.bench.targets.job import BuildError, DoesNotFit
from harness.build import (BENCH_COMMON, BENCH_CORE, BENCH_KAT_PERM, MINI_LIBC,
                           MINI_LIBC_INCLUDE, VIA_PERM, compile_object, impl_flags,
                           registry_source, rel, run_stamped, via_flags, via_namespace,
                           via_table_source, write_if_changed)
from harness.discover import ROOT, Impl


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


# bench.h's BENCH_KIND_*: the one kind a firmware image serves
KIND_BITS = {"aead": 1, "hash": 2, "auth": 4, "perm": 8}


class Firmware:
    """One cross target's firmware builds (CrossTarget.firmware)."""

    def __init__(self, target):
        self.target = target
        self.out = ROOT / "build" / "targets" / (target.firmware_of or target.name)
        self._lock = threading.Lock()
        self._runtime_objs: dict[str, list[pathlib.Path]] = {}  # by kind
        self._runtime_error: dict[str, str] = {}
        self._built: dict[Impl, pathlib.Path] = {}
        self._objects: dict[Impl, list[pathlib.Path]] = {}

    def compile_flags(self) -> list[str]:
        """Every flag a firmware source is compiled with (from the repository
        root): the target's cflags, the headers of mini_libc where the
        toolchain has no libc, the API and the runtime's folders."""
        libc = [] if self.target.libc_headers else ["-isystem", str(rel(MINI_LIBC_INCLUDE))]
        return [*self.target.cflags, *libc, "-Iinclude", "-Isrc", f"-I{rel(BENCH_COMMON)}"]

    def objects_out(self) -> pathlib.Path:
        """The folder of the tree's implementations' objects: one per compile
        command (compiler, warnings, flags), whichever target compiles them."""
        cmd = shlex.join([*self.target.cc, *self.target.warnings, *self.compile_flags()])
        return ROOT / "build" / "targets" / "objects" / hashlib.sha256(
            cmd.encode()).hexdigest()[:12]

    def _compile(self, src: pathlib.Path, obj: pathlib.Path, extra: list[str]) -> str | None:
        # -pipe: no temporary assembly files between the compiler's passes
        # (6% of a firmware's compile time; the objects are the same)
        cmd = [*self.target.cc, "-pipe", *self.target.warnings, *self.compile_flags(), *extra, "-c",
               str(rel(src)), "-o", str(obj)]
        return compile_object(cmd, obj)

    def _runtime(self, kind: str) -> list[pathlib.Path]:
        """The objects every firmware of this target for implementations of
        `kind` shares, built once per run (a failure too: every
        implementation reports it, none retries)."""
        if kind not in self._runtime_objs and kind not in self._runtime_error:
            try:
                self._runtime_objs[kind] = self._build_runtime(kind)
            except BuildError as e:
                self._runtime_error[kind] = str(e)
        if kind in self._runtime_error:
            raise BuildError(self._runtime_error[kind])
        return self._runtime_objs[kind]

    def _runtime_object(self, src: pathlib.Path, kind: str | None = None) -> pathlib.Path:
        """Where a runtime source's object goes: the core's (BENCH_CORE), one
        per kind; the others', one for all."""
        name = rel(src).as_posix().replace("/", "_") + ".o"
        return self.out / "runtime" / (f"{kind}/{name}" if kind else name)

    def _build_runtime(self, kind: str) -> list[pathlib.Path]:
        """The core compiled for `kind` alone (bench.h: BENCH_KINDS), the
        rest for every kind."""
        defs = [f"-D{k}={v}" for k, v in self.target.defines.items()]
        core = [*BENCH_CORE]
        srcs = [*core, BENCH_KAT_PERM, MINI_LIBC, ROOT / "src" / "lib" / "lwc.c",
                *self.target.port_sources]
        objs, errors = [], []
        for s in srcs:
            own = s in core
            o = self._runtime_object(s, kind if own else None)
            err = self._compile(s, o, [*defs, f"-DBENCH_KINDS={KIND_BITS[kind]}u"] if own
                                else defs)
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
            runtime = self._runtime(impl.kind)
        folder = self.out / impl_id(impl).replace("/", "__")
        shared = self.objects_out() / impl_id(impl).replace("/", "__")
        if is_extra(impl):  # not the tree's: named by its folder too, its own objects
            folder = shared = extra_build(folder, [impl])
        objs = []
        for src in impl.sources:
            o = shared / "obj" / (src.name + ".o")
            err = self._compile(src, o, impl_flags(impl))
            if err:
                # the compiler's messages (the command, its first line, may hold
                # -Wno-error: an --add folder's)
                lines = [ln for ln in err.splitlines()[1:] if "error" in ln] or err.splitlines()[1:2]
                raise BuildError(f"does not compile for {self.target.name}: "
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
        t = self.target
        cmd = [*t.cc, *t.cflags, "-o", str(elf), *map(str, inputs), *t.ldflags]
        err = run_stamped(elf, cmd, inputs)
        if err:
            msg = [ln for ln in err.splitlines()[1:] if ln.strip()]
            full = [ln for ln in msg if "overflowed by" in ln or "will not fit" in ln]
            if full:
                raise DoesNotFit(f"does not fit the device: {full[0].strip()[:300]}")
            errs = ([ln for ln in msg if "undefined reference" in ln] or
                    [ln for ln in msg if "error" in ln and "ld returned" not in ln])
            raise BuildError(f"does not link for {self.target.name}: "
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

    def code_bytes(self, impl, glue: bool = False):
        """text + data of the implementation's objects; for a folder added
        with --add, of its own objects, or (glue) of the glue alone."""
        return object_size(added.own_or_glue(self._objects.get(impl, []), glue),
                           self.target.size_tool)
