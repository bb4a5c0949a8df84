"""./lwcbench host-compare: ours beside RustCrypto and SUPERCOP folders in one
program (harness/bench/hostcmp.py, harness/hostcmp/).  Few samples: these
tests check the plumbing and the output check, not speed."""
from __future__ import annotations

import json
import platform
import shutil
import subprocess

import pytest

from tests.helpers import ROOT

pytestmark = pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"),
                                reason="host-compare times with rdtsc (x86-64)")


def recent_rust() -> bool:
    """A Rust toolchain new enough for the crates (ascon-aead 0.6 needs 1.85)."""
    if not shutil.which("rustc") or not shutil.which("cargo"):
        return False
    v = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.split()
    return len(v) > 1 and tuple(map(int, v[1].split(".")[:2])) >= (1, 85)


def lwcbench(*args, timeout=900):
    return subprocess.run([str(ROOT / "lwcbench"), *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


def export(tmp_path, scheme, impl):
    r = lwcbench("export", "supercop", str(tmp_path / "sc"), "--scheme", scheme, "--impl", impl)
    assert r.returncode == 0, r.stdout + r.stderr
    return next((tmp_path / "sc").glob(f"crypto_*/*/{impl}"))


def test_host_compare_rows_and_ratios(tmp_path):
    folder = export(tmp_path, "ascon-aead128", "ref")
    out = tmp_path / "hc.json"
    r = lwcbench("host-compare", "--samples", "3", "--size", "16", "--size", "100",
                 "--supercop", str(folder), "--json", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads(out.read_text())
    rows = data["rows"]
    whos = {(x["op"], x["who"]) for x in rows}
    assert ("encrypt", "opt64") in whos and ("hash", "opt64") in whos
    assert ("encrypt", "supercop:asconaead128/ref") in whos
    assert ("encrypt-x8", "single-calls") in whos
    assert {x["bytes"] for x in rows} == {16, 100}
    assert all(x["median"] > 0 and x["gbps"] > 0 for x in rows)
    ratios = data["ratios"]
    # ours (portable and the CPU's selection) over the fastest other library, per cell
    assert {(q["bytes"], q["ours"]) for q in ratios if q["op"] == "encrypt"} >= \
        {(16, "portable"), (100, "portable"), (16, "selected")}
    rc = ("encrypt", "rustcrypto") in whos
    if recent_rust():
        assert rc, r.stderr  # crates.io reachable in set-up: the crates must be there
    assert "Ratios (same run)" in r.stdout and "ticks/byte" in r.stdout


def test_host_compare_refuses_a_folder_that_differs(tmp_path):
    """An AEAD folder of another algorithm (Ascon-128a v1.2) fails the output
    check against our ascon-aead128 ref and is not measured."""
    folder = export(tmp_path, "ascon128a-v12", "ref")
    r = lwcbench("host-compare", "--samples", "3", "--size", "16", "--supercop", str(folder))
    assert r.returncode == 1
    assert "differs from our ref" in r.stderr and "ticks/byte" not in r.stdout


def test_host_compare_bad_arguments(tmp_path):
    r = lwcbench("host-compare", "--samples", "1")
    assert r.returncode == 2 and "--samples" in r.stderr
    # a --supercop path that is no SUPERCOP folder is a usage error, one line,
    # before anything is built (it was exit status 1, the code for "differs")
    (tmp_path / "file").write_text("x")
    (tmp_path / "perm").mkdir()
    (tmp_path / "perm" / "api.h").write_text("#define CRYPTO_BYTES 40\n")
    for path, why in ((tmp_path / "nonexistent", "no such folder"),
                      (tmp_path / "file", "not a folder"),
                      (tmp_path, "no api.h (not a SUPERCOP folder)"),
                      (tmp_path / "perm", "api.h is neither an AEAD")):
        r = lwcbench("host-compare", "--supercop", str(path), timeout=60)
        assert r.returncode == 2 and r.stdout == "", r.stderr
        assert r.stderr.splitlines() == [r.stderr.strip()] and r.stderr.startswith(
            f"lwcbench: host-compare: --supercop {path}: {why}"), r.stderr


def test_a_hanging_folder_ends_the_run(tmp_path, monkeypatch, capsys):
    """A SUPERCOP folder whose encrypt never returns stops host-compare with a
    one-line reason instead of stalling it."""
    import argparse
    from harness.bench import hostcmp
    folder = tmp_path / "hang"
    folder.mkdir()
    (folder / "api.h").write_text("#define CRYPTO_KEYBYTES 16\n#define CRYPTO_NPUBBYTES 16\n"
                                  "#define CRYPTO_ABYTES 16\n")
    (folder / "encrypt.c").write_text(
        '#include "crypto_aead.h"\nstatic volatile int spin = 1;\n'
        "int crypto_aead_encrypt(unsigned char *c, unsigned long long *clen,\n"
        "    const unsigned char *m, unsigned long long mlen, const unsigned char *ad,\n"
        "    unsigned long long adlen, const unsigned char *nsec, const unsigned char *npub,\n"
        "    const unsigned char *k) {\n"
        "  (void)c; (void)clen; (void)m; (void)mlen; (void)ad; (void)adlen; (void)nsec;\n"
        "  (void)npub; (void)k;\n  while (spin) {}\n  return 0;\n}\n")
    monkeypatch.setattr(hostcmp, "CHECK_SECONDS", 5)
    args = argparse.Namespace(samples=3, size=[16], supercop=[str(folder)], json=None)
    assert hostcmp.main(args) == 1
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last.startswith("lwcbench: host-compare:") and "ran past 5 s" in last, last
