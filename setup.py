"""Builds the Python package `lwc` (pyproject.toml has its metadata).

The extension lwc._lwc (python/lwc/_lwc*.c, one file a Python type; _lwc.h
says what each holds) links lwc's C library, built by CMake from
this tree (CMakeLists.txt) exactly as a CMake user gets it for the host:
every scheme, each with the host's preferred implementation and its
portable fallback (run-time CPU dispatch), and the batch engines, as
position-independent code.  Environment:
  LWC_CMAKE_ARGS   extra arguments for the CMake configure step
                   (e.g. -DLWC_SCHEMES=ascon-aead128,ascon-hash256)
  CMAKE_C_COMPILER_LAUNCHER, CC, CFLAGS: as CMake reads them
"""
from __future__ import annotations

import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).resolve().parent


def version() -> str:
    """The project's version: CMakeLists.txt's project() line."""
    m = re.search(r"project\(lwc VERSION (\S+)", (HERE / "CMakeLists.txt").read_text())
    if not m:
        sys.exit("setup.py: no `project(lwc VERSION ...)` in CMakeLists.txt")
    return m.group(1)


class BuildWithCMake(build_ext):
    """Build liblwc.a with CMake in the build folder, then link the binding
    against it."""

    def run(self):
        cmake = shutil.which("cmake")
        if cmake is None:
            sys.exit("lwc: building the Python package needs CMake 3.18 or newer "
                     "(Debian: apt-get install cmake; or pip install cmake)")
        build = pathlib.Path(self.build_temp).resolve() / "lwc-cmake"
        configure = [cmake, "-S", str(HERE), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                     "-DCMAKE_POSITION_INDEPENDENT_CODE=ON", "-DBUILD_SHARED_LIBS=OFF",
                     "-DLWC_INSTALL=OFF", *shlex.split(os.environ.get("LWC_CMAKE_ARGS", ""))]
        subprocess.run(configure, check=True)
        subprocess.run([cmake, "--build", str(build), "-j", str(os.cpu_count() or 1)], check=True)
        lib = build / "liblwc.a"
        if not lib.is_file():
            sys.exit(f"lwc: CMake built no {lib}")
        for ext in self.extensions:
            ext.extra_objects = [str(lib)]
        super().run()


# The binding's C files: the module, then a file a type (MANIFEST.in's
# `graft python` puts them and _lwc.h in the sdist)
BINDING = ["python/lwc/_lwc.c", "python/lwc/_lwc_aead.c", "python/lwc/_lwc_hash.c",
           "python/lwc/_lwc_auth.c", "python/lwc/_lwc_sponge.c", "python/lwc/_lwc_perm.c"]

setup(
    version=version(),
    ext_modules=[Extension(
        "lwc._lwc", BINDING, include_dirs=["include"],
        depends=["python/lwc/_lwc.h", "include/lwc.h"],
        extra_compile_args=["-std=c11"] if os.name == "posix" else [])],
    cmdclass={"build_ext": BuildWithCMake},
)
