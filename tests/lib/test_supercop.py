"""./lwcbench export supercop DIR: every exported folder compiles alone, as
SUPERCOP compiles an implementation (its own files, the framework's
crypto_aead.h / crypto_hash.h / crypto_auth.h, nothing else), and reproduces
its scheme's whole official KAT through the bare crypto_aead_encrypt /
crypto_aead_decrypt / crypto_hash (and crypto_xof / crypto_cxof) /
crypto_auth (with crypto_auth_verify and crypto_prf) functions: on the host, or,
for an assembly folder, under the QEMU user-mode target of its ISA (the
target's start file and system calls, no lwc runtime).  A folder whose ISA
only the Ibex model has (draft Zbp, Zbt) is compiled alone, not run."""
from __future__ import annotations

import os
import pathlib
import re
import shlex
import shutil
import subprocess

import pytest

from tests.helpers import KAT_DIR, ROOT, impl_id, write_impl
from harness.bench import supercop
from harness.build import CCACHE_ENV, HOST_ARCHS, MINI_LIBC, launcher
from harness.discover import discover
from harness.katfile import records

DRIVER = ROOT / "tests" / "lib" / "supercop" / "kat_driver.c"
EXPORTABLE = [i for i in discover() if i.kind != "perm"]
HOST = [i for i in EXPORTABLE if i.builds_for(HOST_ARCHS)]
CROSS = [i for i in EXPORTABLE if not i.builds_for(HOST_ARCHS)]
CFLAGS = ["-std=c11", "-O2", "-Wall", "-Wextra", "-Werror"]

# What the frameworks give an implementation: SUPERCOP writes these headers
# (with its renaming macros, see test_framework_renaming_applies), the NIST
# LWC framework ships them with the prototypes alone.
FRAMEWORK = {
    "crypto_aead.h": """\
int crypto_aead_encrypt(unsigned char *c, unsigned long long *clen, const unsigned char *m,
                        unsigned long long mlen, const unsigned char *ad, unsigned long long adlen,
                        const unsigned char *nsec, const unsigned char *npub,
                        const unsigned char *k);
int crypto_aead_decrypt(unsigned char *m, unsigned long long *mlen, unsigned char *nsec,
                        const unsigned char *c, unsigned long long clen, const unsigned char *ad,
                        unsigned long long adlen, const unsigned char *npub,
                        const unsigned char *k);
""",
    "crypto_hash.h": """\
int crypto_hash(unsigned char *out, const unsigned char *in, unsigned long long inlen);
""",
    "crypto_auth.h": """\
int crypto_auth(unsigned char *out, const unsigned char *in, unsigned long long inlen,
                const unsigned char *k);
int crypto_auth_verify(const unsigned char *h, const unsigned char *in,
                       unsigned long long inlen, const unsigned char *k);
""",
    # SUPERCOP's random source (the masked implementations' fresh masks);
    # kat_driver.c defines it as the framework would
    "randombytes.h": """\
void randombytes(unsigned char *x, unsigned long long xlen);
""",
}
# What the framework defines for a folder
FRAMEWORK_FUNCTIONS = {"randombytes"}
# Headers from outside the folder an exported file may include.
ALLOWED_OUTSIDE = {'"crypto_aead.h"', '"crypto_hash.h"', '"crypto_auth.h"', '"randombytes.h"',
                   "<stddef.h>", "<stdint.h>"}
# What a folder of each kind must define (crypto_prf: ascon-c's, any length
# its function allows).
WANTED = {"aead": {"crypto_aead_encrypt", "crypto_aead_decrypt"}, "hash": {"crypto_hash"},
          "auth": {"crypto_auth", "crypto_auth_verify", "crypto_prf"}}
INCLUDE = re.compile(r'^\s*#\s*include\s*(\S+)')


def folder_of(out: pathlib.Path, impl) -> pathlib.Path:
    return out / impl.top / supercop.primitive_name(impl.scheme) / impl.name


def outside_includes(folder: pathlib.Path) -> list[str]:
    """Each #include of a file of `folder` that reaches outside it."""
    names = {p.name for p in folder.iterdir()}
    bad = []
    for p in sorted(folder.iterdir()):
        for n, line in enumerate(p.read_text().splitlines(), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            what = m.group(1)
            inside = what.startswith('"') and what.endswith('"') and what[1:-1] in names
            if not inside and what not in ALLOWED_OUTSIDE:
                bad.append(f"{p.name}:{n}: {line.strip()}")
    return bad


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """The tree exported by the command itself, and the framework headers."""
    out = tmp_path_factory.mktemp("supercop")
    r = subprocess.run([str(ROOT / "lwcbench"), "export", "supercop", str(out / "export"),
                        "--verbose"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    inc = out / "framework"
    inc.mkdir()
    for name, text in FRAMEWORK.items():
        (inc / name).write_text(text)
    return out / "export", inc, r


def alone(folder: pathlib.Path, tmp_path: pathlib.Path) -> pathlib.Path:
    """A copy of the folder with nothing beside it (a relative include of a
    sibling would fail, as in SUPERCOP's work folder)."""
    dest = tmp_path / "alone" / folder.name
    shutil.copytree(folder, dest)
    return dest


def tree_path(flag: str) -> str:
    """A target's flag naming a file of the tree, relative to it as the
    firmware builds run (the windowed Xtensa's macro header, standing in for
    a windowed toolchain's assembler), made absolute: the folder is
    compiled from its own directory."""
    for prefix in ("", "-I", "-Wa,-I"):
        rel = flag[len(prefix):]
        if flag.startswith(prefix) and rel and not rel.startswith("/") and (ROOT / rel).exists():
            return prefix + str(ROOT / rel)
    return flag


def compile_alone(cc: list[str], folder: pathlib.Path, inc: pathlib.Path, flags: list[str]):
    """Compile each source of the folder on its own (objects beside them,
    the ones the KAT program links); the defined and the undefined global
    symbols of all its objects."""
    defined, undefined = set(), set()
    nm = cc[0].removesuffix("gcc") + "nm" if cc[0].endswith("gcc") else "nm"
    objs = []
    # through ccache as the harness compiles, the paths below the test's
    # temporary folders relative (the same folder is the same key in every
    # run; a file missing from the folder fails the compile as without it)
    env = {**os.environ, **CCACHE_ENV,
           "CCACHE_BASEDIR": os.path.commonpath([folder, inc])}
    for src in sorted(folder.iterdir()):
        if src.suffix not in (".c", ".S", ".s"):
            continue
        obj = src.with_suffix(src.suffix + ".o")
        subprocess.run([*launcher(), *cc, *map(tree_path, flags), f"-I{folder}", f"-I{inc}",
                        "-c", str(src), "-o", str(obj)], check=True, cwd=folder, env=env)
        objs.append(str(obj))
    r = subprocess.run([nm, "-g", *objs], capture_output=True, text=True, check=True)
    for line in r.stdout.splitlines():  # "[address] type name"; "file.o:" headers have no type
        parts = line.split()
        if len(parts) >= 2 and len(parts[-2]) == 1:
            (undefined if parts[-2] == "U" else defined).add(parts[-1])
    return defined, undefined - defined


@pytest.fixture(scope="module")
def cross_targets():
    """Every cross target, QEMU user-mode ones first (they can run a folder)."""
    from harness.bench.targets import TARGETS
    found = [cls() for cls in TARGETS.values() if cls.name != "host"]
    return sorted(found, key=lambda t: t.family != "qemu")


def requests(impl, symbols: set[str]) -> tuple[list[str], list[str], list[str]]:
    """Driver flags, request lines and the answers the official file wants."""
    recs = records(KAT_DIR / f"{impl.scheme}.txt")
    # 1025 messages of 0..1024 bytes (1089 for AEAD: 33 x 33 lengths); PrfShort
    # takes at most 16 bytes: 17
    assert len(recs) in (17, 1025, 1089)
    hx = lambda v: v or "-"  # noqa: E731
    if impl.kind == "auth":
        return (["-DDRIVER_AUTH"], [f"M {r['Key']} {hx(r['Msg'])}" for r in recs],
                [f"{r['Tag']} ok" for r in recs])
    if impl.kind == "aead":
        return (["-DDRIVER_AEAD"],
                [f"A {r['Key']} {r['Nonce']} {hx(r['PT'])} {hx(r['AD'])}" for r in recs],
                [f"{r['CT']} ok" for r in recs])
    lines = [f"H {hx(r['Msg'])}" for r in recs if not r.get("Z")]
    want = [r["MD"] for r in recs if not r.get("Z")]
    if "Z" in recs[0]:
        assert "crypto_cxof" in symbols
        lines += [f"C {hx(r['Msg'])} {hx(r['Z'])} {len(r['MD']) // 2}" for r in recs]
        return ["-DDRIVER_CXOF"], lines, want + [r["MD"] for r in recs]
    if "xof" in impl.scheme:
        assert "crypto_xof" in symbols
        lines += [f"X {hx(r['Msg'])} {len(r['MD']) // 2}" for r in recs]
        return ["-DDRIVER_XOF"], lines, want + [r["MD"] for r in recs]
    return [], lines, want


@pytest.mark.parametrize("impl", HOST, ids=impl_id)
def test_exported_folder_compiles_alone_and_passes_its_kat(impl, exported, tmp_path):
    out, inc, _ = exported
    folder = alone(folder_of(out, impl), tmp_path)
    assert (folder / "api.h").is_file()
    assert outside_includes(folder) == []
    defined, undefined = compile_alone(["gcc"], folder, inc, CFLAGS)
    assert WANTED[impl.kind] <= defined, f"{folder}: defines {sorted(defined)}"
    assert not undefined - FRAMEWORK_FUNCTIONS, f"{folder}: needs {sorted(undefined)} from outside"
    flags, lines, want = requests(impl, defined)
    exe = tmp_path / "kat"
    objs = [str(p) for p in sorted(folder.glob("*.o"))]  # compile_alone's
    subprocess.run(["gcc", *CFLAGS, *flags, f"-I{folder}", f"-I{inc}", str(DRIVER), *objs,
                    "-o", str(exe)], check=True)
    r = subprocess.run([str(exe)], input="\n".join(lines) + "\n", capture_output=True, text=True,
                       check=True)
    got = r.stdout.splitlines()
    assert len(got) == len(want)
    for n, (g, w, q) in enumerate(zip(got, want, lines)):
        assert g == w, f"{impl_id(impl)}: request {n + 1} ({q}): {g} != {w}"


@pytest.fixture(scope="module")
def runtimes(tmp_path_factory):
    """Each QEMU target's start file (entry, read/write system calls) and
    mini_libc, compiled once for every folder it runs (by compile command)."""
    built: dict[str, list[str]] = {}

    def of(t, cmd: list[str]) -> list[str]:
        key = shlex.join(cmd)
        if key not in built:
            out = tmp_path_factory.mktemp(f"runtime-{t.name}")
            built[key] = []
            for n, src in enumerate([ROOT / "harness" / "platforms" / "qemu" / t.start,
                                     *t.extra_sources, MINI_LIBC]):
                obj = out / f"rt{n}.o"
                subprocess.run([*cmd, "-c", str(src), "-o", str(obj)], check=True, cwd=ROOT)
                built[key].append(str(obj))
        return built[key]
    return of


def run_on_qemu(t, impl, folder, inc, tmp_path, flags, lines, runtime):
    """Link the folder's objects with the freestanding driver, the target's
    start file (entry, read/write system calls) and mini_libc (what the
    compiler emits for copies: runtime(t, cmd)); run it under the target's
    qemu-user."""
    objs = sorted(str(p) for p in folder.glob("*.o"))
    cmd = [*t.cc, *t.warnings, *t.firmware.compile_flags(), "-DDRIVER_FREESTANDING"]
    driver = tmp_path / "driver.o"
    subprocess.run([*cmd, *flags, f"-I{folder}", f"-I{inc}", "-c", str(DRIVER), "-o", str(driver)],
                   check=True, cwd=ROOT)
    objs += [str(driver), *runtime(t, cmd)]
    elf = tmp_path / "kat.elf"
    subprocess.run([*t.cc, *t.cflags, "-o", str(elf), *objs, *t.ldflags], check=True, cwd=ROOT)
    cpu = ["-cpu", t.cpu] if t.cpu else []
    r = subprocess.run([t.qemu, *cpu, str(elf)], input="\n".join(lines) + "\n",
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()


@pytest.mark.parametrize("impl", CROSS, ids=impl_id)
def test_exported_assembly_folder_compiles_alone_and_passes_its_kat(impl, exported, tmp_path,
                                                                    cross_targets, runtimes):
    out, inc, _ = exported
    folder = alone(folder_of(out, impl), tmp_path)
    assert outside_includes(folder) == []
    target = next((t for t in cross_targets if t.supports(impl)), None)
    assert target is not None, f"{impl_id(impl)}: no target has {impl.architectures}"
    assert shutil.which(target.cc[0]), f"{target.cc[0]} missing after ./run-tests' set-up"
    defined, undefined = compile_alone(target.cc, folder, inc, [*target.warnings, *target.cflags])
    assert WANTED[impl.kind] <= defined, f"{folder}: defines {sorted(defined)}"
    # the compiler's own runtime (libgcc: 64-bit shifts on 32-bit cores) and
    # the copies it emits (memcpy, memset) only
    assert {s for s in undefined if not s.startswith("__")} <= {"memcpy", "memset",
                                                                 *FRAMEWORK_FUNCTIONS}, undefined
    if target.family != "qemu":
        return  # the Ibex model runs lwc's firmware only: compiled alone, not run
    assert shutil.which(target.qemu), f"{target.qemu} missing after ./run-tests' set-up"
    flags, lines, want = requests(impl, defined)
    got = run_on_qemu(target, impl, folder, inc, tmp_path, flags, lines, runtimes)
    assert len(got) == len(want), got[-3:]
    for n, (g, w, q) in enumerate(zip(got, want, lines)):
        assert g == w, f"{impl_id(impl)} on {target.name}: request {n + 1} ({q}): {g} != {w}"


def test_every_implementation_is_exported_or_reported(exported):
    out, _, r = exported
    index = (out / supercop.INDEX).read_text()
    for impl in discover():
        if impl.kind == "perm":
            assert not folder_of(out, impl).exists()
            assert f"`{impl.path.relative_to(ROOT)}`: a bare permutation" in index
            assert f"not exported: {impl.scheme}/{impl.name}: a bare permutation" in r.stderr
        else:
            assert folder_of(out, impl).is_dir(), impl_id(impl)
            assert outside_includes(folder_of(out, impl)) == [], impl_id(impl)
            assert f"| `{folder_of(out, impl).relative_to(out).as_posix()}` |" in index


def test_outside_includes_are_found(tmp_path):
    """The check above is not vacuous: a sibling's file, a path, a header
    that is not in the folder and a libc or valgrind header are each caught."""
    (tmp_path / "api.h").write_text('#include "crypto_aead.h"\n#include <stdint.h>\n')
    (tmp_path / "a.c").write_text('#include "api.h"\n#include "../scheme.h"\n#include "x.h"\n'
                                  '# include <stdio.h>\n#include "ascon/common.h"\n'
                                  '#include <valgrind/memcheck.h>\n')
    assert [b.split(":")[1] for b in outside_includes(tmp_path)] == ["2", "3", "4", "5", "6"]


def test_framework_renaming_applies(exported, tmp_path):
    """SUPERCOP's crypto_aead.h / crypto_hash.h / crypto_auth.h rename the
    functions to the primitive's namespace: the exported sources include
    them, so the objects define the renamed names and not the bare ones."""
    out, _, _ = exported
    for top, prim, fns in (("crypto_aead", "asconaead128", ("encrypt", "decrypt")),
                           ("crypto_hash", "asconhash256", ("",)),
                           ("crypto_auth", "asconmacv13", ("", "verify"))):
        inc = tmp_path / prim
        inc.mkdir()
        op = top
        renames = "".join(f"#define {op}{'_' + f if f else ''} {op}_{prim}_ref{'_' + f if f else ''}\n"
                          for f in fns)
        (inc / f"{top}.h").write_text(renames + FRAMEWORK[f"{top}.h"])
        folder = alone(out / top / prim / "ref", tmp_path / prim)
        defined, _ = compile_alone(["gcc"], folder, inc, CFLAGS)
        for f in fns:
            name = f"{op}_{f}" if f else op
            assert f"{op}_{prim}_ref{'_' + f if f else ''}" in defined and name not in defined


def test_a_folder_that_cannot_be_made_self_contained_is_reported(tmp_path):
    """An implementation including a header the export cannot carry (here
    libc's stdio.h) is not written; the command names it and why, exits 1,
    and EXPORT.md lists it."""
    write_impl(tmp_path / "extra", "crypto_hash", "ascon-hash256", "leaky",
               {"hash.c": '#include <stdio.h>\n#include "api.h"\n'
                          '#include "ascon/backend_ref.h"\n#include "ascon/hash_mode.h"\n'})
    out = tmp_path / "out"
    env = dict(os.environ, LWC_EXTRA_IMPLS=str(tmp_path / "extra"))
    r = subprocess.run([str(ROOT / "lwcbench"), "export", "supercop", str(out),
                        "--scheme", "ascon-hash256"], capture_output=True, text=True, env=env)
    assert r.returncode == 1, r.stdout + r.stderr
    # by default one line, which names it; --verbose says why
    assert r.stderr.splitlines() == [
        "export: not exported: 1 that cannot be made self-contained (ascon-hash256/leaky); "
        f"the reasons: {out / supercop.INDEX} or --verbose"]
    assert not (out / "crypto_hash" / "asconhash256" / "leaky").exists()
    assert (out / "crypto_hash" / "asconhash256" / "ref" / "api.h").is_file()
    assert "leaky" in (out / supercop.INDEX).read_text()
    r = subprocess.run([str(ROOT / "lwcbench"), "export", "supercop", str(out),
                        "--scheme", "ascon-hash256", "--verbose"], capture_output=True, text=True,
                       env=env)
    assert r.returncode == 1, r.stdout + r.stderr
    [line] = r.stderr.splitlines()
    assert line.startswith("export: not exported: ascon-hash256/leaky: ") and "<stdio.h>" in line


def test_primitive_names_are_supercop_names():
    """Digits and lowercase letters only, as ascon-c names the Ascon folders."""
    assert supercop.primitive_name("ascon-aead128") == "asconaead128"
    assert supercop.primitive_name("ascon128a-v12") == "ascon128av12"
    assert supercop.primitive_name("ascon-cxof128") == "asconcxof128"


def test_export_into_the_tree_is_refused():
    """Folders written into the repository would be found as implementations
    of new schemes (crypto_aead/asconaead128/...): the command refuses."""
    for where in (ROOT, ROOT / "crypto_hash" / "x"):
        r = subprocess.run([str(ROOT / "lwcbench"), "export", "supercop", str(where)],
                           capture_output=True, text=True)
        assert r.returncode == 2 and "choose a folder elsewhere" in r.stderr
    assert not (ROOT / "crypto_aead" / "asconaead128").exists()
    assert not (ROOT / "crypto_hash" / "x").exists()


def export_cmd(out: pathlib.Path, *args) -> subprocess.CompletedProcess:
    return subprocess.run([str(ROOT / "lwcbench"), "export", "supercop", str(out), *args],
                          capture_output=True, text=True)


def exported_folders(out: pathlib.Path) -> list[str]:
    return sorted(p.parent.relative_to(out).as_posix() for p in out.rglob("api.h"))


def test_the_not_exported_lines_are_one_count_by_default(tmp_path):
    """It printed a line per bare permutation (100 of them): now one line
    of counts, and each line with --verbose."""
    r = export_cmd(tmp_path / "out", "--scheme", "ascon-p12", "--scheme", "gimli24")
    assert r.returncode == 0, r.stderr
    n = len([i for i in discover() if i.scheme in ("ascon-p12", "gimli24")])
    assert r.stderr.splitlines() == [
        f"export: not exported: {n} bare permutations (SUPERCOP has no operation for them); "
        f"the reasons: {tmp_path / 'out' / supercop.INDEX} or --verbose"]
    r = export_cmd(tmp_path / "out", "--scheme", "ascon-p12", "--scheme", "gimli24", "--verbose")
    assert r.returncode == 0, r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == n and all(": a bare permutation" in ln for ln in lines)


def test_a_second_export_leaves_exactly_its_own_folders(tmp_path):
    """The previous export's folders went on living beside the new ones:
    now DIR holds exactly this export; a user's own files stay."""
    out = tmp_path / "out"
    r = export_cmd(out, "--scheme", "ascon-aead128")
    assert r.returncode == 0, r.stderr
    aead = exported_folders(out)
    assert len(aead) > 1 and all(f.startswith("crypto_aead/asconaead128/") for f in aead)
    (out / "notes.txt").write_text("mine")
    (out / aead[0] / "mine.txt").write_text("mine too")
    r = export_cmd(out, "--scheme", "ascon-hash256", "--impl", "ref")
    assert r.returncode == 0, r.stderr
    assert r.stdout.rstrip().endswith(
        f"; {len(aead) - 1} folders of the previous export removed; emptied but kept, as they "
        f"hold files no export wrote: {aead[0]}")
    assert exported_folders(out) == ["crypto_hash/asconhash256/ref"]
    assert (out / "notes.txt").read_text() == "mine"
    assert sorted(p.name for p in (out / aead[0]).iterdir()) == ["mine.txt"]
    assert not any((out / f).exists() for f in aead[1:])
    assert not (out / "crypto_aead" / "asconaead128" / aead[1].rsplit("/", 1)[1]).exists()
    index = (out / supercop.INDEX).read_text()
    assert "crypto_hash/asconhash256/ref" in index and "asconaead128" not in index
    # an export from before the manifest: the folders its EXPORT.md lists
    (out / supercop.MANIFEST).unlink()
    r = export_cmd(out, "--scheme", "ascon-xof128", "--impl", "ref")
    assert r.returncode == 0, r.stderr
    assert exported_folders(out) == ["crypto_hash/asconxof128/ref"]
    assert (out / "notes.txt").is_file()


def test_a_folder_that_is_no_export_is_refused(tmp_path):
    """A non-empty folder no export wrote is not written into (exit 2, one
    line, nothing touched); an empty one is."""
    (tmp_path / "mine.txt").write_text("mine")
    r = export_cmd(tmp_path, "--scheme", "ascon-hash256")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.splitlines() == [
        f"lwcbench: export: {tmp_path} is not empty and holds no earlier export (no "
        f"{supercop.MANIFEST}): choose a new or empty folder, or one an export wrote"]
    assert [p.name for p in tmp_path.iterdir()] == ["mine.txt"]
    r = export_cmd(tmp_path / "mine.txt", "--scheme", "ascon-hash256")
    assert r.returncode == 2 and "exists and is not a folder" in r.stderr
    (tmp_path / "empty").mkdir()
    assert export_cmd(tmp_path / "empty", "--scheme", "ascon-hash256").returncode == 0
