"""The Xtensa LX106 assembly implementations (src/ascon/xtensa, written by gen.py).

The generated files are what the generator writes now (one source of
truth); both variants implement every member and bare permutation; every
one passes its official KAT on xtensa-lx106-qemu; every round count of the
bare permutation gives the C ref's states; misaligned buffers (Xtensa's
word loads and stores need 4-aligned addresses: the assembly copies such blocks, keys,
nonces and tags through its frame), in-place calls, forgeries and the
incremental C calls over the assembly's blocks agree with the one-shot
call on aligned buffers (tests/xtensa/align.c, run on the target); the
linear layer's schedule is the search's optimum; tools/xtensa_bounds.py
counts the generated rounds.  The default `./lwcbench run` checks them too.
"""
from __future__ import annotations

import subprocess

import pytest

from conftest import ROOT, align_firmware, load_module, usable_target
from harness.discover import discover

GEN = ROOT / "src" / "ascon" / "xtensa" / "gen.py"
TARGET = "xtensa-lx106-qemu"
ASM = [i for i in discover() if i.name.startswith("asm_xtensa_")]



def generator():
    return load_module(GEN, "ascon_xtensa_gen")


@pytest.mark.parametrize("variant", generator().VARIANTS)
def test_generated_assembly_is_current(variant):
    text = (GEN.parent / f"{variant}.S").read_text()
    assert text == generator().generate(variant), f"run python3 {GEN.relative_to(ROOT)}"


def test_every_variant_has_all_members():
    members = {i.scheme for i in discover() if i.name == "ref" and i.scheme.startswith("ascon")}
    for variant in generator().VARIANTS:
        have = {i.scheme for i in ASM if i.name == f"asm_xtensa_{variant}"}
        assert have == members, f"{variant}: missing {sorted(members - have)}"
        assert all(i.builds_for({"lx106"}) and not i.builds_for({"x86_64", "host", "rv32"})
                   for i in ASM)


@pytest.mark.parametrize("impl", ASM, ids=lambda i: f"{i.scheme}/{i.name}")
def test_kat_on_qemu(impl):
    res = usable_target(TARGET).run_job(impl, [])
    assert (res.status, res.kat) == ("ok", "pass"), res.detail


@pytest.mark.parametrize("impl", [i for i in ASM if i.kind == "perm" and i.scheme == "ascon-p12"],
                         ids=lambda i: i.name)
def test_every_round_count_matches_ref(impl):
    """permute_rounds(n), n = 1..12 (odd n enter the unrolled rounds at an
    odd round, with other lanes held inverted): the C ref's states."""
    from conftest import bin_dir
    host = subprocess.run([str(bin_dir("release") / "lwc-bench")],
                          input="rounds ascon-p12 ref\n", capture_output=True, text=True).stdout
    want = [ln for ln in host.splitlines() if ln.startswith("k ")]
    assert len(want) == 12
    t = usable_target(TARGET)
    session = t.open_session(t.build(impl))
    try:
        (r,) = session.run_all([f"rounds {impl.scheme} {impl.name}"], [120.0])
        assert r.ok is not None and r.ok.startswith("ok rounds=12"), (r.ok, r.error)
        assert [ln for ln in r.lines if ln.startswith("k ")] == want
    finally:
        session.close()


ALIGN = [i for i in ASM if i.kind != "perm"]


@pytest.mark.parametrize("impl", ALIGN, ids=lambda i: f"{i.scheme}/{i.name}")
def test_misaligned_in_place_and_incremental(tmp_path, impl):
    fw = align_firmware(TARGET, tmp_path, impl)
    t = usable_target(TARGET)
    run = subprocess.run(t.qemu_argv(fw), capture_output=True, text=True, timeout=300,
                         stdin=subprocess.DEVNULL)
    lines = run.stdout.splitlines()
    assert run.returncode == 0, (run.returncode, run.stderr[-500:], lines[-5:])
    assert lines and lines[-1].startswith("checked "), lines[-5:]
    n, nbad = (int(x, 16) for x in lines[-1].split()[1:3])
    assert nbad == 0 and not [ln for ln in lines if ln.startswith("bad")], lines[:10]
    assert n >= (40 if impl.kind == "hash" else 1000)


def test_linear_layer_schedule_costs():
    """The hard-coded lane order and forms (`gen.py --search` finds them, in
    minutes: too slow for here) cost 8 ssai a round for fsr (the thesis'
    Xtensa round: 9) and 12 for bi32, every round ending with the SAR the
    next one starts with; the generated rounds have exactly that many."""
    gen = generator()
    assert gen.cyclic_cost("fsr", *gen.FSR_SCHEDULE) == 8
    assert gen.cyclic_cost("bi32", *gen.BI32_SCHEDULE) == 12
    for variant, n in (("fsr", 8), ("bi32", 12)):
        text = (GEN.parent / f"{variant}.S").read_text()
        one = text[text.index(".Lround3:"):text.index(".Lround4:")]
        assert one.count("ssai") == n


def test_bounds_follow_the_generated_code():
    tool = load_module(ROOT / "tools" / "xtensa_bounds.py", "xtensa_bounds")
    assert tool.round_sizes("fsr") == [82] * 12  # 2 constant, 2 x 16 S-box, 40 + 8 ssai
    assert tool.round_sizes("bi32") == [87] * 12  # 4, 32, 39 + 12 ssai
    # a big-endian lane in: 2 loads, 2 swaps of 4, 2 xors (bi32: + the
    # routine's 4 delta swaps a word, their masks and the packing); out
    assert tool.lane_costs("fsr") == (12, 10) and tool.lane_costs("bi32") == (70, 68)
    assert tool.rounds("ascon128a-v12", 16) == 32 and tool.rounds("asconhash-v12", 16) == 72
    assert tool.table(None).count("| `asm_xtensa_") == len(generator().VARIANTS)


def test_published_esp32_cycles_are_labelled_not_compared():
    """The thesis' ESP32 figures are cycles on another core: the report
    prints them beside our instructions, says so in the title, and computes
    no difference (harness/bench/published/thesis-xtensa.json)."""
    from harness.bench import report
    recs = [{"target": TARGET, "scheme": "ascon128a-v12", "impl": "asm_xtensa_fsr", "op": op,
             "adlen": 0, "mlen": 32768, "instructions": 44.0 * 32768, "cycles": None,
             "samples": 1, "status": "ok"} for op in ("encrypt", "decrypt")]
    (title, groups), = [s for s in report.published_sections(recs) if s[0].startswith(TARGET)]
    assert title.startswith(f"{TARGET}: instructions per byte, measured here / cycles per byte "
                            "published in the thesis (not measured here)")
    cells = {h: c for rows in groups for h, c in zip(rows[0], rows[1])}
    assert cells["impl (published row)"] == "asm_xtensa_fsr (asm_xtensa_fsr)"
    assert cells["ascon128a-v12"] == "44.00 / 51.01"
