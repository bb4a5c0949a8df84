"""The ARMv7-M (Cortex-M3) assembly of the families other than Ascon
(src/<family>/armv7m, each written by its gen.py; Ascon's has its own
tests/test_asm_armv7m.py) on cortex-m3-qemu.

The generated files are what each generator writes now (one source of
truth); every asm_armv7m* implementation of these families passes its
official KAT on cortex-m3-qemu and builds for nothing else; every round
count of each bare permutation gives the C ref's states.  The
constant-time check of every implementation on every target is
tests/test_ct.py's; a family's own checks are in
tests/test_asm_armv7m_<family>.py.
"""
from __future__ import annotations

import subprocess

import pytest

from conftest import ROOT, bin_dir, impl_id, load_module, usable_target
from harness.discover import discover

NAME = "cortex-m3-qemu"
FAMILIES = sorted(p.parent.parent.name for p in (ROOT / "src").glob("*/armv7m/gen.py")
                  if p.parent.parent.name != "ascon")
ASM = [i for i in discover() if i.name.startswith("asm_armv7m") and not i.scheme.startswith("ascon")]


def generator(family: str):
    return load_module(ROOT / "src" / family / "armv7m" / "gen.py", f"{family}_armv7m_gen")


@pytest.mark.parametrize("family,variant",
                         [(f, v) for f in FAMILIES for v in generator(f).VARIANTS])
def test_generated_assembly_is_current(family, variant):
    path = ROOT / "src" / family / "armv7m" / f"{variant}.S"
    assert path.read_text() == generator(family).generate(variant), (
        f"run python3 src/{family}/armv7m/gen.py")


def test_the_assembly_builds_only_for_armv7m():
    assert ASM, "no asm_armv7m implementation of these families discovered"
    for i in ASM:
        assert i.builds_for({"armv7m"}), impl_id(i)
        assert not i.builds_for({"x86_64", "host", "avr", "msp430", "rv32", "lx106"}), impl_id(i)


@pytest.mark.parametrize("impl", ASM, ids=impl_id)
def test_kat_on_cortex_m3(impl):
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
