"""The host library cross-built for AArch64 (harness.build variant aarch64:
aarch64-linux-gnu-gcc -O2, static) and run under qemu-aarch64: every
implementation reproduces its official KAT file and passes the property
tests there.  The 64-bit paths that only x86-64 and AArch64 compile
(src/ascon/whole64.h: whole messages with the lanes in locals, the hash
squeeze, lwc_hash_wipe's wide stores) run here on their second ISA; the
batch calls run one message at a time (no engine for AArch64)."""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from tests.helpers import bin_dir, impl_id
from harness.build import Builder
from harness.katfile import generator_args
from tests.lib.test_kat import mismatch

pytestmark = pytest.mark.skipif(
    not (shutil.which("aarch64-linux-gnu-gcc") and shutil.which("qemu-aarch64")),
    reason="no aarch64-linux-gnu-gcc or qemu-aarch64 (bash -c '. harness/setup.sh && lwc_setup qemu')")

IMPLS = [i for i in Builder("aarch64").impls() if i.kind != "perm"]


@pytest.fixture(scope="module")
def exe():
    return bin_dir("aarch64") / "lwc-test"


def run(exe, *args):
    return subprocess.run(["qemu-aarch64", str(exe), *args], capture_output=True, text=True,
                          timeout=600)


def test_no_x86_implementation_in_the_aarch64_build():
    names = {i.name for i in IMPLS}
    assert "opt64" in names and not any(n.startswith("x86_64") for n in names)


@pytest.mark.parametrize("impl", IMPLS, ids=impl_id)
def test_kat_on_aarch64(impl, exe):
    r = run(exe, "kat", impl.scheme, impl.name, *generator_args(impl.kat_file))
    assert r.returncode == 0, r.stderr
    diff = mismatch(r.stdout, impl.kat_file.read_text())
    assert diff is None, f"{impl.kat_file.name}: {diff}"


@pytest.mark.parametrize("impl", [i for i in IMPLS if i.name == "opt64"], ids=impl_id)
def test_props_on_aarch64(impl, exe):
    r = run(exe, "props", impl.scheme, impl.name)
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    m = re.search(r"^props: (\d+) passed, (\d+) failed$", r.stdout, re.M)
    assert m and int(m.group(1)) > 0 and int(m.group(2)) == 0, out


def test_batch_calls_on_aarch64(exe):
    assert run(exe, "batch", "ascon-aead128", "avx2").returncode == 2  # no engine there
    r = run(exe, "batch", "ascon-aead128", "single")
    assert r.returncode == 0 and " 0 failed" in r.stdout, r.stdout + r.stderr
