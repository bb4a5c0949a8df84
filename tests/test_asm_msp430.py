"""The MSP430 assembly of every family (src/<family>/msp430, each written
by its gen.py with src/core/msp430/msp430gen.py) on the msp430 target.

The generated files are what each generator writes now (one source of
truth); every asm_msp430* implementation passes its official KAT on the
simulated MSP430 and builds for nothing else; every round count of each
bare permutation gives the C ref's states.  That lwc-msp430sim's address
traces show no dependence on secrets (except in an implementation whose
folder says in `not-constant-time` why it indexes a table by secrets) is
tests/test_ct.py's check of every implementation on every target.
A family's own checks (an S-box program against its table, a cost read
back from the simulator) are in tests/test_asm_msp430_<family>.py.
"""
from __future__ import annotations

import subprocess

import pytest

from conftest import ROOT, bin_dir, impl_id, load_module, usable_target
from harness.discover import discover

NAME = "msp430"
FAMILIES = sorted(p.parent.parent.name for p in (ROOT / "src").glob("*/msp430/gen.py"))
ASM = [i for i in discover() if i.name.startswith("asm_msp430")]


def generator(family: str):
    return load_module(ROOT / "src" / family / "msp430" / "gen.py", f"{family}_msp430_gen")


@pytest.mark.parametrize("family,variant",
                         [(f, v) for f in FAMILIES for v in generator(f).VARIANTS])
def test_generated_assembly_is_current(family, variant):
    path = ROOT / "src" / family / "msp430" / f"{variant}.S"
    assert path.read_text() == generator(family).generate(variant), (
        f"run python3 src/{family}/msp430/gen.py")


def test_the_assembly_builds_only_for_msp430():
    assert ASM, "no asm_msp430 implementation discovered"
    for i in ASM:
        assert i.builds_for({"msp430"}), impl_id(i)
        assert not i.builds_for({"x86_64", "host", "avr", "armv7m", "rv32", "32bit"}), impl_id(i)


@pytest.mark.parametrize("impl", ASM, ids=impl_id)
def test_kat_on_msp430(impl):
    res = usable_target(NAME).run_job(impl, [])
    assert (res.status, res.kat) == ("ok", "pass"), res.detail


def host_rounds(scheme: str) -> list[str]:
    out = subprocess.run([str(bin_dir("release") / "lwc-bench")], input=f"rounds {scheme} ref\n",
                         capture_output=True, text=True).stdout
    return [ln for ln in out.splitlines() if ln.startswith("k ")]


@pytest.mark.parametrize("impl", [i for i in ASM if i.kind == "perm"], ids=impl_id)
def test_every_round_count_matches_ref(impl):
    """permute_rounds(n) for every n the target's `rounds` request covers
    (one call for a permutation without a round argument): the same states
    as the C ref on the host."""
    want = host_rounds(impl.scheme)
    assert want
    t = usable_target(NAME)
    session = t.open_session(t.build(impl))
    try:
        (r,) = session.run_all([f"rounds {impl.scheme} {impl.name}"], [300.0])
        assert r.ok is not None and r.ok.startswith("ok rounds="), (r.ok, r.error)
        assert [ln for ln in r.lines if ln.startswith("k ")] == want
    finally:
        session.close()
