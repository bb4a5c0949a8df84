"""The records the output layer is handed: a run's JSON data.

The first stage of the output (records -> table model -> comparisons ->
renderers): results.json as a run writes it (the contract's records, and
the environment: the run and, per target, its tools, metric and labels),
and a data set read or stored (the committed one is
docs/results/data/results.json.xz).
"""
from __future__ import annotations

import datetime
import json
import lzma
import os
import pathlib
import platform
import subprocess

from harness.discover import ROOT


class DataError(Exception):
    """A data set cannot be read or stored."""


def load(path: pathlib.Path) -> dict:
    """The JSON data of a run (results.json, or .json.xz compressed)."""
    try:
        raw = path.read_bytes()
        if path.suffix == ".xz":
            raw = lzma.decompress(raw)
        data = json.loads(raw)
        data["results"]
    except (OSError, lzma.LZMAError, ValueError, KeyError, TypeError) as e:
        raise DataError(f"cannot read the results data {path}: {e}") from e
    return data


def store(data: dict, path: pathlib.Path) -> None:
    """The data as compact JSON (keys sorted), xz-compressed: the same run
    gives the same bytes."""
    raw = json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(lzma.compress(raw, preset=9 | lzma.PRESET_EXTREME))
    tmp.replace(path)


# -- a run's environment -------------------------------------------------------------

def _cpuinfo() -> dict:
    info = {"cpu": platform.processor() or platform.machine(), "cpu_count": os.cpu_count()}
    try:
        text = pathlib.Path("/proc/cpuinfo").read_text()
    except OSError:
        return info
    fields: dict[str, str] = {}
    for line in text.splitlines():  # the first processor's block is enough
        key, _, value = line.partition(":")
        fields.setdefault(key.strip(), value.strip())
    if "model name" in fields:
        info["cpu"] = fields["model name"]
    flags = fields.get("flags", "").split()
    info["cpu_flags"] = [f for f in ("constant_tsc", "nonstop_tsc", "rdtscp", "tsc_known_freq",
                                     "hypervisor", "bmi1", "bmi2", "avx2") if f in flags]
    return info


def environment(target_env: dict[str, dict], argv: list[str]) -> dict:
    """The environment of a run as results.json holds it: when, what
    command, at which commit, on what machine, and per target
    (target_env) its tools, metric and labels."""
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                                text=True, timeout=10).stdout.strip() or None
    except (OSError, subprocess.TimeoutExpired):
        commit = None
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "command": ["lwcbench", *argv],
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "uname": " ".join(platform.uname()),
        **_cpuinfo(),
        "git_commit": commit,
        "targets": target_env,
    }

