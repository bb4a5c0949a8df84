"""The library stands alone: what a user of lwc takes (USER_TREE: the CMake
build, the headers and sources, the implementation folders and the Python
package) builds in a copy of the tree that has no harness/, tests/, tools/
or docs/ beside it.  In that copy: the host library is configured, built
and installed with CMake, and a program of the user's links it through
find_package and computes an official KAT entry; the RV32I toolchain
file's build, whose compiler has no <string.h>, brings lwc's own
(src/libc/); pip builds the Python package, whose extension computes the
same entry; a bare permutation's via mode links with the library's
sources alone.  The sdist (MANIFEST.in) holds the same folders and nothing
of the harness.  The check can fail: a source that includes a harness
header, or a CMakeLists.txt that names a harness file, stops the copy's
build."""
from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile

import pytest

from tests.helpers import KAT_DIR, ROOT
from harness.build import CCACHE_ENV, impl_flags, launcher, via_flags
from harness.discover import discover
from harness.katfile import records

# What a user of the library takes: its build (CMake, the Python package)
# reads these and nothing else.
USER_TREE = ("CMakeLists.txt", "cmake", "include", "src", *sorted(
    p.name for p in ROOT.glob("crypto_*")), "python", "pyproject.toml", "setup.py", "MANIFEST.in")
NOT_THE_LIBRARY = ("harness", "tests", "tools", "docs")
IGNORE = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "dist")
# the first entry of each official file the programs below compute
AEAD = records(KAT_DIR / "ascon-aead128.txt")[0]
HASH = records(KAT_DIR / "ascon-hash256.txt")[0]
WANT = f"{AEAD['CT'].lower()} {HASH['MD'].lower()}"

CONSUMER_CMAKE = """cmake_minimum_required(VERSION 3.18)
project(standalone_consumer C)
find_package(lwc CONFIG REQUIRED)
add_executable(entry entry.c)
target_link_libraries(entry PRIVATE lwc::lwc)
"""
CONSUMER_C = r"""
#include <stdio.h>
#include <string.h>
#include "lwc.h"

static int hex(const char *s, uint8_t *out) {
  size_t i, n = strlen(s) / 2;
  for (i = 0; i < n; i++) sscanf(s + 2 * i, "%2hhx", &out[i]);
  return (int)n;
}

/* argv: KEY NONCE of the AEAD's first entry (no message, no AD): prints
 * its ciphertext || tag and the digest of the empty message */
int main(int argc, char **argv) {
  const lwc_aead *a = lwc_aead_find("ascon-aead128", NULL);
  const lwc_hash *h = lwc_hash_find("ascon-hash256", NULL);
  uint8_t key[16], nonce[16], ct[16], md[32];
  int i;
  if (argc != 3 || a == NULL || h == NULL || hex(argv[1], key) != 16 || hex(argv[2], nonce) != 16)
    return 2;
  if (lwc_aead_encrypt(a, ct, NULL, 0, NULL, 0, nonce, key, NULL) != LWC_OK ||
      lwc_hash_compute(h, md, sizeof md, NULL, 0, NULL, 0) != LWC_OK)
    return 1;
  for (i = 0; i < 16; i++) printf("%02x", ct[i]);
  printf(" ");
  for (i = 0; i < 32; i++) printf("%02x", md[i]);
  printf("\n");
  return 0;
}
"""
VIA_C = r"""
#include <stdio.h>
#include "lwc.h"
extern const lwc_perm ascon_p12_ref_lwc_perm_desc;
extern const lwc_hash via_ascon_p12_lwc_hash_desc;
extern const lwc_perm *lwc_via_perm; /* core/via.h, defined by core/via_perm.c */

/* the digest of the empty message, through the via mode over ascon-p12/ref */
int main(void) {
  const lwc_hash *h = &via_ascon_p12_lwc_hash_desc;
  lwc_hash_ctx ctx;
  uint8_t md[32];
  int i;
  lwc_via_perm = &ascon_p12_ref_lwc_perm_desc;
  if (h->init(&ctx, NULL, 0) != LWC_OK || h->squeeze(&ctx, md, sizeof md) != LWC_OK) return 1;
  for (i = 0; i < 32; i++) printf("%02x", md[i]);
  printf("\n");
  return 0;
}
"""
PYTHON_CHECK = """import sys
import lwc
key, nonce = bytes.fromhex(sys.argv[1]), bytes.fromhex(sys.argv[2])
ct = lwc.Aead("ascon-aead128").encrypt(key, nonce, b"", b"")
print(ct.hex(), lwc.hash("ascon-hash256", b"").hex())
"""


def run(argv, **kw) -> subprocess.CompletedProcess:
    r = subprocess.run([str(a) for a in argv], capture_output=True, text=True, **kw)
    assert r.returncode == 0, f"$ {' '.join(map(str, argv))}\n{r.stdout[-3000:]}{r.stderr[-3000:]}"
    return r


def env() -> dict:
    """CMake (and setup.py's CMake) compiling through ccache as the harness
    does; the copies are new folders of the temporary directory each run,
    so ccache takes paths relative to it (a second run finds the first's
    objects)."""
    e = {**os.environ, **CCACHE_ENV, "CCACHE_BASEDIR": tempfile.gettempdir()}
    if launcher():
        e["CMAKE_C_COMPILER_LAUNCHER"] = e["CMAKE_ASM_COMPILER_LAUNCHER"] = launcher()[0]
    return e


def user_copy(dest: pathlib.Path) -> pathlib.Path:
    """The library as its user takes it: USER_TREE copied to dest alone."""
    dest.mkdir()
    for name in USER_TREE:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=IGNORE)
        else:
            shutil.copy2(src, dest / name)
    assert not any((dest / n).exists() for n in NOT_THE_LIBRARY)
    return dest


def cmake(src, out, *defs, check=True) -> subprocess.CompletedProcess:
    """Configure and build (two jobs); with check=False the failing step's
    result is returned instead of failing the test."""
    steps = (["cmake", "-S", src, "-B", out, *[f"-D{d}" for d in defs]],
             ["cmake", "--build", out, "-j", "2"])
    for step in steps:
        r = subprocess.run([str(a) for a in step], capture_output=True, text=True, env=env())
        if r.returncode != 0:
            assert not check, f"$ {' '.join(map(str, step))}\n{r.stdout[-3000:]}{r.stderr[-3000:]}"
            return r
    return r


def test_the_user_tree_is_what_the_sdist_ships():
    """MANIFEST.in names only the user's folders (an sdist holding harness/
    would hide a dependency on it), and every one of them is in it."""
    named = set()
    for line in (ROOT / "MANIFEST.in").read_text().splitlines():
        words = line.split()
        if words and words[0] in ("include", "graft"):
            named |= {w.split("/")[0] for w in words[1:]}
    assert named <= set(USER_TREE), named - set(USER_TREE)
    assert set(USER_TREE) - named == {"MANIFEST.in"}  # setuptools adds it itself


def test_the_library_builds_without_the_harness(tmp_path):
    tree = user_copy(tmp_path / "lwc")
    key_nonce = (AEAD["Key"], AEAD["Nonce"])
    # the host library, installed, and a program of the user's over it
    prefix = tmp_path / "prefix"
    cmake(tree, tmp_path / "host")
    run(["cmake", "--install", tmp_path / "host", "--prefix", prefix])
    consumer = tmp_path / "consumer"
    consumer.mkdir()
    (consumer / "CMakeLists.txt").write_text(CONSUMER_CMAKE)
    (consumer / "entry.c").write_text(CONSUMER_C)
    cmake(consumer, consumer / "build", f"CMAKE_PREFIX_PATH={prefix}")
    assert run([consumer / "build" / "entry", *key_nonce]).stdout.strip() == WANT
    # a compiler without a C library: lwc's own memcpy, memset, ...
    chain = tree / "cmake" / "toolchains" / "rv32i.cmake"
    cmake(tree, tmp_path / "rv32i", f"CMAKE_TOOLCHAIN_FILE={chain}", "LWC_SCHEMES=ascon-aead128")
    defined = run(["riscv64-unknown-elf-nm", "-g", "--defined-only",
                   tmp_path / "rv32i" / "liblwc.a"]).stdout.split()
    assert {"memcpy", "memset", "memcmp", "strcmp"} <= set(defined)
    # the Python package, as `pip install .` builds it (two schemes: fast)
    wheel_dir = tmp_path / "wheel"
    run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "--no-index",
         "-w", wheel_dir, tree], timeout=900,
        env={**env(), "LWC_CMAKE_ARGS": "-DLWC_SCHEMES=ascon-aead128,ascon-hash256"})
    (wheel,) = wheel_dir.glob("lwc-*.whl")
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    got = run([sys.executable, "-c", PYTHON_CHECK, *key_nonce], cwd=tmp_path,
              env={**os.environ, "PYTHONPATH": str(site)}).stdout.strip()
    assert got == WANT


def test_a_via_mode_links_without_the_harness(tmp_path):
    """A bare permutation's via mode (crypto_perm/<perm>/via.c over
    core/via.h) links with the library's sources alone: core/via_perm.c
    defines the pointer it reads.  Compiled in the copy with the harness'
    flags for it (harness/build.py via_flags), it hashes as its scheme."""
    tree = user_copy(tmp_path / "lwc")
    perm = next(i for i in discover() if (i.scheme, i.name) == ("ascon-p12", "ref"))
    assert perm.kat_scheme == "ascon-hash256"
    (tmp_path / "main.c").write_text(VIA_C)
    cc = ["gcc", "-std=c11", "-O1", "-Iinclude", "-Isrc"]
    objs = []
    for src, flags in ([(s, impl_flags(perm)) for s in perm.sources]
                       + [(perm.via_source, via_flags(perm)),
                          (ROOT / "src" / "core" / "via_perm.c", []),
                          (tmp_path / "main.c", [])]):
        src = tree / src.relative_to(ROOT) if src.is_relative_to(ROOT) else src
        objs.append(tmp_path / f"{len(objs)}.o")
        run([*cc, *flags, "-c", src, "-o", objs[-1]], cwd=tree)
    run(["gcc", "-o", tmp_path / "via", *objs])
    assert run([tmp_path / "via"]).stdout.strip() == HASH["MD"].lower()


def test_the_sdist_holds_no_harness(tmp_path):
    """The package's build backend (PEP 517 build_sdist) in the copy: its
    files are the user's folders only."""
    tree = user_copy(tmp_path / "lwc")
    hook = ("import sys; sys.path.insert(0, 'python/backend'); import lwc_backend; "
            "print(lwc_backend.build_sdist(sys.argv[1]))")
    name = run([sys.executable, "-c", hook, tmp_path / "dist"], cwd=tree).stdout.split()[-1]
    with tarfile.open(tmp_path / "dist" / name) as sdist:
        tops = {pathlib.PurePosixPath(n).parts[1] for n in sdist.getnames()
                if len(pathlib.PurePosixPath(n).parts) > 1}
    assert not tops & set(NOT_THE_LIBRARY), tops
    assert set(USER_TREE) <= tops, set(USER_TREE) - tops


# -- the check can fail -----------------------------------------------------------

@pytest.mark.parametrize("mutant", ["include", "cmake"])
def test_a_dependency_on_the_harness_stops_the_build(tmp_path, mutant):
    """The copy's build fails, naming the harness file, when a source of
    the library includes a harness header (host build) or CMakeLists.txt
    takes a harness file (here the C library functions' old place, which a
    toolchain without <string.h> reads)."""
    tree = user_copy(tmp_path / "lwc")
    if mutant == "include":
        lib = tree / "src" / "lib" / "lwc.c"
        lib.write_text('#include "../../harness/firmware/bench.h"\n' + lib.read_text())
        defs = ["LWC_SCHEMES=ascon-aead128"]
        named = "harness/firmware/bench.h"
    else:
        top = tree / "CMakeLists.txt"
        text = top.read_text()
        old = '/src/libc/mini_libc.c")'  # lwc_libc_sources, not the comment
        assert text.count(old) == 1
        top.write_text(text.replace(old, '/harness/firmware/mini_libc.c")'))
        defs = [f"CMAKE_TOOLCHAIN_FILE={tree / 'cmake' / 'toolchains' / 'rv32i.cmake'}",
                "LWC_SCHEMES=ascon-aead128"]
        named = "harness/firmware/mini_libc.c"
    r = cmake(tree, tmp_path / "build", *defs, check=False)
    assert r.returncode != 0 and named in r.stdout + r.stderr, (r.stdout + r.stderr)[-3000:]
