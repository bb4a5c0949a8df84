"""The windowed target's stand-in for an ESP32 toolchain's <xtensa/coreasm.h>
(src/ascon/xtensa_win/compat/xtensa/coreasm.h: abi_entry, abi_return,
floop, floopend) and the Loop option's instructions under it, macros of
src/ascon/xtensa_win/xtensa_windowed.s (the LX106 assembler has no LOOP).

ESP32 assembly from outside the tree (ascon-c's asm_esp32, through
./lwcbench run --add) includes the header; the target puts its folder on
every compile's include path.  Checked here: the encodings; the reach of a
LOOP (near: a body of at most 256 bytes; far: 257 bytes to 32 KiB, the
form the Xtensa assembler relaxes a LOOP to) refused on the wrong side;
and, on qemu-xtensa -cpu dc233c, a floop whose body is longer than 256
bytes runs its count of passes, with the instructions the assembler's far
form costs (9, once) counted by the target's plugin, and abi_entry's frame
putting the 7th and 8th arguments where a windowed caller leaves them.
"""
from __future__ import annotations

import shutil
import subprocess

import pytest

from harness.bench.targets import TARGETS
from harness.bench.targets.qemu import PLUGIN
from tests.helpers import ROOT

MACROS_DIR = ROOT / "src" / "ascon" / "xtensa_win"
COMPAT = MACROS_DIR / "compat"
QEMU_DIR = ROOT / "harness" / "platforms" / "qemu"
CC, AS, OBJCOPY = "xtensa-lx106-elf-gcc", "xtensa-lx106-elf-as", "xtensa-lx106-elf-objcopy"


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


def test_the_target_puts_the_stand_in_on_the_include_path():
    flags = TARGETS["xtensa-esp32-qemu"]().cflags
    assert "-Isrc/ascon/xtensa_win/compat" in flags
    assert (COMPAT / "xtensa" / "coreasm.h").is_file()


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


SPIN_S = r"""
#include <xtensa/coreasm.h>
        .text
/* unsigned spin(unsigned n): n passes of a 91-instruction, 272-byte body
 * (beyond LOOP's 256 bytes); the passes counted in a4 */
        .globl spin
        .align 4
spin:
        abi_entry 0, 0
        movi a4, 0
        floop a2, Lspin
        addi a4, a4, 1
        .rept 90
        xor a5, a5, a4
        .endr
        floopend a2, Lspin
        mov a2, a4
        abi_return

/* unsigned none(unsigned n): the same call, no loop */
        .globl none
        .align 4
none:
        abi_entry 0, 0
        abi_return

/* unsigned args78_<L>_<C>(a, b, c, d, e, f, g, h): g + 2 h, read from the
 * caller's stack at the top of abi_entry L, C's frame: L rounded up to
 * 16, plus 16 (no call, call4), 32 (call8) or 48 (call12) */
        .macro args78 loc, call, frame
        .globl args78_\loc\()_\call
        .align 4
args78_\loc\()_\call:
        abi_entry \loc, \call
        l32i a2, a1, \frame
        l32i a3, a1, \frame + 4
        addx2 a2, a3, a2
        abi_return
        .endm
        args78 0, 0, 16
        args78 96, 4, 112
        args78 20, 8, 64
        args78 40, 12, 96
"""

MAIN_C = r"""
#include <stdint.h>
long lwc_write(int fd, const void *buf, unsigned long n);
void lwc_count(uint64_t *slot);
unsigned spin(unsigned n), none(unsigned n);
#define ARGS78 (unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned)
unsigned args78_0_0 ARGS78, args78_96_4 ARGS78, args78_20_8 ARGS78, args78_40_12 ARGS78;
static char *put(char *o, uint32_t v) { /* hexadecimal: no division helper linked */
  for (int i = 28; i >= 0; i -= 4)
    *o++ = "0123456789abcdef"[(v >> i) & 15];
  *o++ = ' ';
  return o;
}
/* one path for every call measured: not inlined, nothing known of f or n */
static uint64_t __attribute__((noinline, noclone)) counted(unsigned (*f)(unsigned),
                                                           unsigned n, unsigned *r) {
  uint64_t a = 0x544e554f4343574cull, b = 0x544e554f4343574cull; /* the plugin's marker */
  lwc_count(&a);
  *r = f(n);
  lwc_count(&b);
  return b - a;
}
void bench_serve(void) {
  static char out[256];
  char *o = out;
  unsigned r, r0;
  uint64_t base = counted(none, 0, &r0);
  static const unsigned ns[] = {1, 2, 7, 300};
  for (int i = 0; i < 4; i++) {
    uint64_t c = counted(spin, ns[i], &r);
    o = put(o, r);
    o = put(o, (uint32_t)(c - base));
  }
  o = put(o, args78_0_0(0, 0, 0, 0, 0, 0, 5, 11));
  o = put(o, args78_96_4(0, 0, 0, 0, 0, 0, 6, 12));
  o = put(o, args78_20_8(0, 0, 0, 0, 0, 0, 7, 13));
  o = put(o, args78_40_12(0, 0, 0, 0, 0, 0, 8, 14));
  *o++ = '\n';
  lwc_write(1, out, (unsigned long)(o - out));
}
"""


def test_a_floop_longer_than_256_bytes_runs_its_passes_on_dc233c(tmp_path):
    """Built as the target builds (its flags: the macros' prelude and the
    stand-in's folder), run on its core with its counting plugin: n passes
    for n = 1, 2, 7, 300; each call costs 11 + 91 n instructions more than
    an empty function's (movi, the far form's 9 once, mov; 91 a pass)."""
    if not PLUGIN.is_file():
        pytest.fail(f"{PLUGIN} not built (bash -c '. harness/setup.sh && lwc_setup qemu')")
    t = TARGETS["xtensa-esp32-qemu"]()
    (tmp_path / "spin.S").write_text(SPIN_S)
    (tmp_path / "main.c").write_text(MAIN_C)
    elf = tmp_path / "spin.elf"
    subprocess.run([tool(CC), *t.cflags, "-nostdlib", "-static", "-T", str(QEMU_DIR / "link.ld"),
                    str(QEMU_DIR / "start_xtensa_win.S"), str(tmp_path / "spin.S"),
                    str(tmp_path / "main.c"), "-o", str(elf)], check=True, cwd=ROOT)
    r = subprocess.run([tool(t.qemu), "-cpu", t.cpu, "-plugin", str(PLUGIN), str(elf)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr[-400:]
    got = [int(v, 16) for v in r.stdout.split()]
    want = []
    for n in (1, 2, 7, 300):
        want += [n, 11 + 91 * n]
    want += [5 + 2 * 11, 6 + 2 * 12, 7 + 2 * 13, 8 + 2 * 14]
    assert got == want
