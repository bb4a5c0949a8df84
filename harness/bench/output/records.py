"""The records the output layer is handed: a run's JSON data, and the facts
of its targets.

The first stage of the output (records -> table model -> comparisons ->
renderers): results.json as a run writes it (the contract's records, and
the environment: the run and, per target, its tools, metric, labels and
facts), a data set read or stored (the committed one is
docs/results/data/results.json.xz), and target_facts, the only place where
what the output layer knows of a target comes from.  The renderers import
no target and no implementation: they read the facts they are handed.
"""
from __future__ import annotations

import copy
import datetime
import json
import lzma
import pathlib
import platform
import subprocess

from harness.bench.machine import cpu_info
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

def environment(target_env: dict[str, dict], argv: list[str]) -> dict:
    """The environment of a run as results.json holds it: when, what
    command, at which commit, on what machine, and per target
    (target_env) its tools, metric, labels and facts."""
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
        **cpu_info(),
        "git_commit": commit,
        "targets": target_env,
    }


# -- the facts of the targets ----------------------------------------------------------

# What the output layer knows of a target, each a field of the target's
# entry in the environment (environment.targets.<target>) where the run
# wrote it:
#   arch_tokens    its ISA tokens (which page of docs/results/ shows it)
#   exact          whether its counts are exact (a clock's, the host's rdtsc or
#                  a board's timer, move from run to run)
#   default_impls  scheme -> the implementation a build for it gets when none
#                  is named, then the one lwc_*_find falls back on (if any)
#   impl_order     the order its tables list implementations in
FACTS = ("arch_tokens", "exact", "default_impls", "impl_order")


# What a data set that predates a fact shows without it (an old JSON file, a
# run written by hand): no ISA page, not exact, no default marks, its rows
# in the order they are met.  A run writes every fact (finish.run_facts).
NO_FACTS = {"arch_tokens": [], "exact": False, "default_impls": {}, "impl_order": []}


def target_facts(data: dict) -> dict[str, dict]:
    """The single place where target facts enter the output layer: per
    target of the data (its records' targets, and those of its environment
    that were not skipped), the FACTS as its environment entry gives them,
    NO_FACTS' for those it lacks.  The output layer asks no target class:
    a run writes the facts of its targets into its environment
    (finish.run_facts), so that its data says them itself."""
    env = data.get("environment", {}).get("targets", {})
    names = list(dict.fromkeys(r["target"] for r in data["results"]))
    names += [t for t, e in env.items()
              if isinstance(e, dict) and "skipped" not in e and t not in names]
    out = {}
    for name in names:
        entry = env.get(name) if isinstance(env.get(name), dict) else {}
        out[name] = {k: copy.deepcopy(entry[k] if k in entry else NO_FACTS[k]) for k in FACTS}
    return out
