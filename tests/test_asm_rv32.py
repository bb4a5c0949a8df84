"""The RV32 assembly implementations (src/ascon/rv32, written by gen.py).

The generated files are what the generator writes now (one source of
truth); every implementation with assembly passes its official KAT on the
QEMU target of its ISA extension, and builds for Ibex; the draft-Zbp
variant, which only Ibex (RV32BFull) executes, passes it there for a
big-endian AEAD of rate 16 and a little-endian hash; every round count of
the bare permutation gives the C ref's states.  The default `./lwcbench run` checks every one of them
on every target that has its ISA.
"""
from __future__ import annotations

import importlib.util

import pytest

from conftest import ROOT, find_impl, usable_target
from harness.discover import discover

GEN = ROOT / "src" / "ascon" / "rv32" / "gen.py"
ASM = [i for i in discover() if any(s.suffix == ".S" for s in i.sources)]
QEMU_OF = {"rv32zbb": "rv32-zbb-qemu", "rv32zbkb": "rv32-zbkb-qemu", "rv32i": "rv32i-qemu"}


def generator():
    spec = importlib.util.spec_from_file_location("ascon_rv32_gen", GEN)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("variant", generator().VARIANTS)
def test_generated_assembly_is_current(variant):
    text = (GEN.parent / f"{variant}.S").read_text()
    assert text == generator().generate(variant), f"run python3 {GEN.relative_to(ROOT)}"


def test_every_variant_has_all_members():
    members = {i.scheme for i in discover() if i.name == "ref"}
    for variant in generator().VARIANTS:
        have = {i.scheme for i in ASM if i.name == f"asm_rv32_{variant}"}
        assert have == members, f"{variant}: missing {sorted(members - have)}"


@pytest.mark.parametrize("impl", [i for i in ASM if set(i.architectures) & set(QEMU_OF)],
                         ids=lambda i: f"{i.scheme}/{i.name}")
def test_kat_on_qemu(impl):
    (arch,) = set(impl.architectures) & set(QEMU_OF)
    res = usable_target(QEMU_OF[arch]).run_job(impl, [])
    assert (res.status, res.kat) == ("ok", "pass"), res.detail


@pytest.mark.parametrize("scheme", ["ascon128a-v12", "ascon-hash256"])
def test_zbp_kat_on_ibex(scheme):
    res = usable_target("rv32-ibex").run_job(find_impl(scheme, "asm_rv32_zbp_bi32"), [])
    assert (res.status, res.kat) == ("ok", "pass"), res.detail


@pytest.mark.parametrize("impl", ASM, ids=lambda i: f"{i.scheme}/{i.name}")
def test_builds_for_ibex(impl):
    """Ibex's -march has more extensions than the QEMU targets (gcc 12
    once failed on one of those combinations): every one builds."""
    assert usable_target("rv32-ibex").build(impl).is_file()


def rounds_of(session, impl) -> list[str]:
    (r,) = session.run_all([f"rounds {impl.scheme} {impl.name}"], [120.0])
    assert r.ok is not None and r.ok.startswith("ok rounds=12"), (r.ok, r.error)
    return [ln for ln in r.lines if ln.startswith("k ")]


@pytest.mark.parametrize("impl", [i for i in ASM if i.kind == "perm" and i.scheme == "ascon-p12"],
                         ids=lambda i: i.name)
def test_every_round_count_matches_ref(impl):
    """permute_rounds(n) for n = 1..12 (the modes use 6, 8 and 12 only; odd
    n enter the unrolled rounds with x2 inverted): the same states as the
    C ref on the host."""
    import subprocess
    from conftest import bin_dir
    host = subprocess.run([str(bin_dir("release") / "lwc-bench")],
                          input="rounds ascon-p12 ref\n", capture_output=True, text=True).stdout
    want = [ln for ln in host.splitlines() if ln.startswith("k ")]
    assert len(want) == 12
    arch = set(impl.architectures) & set(QEMU_OF)
    t = usable_target(QEMU_OF[arch.pop()] if arch else "rv32-ibex")
    session = t.open_session(t.build(impl))
    try:
        assert rounds_of(session, impl) == want
    finally:
        session.close()


def test_bounds_follow_the_generated_code():
    """tools/rv32_bounds.py (the README's statement of what bounds each cell)
    counts the rounds in the generated files and the byte handling in what
    gen.py emits: a bit-interleaved round is 74 instructions (2 constant,
    2 x 16 S-box, 5 x 8 linear layer), and Zbkb moves a big-endian lane in
    with 2 loads, 2 rev8, 2 unzip, pack, packu (3) and 2 xors."""
    spec = importlib.util.spec_from_file_location("rv32_bounds", ROOT / "tools" / "rv32_bounds.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.round_sizes("zbkb_bi32") == [74] * 12
    assert tool.lane_costs("zbkb_bi32") == (12, 10)
    assert tool.rounds("Ascon-128a", 16) == 32 and tool.rounds("Ascon-Hash", 16) == 72
    table = tool.table()
    assert table.count("| `asm_rv32_") == len(generator().VARIANTS)
    assert "| `asm_rv32_zbkb_bi32` | 74 | 37.05 / 39.81 / 37.30 **>** |" in table
