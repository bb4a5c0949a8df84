"""Every target of the contract, one small module per family.

Each family module exports TARGET_CLASSES; this list is the order targets
are listed, run and reported in.
"""
from __future__ import annotations

import importlib

from harness.bench.targets.base import (NOT_YET, BuildError, CrossTarget, JobResult,
                                        MeasureError, Point, Target)
from harness.bench.targets.host import HostTarget

FAMILIES = ["qemu", "ibex", "avr", "msp430", "board"]
# contract order
ORDER = ["host", "rv32i-qemu", "rv32-zbb-qemu", "rv32-zbkb-qemu", "rv32-ibex", "rv64-qemu",
         "rv64-zbb-qemu", "cortex-m3-qemu", "avr-atmega128", "msp430", "xtensa-lx106-qemu"]


def _classes() -> list[type[Target]]:
    found: dict[str, type[Target]] = {"host": HostTarget}
    for fam in FAMILIES:
        mod = importlib.import_module(f"harness.bench.targets.{fam}")
        for cls in mod.TARGET_CLASSES:
            found[cls.name] = cls
    missing = [n for n in ORDER if n not in found]
    if missing:
        raise ImportError(f"targets without a class: {', '.join(missing)}")
    return [found[n] for n in ORDER] + [c for n, c in found.items() if n not in ORDER]


TARGET_CLASSES = _classes()
TARGETS: dict[str, type[Target]] = {c.name: c for c in TARGET_CLASSES}

__all__ = ["NOT_YET", "BuildError", "CrossTarget", "JobResult", "MeasureError", "Point",
           "Target", "HostTarget", "TARGET_CLASSES", "TARGETS"]
