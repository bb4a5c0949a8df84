"""The RV32 assembly implementations (src/ascon/rv32, written by gen.py).

The generated files are what the generator writes now (one source of
truth); every implementation with assembly passes its official KAT on the
QEMU target of its ISA extension, and builds for Ibex; the draft-Zbp
and draft-Zbt variants, which only Ibex (RV32BFull) executes, pass it there
for a big-endian AEAD of rate 16 and a little-endian hash (and zbt_fsr for
Ascon-80pq's 20-byte key); the .insn encoding of draft Zbt's fsri has the
draft's bit layout and its results on Ibex; every round count of the bare
permutation gives the C ref's states (on QEMU, or on Ibex for the variants
only Ibex executes).  The default `./lwcbench run` checks every one of them
on every target that has its ISA.
"""
from __future__ import annotations


import pytest

from conftest import ROOT, find_impl, load_module, usable_target
from harness.discover import discover

GEN = ROOT / "src" / "ascon" / "rv32" / "gen.py"
ASM = [i for i in discover() if any(s.suffix == ".S" for s in i.sources)
       and i.name.startswith("asm_rv32_")]  # the other ISAs' assembly has its own tests
QEMU_OF = {"rv32zbb": "rv32-zbb-qemu", "rv32zbkb": "rv32-zbkb-qemu", "rv32i": "rv32i-qemu"}



def generator():
    return load_module(GEN, "ascon_rv32_gen")


@pytest.mark.parametrize("variant", generator().VARIANTS)
def test_generated_assembly_is_current(variant):
    text = (GEN.parent / f"{variant}.S").read_text()
    assert text == generator().generate(variant), f"run python3 {GEN.relative_to(ROOT)}"


def test_every_variant_has_all_members():
    # the Ascon members and permutations (ISAP reuses the bi32 backend but is not one)
    members = {i.scheme for i in discover() if i.name == "bi32" and i.scheme.startswith("ascon")}
    for variant in generator().VARIANTS:
        have = {i.scheme for i in ASM if i.name == f"asm_rv32_{variant}"}
        assert have == members, f"{variant}: missing {sorted(members - have)}"


@pytest.mark.parametrize("impl", [i for i in ASM if set(i.architectures) & set(QEMU_OF)],
                         ids=lambda i: f"{i.scheme}/{i.name}")
def test_kat_on_qemu(impl):
    (arch,) = set(impl.architectures) & set(QEMU_OF)
    res = usable_target(QEMU_OF[arch]).run_job(impl, [])
    assert (res.status, res.kat) == ("ok", "pass"), res.detail


# The variants only Ibex (RV32BFull) executes, and the members their KAT
# runs there: a big-endian AEAD of rate 16, Ascon-80pq (its 20-byte key) for
# zbt_fsr, a little-endian hash.
IBEX_ONLY = [("asm_rv32_zbp_bi32", "ascon128a-v12"), ("asm_rv32_zbp_bi32", "ascon-hash256"),
             ("asm_rv32_zbt_fsr", "ascon128a-v12"), ("asm_rv32_zbt_fsr", "ascon80pq-v12"),
             ("asm_rv32_zbt_fsr", "ascon-hash256")]


@pytest.mark.parametrize("name,scheme", IBEX_ONLY, ids=lambda x: x)
def test_ibex_only_kat_on_ibex(name, scheme):
    res = usable_target("rv32-ibex").run_job(find_impl(scheme, name), [])
    assert (res.status, res.kat) == ("ok", "pass"), res.detail


FSRI_TEST = r"""
#include <stdint.h>
#include "bench.h"
static uint32_t s = 0x9e3779b9u;
static uint32_t next(void) { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s; }
static void put(uint32_t v) {
  char b[9]; int i;
  for (i = 0; i < 8; i++) b[i] = "0123456789abcdef"[(v >> (28 - 4 * i)) & 15];
  b[8] = 0;
  bench_put_line(b);
}
#define FSRI(insn) do { uint32_t r; __asm__ volatile( \
    "mv t1, %1\n\tmv t5, %2\n\t" insn "\n\tmv %0, t0" \
    : "=r"(r) : "r"(lo), "r"(hi) : "t0", "t1", "t5"); put(r); } while (0)
void bench_serve(void) {
  int n;
  for (n = 0; n < 4; n++) {
    uint32_t lo = next(), hi = next();
    put(lo); put(hi);
    BODY
  }
}
"""


def test_zbt_fsri_encoding_fields(tmp_path):
    """fsri_insn assembles to the draft's bit layout (bitmanip 0.93; Ibex's
    ibex_decoder.sv): rs3 [31:27], 1 [26], shamt [25:20], rs1 [19:15],
    funct3 101, rd [11:7], OP-IMM (0x13), for every shift amount and for
    rs3 above x15 (where the immediate would read negative)."""
    import subprocess
    regs = {"t0": 5, "t1": 6, "t5": 30, "a7": 17, "s2": 18}
    cases = [("t0", "t1", "t5", k) for k in range(64)] + [("s2", "a7", "t0", 9),
                                                        ("a7", "t5", "s2", 33)]
    src = tmp_path / "fsri.S"
    src.write_text("".join(f"    .insn {generator().fsri_insn(*c)}\n" for c in cases))
    obj, raw = tmp_path / "fsri.o", tmp_path / "fsri.bin"
    subprocess.run(["riscv64-unknown-elf-as", "-march=rv32i", "-o", str(obj), str(src)],
                   check=True)
    subprocess.run(["riscv64-unknown-elf-objcopy", "-O", "binary", "-j", ".text", str(obj),
                    str(raw)], check=True)
    data = raw.read_bytes()
    assert len(data) == 4 * len(cases)
    for n, (rd, rs1, rs3, k) in enumerate(cases):
        word = int.from_bytes(data[4 * n:4 * n + 4], "little")
        want = (regs[rs3] << 27 | 1 << 26 | k << 20 | regs[rs1] << 15 | 5 << 12
                | regs[rd] << 7 | 0x13)
        assert word == want, f"{(rd, rs1, rs3, k)}: {word:08x}, want {want:08x}"


def test_zbt_fsri_encoding_on_ibex(tmp_path):
    """The generator's encoding of draft Zbt's fsri (fsri_insn, an .insn line:
    binutils does not know it) does on Ibex what the draft specification
    says, for every shift amount 0..63: rd = low word of (rs3:rs1) >> k, the
    halves swapped for k >= 32."""
    from test_target_ibex import LOG, SIM, port_firmware
    import subprocess
    body = " ".join(f'FSRI(".insn {generator().fsri_insn("t0", "t1", "t5", k)}");'
                    for k in range(64))
    fw = port_firmware(tmp_path, FSRI_TEST.replace("BODY", body))
    run = subprocess.run([str(SIM), f"--meminit=ram,{fw}"], cwd=tmp_path, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    got = [int(x, 16) for x in (tmp_path / LOG).read_text().split()]
    assert len(got) == 4 * 66, got[-3:]
    for n in range(4):
        lo, hi, *res = got[66 * n:66 * (n + 1)]
        for k, r in enumerate(res):
            a, b, sh = (lo, hi, k) if k < 32 else (hi, lo, k - 32)
            want = ((a >> sh) | (b << (32 - sh))) & 0xffffffff if sh else a
            assert r == want, f"fsri k={k} lo={lo:08x} hi={hi:08x}: got {r:08x}, want {want:08x}"


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
    tool = load_module(ROOT / "tools" / "rv32_bounds.py", "rv32_bounds")
    assert tool.round_sizes("zbkb_bi32") == [74] * 12
    assert tool.round_sizes("zbt_fsr") == [73] * 12  # 20 of them fsri, as .insn
    assert tool.lane_costs("zbkb_bi32") == (12, 10)
    assert tool.rounds("Ascon-128a", 16) == 32 and tool.rounds("Ascon-Hash", 16) == 72
    table = tool.table()
    assert table.count("| `asm_rv32_") == len(generator().VARIANTS)
    assert "| `asm_rv32_zbkb_bi32` | 74 | 37.05 / 39.81 / 37.30 **>** |" in table
