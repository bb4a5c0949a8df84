"""The Loop option's instructions as macros of
src/ascon/xtensa_win/xtensa_windowed.s (the LX106 assembler has no LOOP),
for the windowed target's stand-in for an ESP32 toolchain's
<xtensa/coreasm.h> (floop).

Checked here: the encodings, and the reach of a LOOP (near: a body of at
most 256 bytes; far: 257 bytes to 32 KiB, the form the Xtensa assembler
relaxes a LOOP to) refused on the wrong side.
"""
from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.helpers import ROOT

MACROS_DIR = ROOT / "src" / "ascon" / "xtensa_win"
AS, OBJCOPY = "xtensa-lx106-elf-as", "xtensa-lx106-elf-objcopy"


def tool(name: str) -> str:
    path = shutil.which(name)
    if not path:
        pytest.fail(f"{name} not found (bash -c '. harness/setup.sh && lwc_setup qemu')")
    return path


def assemble(tmp_path, body: str, name: str = "t") -> subprocess.CompletedProcess:
    src = tmp_path / f"{name}.s"
    src.write_text('    .include "xtensa_windowed.s"\n    .text\n' + body)
    return subprocess.run([tool(AS), f"-I{MACROS_DIR}", "-o", str(tmp_path / f"{name}.o"),
                           str(src)], capture_output=True, text=True)


def text_bytes(tmp_path, body: str) -> str:
    r = assemble(tmp_path, body)
    assert r.returncode == 0, r.stderr
    binary = tmp_path / "t.bin"
    subprocess.run([tool(OBJCOPY), "-O", "binary", "-j", ".text", str(tmp_path / "t.o"),
                    str(binary)], check=True)
    return binary.read_bytes().hex()


def test_loop_encodings(tmp_path):
    # BRI8: 76, r s (r 8 loop, 9 loopnez, 10 loopgtz), label - (PC + 4)
    assert text_bytes(tmp_path, "    loop a3, 1f\n    .fill 6, 1, 0\n1:\n") \
        == "768305" + "00" * 6
    assert text_bytes(tmp_path, "    loopnez a10, 1f\n    .fill 256, 1, 0\n1:\n") \
        == "769aff" + "00" * 256
    assert text_bytes(tmp_path, "    loopgtz a2, 1f\n    .fill 1, 1, 0\n1:\n") == "76a200" + "00"
    # the far form, a body of 262 bytes (0x106 = 256 + 6): loop a3 to the
    # body (24 bytes on), rsr a3 LEND, wsr a3 LBEG, addi a3 6, addmi a3 0x100,
    # wsr a3 LEND, isync, rsr a3 LCOUNT, addi a3 1
    far = "768317" "300103" "300013" "32c306" "32d301" "300113" "002000" "300203" "32c301"
    assert text_bytes(tmp_path, "    loop a3, 1f, far\n    .fill 262, 1, 0\n1:\n") \
        == far + "00" * 262
    # a body of 400 bytes: addi -112 (0x90), addmi 0x200
    assert text_bytes(tmp_path, "    loop a9, 1f, far\n    .fill 400, 1, 0\n1:\n")[:30] \
        == "768917" "900103" "900013" "92c990" "92d902"


@pytest.mark.parametrize("body, bytes_, error", [
    ("loop a3, 1f", 257, "too large for field"),          # beyond LOOP's reach
    ("loop a3, 1f, far", 256, "too large for field"),     # the assembler keeps LOOP
    ("loop a3, 1f, far", 32640, "too large for field"),   # beyond ADDMI's reach
    ("loop a1, 1f, far", 300, "stack pointer"),
    ("loop a3, 1f, wide", 8, "near (the default) or far"),
    ("loop b3, 1f", 8, "not an address register"),
])
def test_loops_on_the_wrong_side_of_their_reach_do_not_assemble(tmp_path, body, bytes_, error):
    r = assemble(tmp_path, f"    {body}\n    .fill {bytes_}, 1, 0\n1:\n")
    assert r.returncode != 0 and error in r.stderr, r.stderr


def test_loops_at_the_edges_of_their_reach_assemble(tmp_path):
    for ok in ("loop a3, 1f\n    .fill 256, 1, 0", "loop a3, 1f, far\n    .fill 257, 1, 0",
               "loop a3, 1f, far\n    .fill 32639, 1, 0"):
        r = assemble(tmp_path, f"    {ok}\n1:\n")
        assert r.returncode == 0, (ok, r.stderr)
    r = assemble(tmp_path, "1:  nop\n    loop a3, 1b\n")  # a label behind: no loop
    assert r.returncode != 0 and "too large for field" in r.stderr
