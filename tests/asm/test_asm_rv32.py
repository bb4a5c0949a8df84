"""The RV32 assembly implementations (src/ascon/rv32, written by gen.py): the
checks of their own.  tests/asm/test_asm.py's table makes the generic ones
(generated files current, the KAT on the QEMU target of each ISA extension
and, for the draft-Zbp and draft-Zbt variants only Ibex executes, on Ibex;
every one built for Ibex; round counts against ref).

Here: every variant implements every member and bare permutation; the .insn
encoding of draft Zbt's fsri has the draft's bit layout and its results on
Ibex; tools/rv32_bounds.py counts the generated rounds.
"""
from __future__ import annotations

from tests.helpers import ROOT, load_module
from tests.targets.test_target_ibex import LOG, PUT_HEX, SIM, port_firmware
from harness.discover import discover

GEN = ROOT / "src" / "ascon" / "rv32" / "gen.py"
ASM = [i for i in discover() if any(s.suffix == ".S" for s in i.sources)
       and i.name.startswith("asm_rv32_")]  # the other ISAs' assembly has its own tests


def generator():
    return load_module(GEN, "ascon_rv32_gen")


def test_every_variant_has_all_members():
    # the Ascon members and permutations (ISAP reuses the bi32 backend but is not one)
    members = {i.scheme for i in discover() if i.name == "bi32" and i.scheme.startswith("ascon")}
    gen = generator()
    for variant in (v for v in gen.VARIANTS if v not in gen.MASKED):
        have = {i.scheme for i in ASM if i.name == f"asm_rv32_{variant}"}
        assert have == members, f"{variant}: missing {sorted(members - have)}"


FSRI_TEST = PUT_HEX + r"""
static uint32_t s = 0x9e3779b9u;
static uint32_t next(void) { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s; }
#define FSRI(insn) do { uint32_t r; __asm__ volatile( \
    "mv t1, %1\n\tmv t5, %2\n\t" insn "\n\tmv %0, t0" \
    : "=r"(r) : "r"(lo), "r"(hi) : "t0", "t1", "t5"); put_hex("", r, 8); } while (0)
void bench_serve(void) {
  int n;
  for (n = 0; n < 4; n++) {
    uint32_t lo = next(), hi = next();
    put_hex("", lo, 8); put_hex("", hi, 8);
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


def test_bounds_follow_the_generated_code():
    """tools/rv32_bounds.py (docs/design/asm-rv32.md's statement of what bounds each cell)
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
    gen = generator()
    assert table.count("| `asm_rv32_") == len(gen.VARIANTS) - len(gen.MASKED)
    assert "| `asm_rv32_zbkb_bi32` | 74 | 37.05 / 39.81 / 37.30 **>** |" in table
