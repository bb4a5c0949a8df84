"""Every host implementation reproduces its scheme's official KAT file.

The C generator (tests/c/kat.c) writes the whole file in NIST format from
the implementation under test; it must equal the official file byte for
byte (up to trailing blanks on empty fields), under every build variant.
"""
import subprocess

import pytest

from conftest import KAT_DIR, bin_dir, host_impls, impl_id, VARIANTS
from harness.katfile import generator_args, normalize, records

# Bare permutations have no KAT file of their own: the benchmark program
# checks them through a scheme's file (tests/test_bench.py).
IMPLS = [i for i in host_impls() if i.kind != "perm"]


@pytest.mark.parametrize("impl", IMPLS, ids=impl_id)
@pytest.mark.parametrize("variant", VARIANTS)
def test_kat_file(impl, variant, sanitizer_env):
    kat = impl.kat_file
    assert kat.exists(), f"no official KAT file {kat}"
    cmd = [str(bin_dir(variant) / "lwc-test"), "kat", impl.scheme, impl.name,
           *generator_args(kat)]
    r = subprocess.run(cmd, capture_output=True, text=True, env=sanitizer_env)
    assert r.returncode == 0, r.stderr
    got, want = normalize(r.stdout), normalize(kat.read_text())
    if got != want:
        for n, (g, w) in enumerate(zip(got.splitlines(), want.splitlines()), 1):
            assert g == w, f"{kat.name} line {n} differs"
        assert got == want, f"{kat.name}: lengths differ"


def test_every_ascon_kat_file_has_implementations():
    """A KAT file with no implementation would silently test nothing."""
    schemes = {i.scheme for i in IMPLS}
    for kat in KAT_DIR.glob("ascon*.txt"):
        assert kat.stem in schemes, f"{kat.name} has no implementation"


@pytest.mark.parametrize("name,count", [("ascon-aead128", 1089), ("ascon-hash256", 1025),
                                        ("ascon-cxof128", 1089), ("ascon80pq-v12", 1089)])
def test_kat_parser_reads_all_records(name, count):
    recs = records(KAT_DIR / f"{name}.txt")
    assert len(recs) == count
    assert recs[-1]["Count"] == str(count)


def test_corrupted_kat_is_detected():
    """The comparison is not vacuous: one changed digit is a mismatch."""
    kat = KAT_DIR / "ascon128-v12.txt"
    text = normalize(kat.read_text())
    i = text.index("CT = ") + 5
    bad = text[:i] + ("0" if text[i] != "0" else "1") + text[i + 1:]
    assert bad != text and normalize(bad) != text
