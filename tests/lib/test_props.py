"""Property tests of every implementation (tests/c/props*.c), per variant.

Each case runs `lwc-test props SCHEME IMPL` of one build variant (release,
clang, asan; see conftest.py): agreement with the ref implementation,
incremental == one-shot, tamper detection with wiped output, in-place and
unaligned buffers, tag truncation, nonce masking, argument and call-order
checks, and hostile input (tests/c/props_hostile.c: refused calls write
nothing, huge lengths, partial overlaps, forgeries under truncated tags,
zeroed contexts; under the asan variant any stray access aborts the run).
LWC_PROPS_SEED in the environment changes the random cases.
"""
from __future__ import annotations

import re
import subprocess

import pytest

from tests.helpers import bin_dir, host_impls, impl_id

SUMMARY = re.compile(r"^props: (\d+) passed, (\d+) failed$", re.M)


@pytest.mark.parametrize("impl", host_impls(), ids=impl_id)
def test_props(impl, variant, sanitizer_env):
    exe = bin_dir(variant) / "lwc-test"
    r = subprocess.run([str(exe), "props", impl.scheme, impl.name],
                       capture_output=True, text=True, env=sanitizer_env,
                       timeout=300)
    out = f"$ {exe} props {impl.scheme} {impl.name}\n{r.stdout}{r.stderr}"
    assert r.returncode == 0, out
    m = SUMMARY.search(r.stdout)
    assert m is not None, f"no summary line\n{out}"
    assert int(m.group(2)) == 0 and int(m.group(1)) > 0, out
    assert f"ok   {impl.scheme}/{impl.name}:" in r.stdout, out
