"""The results folder's data files: results.json and results.csv.

results.json is the run's data as the contract gives it (results,
environment, failures), indented one space; results.csv the same records,
one line each, in the columns CSV_FIELDS names.  Both are written whole or
not at all (files.write_atomic).
"""
from __future__ import annotations

import csv
import io
import json
import pathlib

from harness.bench.files import write_atomic

CSV_FIELDS = ["target", "scheme", "impl", "op", "adlen", "mlen", "cycles", "instructions",
              "cycles_per_byte", "instructions_per_byte", "cycles_min", "cycles_max",
              "instructions_min", "instructions_max", "modelled_cycles",
              "modelled_cycles_per_byte", "wait_states", "samples", "mode", "kat", "status",
              "code_bytes", "stack_bytes", "table_bytes", "table_lookup_cycles", "sets", "error"]


def to_csv(records: list[dict]) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, CSV_FIELDS, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    for r in records:
        w.writerow({**r, "sets": " ".join(r.get("sets", []))})
    return buf.getvalue()


def write_json(path: str, data: dict) -> None:
    """The run's data as results.json (or --json FILE)."""
    write_atomic(pathlib.Path(path), (json.dumps(data, indent=1) + "\n").encode())
