"""./lwcbench psa-overhead: the PSA Crypto API layer against the direct lwc
call in one program (harness/bench/psa_overhead.py, harness/psa_bench/).
Few samples: these tests check the plumbing, the JSON and the table, never
the timing goals (those are the benchmark's to print, not a test's)."""
from __future__ import annotations

import json

from tests.helpers import lwcbench


def test_figures_in_the_json_and_both_goals_in_the_table(tmp_path):
    out = tmp_path / "psa.json"
    r = lwcbench("psa-overhead", "--samples", "5", "--json", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads(out.read_text())
    assert data["kind"] == "psa-overhead"
    env = data["environment"]
    assert env["samples"] == 5 and "wall clock" in env["metric"]
    assert set(env["selected"]) == {"ascon-aead128", "ascon-hash256"}
    cells = {(x["op"], x["path"], x["bytes"]) for x in data["rows"]}
    assert cells == {(op, path, size) for op in ("encrypt", "hash")
                     for path in ("direct", "psa") for size in (16, 32768)}
    assert all(x["median_ns"] > 0 and 0 < x["min_ns"] <= x["median_ns"] for x in data["rows"])
    over = {(q["op"], q["bytes"]): q for q in data["overhead"]}
    assert set(over) == {(op, size) for op in ("encrypt", "hash") for size in (16, 32768)}
    for (op, size), q in over.items():
        key = "overhead_ns_per_call" if size == 16 else "overhead_percent_per_byte"
        assert isinstance(q[key], float) and isinstance(q["met"], bool), q
        assert q["direct_ns"] > 0 and q["psa_ns"] > 0
    assert "at most 150 ns per call" in r.stdout and "at most 5% per byte" in r.stdout
    assert "wall clock" in r.stdout
    for line in r.stdout.splitlines()[2:]:
        assert line.rstrip().endswith((": met", ": not met")), line


def test_a_bad_sample_count_is_a_usage_error():
    for bad in ("0", "2", "many"):
        r = lwcbench("psa-overhead", "--samples", bad)
        assert r.returncode == 2, (bad, r.stdout + r.stderr)
