"""Comparing a generated known-answer file with the official one.

The file format helpers are harness/katfile.py (generator_args, normalize),
the same ones the test suite uses, so the KAT check before measuring is
exactly the one the tests make.
"""
from __future__ import annotations

import dataclasses
import pathlib

from harness import katfile as kat_files


@dataclasses.dataclass
class KatResult:
    status: str       # "pass", "fail" or "skipped" (no official file)
    detail: str = ""

    @property
    def passed(self) -> bool:
        return self.status == "pass"


def generator_args(kat_file: pathlib.Path) -> list[str]:
    return kat_files.generator_args(kat_file)


def compare(generated: str, kat_file: pathlib.Path) -> KatResult:
    got = kat_files.normalize(generated)
    want = kat_files.normalize(kat_file.read_text())
    if got == want:
        return KatResult("pass")
    g_lines, w_lines = got.splitlines(), want.splitlines()
    for n, (g, w) in enumerate(zip(g_lines, w_lines), 1):
        if g != w:
            return KatResult("fail", f"{kat_file.name} line {n}: got {g[:60]!r}, want {w[:60]!r}")
    return KatResult("fail", f"{kat_file.name}: {len(g_lines)} lines generated, {len(w_lines)} expected")
