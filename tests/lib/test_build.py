"""Properties of the build itself: portable, freestanding implementations."""
import os
import pathlib
import platform
import shlex
import subprocess

import pytest

from tests.helpers import ROOT, bin_dir, host_impls, write_impl
from harness.build import CCACHE_ENV, Builder, build_dir, launcher


@pytest.mark.parametrize("variant", ["release", "clang"])
def test_warning_free_build(variant):
    """-Wall -Wextra -Werror under gcc and clang (the build fails otherwise)."""
    assert (bin_dir(variant) / "lwc-test").exists()


# What an implementation may take from the library it always links with
# (src/lib/lwc.c): the masked ones' random source (lwc.h, "Masking").
LIBRARY_SYMBOLS = {"lwc_random", "lwc_random_ready"}


def test_implementations_are_freestanding():
    """Implementation objects reference no outside symbol (no libc) but the
    library's own: they must link on bare-metal targets as they are."""
    bin_dir("release")
    b = Builder("release")
    offenders, masked = {}, 0
    for impl in host_impls():
        for _src, obj, _flags in b.impl_objects(impl):
            r = subprocess.run(["nm", "-u", str(obj)], capture_output=True, text=True, check=True)
            names = set(r.stdout.split()) - {"U"}
            masked += bool(names & LIBRARY_SYMBOLS)
            if names - LIBRARY_SYMBOLS:
                offenders[str(obj.relative_to(build_dir("release")))] = sorted(names)
    assert not offenders, offenders
    assert masked >= 4  # the masked implementations do use the library's source


def test_every_implementation_directory_is_complete():
    from harness.discover import discover
    for impl in discover():  # cross-only ones (assembly) too
        assert impl.architectures, f"{impl.path}: empty or missing architectures file"
        assert impl.sources, f"{impl.path}: no sources"
        assert (impl.path / "api.h").exists()


def test_registry_lists_each_implementation_once():
    bin_dir("release")
    text = (build_dir("release") / "gen" / "registry.c").read_text()
    impls = host_impls()
    for impl in impls:
        assert text.count(f"&{impl.namespace}_lwc_") == 1
    assert text.count("_lwc_") == 2 * len(impls)  # its declaration and its entry: nothing else


@pytest.mark.slow
def test_a_bare_permutation_builds_without_the_namespace(tmp_path):
    """Without the lwc namespace a bare permutation's folder defines
    lwc_perm_desc.  The other kinds' folders are exported and each compiled
    alone, defining the bare SUPERCOP / NIST LWC names
    (tests/lib/test_supercop.py): not compiled again here."""
    perms = [i for i in host_impls() if i.kind == "perm"]
    assert len(perms) >= 10
    env = {**os.environ, **CCACHE_ENV}  # through ccache as the harness compiles
    for impl in perms:
        defined = set()
        for n, src in enumerate(impl.sources):
            obj = tmp_path / f"{impl.namespace}_{n}.o"
            subprocess.run([*launcher(), "gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-O2",
                            f"-I{ROOT / 'include'}", f"-I{ROOT / 'src'}", f"-I{impl.path}",
                            "-c", str(src), "-o", str(obj)], check=True, env=env)
            r = subprocess.run(["nm", "--defined-only", "-g", str(obj)],
                               capture_output=True, text=True, check=True)
            defined |= {line.split()[-1] for line in r.stdout.splitlines()}
        assert "lwc_perm_desc" in defined, f"{impl.path}: defines {sorted(defined)}"


def test_an_implementation_that_does_not_compile_is_left_out(tmp_path, capsys):
    """One broken folder does not stop the build: it is reported in
    Builder.failed, kept out of the registry, and the programs link."""
    from harness.discover import discover
    write_impl(tmp_path, "crypto_hash", "ascon-hash256", "bad",
               {"hash.c": "#error deliberately broken\n"})
    good = [i for i in host_impls() if i.scheme == "ascon-hash256" and i.name == "ref"]
    bad = discover(tmp_path)
    b = Builder("release", quiet=True, only=["lwc-test"], impls=good + bad, out=tmp_path / "out")
    assert b.build() is False
    assert list(b.failed) == bad and "deliberately broken" in b.failed[bad[0]]
    assert "deliberately broken" in capsys.readouterr().err
    registry = (tmp_path / "out" / "gen" / "registry.c").read_text()
    assert "ascon_hash256_ref_lwc_hash_desc" in registry and "_bad_" not in registry
    r = subprocess.run([str(tmp_path / "out" / "bin" / "lwc-test"), "kat", "ascon-hash256", "ref"],
                       capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.startswith("Count = 1")
    # the tree's implementation: the variant's own object, not compiled again here
    (_src, obj, _flags), = b.impl_objects(good[0])
    assert obj.is_relative_to(build_dir("release")) and obj.is_file()
    assert not list((tmp_path / "out" / "obj").rglob("hash.c.o"))


def test_precomputed_constants_are_current():
    """ASCON_HASH_STATE0 in each hash scheme header is p^a(IV || 0), and the
    AEAD headers' ASCON_IV_* words are their IV lane, as
    tools/ascon_constants.py computes them (its Python permutation gives
    Ascon-Hash256's first lane as the C implementations compute it; the
    official KATs check the states end to end)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("consts", ROOT / "tools" / "ascon_constants.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    headers = tool.headers()
    assert len(headers) == 11
    for h in headers:
        text = h.read_text()
        assert text.endswith(tool.expected(text)), f"{h}: run python3 tools/ascon_constants.py"
    hash256 = (ROOT / "crypto_hash" / "ascon-hash256" / "scheme.h").read_text()
    assert tool.state0(hash256)[0] == 0x9B1E5494E934D681
    # Ascon-128's IV 0x80400c0600000000: high word as is, its odd bits 0x8000_80_0_...
    a128 = (ROOT / "crypto_aead" / "ascon128-v12" / "scheme.h").read_text()
    assert "#define ASCON_IV_HI 0x80400c06\n" in a128 and "#define ASCON_IV_LO 0x00000000\n" in a128
    assert tool.bits(0b1101, 0) == 0b11 and tool.bits(0b1101, 1) == 0b10


# -- the contexts of lwc.h hold every mode's state --------------------------------

MODE_OF_SIZE = """#include <stdint.h>
#include "lwc.h"
#define CRYPTO_KEYBYTES 16
#define CRYPTO_NPUBBYTES 16
#define CRYPTO_ABYTES 16
#define CRYPTO_BYTES 32
typedef struct { uint8_t b[@SIZE@]; } mode_state;
static int aead_init(lwc_aead_ctx *c, const uint8_t *k, const uint8_t *n, const uint8_t *m) {
  (void)c; (void)k; (void)n; (void)m; return 0; }
static int aead_absorb_ad(lwc_aead_ctx *c, const uint8_t *a, size_t n) { (void)c; (void)a; (void)n; return 0; }
static int aead_encrypt_update(lwc_aead_ctx *c, uint8_t *o, const uint8_t *i, size_t n) {
  (void)c; (void)o; (void)i; (void)n; return 0; }
static int aead_decrypt_update(lwc_aead_ctx *c, uint8_t *o, const uint8_t *i, size_t n) {
  (void)c; (void)o; (void)i; (void)n; return 0; }
static int aead_encrypt_final(lwc_aead_ctx *c, uint8_t *t, size_t n) { (void)c; (void)t; (void)n; return 0; }
static int aead_decrypt_verify(lwc_aead_ctx *c, const uint8_t *t, size_t n) { (void)c; (void)t; (void)n; return 0; }
static int hash_init(lwc_hash_ctx *c, const uint8_t *z, size_t n) { (void)c; (void)z; (void)n; return 0; }
static int hash_update(lwc_hash_ctx *c, const uint8_t *i, size_t n) { (void)c; (void)i; (void)n; return 0; }
static int hash_squeeze(lwc_hash_ctx *c, uint8_t *o, size_t n) { (void)c; (void)o; (void)n; return 0; }
#define LWC_SCHEME_NAME "s"
#define LWC_IMPL_NAME "i"
#define LWC_AEAD_FN(f) aead_##f
#define LWC_AEAD_STATE mode_state
#define LWC_AEAD_MIN_TAGBYTES 16
#define LWC_AEAD_NONCE_MASKING 0
#define LWC_HASH_FN(f) hash_##f
#define LWC_HASH_STATE mode_state
#define LWC_HASH_KIND LWC_HASH
#define LWC_HASH_MAX_CUSTOM 0
#include "core/via.h"
#include "core/@KIND@_api.h"
"""


def compiles(tmp_path, kind: str, size: int, via: bool) -> subprocess.CompletedProcess:
    src = tmp_path / f"{kind}_{size}_{via}.c"
    src.write_text(MODE_OF_SIZE.replace("@SIZE@", str(size)).replace("@KIND@", kind))
    return subprocess.run(["gcc", "-std=c11", "-fsyntax-only", "-Iinclude", "-Isrc",
                           *(["-DLWC_VIA"] if via else []), str(src)],
                          cwd=ROOT, capture_output=True, text=True)


@pytest.mark.parametrize("kind,fits,via", [("aead", 104, False), ("hash", 64, False),
                                           ("aead", 168, True), ("hash", 168, True)])
def test_a_mode_whose_context_outgrows_lwc_h_does_not_compile(tmp_path, kind, fits, via):
    """core/aead_api.h and core/hash_api.h refuse a mode whose state does not
    fit lwc_aead_ctx (104 bytes) or lwc_hash_ctx (64); a mode compiled over a
    permutation under test (LWC_VIA) gets LWC_VIA_CTX_BYTES.  Every mode of
    the tree compiles (the build), so every one fits."""
    assert compiles(tmp_path, kind, fits, via).returncode == 0
    r = compiles(tmp_path, kind, fits + 1, via)
    assert r.returncode != 0 and "does not fit" in r.stderr


def test_every_bare_permutation_has_a_mode_of_its_family_to_check_it():
    """crypto_perm/<perm>/kat-via names a scheme with an official file and
    via.c compiles that scheme's mode over the permutation (the target-side
    KAT check, harness/firmware/bench_kat_perm.c)."""
    perms = [i for i in host_impls() if i.kind == "perm"]
    assert perms
    for p in perms:
        assert p.via_source is not None, p.scheme
        assert p.via_kind in ("aead", "hash"), p.scheme
        assert p.kat_file.exists(), p.scheme


def test_run_time_selection_follows_the_cpu():
    """lwc_*_find(scheme, NULL) picks x86_64_bmi2 exactly when the CPU has
    BMI1 and BMI2 (opt64 otherwise), and the variant cannot be named on a
    CPU without them (lwc-test select: SCHEME IMPL findable selected)."""
    r = subprocess.run([str(bin_dir("release") / "lwc-test"), "select"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    rows = [ln.split() for ln in r.stdout.splitlines()]
    flags = set()
    for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("flags"):
            flags = set(line.split(":", 1)[1].split())
            break
    has = {"bmi1", "bmi2"} <= flags
    schemes = {s for s, i, _f, _p in rows if i == "x86_64_bmi2"}
    if platform.machine() in ("x86_64", "AMD64"):
        assert len(schemes) == 11  # every Ascon member
    for s, impl, findable, selected in rows:
        if impl == "x86_64_bmi2":
            assert (findable, selected) == (("1", "1") if has else ("0", "0")), (s, impl)
        elif s in schemes and impl == "opt64":
            assert selected == ("0" if has else "1"), (s, impl)
        else:
            assert findable == "1", (s, impl)
    assert sum(p == "1" for _s, _i, _f, p in rows) == len({s for s, *_ in rows})  # one per scheme


def test_a_build_waits_only_for_a_build_of_its_own_variant():
    """The build lock is the variant's: while one variant builds (the ASan
    one, a minute), a build of another goes on; one of the same waits."""
    import fcntl

    from harness.build import ROOT as TREE, build_lock

    def free(variant: str) -> bool:
        with open(TREE / "build" / f".lock-{variant}", "w") as f:
            try:
                fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return False
            fcntl.flock(f, fcntl.LOCK_UN)
            return True

    # two names no real build uses: the suite's other worker may be building
    with build_lock("test-one"):
        assert not free("test-one")
        assert free("test-two")
    assert free("test-one")


def test_objects_through_ccache_are_the_compilers_own(tmp_path, monkeypatch):
    """With ccache (harness/build.py launcher) an object is the bytes the
    compiler alone makes, compiled (a miss) or taken from the cache (a hit,
    here in another folder: the working folder is not part of the key); the
    stamp is the plain command, so turning ccache on or off rebuilds
    nothing; LWC_CCACHE=0 turns it off."""
    from harness import build
    assert build.launcher(), "ccache missing after ./run-tests' set-up"
    src = tmp_path / "one.c"
    src.write_text("int lwc_ccache_probe(int x) { return x * 3 + 1; }\n")
    monkeypatch.setenv("CCACHE_DIR", str(tmp_path / "ccache"))
    objs = []
    for name, use in (("plain", False), ("miss", True), ("hit", True)):
        monkeypatch.setattr(build, "_LAUNCHER", None if use else [])
        obj = tmp_path / name / "one.o"
        cmd = ["gcc", "-O2", "-c", str(src), "-o", str(obj)]
        assert build.compile_object(cmd, obj) is None
        assert obj.with_suffix(".cmd").read_text() == shlex.join(cmd)
        objs.append(obj.read_bytes())
    assert objs[0] == objs[1] == objs[2]
    stats = subprocess.run(["ccache", "--print-stats"], capture_output=True, text=True).stdout
    hits = sum(int(ln.split()[1]) for ln in stats.splitlines()
               if ln.startswith(("direct_cache_hit", "preprocessed_cache_hit")))
    assert hits == 1, stats
    monkeypatch.setattr(build, "_LAUNCHER", None)
    monkeypatch.setenv("LWC_CCACHE", "0")
    assert build.launcher() == []
