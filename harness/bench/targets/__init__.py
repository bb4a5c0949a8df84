"""Every target: a description file each, run by a driver.

A target is its description, `harness/bench/targets/<name>.toml` (what it
is: its ISA tokens, metric, preference, default scope, the CMake
processor, ...; and the facts its driver builds and runs it with: the
compiler and flags, the simulator's settings), plus the platform folder
its driver uses (harness/platforms/<family>/).  A driver is a class of one
of this package's modules (`driver = "qemu.QemuTarget"`): how a family
builds firmware, starts its simulator or board and talks to it.  A
description with `firmware_of = "<target>"` is a variant of that target:
its firmware, the facts it names changed.

Each key of a description sets the class attribute of the same name,
which the driver (or Target) declares: a key no class declares is an
error, as is a missing driver.  The target classes are made here, once,
in the descriptions' `order`; ORDER is the contract's targets, those the
default run measures.  tools/gen_cmake.py reads the same files.
"""
from __future__ import annotations

import importlib
import pathlib
import re
import tomllib

from harness.bench.targets.base import NOT_YET, CrossTarget, Target
from harness.bench.targets.job import BuildError, JobResult, MeasureError, Point
from harness.discover import ROOT

HERE = pathlib.Path(__file__).resolve().parent


class DescriptionError(ImportError):
    """A description that cannot make a target (named, with the reason);
    `./lwcbench` says it in one line (harness/bench/__main__.py)."""
    description = True


def descriptions(paths: list[pathlib.Path] | None = None) -> dict[str, dict]:
    """The descriptions in paths (default: every <name>.toml of this
    folder), by name, in their `order`."""
    found = {}
    for path in sorted(HERE.glob("*.toml")) if paths is None else paths:
        try:
            found[path.stem] = {**tomllib.loads(path.read_text()), "__file__": path}
        except tomllib.TOMLDecodeError as e:
            raise DescriptionError(f"{_shown(path)}: {e}") from e
    unordered = [n for n, d in found.items() if not isinstance(d.get("order"), int)]
    if unordered:
        raise DescriptionError(f"targets without an order: {', '.join(unordered)}")
    return dict(sorted(found.items(), key=lambda kv: kv[1]["order"]))


def _shown(path: pathlib.Path) -> str:
    """A description's path as a message names it (from the root when in the tree)."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _value(base: type, key: str, value):
    """A description's value as the class attribute it sets: the type of
    the attribute the base declares (a set, a tuple); a folder's files
    (*_sources) as paths from the repository's root."""
    declared = getattr(base, key)
    if key.endswith("_sources"):
        return [ROOT / v for v in value]
    if isinstance(declared, frozenset):
        return frozenset(value)
    if isinstance(declared, tuple):
        return tuple(value)
    return value


def _class_name(name: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in re.split(r"[^A-Za-z0-9]+", name))


def _make(name: str, descs: dict[str, dict], made: dict[str, type[Target]]) -> type[Target]:
    if name in made:
        return made[name]
    d = dict(descs[name])
    where = _shown(d.pop("__file__"))
    if "firmware_of" in d:
        if d["firmware_of"] not in descs:
            raise DescriptionError(f"{where}: firmware_of names no target: {d['firmware_of']}")
        base = _make(d["firmware_of"], descs, made)
    else:
        module, _dot, cls = d.pop("driver", "").rpartition(".")
        try:
            base = getattr(importlib.import_module(f"harness.bench.targets.{module}"), cls)
        except (ImportError, AttributeError, ValueError) as e:
            raise DescriptionError(f"{where}: no driver '{module}.{cls}' ({e})") from e
    unknown = [k for k in d if not hasattr(base, k)]
    if unknown:
        raise DescriptionError(f"{where}: {base.__name__} has no fact named "
                               f"{', '.join(unknown)}")
    attrs = {"name": name, **{k: _value(base, k, v) for k, v in d.items()},
             "__module__": base.__module__}
    made[name] = type(_class_name(name), (base,), attrs)
    return made[name]


def load(paths: list[pathlib.Path] | None = None) -> list[type[Target]]:
    """The target classes the descriptions in paths make (default: this
    folder's), in their order."""
    descs = descriptions(paths)
    made: dict[str, type[Target]] = {}
    return [_make(name, descs, made) for name in descs]


TARGET_CLASSES = load()
TARGETS: dict[str, type[Target]] = {c.name: c for c in TARGET_CLASSES}


def measured_by_default() -> list[str]:
    """The targets a plain `./lwcbench run` measures: every target not
    left out of the default run (not_in_default_run) but the real boards,
    which it names as skipped until --port says where they are."""
    return [n for n, c in TARGETS.items()
            if not c.not_in_default_run and not getattr(c, "needs_port", False)]


# the contract's targets, in its order: those the default run measures
ORDER = measured_by_default()

__all__ = ["NOT_YET", "BuildError", "CrossTarget", "JobResult", "MeasureError", "Point",
           "Target", "TARGET_CLASSES", "TARGETS", "ORDER", "DescriptionError", "descriptions", "load",
           "measured_by_default", "traced_as"]


def traced_as(t) -> str | None:
    """The target whose constant-time traces are t's (None: its own): the
    target whose firmware t runs (firmware_of) when the tracer's command
    line is the same, e.g. the Cortex-M3 wait-state variants; not a
    variant that runs it on another simulator (xtensa-esp32-hw-qemu)."""
    base = getattr(t, "firmware_of", None)
    if not base or base == t.name or base not in TARGETS:
        return None
    elf, out = pathlib.Path("fw.elf"), pathlib.Path("trace.bin")
    return base if t.ct_argv(elf, out) == TARGETS[base]().ct_argv(elf, out) else None
