"""Build the host library, the `lwc` tool and the C test programs.

Usage: python3 -m harness.build [--variant NAME]... [--quiet]

Variants are compiler/flag sets.  Objects are cached under build/<variant>/
and rebuilt when a source, a header it includes (gcc -MMD) or the command
line changes; a lock file per variant makes concurrent invocations safe.  The `fuzz`
variant (clang, libFuzzer with AddressSanitizer and UBSan: every object
instrumented for coverage) links only lwc-fuzz, the differential fuzzer of
tests/fuzz/ (./lwcbench fuzz runs it).
"""
from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import fcntl
import json
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import threading

from harness.discover import ROOT, Impl, discover, order_by_preference
from harness.version import project_version

WARN = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-Wshadow", "-Wvla"]
VARIANTS = {
    "release": {"cc": "gcc", "cflags": ["-O2"], "ldflags": []},
    "clang": {"cc": "clang", "cflags": ["-O2"], "ldflags": []},
    # the host's constant-time check (./lwcbench ct): valgrind's memcheck with
    # the secrets undefined (bench_classify, LWC_DECLASSIFY)
    "ct": {"cc": "gcc", "cflags": ["-O2", "-g", "-DLWC_CT_VALGRIND"], "ldflags": []},
    "asan": {
        "cc": "gcc",
        "cflags": ["-O1", "-g", "-fno-omit-frame-pointer",
                   "-fsanitize=address,undefined", "-fno-sanitize-recover=all"],
        "ldflags": ["-fsanitize=address,undefined"],
    },
    # AArch64 cross build of the test driver (static, run under qemu-aarch64 by
    # tests/lib/test_aarch64.py): the 64-bit paths compiled for a second ISA
    "aarch64": {"cc": "aarch64-linux-gnu-gcc", "cflags": ["-O2"], "ldflags": ["-static"],
                "programs": ["lwc-test"], "archs": ["aarch64", "64bit"]},
    # libFuzzer: the library's objects get coverage instrumentation
    # (fuzzer-no-link); the program links libFuzzer's main (fuzzer).
    "fuzz": {
        "cc": "clang",
        "cflags": ["-O1", "-g", "-fno-omit-frame-pointer",
                   "-fsanitize=fuzzer-no-link,address,undefined", "-fno-sanitize-coverage=trace-cmp",
                   "-fno-sanitize-recover=all"],
        "ldflags": ["-fsanitize=fuzzer,address,undefined"],
        "programs": ["lwc-fuzz"],
    },
}
# Programs linked by a variant that names none (each has its own main()).
DEFAULT_PROGRAMS = ["lwc", "lwc-test", "lwc-bench"]
# Implementation preferred when a caller names none (64-bit host): the
# registry's order; lwc_*_find(scheme, NULL) takes the first whose CPU needs
# are met (src/lib/lwc.c: lwc_impl_usable), so a run-time-selected ISA
# variant comes before the portable code it falls back on.
HOST_PREFERENCE = ["x86_64_bmi2", "opt64", "bi32", "opt32", "ref", "lowsize"]
HOST_ARCHS = {"host", "x86_64", "64bit"}
# The portable core of lwc-bench (every target's firmware links it).
KINDS = ("aead", "hash", "perm", "auth")  # descriptor types: lwc_aead, lwc_hash, lwc_perm, lwc_auth
BENCH_COMMON = ROOT / "harness" / "firmware"
# bench_core.c includes its parts bench_stats.c, bench_trace.c, bench_leak.c and
# bench_stack.c (one translation unit: the measured frames stay as they were)
# and calls bench_kat.c (the "kat" request); both call bench_util.c (answer
# lines, input sequences, CRC-32), which calls neither.
BENCH_CORE = [BENCH_COMMON / "bench_core.c", BENCH_COMMON / "bench_kat.c",
              BENCH_COMMON / "bench_util.c"]
# The modes that check a bare permutation against a scheme's official KAT:
# linked where a bare permutation is (bench_kat.c refers to it weakly).
BENCH_KAT_PERM = BENCH_COMMON / "bench_kat_perm.c"
# The C library functions lwc needs where a toolchain has none: the
# library's (CMakeLists.txt takes them when there is no <string.h>), linked
# into every cross target's firmware, <string.h> from MINI_LIBC_INCLUDE.
MINI_LIBC = ROOT / "src" / "libc" / "mini_libc.c"
MINI_LIBC_INCLUDE = ROOT / "src" / "libc" / "include"
# The pointer every via mode reads (core/via.h: the permutation under test),
# compiled with the via modes (crypto_perm/<perm>/via.c) wherever they are.
VIA_PERM = ROOT / "src" / "core" / "via_perm.c"


def build_dir(variant: str) -> pathlib.Path:
    return ROOT / "build" / f"host-{variant}"


def rel(path: pathlib.Path) -> pathlib.Path:
    """A path as the compiler is given it: relative to the repository when
    inside it (short command lines), absolute otherwise (folders added from
    outside, e.g. lwcbench's LWC_EXTRA_IMPLS)."""
    try:
        return path.relative_to(ROOT)
    except ValueError:
        return path


@contextlib.contextmanager
def build_lock(variant: str):
    """One build of a variant at a time (concurrent ./lwc, tests, lwcbench:
    its builds elsewhere share the tree's objects of build/host-<variant>);
    builds of different variants share nothing and run side by side (the
    suite's workers: one builds the ASan variant while the other checks
    the release build is current)."""
    (ROOT / "build").mkdir(exist_ok=True)
    with open(ROOT / "build" / f".lock-{variant}", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _stale(obj: pathlib.Path, cmd: list[str]) -> bool:
    dep, stamp = obj.with_suffix(".d"), obj.with_suffix(".cmd")
    if not (obj.exists() and dep.exists() and stamp.exists()):
        return True
    if stamp.read_text() != shlex.join(cmd):
        return True
    t = obj.stat().st_mtime
    text = dep.read_text().replace("\\\n", " ")
    for token in text.split(":", 1)[1].split():
        p = pathlib.Path(token)
        if not p.is_absolute():
            p = ROOT / p
        if not p.exists() or p.stat().st_mtime > t:
            return True
    return False


def desc_symbol(namespace: str, kind: str) -> str:
    """The symbol of an implementation's descriptor (core/{aead,hash,perm}_api.h:
    LWC_NS(lwc_<kind>_desc))."""
    return f"{namespace}_lwc_{kind}_desc"


DESC_SYMBOL = re.compile(r"_lwc_(aead|hash|perm|auth)_desc$")  # any descriptor's symbol


def registry_lines(impls: list[Impl]) -> list[str]:
    """The C declarations of these implementations' descriptors and the
    registries that list them (lwc_aead_registry, ...: each null-terminated)."""
    lines = [f"extern const lwc_{i.kind} {desc_symbol(i.namespace, i.kind)};" for i in impls]
    for kind in KINDS:
        lines.append(f"const lwc_{kind} *const lwc_{kind}_registry[] = {{")
        lines += [f"    &{desc_symbol(i.namespace, kind)}," for i in impls if i.kind == kind]
        lines += ["    0,", "};"]
    return lines


def registry_source(impls: list[Impl]) -> str:
    """C source of the descriptor registries of a program holding these
    implementations."""
    return "\n".join(["/* generated by harness/build.py from the implementation folders */",
                      '#include "lwc.h"', *registry_lines(impls)]) + "\n"


# In a folder ./lwcbench --add made (harness/bench/added.py): where it comes
# from and the flags its sources are compiled with.
ADDED_INFO = "lwc-added.json"


def impl_flags(impl: Impl) -> list[str]:
    """The flags every source of an implementation is compiled with, on the
    host and on every target: its folder (api.h), its namespace and its
    descriptor's names; for a SUPERCOP folder added with --add, its folder
    and the flags its lwc-added.json gives (the SUPERCOP names renamed into
    its namespace)."""
    added = impl.path / ADDED_INFO
    if impl.name.startswith("+") and added.is_file():
        return [f"-I{rel(impl.path)}", *json.loads(added.read_text())["cflags"]]
    return [f"-I{rel(impl.path)}",
            f"-DLWC_NAMESPACE={impl.namespace}",
            f'-DLWC_SCHEME_NAME="{impl.scheme}"',
            f'-DLWC_IMPL_NAME="{impl.name}"']


def via_namespace(impl: Impl) -> str:
    """The C prefix of a bare permutation's via mode (one per scheme)."""
    return "via_" + impl.scheme.replace("-", "_").replace(".", "_")


def via_flags(impl: Impl) -> list[str]:
    """The flags of a bare permutation's via.c: its kat-via scheme's
    parameters (LWC_VIA_SCHEME_H, found from the repository root, -I.) and a
    namespace of its own; LWC_VIA keeps the SUPERCOP functions out."""
    return ["-I.", "-DLWC_VIA", f"-DLWC_NAMESPACE={via_namespace(impl)}",
            f'-DLWC_SCHEME_NAME="{impl.kat_scheme}"', '-DLWC_IMPL_NAME="via"',
            f'-DLWC_VIA_SCHEME_H="{rel(impl.via_scheme_dir / "scheme.h")}"']


def via_impls(impls: list[Impl]) -> list[Impl]:
    """One implementation of each bare permutation's scheme that has a via mode."""
    seen: dict[str, Impl] = {}
    for i in impls:
        if i.via_source is not None and i.via_kind and i.scheme not in seen:
            seen[i.scheme] = i
    return list(seen.values())


def via_table_source(impls: list[Impl]) -> str:
    """C source of bench_via_table (harness/firmware/bench_via.h) for
    the bare permutations among these implementations."""
    vias = via_impls(impls)
    lines = ["/* generated by harness/build.py from the crypto_perm folders */",
             '#include "bench_via.h"']
    for i in vias:
        lines.append(f"extern const lwc_{i.via_kind} {desc_symbol(via_namespace(i), i.via_kind)};")
    lines.append("const bench_via bench_via_table[] = {")
    for i in vias:
        desc = f"&{desc_symbol(via_namespace(i), i.via_kind)}"
        pair = f"{desc}, 0" if i.via_kind == "aead" else f"0, {desc}"
        lines.append(f'    {{"{i.scheme}", {pair}}},')
    lines += ["    {0, 0, 0},", "};"]
    return "\n".join(lines) + "\n"


def write_if_changed(path: pathlib.Path, text: str) -> pathlib.Path:
    """Write a generated source only when its text changed (its object is
    then not rebuilt)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != text:
        tmp = _private(path)
        tmp.write_text(text)
        os.replace(tmp, path)
    return path


def _private(path: pathlib.Path) -> pathlib.Path:
    """A name beside path that no other process or thread uses: outputs are
    made there and renamed into place (os.replace), so a build running at the
    same time (another ./lwcbench, a parallel test) never reads a half-written
    file."""
    return path.with_name(f"{path.name}.{os.getpid()}-{threading.get_ident()}.tmp")


def _output_to(cmd: list[str], out: pathlib.Path, tmp: pathlib.Path) -> list[str] | None:
    """cmd writing tmp in place of out ("-o out"; None: it names no -o)."""
    at = [i for i, a in enumerate(cmd[:-1]) if a == "-o" and cmd[i + 1] == str(out)]
    if not at:
        return None
    return cmd[:at[0] + 1] + [str(tmp)] + cmd[at[0] + 2:]


_LAUNCHER: list[str] | None = None


def launcher() -> list[str]:
    """["ccache"] when ccache is installed and LWC_CCACHE is not 0: an
    object compiled once, by any clone, build or run, comes from its cache
    (outside the checkout: ~/.cache/ccache, CCACHE_DIR) next time, the same
    bytes; [] otherwise.  Not part of the commands' stamps: turning it on
    or off rebuilds nothing."""
    global _LAUNCHER
    if _LAUNCHER is None:
        exe = shutil.which("ccache")
        _LAUNCHER = [exe] if exe and os.environ.get("LWC_CCACHE", "1") != "0" else []
    return _LAUNCHER


# ccache settings for lwc's compiles: the working folder is not part of an
# object's key and paths inside the checkout count as relative to it (clones
# in other folders share objects), and a compiler is known by its bytes (a
# cross compiler unpacked again into a new clone's build/tools keeps them)
CCACHE_ENV = {"CCACHE_NOHASHDIR": "1", "CCACHE_BASEDIR": str(ROOT),
              "CCACHE_COMPILERCHECK": "content"}


def compile_object(cmd: list[str], obj: pathlib.Path) -> str | None:
    """Run a compile command (run from the repository root, writing obj)
    unless obj is up to date: same command, no newer source or header
    (dependencies from the compiler's -MMD).  Returns None, or the command
    and the compiler's messages when it fails."""
    if not _stale(obj, cmd):
        return None
    obj.parent.mkdir(parents=True, exist_ok=True)
    tmp = _private(obj)
    dep = _private(obj.with_suffix(".d"))
    full = (_output_to(cmd, obj, tmp) or cmd) + ["-MMD", "-MT", str(obj), "-MF", str(dep)]
    pre = launcher()
    return _run_into(obj, tmp, cmd, pre + full, obj.with_suffix(".cmd"),
                     env={**os.environ, **CCACHE_ENV} if pre else None,
                     made=[(dep, obj.with_suffix(".d"))], failed=[dep])


def _run_into(out: pathlib.Path, tmp: pathlib.Path, cmd: list[str], argv: list[str],
              stamp: pathlib.Path, env: dict | None = None, made=(), failed=()) -> str | None:
    """Run argv (cmd writing to tmp) from the repository root; when it
    succeeds tmp becomes out, each (file, name) of `made` is renamed and
    the stamp records cmd; when it fails tmp and the `failed` files are
    removed and the command and the tool's messages returned."""
    r = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, env=env)
    if r.returncode != 0:
        for f in (tmp, *failed):
            f.unlink(missing_ok=True)
        return f"{shlex.join(cmd)}\n{r.stdout}{r.stderr}"
    if tmp.exists():
        os.replace(tmp, out)
    for f, name in made:
        os.replace(f, name)
    write_if_changed(stamp, shlex.join(cmd))
    return None


def up_to_date(out: pathlib.Path, cmd: list[str], inputs: list[pathlib.Path]) -> bool:
    """out was made by this very command (its .cmd stamp) from these inputs,
    none of them newer than it."""
    stamp = out.with_suffix(out.suffix + ".cmd")
    return (out.exists() and stamp.exists() and stamp.read_text() == shlex.join(cmd)
            and all(i.stat().st_mtime <= out.stat().st_mtime for i in inputs))


def run_stamped(out: pathlib.Path, cmd: list[str], inputs: list[pathlib.Path]) -> str | None:
    """Run a link or archive command (from the repository root) unless out is
    up to date; the one relink rule of the host programs and the targets'
    firmware.  Returns None, or the command and the tool's messages when it
    fails (out is then removed: never a stale program left behind)."""
    if up_to_date(out, cmd, inputs):
        return None
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = _private(out)
    return _run_into(out, tmp, cmd, _output_to(cmd, out, tmp) or cmd,
                     out.with_suffix(out.suffix + ".cmd"), failed=[out])


def program_flags(src: pathlib.Path) -> list[str]:
    """Flags of one source of the library or a program: the `lwc` tool's
    get the project's version (`lwc --version`; harness/version.py)."""
    if src.parent == ROOT / "tools" / "lwc":
        return [f'-DLWC_VERSION="{project_version()}"']
    return []


class Builder:
    """One host build variant.

    build() compiles each implementation on its own: one that does not
    compile is reported in `failed` and left out of the registry, and the
    programs are linked with the others.  `impls` (default: every host
    implementation of the tree) and `out` (default: build/host-<variant>)
    let a caller build another set elsewhere (its programs, registry and
    extra implementations there; the tree's implementations' objects stay
    the variant's own, compiled once).
    """

    def __init__(self, variant: str, quiet: bool = False, only: list[str] | None = None,
                 impls: list[Impl] | None = None, out: pathlib.Path | None = None):
        self.only = only  # link only these programs (None: all)
        self.variant = variant
        self.cfg = VARIANTS[variant]
        self.out = out or build_dir(variant)
        self.quiet = quiet
        self._impls = impls
        self.failed: dict[Impl, str] = {}  # implementation -> compiler output

    # -- one object ---------------------------------------------------------
    def _compile(self, src: pathlib.Path, obj: pathlib.Path, extra: list[str]):
        cmd = [self.cfg["cc"], *WARN, *self.cfg["cflags"], "-Iinclude", "-Isrc",
               "-Iharness/firmware", *extra, "-c", str(rel(src)), "-o", str(obj)]
        return compile_object(cmd, obj)

    def _compile_all(self, jobs: list) -> list[str | None]:
        with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
            return list(pool.map(lambda j: self._compile(*j), jobs))

    def _obj(self, src: pathlib.Path) -> pathlib.Path:
        return self.out / "obj" / rel(src).with_suffix(".o")

    # -- the whole tree -----------------------------------------------------
    def impls(self) -> list[Impl]:
        if self._impls is not None:
            return self._impls
        found = [i for i in discover() if i.builds_for(set(self.cfg.get("archs", HOST_ARCHS)))]
        return order_by_preference(found, HOST_PREFERENCE)

    def impl_objects(self, impl: Impl) -> list[tuple[pathlib.Path, pathlib.Path, list[str]]]:
        """(source, object, flags) of one implementation.  A tree
        implementation's objects are the variant's own (build/host-<variant>/
        obj/, the same command wherever the program is linked), so that a
        build of another set (extra implementations, build/fuzz-extra-*)
        compiles only what the tree's build has not."""
        r = rel(impl.path)
        if r.is_absolute():
            where = self.out / "obj" / "extra" / impl.top / impl.scheme / impl.name
        else:
            where = build_dir(self.variant) / "obj" / r
        return [(src, where / (src.name + ".o"), impl_flags(impl)) for src in impl.sources]

    def via_objects(self, impls: list[Impl]) -> list[tuple[pathlib.Path, pathlib.Path, list[str]]]:
        """The bare permutations' via modes, the pointer they read and their
        table (lwc-bench only)."""
        table = write_if_changed(self.out / "gen" / "via_table.c", via_table_source(impls))
        return [(i.via_source, self.out / "obj" / "via" / f"{via_namespace(i)}.o", via_flags(i))
                for i in via_impls(impls)] + [(VIA_PERM, self._obj(VIA_PERM), []),
                                              (table, self._obj(table), [])]

    def write_registry(self, impls: list[Impl]) -> pathlib.Path:
        return write_if_changed(self.out / "gen" / "registry.c", registry_source(impls))

    def _link(self, out: pathlib.Path, objs: list[pathlib.Path]):
        return run_stamped(out, [self.cfg["cc"], *self.cfg["ldflags"], "-o", str(out),
                                       *map(str, objs)], objs)

    def _archive(self, out: pathlib.Path, objs: list[pathlib.Path]):
        """liblwc.a: every implementation, the registry and the helpers
        (rebuilt from scratch, so a removed implementation leaves it)."""
        cmd = ["ar", "rcs", str(out), *map(str, objs)]
        if not up_to_date(out, cmd, objs):
            out.unlink(missing_ok=True)
        return run_stamped(out, cmd, objs)

    def programs(self) -> dict[str, list[pathlib.Path]]:
        """Program -> its own sources (linked with the library objects)."""
        progs = {
            "lwc": sorted((ROOT / "tools" / "lwc").glob("*.c")),
            "lwc-test": sorted((ROOT / "tests" / "c").glob("*.c")),
            "lwc-bench": [*BENCH_CORE, BENCH_KAT_PERM, *sorted((ROOT / "harness" / "platforms" / "host").glob("*.c"))],
            "lwc-fuzz": sorted((ROOT / "tests" / "fuzz").glob("*.c")),  # libFuzzer's main
        }
        mine = self.cfg.get("programs", DEFAULT_PROGRAMS)
        return {p: s for p, s in progs.items()
                if s and p in mine and (not self.only or p in self.only)}

    def build(self) -> bool:
        """True when everything built; otherwise the errors are printed,
        self.failed names the implementations left out, and whatever could be
        built was."""
        with build_lock(self.variant):
            return self._build()

    def _build(self) -> bool:
        impls = self.impls()
        jobs = {i: self.impl_objects(i) for i in impls}
        results = iter(self._compile_all([j for i in impls for j in jobs[i]]))
        errors: list[str] = []
        self.failed = {}
        for i in impls:
            errs = [e for e in (next(results) for _ in jobs[i]) if e]
            if errs:
                self.failed[i] = "\n".join(errs)
                errors += errs
        good = [i for i in impls if i not in self.failed]
        registry = self.write_registry(good)
        lib_srcs = sorted((ROOT / "src" / "lib").glob("*.c")) + [registry]
        programs = self.programs()
        own = [(s, self._obj(s), program_flags(s))
               for s in lib_srcs + [s for v in programs.values() for s in v]]
        via = self.via_objects(good) if "lwc-bench" in programs else []
        errors += [e for e in self._compile_all(own + via) if e]
        lib_objs = [o for i in good for (_s, o, _f) in jobs[i]] + [self._obj(s) for s in lib_srcs]
        if all(o.exists() for o in lib_objs):
            errors += [e for e in [self._archive(self.out / "lib" / "liblwc.a", lib_objs)] if e]
            for prog, srcs in programs.items():  # each program on its own
                objs = [self._obj(s) for s in srcs]
                if prog == "lwc-bench":
                    objs += [o for (_s, o, _f) in via]
                if all(o.exists() for o in objs):
                    errors += [e for e in [self._link(self.out / "bin" / prog, objs + lib_objs)] if e]
        for e in errors:
            print(e, file=sys.stderr)
        if not self.quiet and not errors:
            print(f"build/{self.out.name}: {len(good)} implementations, "
                  f"programs {', '.join(programs)}")
        return not errors


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", action="append", choices=sorted(VARIANTS))
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--program", action="append",
                    choices=[*DEFAULT_PROGRAMS, *VARIANTS["fuzz"]["programs"]],
                    help="link only these programs (default: all of the variant's)")
    args = ap.parse_args(argv)
    for v in args.variant or ["release"]:
        if not Builder(v, args.quiet, args.program).build():
            print(f"build of variant {v} failed", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
