"""The batch calls (include/lwc.h: lwc_aead_encrypt_batch, ..._decrypt_batch,
lwc_hash_batch) of every engine against the one-message calls of ref
(`lwc-test batch SCHEME ENGINE`, tests/c/batch.c), per build variant
(release, clang, asan: ASan and UBSan abort on any stray access).
"""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from tests.helpers import ROOT, bin_dir

LIB = ROOT / "src" / "lib"
# a scheme's engines are made by src/lib/batch_<symbol>.c from its scheme.h
ENGINE_FILES = sorted(LIB.glob("batch_*.c"))
SCHEME_H = re.compile(r'#define LWC_BATCH_SCHEME_H "\.\./\.\./crypto_\w+/([\w.-]+)/scheme\.h"')


def engine_schemes() -> list[str]:
    return [SCHEME_H.search(f.read_text()).group(1) for f in ENGINE_FILES]


SUMMARY = re.compile(r"^batch \S+ \S+ \((\d+) lanes\): (\d+) passed, (\d+) failed$", re.M)
CASES = [(s, e) for s in engine_schemes() for e in ("avx512", "avx2", "single")]
# one scheme of another family: no engine, one message at a time
CASES += [("gimli24-cipher", "single"), ("xoodyak-hash", "single")]


@pytest.mark.parametrize("scheme,engine", CASES, ids=[f"{s}-{e}" for s, e in CASES])
def test_batch_matches_one_message_calls(scheme, engine, variant, sanitizer_env):
    exe = bin_dir(variant) / "lwc-test"
    r = subprocess.run([str(exe), "batch", scheme, engine], capture_output=True, text=True,
                       env=sanitizer_env, timeout=300)
    out = f"$ {exe} batch {scheme} {engine}\n{r.stdout}{r.stderr}"
    if r.returncode == 2 and "on this CPU" in r.stderr:
        pytest.skip(f"this CPU does not run {engine}")
    assert r.returncode == 0, out
    m = SUMMARY.search(r.stdout)
    assert m is not None, out
    assert int(m.group(3)) == 0 and int(m.group(2)) > 500, out
    assert int(m.group(1)) == {"avx512": 8, "avx2": 4, "single": 1}[engine]


def test_every_engine_file_is_listed():
    """batch.c's list names every src/lib/batch_<sym>.c (a file left out
    would be compiled and never used) and nothing else."""
    listed = re.search(r"#define LWC_BATCH_SCHEMES\(X\)(.*?)\n\n", (LIB / "batch.c").read_text(),
                       re.S).group(1)
    names = set(re.findall(r"X\((\w+)\)", listed))
    assert names == {f.stem.removeprefix("batch_") for f in ENGINE_FILES}
    assert len(ENGINE_FILES) == 8


def test_unknown_engine_is_refused():
    r = subprocess.run([str(bin_dir("release") / "lwc-test"), "batch", "ascon-aead128", "avx9"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "no batch engine avx9" in r.stderr


@pytest.fixture(scope="module")
def ct_build():
    return bin_dir("ct") / "lwc-test"  # the ct variant: LWC_CT_VALGRIND


CT_CASES = [(s, e) for s in engine_schemes() for e in ("avx2", "single")]


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind not installed")
@pytest.mark.parametrize("scheme,engine", CT_CASES, ids=[f"{s}-{e}" for s, e in CT_CASES])
def test_batch_is_constant_time(scheme, engine, ct_build):
    """Keys, nonces, messages and custom strings undefined under memcheck: no
    branch or index may depend on them (valgrind runs no AVX-512: the avx512
    engine shares this source with avx2, compiled for other registers)."""
    r = subprocess.run(["valgrind", "--tool=memcheck", "--error-exitcode=9", "-q", str(ct_build),
                        "batch", scheme, engine, "ct"], capture_output=True, text=True, timeout=600)
    if r.returncode == 2 and "on this CPU" in r.stderr:
        pytest.skip(f"this CPU does not run {engine}")
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"batch-ct {scheme} {engine}: done" in r.stdout
