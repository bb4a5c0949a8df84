"""A bare permutation's function alone (issue 31): the records' function_*
fields -- its cost as the call through the harness minus a null
permutation's through the same call (same job), its bytes as the code
symbols one traced call ran in -- checked against what the firmware's own
symbol table and the MSP430 simulator's per-instruction cycles say."""
from __future__ import annotations

import json
import subprocess

import pytest

from tests.helpers import ROOT, find_impl, usable_target
from harness.bench import elfpatch


def run(tmp_path, target, scheme, impl):
    usable_target(target)
    out = tmp_path / "r.json"
    r = subprocess.run([str(ROOT / "lwcbench"), "run", "--target", target, "--suite", "permutation",
                        "--scheme", scheme, "--impl", impl, "--json", str(out), "--out", "none",
                        "--no-plots", "--baseline", "none"], cwd=ROOT, capture_output=True,
                       text=True, timeout=900)
    assert r.returncode == 0, r.stdout + r.stderr
    recs = json.loads(out.read_text())["results"]
    assert [x["op"] for x in recs] == ["permutation"]  # the null call has no record of its own
    return recs[0], r.stdout


def symbol_size(target, impl, name):
    elf = usable_target(target).build(find_impl(impl.scheme, impl.name))
    sizes = {n: z for _a, n, z in elfpatch.code_symbols_sized(elf.read_bytes())}
    return sizes[name]


@pytest.mark.parametrize("target,scheme,impl,routine", [
    ("cortex-m3-qemu", "ascon-p6", "asm_armv7m", "ascon_armv7m_permute6"),
    ("avr-atmega128", "ascon-p6", "asm_avr_small", "ascon_avr_permute"),
])
def test_the_assembly_routine_alone(tmp_path, target, scheme, impl, routine):
    """The assembly's routine is the function: its symbol's size, not the
    descriptor's C glue that calls it; the cost below the harness's call."""
    rec, text = run(tmp_path, target, scheme, impl)
    i = find_impl(scheme, impl)
    name = f"{i.namespace}_{routine}"
    assert rec["function_symbols"] == [name]
    assert rec["function_bytes"] == symbol_size(target, i, name) < rec["code_bytes"]
    field = "modelled_cycles" if target.startswith("cortex-m3") else "cycles"
    assert 0 < rec[f"function_{field}"] < rec[field]
    assert rec[f"function_{field}"] > rec[field] - 200  # the harness's path is short
    assert rec["function_method"].startswith("null-difference")
    assert "function bytes (traced)" in text and "(null-difference)" in text


def test_null_difference_agrees_with_the_traced_cycles(tmp_path):
    """On msp430 the tracer records each instruction's cycles: from the
    function's entry to its return they are the null-difference figure
    plus the null function's own return (a few cycles)."""
    rec, _ = run(tmp_path, "msp430", "ascon-p6", "asm_msp430_small")
    assert 0 <= rec["function_traced_cycles"] - rec["function_cycles"] <= 6
    assert 0 <= rec["function_traced_instructions"] - rec["function_instructions"] <= 2
