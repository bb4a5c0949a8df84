"""./lwcbench psa-overhead: the PSA Crypto API layer against the direct lwc
call in one program (harness/bench/psa_overhead.py, harness/psa_bench/), on
the host and on a QEMU target (cortex-m3-qemu: instructions).
Few samples: these tests check the plumbing, the JSON and the table, never
the timing goals (those are the benchmark's to print, not a test's)."""
from __future__ import annotations

import json

from tests.helpers import lwcbench, usable_target


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


def test_on_a_qemu_target_the_figures_are_instructions(tmp_path):
    """cortex-m3-qemu: the program linked as the target's firmware, counted
    by QEMU's plugin; exact counts (the samples agree), the PSA path never
    cheaper than the direct call, and the table names instructions, not
    cycles, with no goal (the issue's are the host's)."""
    usable_target("cortex-m3-qemu")
    out = tmp_path / "psa.json"
    r = lwcbench("psa-overhead", "--target", "cortex-m3-qemu", "--samples", "3",
                 "--json", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads(out.read_text())
    env = data["environment"]
    assert env["target"] == "cortex-m3-qemu" and env["samples"] == 3
    assert env["metric"].startswith("instructions") and "no cycles" in env["metric"]
    assert set(env["selected"]) == {"ascon-aead128", "ascon-hash256"}
    assert env["counter_read_instructions"] > 0
    cells = {(x["op"], x["path"], x["bytes"]) for x in data["rows"]}
    assert cells == {(op, path, size) for op in ("encrypt", "hash")
                     for path in ("direct", "psa") for size in (16, 32768)}
    for x in data["rows"]:
        assert 0 < x["min_instructions"] == x["median_instructions"] == x["max_instructions"]
    for q in data["overhead"]:
        assert q["overhead_instructions_per_call"] >= 0, q
        assert (q["bytes"] == 32768) == ("overhead_percent_per_byte" in q)
    lines = r.stdout.splitlines()
    assert "instructions" in lines[0] and "no cycles" in lines[0]
    assert len(lines) == 6 and all("insn" in ln for ln in lines[2:])
    assert "goal" not in r.stdout and " ns" not in r.stdout


def test_a_target_without_an_instruction_count_is_refused():
    for target, status in (("rv32-ibex", 2), ("no-such-target", 2)):
        r = lwcbench("psa-overhead", "--target", target)
        assert r.returncode == status and target in r.stderr, (target, r.stderr)
    r = lwcbench("psa-overhead", "--target", "cortex-m3-qemu", "--samples", "32")
    assert r.returncode == 2, r.stderr
