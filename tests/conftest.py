"""Shared fixtures and the session's settings (the shared functions are
tests/helpers.py's, the models tests/models/): build variants once per
session.

Variants (see harness/build.py): release (gcc -O2), clang (clang -O2, for
its warnings), asan (gcc with AddressSanitizer + UndefinedBehaviorSanitizer).
LWC_TEST_VARIANTS=release,asan narrows the set.
"""
from __future__ import annotations

import os

import pytest

from tests.helpers import VARIANTS, bin_dir

# Every job of the tests is measured for real: lwcbench's results cache
# (harness/bench/cache.py) is off unless a test gives it a folder of its own.
os.environ["LWC_BENCH_CACHE"] = "off"


@pytest.fixture(params=VARIANTS)
def variant(request) -> str:
    return request.param


@pytest.fixture
def bins(variant):
    return bin_dir(variant)


@pytest.fixture
def sanitizer_env() -> dict:
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=1"
    env["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    return env


def pytest_collection_modifyitems(config, items):
    """The slow tests first (stable order otherwise): on several workers
    the long ones then run beside the others, and the end of the run is
    many short tests rather than one long test on one worker."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "slow: minutes of the suite's time (every implementation traced on a "
        "target, fuzzing, a Dask cluster, a board's every firmware); left out by "
        "./run-tests --quick, never by ./run-tests")
