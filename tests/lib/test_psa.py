"""lwc::psa, the PSA Certified Crypto API 1.4 for the Ascon family
(include/psa/, src/psa/, docs/psa.md), tested as its user takes it: lwc is
configured with the four Ascon schemes, built and installed with CMake, and
programs written against <psa/crypto.h> alone (tests/psa/) are compiled
with `pkg-config lwc-psa` or through find_package(lwc) + lwc::psa.
psa_check.c holds what the specification states (identifier values and
size macros, keys and policies, the AEAD state machine legal and illegal,
shortened tags, buffers, overlap, hash and XOF operations), one group per
test; psa_kat.c runs every official KAT entry through the one-shot and the
multi-part calls split at every position.  docs/psa.md's example is
compiled and run."""
from __future__ import annotations

import os
import re
import subprocess

import pytest

from tests.helpers import KAT_DIR, ROOT
from tests.lib.test_cmake import build, run
from harness.bench.impls import default_impls, impl_id
from harness.bench.targets import TARGETS
from harness.build import WARN
from harness.discover import discover
from harness.katfile import records

SCHEMES = "ascon-aead128,ascon-hash256,ascon-xof128,ascon-cxof128"
PSA_TESTS = ROOT / "tests" / "psa"
GROUPS = ["init", "values", "keys", "aead_oneshot", "aead_states", "aead_buffers", "hash", "xof",
          "masked_absent"]
MASKED = "ascon-aead128/masked"  # the portable masked Ascon-AEAD128 (docs/masking.md)
CONSUMER_CMAKE = """cmake_minimum_required(VERSION 3.18)
project(psa_consumer C)
find_package(lwc CONFIG REQUIRED)
add_executable(psa_kat psa_kat.c)
target_link_libraries(psa_kat PRIVATE lwc::psa)
set_target_properties(psa_kat PROPERTIES C_STANDARD 11)
"""


@pytest.fixture(scope="module")
def prefix(tmp_path_factory):
    """lwc (the Ascon schemes) built and installed: the prefix."""
    tmp = tmp_path_factory.mktemp("psa")
    build(ROOT, tmp / "lwc", f"LWC_SCHEMES={SCHEMES}")
    run(["cmake", "--install", tmp / "lwc", "--prefix", tmp / "prefix"])
    return tmp / "prefix"


def masked_impls() -> str:
    """LWC_IMPLS for a build with the masked Ascon-AEAD128: the host's
    default implementations of the four schemes, what CMake builds without
    LWC_IMPLS (tools/gen_cmake.py writes cmake/lwc-tree.cmake's defaults
    from the same harness.bench.impls.default_impls), in order, and the
    masked one after the AEAD's (docs/psa.md: "after the default ones")."""
    host, every = TARGETS["host"](), discover()
    ids = []
    for scheme in SCHEMES.split(","):
        ids += [impl_id(i) for i in default_impls(host, [i for i in every if i.scheme == scheme])]
        if scheme == "ascon-aead128":
            ids.append(MASKED)
    return ",".join(ids)


@pytest.fixture(scope="module")
def masked_prefix(tmp_path_factory):
    """The same with the masked Ascon-AEAD128 built too (LWC_PSA_KEY_LOCATION_MASKED)."""
    tmp = tmp_path_factory.mktemp("psa_masked")
    build(ROOT, tmp / "lwc", f"LWC_SCHEMES={SCHEMES}", f"LWC_IMPLS={masked_impls()}")
    run(["cmake", "--install", tmp / "lwc", "--prefix", tmp / "prefix"])
    return tmp / "prefix"


@pytest.fixture(scope="module")
def no_hash_prefix(tmp_path_factory):
    """lwc built without Ascon-Hash256 (LWC_SCHEMES leaves it out)."""
    tmp = tmp_path_factory.mktemp("psa_no_hash")
    build(ROOT, tmp / "lwc", f"LWC_SCHEMES={SCHEMES.replace('ascon-hash256,', '')}")
    run(["cmake", "--install", tmp / "lwc", "--prefix", tmp / "prefix"])
    return tmp / "prefix"


def pkg_config(prefix, *args) -> list[str]:
    env = {**os.environ, "PKG_CONFIG_PATH": str(prefix / "lib" / "pkgconfig")}
    return run(["pkg-config", *args, "lwc-psa"], env=env).stdout.split()


def compile_psa(prefix, src, exe, cc="gcc"):
    """A program over <psa/crypto.h>, the repository's warnings, pkg-config's flags."""
    run([cc, *WARN, "-O2", src, *pkg_config(prefix, "--cflags", "--libs"), "-o", exe])
    return exe


@pytest.fixture(scope="module")
def check(prefix, tmp_path_factory):
    return compile_psa(prefix, PSA_TESTS / "psa_check.c", tmp_path_factory.mktemp("c") / "check")


def kat_requests() -> tuple[list[str], list[str]]:
    """psa_kat.c's requests for every entry of the four official files,
    and the answers they want."""
    hx = lambda v: v or "-"  # noqa: E731
    ask, want = [], []
    for r in records(KAT_DIR / "ascon-aead128.txt"):
        ask.append(f"A {r['Key']} {r['Nonce']} {hx(r['PT'])} {hx(r['AD'])}")
        want.append(f"{r['CT'].lower()} ok")
    for kind, name in (("H", "ascon-hash256"), ("X", "ascon-xof128"), ("C", "ascon-cxof128")):
        for r in records(KAT_DIR / f"{name}.txt"):
            ask.append(f"{kind} {hx(r['Msg'])}" + (f" {hx(r['Z'])}" if kind == "C" else ""))
            want.append(f"{r['MD'].lower()} ok")
    return ask, want


def check_kats(exe, limit=None):
    ask, want = kat_requests()
    if limit:  # the first entries of each kind
        keep = [i for i, q in enumerate(ask) if sum(a[0] == q[0] for a in ask[:i]) < limit]
        ask, want = [ask[i] for i in keep], [want[i] for i in keep]
    got = run([exe], input="\n".join(ask) + "\n", timeout=600).stdout.splitlines()
    assert len(got) == len(want)
    bad = [(q, g, w) for q, g, w in zip(ask, got, want) if g != w]
    assert not bad, f"{len(bad)} of {len(want)} differ; first: {bad[0]}"
    return len(want)


def test_the_test_programs_use_only_the_psa_header():
    for src in (*PSA_TESTS.glob("*.c"), ROOT / "docs" / "psa.md"):
        includes = re.findall(r'#include [<"]([^>"]+)[>"]', src.read_text())
        assert "psa/crypto.h" in includes and not [i for i in includes if "lwc" in i], src


@pytest.mark.parametrize("group", GROUPS)
def test_what_the_specification_states(check, group):
    r = subprocess.run([check, group], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "failed 0" in r.stdout, r.stdout[-3000:] + r.stderr[-2000:]


def test_an_algorithm_the_build_left_out_is_not_supported(no_hash_prefix, tmp_path):
    """docs/psa.md: "A scheme left out of LWC_SCHEMES makes its algorithm
    answer PSA_ERROR_NOT_SUPPORTED" -- Ascon-Hash256 here, while the
    build's XOF and AEAD work."""
    libs = (no_hash_prefix / "lib" / "pkgconfig" / "lwc.pc").read_text()
    assert "ascon-hash256/" not in libs and "ascon-xof128/" in libs  # what was built
    exe = compile_psa(no_hash_prefix, PSA_TESTS / "psa_check.c", tmp_path / "check")
    r = subprocess.run([exe, "hash_absent"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "failed 0" in r.stdout, r.stdout[-3000:] + r.stderr[-2000:]


def test_every_official_kat_entry_by_pkg_config(prefix, tmp_path):
    flags = pkg_config(prefix, "--cflags", "--libs")
    assert "-llwc_psa" in flags and "-llwc" in flags  # lwc-psa requires lwc
    exe = compile_psa(prefix, PSA_TESTS / "psa_kat.c", tmp_path / "kat", cc="clang")
    assert check_kats(exe) == 1089 + 1025 + 1025 + 1089


def test_the_masked_build_is_the_default_one_plus_the_masked_aead(tmp_path):
    """masked_impls() derives the host's defaults as CMake does: the masked
    build's implementations are the plain build's (configured here) with
    the masked Ascon-AEAD128 added, each scheme's in CMake's order (the
    first of a scheme is lwc_*_find's)."""
    said = run(["cmake", "-S", ROOT, "-B", tmp_path / "plain", f"-DLWC_SCHEMES={SCHEMES}"]).stdout
    (built,) = [ln.split(": ", 2)[2] for ln in said.splitlines() if ln.startswith("-- lwc: host: ")]
    want = masked_impls().split(",")
    want.remove(MASKED)
    for scheme in SCHEMES.split(","):  # each scheme's in order (the schemes' order is CMake's)
        mine = lambda ids: [i for i in ids if i.startswith(scheme + "/")]  # noqa: E731
        assert mine(built.split(", ")) == mine(want), scheme
    assert sorted(built.split(", ")) == sorted(want)


def test_masked_keys(masked_prefix, tmp_path):
    exe = compile_psa(masked_prefix, PSA_TESTS / "psa_check.c", tmp_path / "check")
    r = subprocess.run([exe, "masked"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "failed 0" in r.stdout, r.stdout[-3000:] + r.stderr[-2000:]


def test_every_aead_kat_entry_through_a_masked_key(masked_prefix, tmp_path):
    """LWC_PSA_KEY_LOCATION_MASKED: the same answers as a plain key, one-shot
    and in parts, and a flipped tag bit refused with the plaintext wiped."""
    exe = compile_psa(masked_prefix, PSA_TESTS / "psa_kat.c", tmp_path / "kat")
    ask, want = kat_requests()
    ask, want = zip(*[("M" + q[1:], w) for q, w in zip(ask, want) if q[0] == "A"])
    got = run([exe], input="\n".join(ask) + "\n", timeout=600).stdout.splitlines()
    assert len(ask) == 1089 and list(got) == list(want)


def test_a_consumer_by_find_package(prefix, tmp_path):
    src = tmp_path / "consumer"
    src.mkdir()
    (src / "CMakeLists.txt").write_text(CONSUMER_CMAKE)
    (src / "psa_kat.c").write_text((PSA_TESTS / "psa_kat.c").read_text())
    build(src, tmp_path / "build", f"CMAKE_PREFIX_PATH={prefix}")
    check_kats(tmp_path / "build" / "psa_kat", limit=40)


def test_the_headers_compile_as_cxx_and_pedantic_c(prefix, tmp_path):
    (tmp_path / "h.c").write_text("#include <psa/crypto.h>\n"
                                  "psa_aead_operation_t a = PSA_AEAD_OPERATION_INIT;\n"
                                  "psa_hash_operation_t h = PSA_HASH_OPERATION_INIT;\n"
                                  "psa_xof_operation_t x = PSA_XOF_OPERATION_INIT;\n"
                                  "psa_key_attributes_t k = PSA_KEY_ATTRIBUTES_INIT;\n")
    inc = f"-I{prefix / 'include'}"
    run(["gcc", *WARN, "-pedantic", inc, "-c", tmp_path / "h.c", "-o", tmp_path / "h.o"])
    run(["g++", "-x", "c++", "-Wall", "-Wextra", "-Werror", inc, "-c", tmp_path / "h.c",
         "-o", tmp_path / "hpp.o"])


def test_the_documented_example_runs(prefix, tmp_path):
    text = (ROOT / "docs" / "psa.md").read_text()
    (example,) = re.findall(r"```c\n(.*?)```", text, re.S)
    (tmp_path / "sensor.c").write_text(example)
    out = run([compile_psa(prefix, tmp_path / "sensor.c", tmp_path / "sensor")]).stdout
    digest = next(r["MD"] for r in records(KAT_DIR / "ascon-hash256.txt") if r["Msg"] == "00010203")
    assert out.splitlines() == ["decrypted: 21.5 C", "forged record refused",
                                f"image digest: {digest.lower()}", "device key: 32 bytes derived"]
