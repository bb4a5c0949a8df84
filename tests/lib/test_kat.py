"""Every host implementation reproduces its scheme's official KAT file.

The C generator (tests/c/kat.c) writes the whole file in NIST format from
the implementation under test; it must equal the official file byte for
byte (up to trailing blanks on empty fields), under every build variant.
"""
import hashlib
import subprocess

import pytest

from tests.helpers import KAT_DIR, bin_dir, host_impls, impl_id, VARIANTS
from harness.katfile import generator_args, normalize, records

# Bare permutations have no KAT file of their own: the benchmark program
# checks them through a scheme's file (tests/bench/test_bench_protocol.py).
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
    diff = mismatch(r.stdout, kat.read_text())
    assert diff is None, f"{kat.name}: {diff}"


def mismatch(got: str, want: str) -> str | None:
    """None when the generated text is the official file (up to trailing
    blanks), else where they part."""
    got, want = normalize(got), normalize(want)
    if got == want:
        return None
    for n, (g, w) in enumerate(zip(got.splitlines(), want.splitlines()), 1):
        if g != w:
            return f"line {n} differs: {g!r} != {w!r}"
    return f"lengths differ ({len(got.splitlines())} lines, {len(want.splitlines())} wanted)"


NOT_YET: set[str] = set()  # KAT files waiting for their implementations: none


def test_every_kat_file_has_implementations():
    """A KAT file with no implementation would silently test nothing."""
    schemes = {i.scheme for i in IMPLS}
    for kat in KAT_DIR.glob("*.txt"):
        assert kat.stem in schemes or kat.stem in NOT_YET, f"{kat.name} has no implementation"
    assert not NOT_YET & schemes, "implemented now: take it out of NOT_YET"


@pytest.mark.parametrize("name,count", [("ascon-aead128", 1089), ("ascon-hash256", 1025),
                                        ("ascon-cxof128", 1089), ("ascon80pq-v12", 1089),
                                        ("ascon-mac-v13", 1025), ("ascon-prfs-v13", 17)])
def test_kat_parser_reads_all_records(name, count):
    recs = records(KAT_DIR / f"{name}.txt")
    assert len(recs) == count
    assert recs[-1]["Count"] == str(count)


def test_corrupted_kat_is_detected():
    """The comparison is not vacuous: an implementation's real output
    matches the official file, and no longer does once one digit of the
    file changes (or its last record goes)."""
    kat = KAT_DIR / "ascon128-v12.txt"
    impl = next(i for i in IMPLS if (i.scheme, i.name) == ("ascon128-v12", "ref"))
    r = subprocess.run([str(bin_dir("release") / "lwc-test"), "kat", impl.scheme, impl.name,
                        *generator_args(kat)], capture_output=True, text=True, check=True)
    text = kat.read_text()
    assert mismatch(r.stdout, text) is None
    i = text.index("CT = ") + 5
    bad = text[:i] + ("0" if text[i] != "0" else "1") + text[i + 1:]
    assert mismatch(r.stdout, bad).startswith("line 6 differs")
    short = text[:text.rindex("Count = ")]
    assert "lengths differ" in mismatch(r.stdout, short)


def test_kat_files_are_the_published_ones():
    """kat/SHA256SUMS lists every official file with its digest (kat/README.md
    says where each came from): none was edited, none added unlisted."""
    listed = {}
    for line in (KAT_DIR / "SHA256SUMS").read_text().splitlines():
        digest, name = line.split()
        listed[name] = digest
    assert set(listed) == {p.name for p in KAT_DIR.glob("*.txt")}
    assert len(listed) == 26
    for name, digest in listed.items():
        assert hashlib.sha256((KAT_DIR / name).read_bytes()).hexdigest() == digest, name
