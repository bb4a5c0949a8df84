"""The windowed-ABI Xtensa assembly (src/ascon/xtensa_win, the LX106
generator's code with windowed entry points) and the way it is built
(src/ascon/xtensa_win/xtensa_windowed.s: the windowed instructions as
macros of the LX106 assembler).  tests/asm/test_asm.py's table makes the
generic checks (generated files current, KATs on xtensa-esp32-qemu, round
counts against ref, misaligned and in-place buffers: tests/asm/align.c).

Here: both variants implement every member; the windowed .S differs from
the LX106 one in its entry points' prologues and epilogues only; the
macros give the ISA's encodings; and the trap they answer, by experiment:
a windowed program the stock assembler builds through them runs on a
windowed core (dc233c), register-window spills included, and stops at its
first windowed instruction on the LX106.
"""
from __future__ import annotations

import difflib
import re
import shutil
import subprocess

import pytest

from tests.helpers import ROOT, load_module
from harness.discover import discover

GEN = ROOT / "src" / "ascon" / "xtensa_win" / "gen.py"
QEMU_DIR = ROOT / "harness" / "platforms" / "qemu"
MACROS_DIR = ROOT / "src" / "ascon" / "xtensa_win"  # the windowed instructions' macros
CC, AS, OBJCOPY = "xtensa-lx106-elf-gcc", "xtensa-lx106-elf-as", "xtensa-lx106-elf-objcopy"
WIN = [i for i in discover() if i.name.startswith("asm_xtensa_win_")]


def generator():
    return load_module(GEN, "ascon_xtensa_win_gen")


def tool(name: str) -> str:
    path = shutil.which(name)
    if not path:
        pytest.fail(f"{name} not found (bash -c '. harness/setup.sh && lwc_setup qemu')")
    return path


def test_every_variant_has_all_members():
    members = {i.scheme for i in discover() if i.name == "ref" and i.scheme.startswith("ascon")}
    for variant in generator().VARIANTS:
        have = {i.scheme for i in WIN if i.name == f"asm_xtensa_win_{variant}"}
        assert have == members, f"{variant}: missing {sorted(members - have)}"
    assert all(i.architectures == ("xtensa_win",) or list(i.architectures) == ["xtensa_win"]
               for i in WIN)
    assert not any(i.builds_for({"lx106"}) for i in WIN)


# what may differ between an LX106 .S and its windowed twin, banner aside
PROLOGUE_EPILOGUE = [
    r"addi +a1, a1, -?\d+",            # call0: the frame
    r"entry +a1, \d+",                 # windowed: the frame
    r"[sl]32i +a1[2-5], a1, \d+",      # call0: a12-a15 saved and restored
    r"ret|retw",
    r"l32i +a12, a1, \d+ +/\* the key \(7th argument\) \*/",
]


def test_only_the_entry_points_differ_from_the_lx106_code():
    gen = generator()
    for variant in gen.VARIANTS:
        lx = (ROOT / "src" / "ascon" / "xtensa" / f"{variant}.S").read_text().splitlines()
        win = (GEN.parent / f"{variant}.S").read_text().splitlines()
        body = lambda lines: lines[next(k for k, ln in enumerate(lines) if "asmgen/sym.h" in ln):]
        changed = [ln[1:].strip() for ln in difflib.unified_diff(body(lx), body(win), n=0, lineterm="")
                   if ln[:1] in "+-" and not ln.startswith(("+++", "---"))]
        odd = [c for c in changed if not any(re.fullmatch(p, c) for p in PROLOGUE_EPILOGUE)]
        assert not odd, (variant, odd[:5])
        text = "\n".join(win)
        # three entry points (permute, blocks, encrypt and decrypt); the
        # rounds' call0 returns stay `ret`, the entry points return by retw
        assert text.count("entry   a1,") == 4 and "addi    a1, a1" not in text
        rounds = text[text.index(".Lround0:"):]
        assert rounds.split("\n.Lround11:")[0] == "\n".join(lx)[
            "\n".join(lx).index(".Lround0:"):].split("\n.Lround11:")[0]


# the encodings the ISA reference manual gives (little-endian byte order)
ENCODINGS = [
    ("entry a1, 32", "364100"),
    ("entry sp, 48", "366100"),
    ("entry a1, 176", "366101"),
    ("retw", "900000"),
    ("retw.n", "1df0"),
    ("callx8 a8", "e00800"),
    ("callx4 a3", "d00300"),
    ("callx12 a12", "f00c00"),
    ("movsp a1, a2", "101200"),
]


def test_the_macros_give_the_isa_encodings(tmp_path):
    src = tmp_path / "enc.s"
    src.write_text('    .include "xtensa_windowed.s"\n    .text\n'
                   + "".join(f"    {insn}\n" for insn, _ in ENCODINGS))
    obj, binary = tmp_path / "enc.o", tmp_path / "enc.bin"
    subprocess.run([tool(AS), f"-I{MACROS_DIR}", "-o", str(obj), str(src)], check=True)
    subprocess.run([tool(OBJCOPY), "-O", "binary", "-j", ".text", str(obj), str(binary)],
                   check=True)
    assert binary.read_bytes().hex() == "".join(e for _, e in ENCODINGS)
    bad = tmp_path / "bad.s"
    bad.write_text('    .include "xtensa_windowed.s"\n    entry a1, 20\n    callx8 b2\n')
    r = subprocess.run([AS, f"-I{MACROS_DIR}", "-o", str(tmp_path / "bad.o"), str(bad)],
                       capture_output=True, text=True)
    assert r.returncode != 0 and "multiple of 8" in r.stderr and "not an address register" in r.stderr
    # the stock assembler alone: the trap the macros answer
    plain = tmp_path / "plain.s"
    plain.write_text("    entry a1, 32\n")
    r = subprocess.run([AS, "-o", str(tmp_path / "plain.o"), str(plain)],
                       capture_output=True, text=True)
    assert r.returncode != 0 and "entry" in r.stderr


DEEP = r"""
long lwc_write(int fd, const void *buf, unsigned long n);
/* 40 nested windowed calls: the 32 (dc233c) or 64 (LX6) physical registers
 * hold 4 or 8 call8 frames, so the window spills and refills */
static int __attribute__((noinline)) depth(int n, volatile int *sink) {
  int v[3] = {n, 2 * n, n + 1};
  if (n == 0)
    return 0;
  int r = depth(n - 1, sink) + v[0] + v[1] + v[2];
  *sink += v[2];
  return r;
}
void bench_serve(void) {
  static volatile int sink;
  char out[9];
  int r = depth(40, &sink);
  for (int i = 0; i < 8; i++)
    out[7 - i] = "0123456789abcdef"[(r >> (4 * i)) & 15];
  out[8] = '\n';
  lwc_write(1, out, 9);
}
"""


def test_a_windowed_program_runs_on_dc233c_not_on_the_lx106(tmp_path):
    """Built by the stock assembler through the macros (the target's own
    start file and flags), with window spills: right on the windowed core,
    an illegal instruction on the LX106."""
    c = tmp_path / "deep.c"
    c.write_text(DEEP)
    elf = tmp_path / "deep.elf"
    flags = ["-mabi=windowed", "-mlongcalls", "-O2", "-ffreestanding",
             "-include", str(MACROS_DIR / "xtensa_windowed.h"), f"-Wa,-I{MACROS_DIR}"]
    subprocess.run([tool(CC), *flags, "-nostdlib", "-static", "-T", str(QEMU_DIR / "link.ld"),
                    str(QEMU_DIR / "start_xtensa_win.S"), str(c), "-o", str(elf)], check=True)
    want = f"{sum(4 * n + 1 for n in range(1, 41)):08x}\n"
    run = lambda cpu: subprocess.run([tool("qemu-xtensa"), "-cpu", cpu, str(elf)],
                                     capture_output=True, text=True, timeout=60)
    ok = run("dc233c")
    assert (ok.returncode, ok.stdout) == (0, want)
    trap = run("lx106")
    assert trap.returncode != 0 and trap.stdout == ""
