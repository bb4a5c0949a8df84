"""Shared fixtures: build variants once per session, list implementations.

Variants (see harness/build.py): release (gcc -O2), clang (clang -O2, for
its warnings), asan (gcc with AddressSanitizer + UndefinedBehaviorSanitizer).
LWC_TEST_VARIANTS=release,asan narrows the set.
"""
from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harness.build import Builder, build_dir  # noqa: E402
from harness.discover import KAT_DIR  # noqa: E402

ALL_VARIANTS = ["release", "clang", "asan"]
VARIANTS = [v for v in os.environ.get("LWC_TEST_VARIANTS", ",".join(ALL_VARIANTS)).split(",") if v]
_built: dict[str, pathlib.Path] = {}


def bin_dir(variant: str) -> pathlib.Path:
    """Build the variant (once per session) and return its bin/ folder."""
    if variant not in _built:
        r = subprocess.run([sys.executable, "-m", "harness.build", "--variant", variant],
                           cwd=ROOT, capture_output=True, text=True)
        if r.returncode != 0:
            pytest.fail(f"build of {variant} failed:\n{r.stdout}{r.stderr}")
        _built[variant] = build_dir(variant) / "bin"
    return _built[variant]


def host_impls():
    return Builder("release").impls()


def impl_id(i) -> str:
    return f"{i.scheme}/{i.name}"


@pytest.fixture(params=VARIANTS)
def variant(request) -> str:
    return request.param


@pytest.fixture
def bins(variant) -> pathlib.Path:
    return bin_dir(variant)


@pytest.fixture
def sanitizer_env() -> dict:
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=1"
    env["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    return env


__all__ = ["ROOT", "KAT_DIR", "bin_dir", "host_impls", "impl_id"]
