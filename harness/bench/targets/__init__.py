"""Every target, one small module per family.

Each module of this package but base exports TARGET_CLASSES (found, never
listed: a new family is a new module); ORDER is the contract's order of
its targets, in which targets are listed, run and reported, the others
after them.
"""
from __future__ import annotations

import importlib
import pkgutil

from harness.bench.targets.base import (NOT_YET, BuildError, CrossTarget, JobResult,
                                        MeasureError, Point, Target)
from harness.bench.targets.host import HostTarget

FAMILIES = sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name != "base")
# contract order
ORDER = ["host", "rv32i-qemu", "rv32-zbb-qemu", "rv32-zbkb-qemu", "rv32-ibex", "rv64-qemu",
         "rv64-zbb-qemu", "cortex-m3-qemu", "avr-atmega128", "msp430", "xtensa-lx106-qemu"]


def _classes() -> list[type[Target]]:
    found: dict[str, type[Target]] = {}
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



def measured_by_default() -> list[str]:
    """The targets a plain `./lwcbench run` measures: every target not
    left out of the default run (not_in_default_run) but the real boards,
    which it names as skipped until --port says where they are."""
    return [n for n, c in TARGETS.items()
            if not c.not_in_default_run and not getattr(c, "needs_port", False)]


__all__ = ["NOT_YET", "BuildError", "CrossTarget", "JobResult", "MeasureError", "Point",
           "Target", "HostTarget", "TARGET_CLASSES", "TARGETS", "measured_by_default"]
