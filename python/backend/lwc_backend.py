"""The build backend of the Python package: setuptools' own, which runs
setup.py, asking for CMake from PyPI only on a machine without a `cmake`
(3.18 or newer) on its PATH.  Everything else is setuptools.build_meta."""
from __future__ import annotations

import re
import shutil
import subprocess

from setuptools import build_meta as _meta
from setuptools.build_meta import *  # noqa: F401,F403  (the PEP 517 hooks)

CMAKE_MIN = (3, 18)


def _cmake_ok() -> bool:
    exe = shutil.which("cmake")
    if exe is None:
        return False
    try:
        out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    m = re.search(r"(\d+)\.(\d+)", out)
    return bool(m) and (int(m.group(1)), int(m.group(2))) >= CMAKE_MIN


def _extra() -> list[str]:
    return [] if _cmake_ok() else [f"cmake>={CMAKE_MIN[0]}.{CMAKE_MIN[1]}"]


def get_requires_for_build_wheel(config_settings=None):
    return _meta.get_requires_for_build_wheel(config_settings) + _extra()


def get_requires_for_build_editable(config_settings=None):
    return _meta.get_requires_for_build_editable(config_settings) + _extra()
