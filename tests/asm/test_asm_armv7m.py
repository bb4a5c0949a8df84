"""The ARMv7-M (Cortex-M3) assembly of Ascon (src/ascon/armv7m, written by
gen.py): the checks of its own.  tests/asm/test_asm.py's table makes the generic
ones (generated files current, KATs on cortex-m3-qemu and, for each entry,
on the emulated M-profile MPS2 board; round counts against ref; misaligned,
in-place, forged and incremental calls: tests/asm/align.c).

Here: both variants implement every member and bare permutation; the rounds
as generated (read back from the .S, executed on the host by
tests/models/thumb.py) are Ascon's round on a bit-interleaved state,
for every round of p^12 and random states; so are the rate lanes'
conversions to and from bytes; the whole-message decrypt
refuses a ciphertext shorter than the tag and writes nothing; the fast p^6
called directly costs what the cycle model's table says, instruction by
instruction.
"""
from __future__ import annotations

import random
import subprocess

import pytest

from tests.helpers import ROOT, align_firmware, load_module, usable_target
from tests.models import cm3
from tests.models.perms import ascon_round
from tests.models.thumb import run_thumb
from harness.discover import discover

GEN = ROOT / "src" / "ascon" / "armv7m" / "gen.py"
TARGET = "cortex-m3-qemu"
# Ascon's members and permutations (the other families' asm_armv7m*:
# tests/asm/test_asm.py)
ASM = [i for i in discover()
       if i.name in ("asm_armv7m", "asm_armv7m_small") and i.scheme.startswith("ascon")]
ROUND_OPS = {"eor", "and", "bic", "orn", "orr"}  # a round is these and nothing else


def generator():
    return load_module(GEN, "ascon_armv7m_gen")


def test_every_variant_has_all_members():
    members = {i.scheme for i in discover() if i.name == "ref" and i.scheme.startswith("ascon")}
    assert len(members) == 17  # 11 schemes, Mac, Prf, PrfShort and p12, p8, p6
    for name in ("asm_armv7m", "asm_armv7m_small"):
        have = {i.scheme for i in ASM if i.name == name}
        assert have == members, f"{name}: missing {sorted(members - have)}"
    assert all(i.builds_for({"armv7m"}) and not i.builds_for({"x86_64", "host", "rv32", "lx106"})
               for i in ASM)


# -- the rounds, executed on the host ------------------------------------------
def interleave(v: int) -> tuple[int, int]:
    e = sum(((v >> (2 * k)) & 1) << k for k in range(32))
    o = sum(((v >> (2 * k + 1)) & 1) << k for k in range(32))
    return e, o


@pytest.mark.parametrize("variant", [v for v in generator().VARIANTS
                                     if v not in generator().MASKED])
def test_generated_round_is_ascons_round(variant):
    """Every round as the .S has it (fast: .Lround<i> of the unrolled p^12;
    small: the loop's body after the constant is added) maps random
    interleaved states in r0-r9 to the interleaved output of the
    specification's round."""
    gen = generator()
    text = (GEN.parent / f"{variant}.S").read_text().splitlines()
    rnd = random.Random(16)
    for i in range(12):
        if variant == "fast":
            a = text.index(f".Lround{i}:")
            b = next(k for k in range(a + 1, len(text))
                     if not text[k].strip().startswith("@")
                     and text[k].split()[0].rstrip("s") not in ("eor", "orr", "bic", "orn"))
            body = text[a + 1:b]
        else:
            a = next(k for k, ln in enumerate(text) if "S-box, even slice" in ln)
            b = next(k for k in range(a, len(text)) if text[k].split("@")[0].split() == ["b", ".Lround"])
            body = text[a:b]
        for _ in range(8):
            x = [rnd.getrandbits(64) for _ in range(5)]
            regs = {}
            for k in range(5):
                regs[gen.E[k]], regs[gen.O[k]] = interleave(x[k])
            if variant == "small":  # the loop adds the constant from its table
                _, ce, co = gen.round_constant(i)
                regs[gen.E[2]] ^= ce
                regs[gen.O[2]] ^= co
            for t in gen.T:
                regs[t] = rnd.getrandbits(32)
            assert run_thumb(body, regs, only=ROUND_OPS) > 0
            want = [interleave(v) for v in ascon_round(x, i)]
            got = [(regs[gen.E[k]], regs[gen.O[k]]) for k in range(5)]
            assert got == want, f"{variant} round {i}"


def lane_words(v: int, big_endian: bool) -> tuple[int, int]:
    """A lane's 8 bytes (v1.2: big-endian, SP 800-232: little) as the two
    words LDR reads."""
    b = v.to_bytes(8, "big" if big_endian else "little")
    return int.from_bytes(b[:4], "little"), int.from_bytes(b[4:], "little")


@pytest.mark.parametrize("big_endian", [False, True], ids=["sp800-232", "v1.2"])
def test_lane_conversions_are_the_interleaving(big_endian):
    """The rate lanes' conversions as generated (executed on the host):
    unzip takes a lane's two words as loaded to its interleaved halves, in
    place or into other registers (the temporary one of them, as the
    decrypting block loop has it), zip takes them back; 19 operations
    each, no REV for the big-endian lanes."""
    gen = generator()
    rnd = random.Random(32)
    for _ in range(64):
        v = rnd.getrandbits(64)
        w0, w1 = lane_words(v, big_endian)
        want = interleave(v)
        for regs_in, t, dst in ((("r5", "r6"), "r7", None), (("r6", "r7"), "r0", ("r0", "r8")),
                                (("r6", "r7"), "r8", ("r0", "r8")), (("r5", "r6"), "r7", ("r1", "r9"))):
            a = gen.Asm("test")
            e, o = gen.unzip(a, *regs_in, t, big_endian, dst)
            regs = {regs_in[0]: w0, regs_in[1]: w1, t: 0, **({r: 0 for r in dst} if dst else {})}
            assert run_thumb(a.lines, regs) == 19
            assert (regs[e], regs[o]) == want
        a = gen.Asm("test")
        x0, x1 = gen.zip_(a, "r0", "r8", "r7", big_endian)
        regs = {"r0": want[0], "r8": want[1], "r7": 0}
        assert run_thumb(a.lines, regs, only={"eor", "and", "lsr", "bfi"}) == 19
        assert (regs[x0], regs[x1]) == (w0, w1)


def test_round_costs():
    """52 operations a round (2 constant, 2 x 15 S-box, 20 linear), all
    one-cycle ALU operations in the cycle model."""
    text = (GEN.parent / "fast.S").read_text()
    one = text[text.index(".Lround3:"):text.index(".Lround4:")]
    ops = [ln.split()[0] for ln in one.splitlines()[1:] if ln.strip() and not ln.strip().startswith("@")]
    assert len(ops) == 52
    assert set(ops) <= {"eor", "eors", "orr", "orrs", "bic", "bics", "orn"}


# -- on the target ----------------------------------------------------------------
# -- the permutation alone, called directly, priced by the cycle model ----------------
def direct_call_cost(tmp_path, variant: str, rounds: int, ws: int,
                     entry: str = "ascon_armv7m_permute") -> tuple[int, int]:
    """(instructions, modelled cycles) of one `bl ascon_armv7m_permute` with
    its two argument moves (tests/models/cm3.py): the permutation without
    the benchmark's dispatch, as the seed's figures are."""
    return cm3.direct_call_cost(tmp_path, f"ascon/armv7m/{variant}.S", entry, rounds, ws,
                                "#define ASCON_LITTLE_ENDIAN 1\n")


def test_direct_call_of_p6_costs_the_hand_count(tmp_path):
    """fast p^6 called directly, 0 wait states: mov, movs, bl (1 + 1 + 3),
    push of 9 (10), mov, rsb (2), ldm of 10 (11), tbh (2 + P = 4, + 1: its
    target a 32-bit instruction at a halfword address), 6 rounds of 52,
    stm of 10 (11), pop of 9 with pc (1 + 9 + P = 12): 368 modelled cycles,
    under the seed's 387 (the lwcbench figure adds the harness's dispatch); the
    p^6 entry the bare permutation calls: 362."""
    insns, cycles = direct_call_cost(tmp_path, "fast", 6, 0)
    assert insns == 3 + 5 + 6 * 52 + 2
    assert cycles == 5 + 10 + 2 + 11 + 5 + 6 * 52 + 11 + 12 == 368
    # the p^6 entry (no rsb, no tbh: it falls into round 6): 361
    insns, cycles = direct_call_cost(tmp_path, "fast", 6, 0, "ascon_armv7m_permute6")
    assert insns == 3 + 3 + 6 * 52 + 2
    assert cycles == 5 + 10 + 1 + 11 + 6 * 52 + 11 + 12 == 362


SHORT_C = r"""
#include <stdint.h>
#include <string.h>
#include "bench.h"
#include "lwc.h"
/* the whole-message decrypt of a ciphertext shorter than its tag: refused
 * with LWC_ERR_ARG, nothing written */
void bench_serve(void) {
  const lwc_aead *const *a = lwc_aead_registry;
  static uint8_t key[32], nonce[16], ct[16], out[32];
  unsigned n, bad = 0, k;
  for (n = 0; n < 16; n++) {
    memset(out, 0x5a, sizeof out);
    if ((*a)->decrypt(out, ct, n, ct, 0, nonce, key) != LWC_ERR_ARG) bad++;
    for (k = 0; k < sizeof out; k++) if (out[k] != 0x5a) bad++;
  }
  bench_put_line(bad == 0 && (*a)->decrypt != NULL ? "short ok" : "short bad");
}
"""


@pytest.mark.parametrize("impl", [i for i in ASM if i.kind == "aead" and i.name == "asm_armv7m"],
                         ids=lambda i: i.scheme)
def test_whole_decrypt_refuses_a_ciphertext_shorter_than_the_tag(tmp_path, impl):
    src = tmp_path / "short.c"
    src.write_text(SHORT_C)
    fw = align_firmware(TARGET, tmp_path, impl, src)
    run = subprocess.run(usable_target(TARGET).qemu_argv(fw), capture_output=True, text=True,
                         timeout=60, stdin=subprocess.DEVNULL)
    assert run.stdout.splitlines()[-1:] == ["short ok"], (run.stdout[-300:], run.stderr[-300:])
