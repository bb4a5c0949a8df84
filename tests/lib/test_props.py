"""Property tests of every implementation (tests/c/props*.c), per variant.

Each case runs `lwc-test props SCHEME IMPL` of one build variant (release,
clang, asan; see conftest.py): agreement with the ref implementation,
incremental == one-shot, tamper detection with wiped output, in-place and
unaligned buffers, tag truncation, nonce masking, argument and call-order
checks, and hostile input (tests/c/props_hostile.c: refused calls write
nothing, huge lengths, partial overlaps, forgeries under truncated tags,
zeroed contexts; under the asan variant any stray access aborts the run).
LWC_PROPS_SEED in the environment changes the random cases.

The big message is 1 MiB in the release variant (16-bit block counters of
16-byte blocks overflow there) and SMALL_BIG bytes in the clang and ASan +
UBSan ones: past 2^16 bytes, every path of the long message through the
other compiler and under the sanitizers; the logic at 1 MiB is the same
source's, checked by the release build (the slow ref and lowsize code spent
most of the clang variant's props time on it).
"""
from __future__ import annotations

import re
import subprocess

import pytest

from tests.helpers import bin_dir, host_impls, impl_id

SUMMARY = re.compile(r"^props: (\d+) passed, (\d+) failed$", re.M)
SMALL_BIG = (1 << 16) + (1 << 13)  # 72 KiB


@pytest.mark.parametrize("impl", host_impls(), ids=impl_id)
def test_props(impl, variant, sanitizer_env):
    exe = bin_dir(variant) / "lwc-test"
    big = 1 << 20 if variant == "release" else SMALL_BIG
    r = subprocess.run([str(exe), "props", impl.scheme, impl.name],
                       capture_output=True, text=True,
                       env={**sanitizer_env, "LWC_PROPS_BIG": str(big)}, timeout=300)
    out = f"$ {exe} props {impl.scheme} {impl.name}\n{r.stdout}{r.stderr}"
    assert r.returncode == 0, out
    m = SUMMARY.search(r.stdout)
    assert m is not None, f"no summary line\n{out}"
    assert int(m.group(2)) == 0 and int(m.group(1)) > 0, out
    assert f"ok   {impl.scheme}/{impl.name}:" in r.stdout, out
    assert f"big message {big} bytes" in r.stdout, out


@pytest.mark.parametrize("value", ["65536", "1e6", "-1", str(1 << 27)])
def test_a_bad_big_message_length_is_refused(value):
    r = subprocess.run([str(bin_dir("release") / "lwc-test"), "props", "ascon-aead128", "ref"],
                       capture_output=True, text=True, env={"LWC_PROPS_BIG": value}, timeout=60)
    assert r.returncode == 2 and f"bad LWC_PROPS_BIG '{value}'" in r.stderr, r.stderr
