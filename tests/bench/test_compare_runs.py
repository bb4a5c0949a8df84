"""tools/compare_runs.py, the measure of a refactor: every count a record
carries (a cycle model's and the function-alone ones too) differs or not."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.helpers import ROOT

RECORD = {"target": "cortex-m0-qemu", "scheme": "ascon-p6", "impl": "asm_armv6m", "op": "perm",
          "adlen": 0, "mlen": 0, "cycles": None, "modelled_cycles": 500, "instructions": 400,
          "function_modelled_cycles": 450, "function_instructions": 380, "function_bytes": 600,
          "code_bytes": 700, "stack_bytes": 40, "kat": "pass"}


def compare(tmp_path, after: dict) -> subprocess.CompletedProcess:
    for name, rec in (("before", RECORD), ("after", after)):
        (tmp_path / f"{name}.json").write_text(json.dumps({"results": [rec]}))
    return subprocess.run([sys.executable, str(ROOT / "tools" / "compare_runs.py"),
                           str(tmp_path / "before.json"), str(tmp_path / "after.json")],
                          capture_output=True, text=True)


def test_identical_records_compare_equal(tmp_path):
    r = compare(tmp_path, dict(RECORD))
    assert r.returncode == 0 and "0 difference(s)" in r.stdout, r.stdout + r.stderr


@pytest.mark.parametrize("field", ["modelled_cycles", "instructions", "function_modelled_cycles",
                                   "function_instructions", "function_bytes", "code_bytes",
                                   "stack_bytes"])
def test_a_changed_count_is_a_difference(tmp_path, field):
    r = compare(tmp_path, {**RECORD, field: RECORD[field] + 1})
    assert r.returncode == 1 and field in r.stdout, r.stdout + r.stderr
