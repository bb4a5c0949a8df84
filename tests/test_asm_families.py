"""The assembly of every family on the ISAs whose generators live in
src/<family>/<isa>/gen.py and are checked the same way: MSP430 (every
family, src/core/msp430/msp430gen.py shared) and ARMv7-M for the families
other than Ascon (Ascon's Cortex-M3 assembly has its own
tests/test_asm_armv7m.py).

The generated files are what each generator writes now (one source of
truth); every implementation of the ISA's name (asm_msp430*, asm_armv7m*)
passes its official KAT on the ISA's simulated target and builds for
nothing else; every round count of each bare permutation gives the C ref's
states.  That the address traces show no dependence on secrets (except in
an implementation whose folder says in `not-constant-time` why it indexes
a table by secrets) is tests/test_ct.py's check of every implementation on
every target.  A family's own checks (an S-box program against its table,
a cost read back from the simulator) are in
tests/test_asm_<isa>_<family>.py.
"""
from __future__ import annotations

import dataclasses
import subprocess

import pytest

from conftest import ROOT, bin_dir, impl_id, load_module, usable_target
from harness.discover import discover


@dataclasses.dataclass(frozen=True)
class Isa:
    folder: str             # src/<family>/<folder>/gen.py
    target: str             # where its implementations run
    prefix: str             # their folder names
    others: frozenset       # architecture tokens they must not build for
    skip: tuple = ()        # families tested elsewhere

    def families(self) -> list[str]:
        return sorted(p.parent.parent.name for p in (ROOT / "src").glob(f"*/{self.folder}/gen.py")
                      if p.parent.parent.name not in self.skip)

    def impls(self) -> list:
        return [i for i in discover() if i.name.startswith(self.prefix)
                and not any(i.scheme.startswith(f) for f in self.skip)]


ISAS = [Isa("msp430", "msp430", "asm_msp430",
            frozenset({"x86_64", "host", "avr", "armv7m", "rv32", "32bit"})),
        Isa("armv7m", "cortex-m3-qemu", "asm_armv7m",
            frozenset({"x86_64", "host", "avr", "msp430", "rv32", "lx106"}), ("ascon",))]


def generator(isa: Isa, family: str):
    return load_module(ROOT / "src" / family / isa.folder / "gen.py",
                       f"{family}_{isa.folder}_gen")


@pytest.mark.parametrize("isa,family,variant",
                         [(isa, f, v) for isa in ISAS for f in isa.families()
                          for v in generator(isa, f).VARIANTS],
                         ids=lambda x: x.folder if isinstance(x, Isa) else str(x))
def test_generated_assembly_is_current(isa, family, variant):
    path = ROOT / "src" / family / isa.folder / f"{variant}.S"
    assert path.read_text() == generator(isa, family).generate(variant), (
        f"run python3 src/{family}/{isa.folder}/gen.py")


@pytest.mark.parametrize("isa", ISAS, ids=lambda isa: isa.folder)
def test_the_assembly_builds_only_for_its_isa(isa):
    assert isa.impls(), f"no {isa.prefix} implementation discovered"
    for i in isa.impls():
        assert i.builds_for({isa.folder}), impl_id(i)
        assert not i.builds_for(set(isa.others)), impl_id(i)


@pytest.mark.parametrize("isa,impl", [(isa, i) for isa in ISAS for i in isa.impls()],
                         ids=lambda x: x.target if isinstance(x, Isa) else impl_id(x))
def test_kat_on_target(isa, impl):
    res = usable_target(isa.target).run_job(impl, [])
    assert (res.status, res.kat) == ("ok", "pass"), res.detail


def host_rounds(scheme: str) -> list[str]:
    out = subprocess.run([str(bin_dir("release") / "lwc-bench")], input=f"rounds {scheme} ref\n",
                         capture_output=True, text=True).stdout
    return [ln for ln in out.splitlines() if ln.startswith("k ")]


@pytest.mark.parametrize("isa,impl", [(isa, i) for isa in ISAS for i in isa.impls()
                                      if i.kind == "perm"],
                         ids=lambda x: x.target if isinstance(x, Isa) else impl_id(x))
def test_every_round_count_matches_ref(isa, impl):
    """permute_rounds(n) for every n the target's `rounds` request covers
    (one call for a permutation without a round argument): the same states
    as the C ref on the host."""
    want = host_rounds(impl.scheme)
    assert want
    t = usable_target(isa.target)
    session = t.open_session(t.build(impl))
    try:
        (r,) = session.run_all([f"rounds {impl.scheme} {impl.name}"], [300.0])
        assert r.ok is not None and r.ok.startswith("ok rounds="), (r.ok, r.error)
        assert [ln for ln in r.lines if ln.startswith("k ")] == want
    finally:
        session.close()
