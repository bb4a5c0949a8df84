"""The project's version, from its one place: CMakeLists.txt's
`project(lwc VERSION x.y.z ...)` line (setup.py reads the same line for the
Python package).  harness/build.py compiles it into the `lwc` tool
(`lwc --version`); the ./lwcbench launcher prints it for `--version`.

Usage: python3 -m harness.version [NAME]   prints "NAME x.y.z" (NAME: lwc)
"""
from __future__ import annotations

import os
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CMAKELISTS = ROOT / "CMakeLists.txt"


def project_version() -> str:
    m = re.search(r"^project\(lwc VERSION (\S+)", CMAKELISTS.read_text(), re.M)
    if not m:
        raise RuntimeError(f"no `project(lwc VERSION ...)` line in {CMAKELISTS}")
    return m.group(1)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    name = argv[0] if argv else "lwc"
    try:
        version = project_version()
    except (OSError, RuntimeError) as e:
        print(f"{name}: {e}", file=sys.stderr)
        return 2
    try:
        print(f"{name} {version}")
        sys.stdout.flush()
    except OSError as e:
        # nothing more for standard output (its buffer would be written
        # again at exit, and fail again); a reader gone away is no error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        if isinstance(e, BrokenPipeError):
            return 0
        print(f"{name}: error writing to standard output: {e.strerror}", file=sys.stderr)
        return 2
    return 0

if __name__ == "__main__":
    sys.exit(main())
