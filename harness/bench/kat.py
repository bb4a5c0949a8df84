"""The KAT check on a target: what to ask for and how to judge the answer.

The target computes the scheme's whole known-answer file itself (request
`kat`, harness/firmware/bench_kat.c) and answers one CRC-32 per entry;
here the same CRCs are computed from the official file (harness/katfile.py
reads it, with the test suite's input conventions), compared entry by
entry, and the CRC of those CRCs is sent along so that the target refuses
to be measured after a mismatch.
"""
from __future__ import annotations

import dataclasses
import functools
import pathlib
import zlib

from harness import katfile as kat_files
from harness.bench.session import Response
from harness.discover import Impl


@dataclasses.dataclass
class KatResult:
    status: str       # "pass", "fail" or "skipped" (no official file)
    detail: str = ""

    @property
    def passed(self) -> bool:
        return self.status == "pass"


@dataclasses.dataclass(frozen=True)
class Expected:
    starts: tuple[str, ...]   # first byte of each input field, as hex
    crcs: tuple[int, ...]     # CRC-32 of each entry's output
    total: int                # CRC-32 of the entries' CRC-32s (4 bytes little-endian each)


@functools.lru_cache(maxsize=None)
def expected(kat_file: pathlib.Path) -> Expected:
    recs = kat_files.records(kat_file)
    field = next(f for f in ("CT", "MD", "Tag") if f in recs[0])
    crcs = tuple(zlib.crc32(bytes.fromhex(r.get(field, ""))) for r in recs)
    total = 0
    for c in crcs:  # the target's running check (bench_kat.c): CRC of the CRCs
        total = zlib.crc32(c.to_bytes(4, "little"), total)
    return Expected(tuple(kat_files.generator_args(kat_file)), crcs, total)


def request(impl: Impl) -> str | None:
    """The `kat` request for impl, or None when there is no official file."""
    if not impl.kat_file.exists():
        return None
    e = expected(impl.kat_file)
    starts = (list(e.starts) + ["0x0"] * 3)[:3]  # EXPECT is the fourth number
    via = f" {impl.kat_scheme}" if impl.kind == "perm" else ""
    return f"kat {impl.scheme} {impl.name} {' '.join(starts)} {e.total:08x}{via}"


def judge(impl: Impl, resp: Response) -> KatResult:
    name = impl.kat_file.name
    e = expected(impl.kat_file)
    got = []
    # a program that died may have been cut off in the middle of its last line
    lines = resp.lines[:-1] if resp.died else resp.lines
    for line in lines:
        f = line.split()
        if len(f) == 3 and f[0] == "k":
            try:
                got.append((int(f[1]), int(f[2], 16)))
            except ValueError:
                return KatResult("fail", f"unreadable KAT line {line[:60]!r}")
        else:  # the implementation writes to the console, or the answer is garbled
            return KatResult("fail", f"{name}: unexpected output in the KAT answer "
                                     f"(after {len(got)} entries): {line[:60]!r}")
    for n, (count, crc) in enumerate(got, 1):
        if count != n:
            return KatResult("fail", f"{name}: entry {count} where {n} was expected")
        if n > len(e.crcs):
            return KatResult("fail", f"{name}: more entries than the file's {len(e.crcs)}")
        if crc != e.crcs[n - 1]:
            return KatResult("fail", f"{name}: Count = {n} differs from the official output")
    if resp.error is not None:
        where = f" after {len(got)} entries" if got else ""
        return KatResult("fail", f"{name}: {resp.error}{where}")
    if len(got) != len(e.crcs):
        return KatResult("fail", f"{name}: {len(got)} entries computed, {len(e.crcs)} in the file")
    return KatResult("pass", f"{len(got)} entries")
