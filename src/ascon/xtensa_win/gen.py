#!/usr/bin/env python3
"""Generate the windowed-ABI Xtensa assembly of Ascon (ESP32, ESP32-S3).

    python3 -m src.ascon.xtensa_win.gen    # rewrite src/ascon/xtensa_win/*.S

The LX106 generator (src/ascon/xtensa/gen.py) is the source of truth: the
same two variants (fsr: plain lanes and funnel shifts; bi32: interleaved
lanes), the same register map, rounds, blocks and whole AEAD messages,
the same entry points (backend_xtensa.h).  The rounds and the modes do
not depend on the ABI; only the entry points' prologues and epilogues do:

    call0 (LX106)                      windowed (this folder)
    addi a1, a1, -F; save a0, a12-a15   entry a1, F + 32; save a0
    restore; addi a1, a1, F; ret        restore a0; retw
    7th argument at F(a1)               at F + 32 (a1)

A windowed callee's a2..a15 are its own (the caller's call8 rotated the
window), so nothing but a0 is saved; a0 is, since the rounds are a local
routine called with call0, which writes a0.  gen.py's `windowed` switch
makes those differences and nothing else: its LX106 output is unchanged.
"""
from __future__ import annotations

import pathlib
import sys

from src.ascon.xtensa import gen as lx106

HERE = pathlib.Path(__file__).resolve().parent

VARIANTS = list(lx106.VARIANTS)


def generate(variant: str) -> str:
    return lx106.generate(variant, windowed=True)


def main(argv: list[str]) -> int:
    for v in VARIANTS:
        (HERE / f"{v}.S").write_text(generate(v))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
