"""Every target of the contract, one small module per family.

Each family module exports TARGET_CLASSES; this list is the order targets
are listed, run and reported in.
"""
from __future__ import annotations

import importlib

from harness.bench.targets.base import (NOT_YET, BuildError, CrossTarget, JobResult,
                                        MeasureError, Point, Target)
from harness.bench.targets.host import HostTarget

FAMILIES = ["qemu", "ibex", "avr", "msp430"]
# contract order
ORDER = ["host", "rv32i-qemu", "rv32-zbb-qemu", "rv32-zbkb-qemu", "rv32-ibex", "rv64-qemu",
         "rv64-zbb-qemu", "cortex-m3-qemu", "avr-atmega128", "msp430", "xtensa-lx106-qemu"]


def _classes() -> list[type[Target]]:
    found: dict[str, type[Target]] = {"host": HostTarget}
    for fam in FAMILIES:
        try:  # DEV-ONLY placeholder until every family module exists
            mod = importlib.import_module(f"harness.bench.targets.{fam}")
        except ModuleNotFoundError as e:
            if e.name != f"harness.bench.targets.{fam}":
                raise
            continue
        for cls in mod.TARGET_CLASSES:
            found[cls.name] = cls
    for n in ORDER:  # DEV-ONLY
        found.setdefault(n, type(n, (Target,), {"name": n}))
    return [found[n] for n in ORDER] + [c for n, c in found.items() if n not in ORDER]


TARGET_CLASSES = _classes()
TARGETS: dict[str, type[Target]] = {c.name: c for c in TARGET_CLASSES}

__all__ = ["NOT_YET", "BuildError", "CrossTarget", "JobResult", "MeasureError", "Point",
           "Target", "HostTarget", "TARGET_CLASSES", "TARGETS"]
