"""The AVR assembly permutations (src/<family>/avr, each written by its
gen.py) on avr-atmega128: the checks of their own.  tests/asm/test_asm.py's
table makes the generic ones (generated files current, KATs on the
simulated ATmega128, round counts against ref); that lwc-simavr's address
traces show no dependence on secrets is tests/bench/test_ct.py's.

Here: every Ascon member has both variants; Ascon's S-box, as the generator
emits it, computes the specification's table on every input; every firmware
fits the ATmega128's flash and its 4 KiB of RAM with the runtime's stack;
asm_avr_small's permutation is within the paper's bytes.
"""
from __future__ import annotations

import subprocess

import pytest

from tests.helpers import ROOT, load_module
from tests.models.perms import ascon_sbox
from harness.discover import discover

NAME = "avr-atmega128"
ASM = [i for i in discover() if i.name.startswith("asm_avr")]


def generator(family: str):
    return load_module(ROOT / "src" / family / "avr" / "gen.py", f"{family}_avr_gen")


def test_every_ascon_member_has_both_variants():
    members = {i.scheme for i in discover() if i.name == "lowsize" and
               (i.scheme.startswith("ascon") or "ascon" in i.scheme)}
    assert len(members) == 17  # 11 schemes, Mac, Prf, PrfShort and p12, p8, p6
    for name in ("asm_avr", "asm_avr_small"):
        have = {i.scheme for i in ASM if i.name == name and i.scheme in members}
        assert have == members, f"{name}: missing {sorted(members - have)}"


def test_ascon_sbox_program_matches_the_table():
    """The 20 instructions of gen.sbox on every pair of 5-bit inputs, one
    in the even bits of the five bytes, one in the odd bits: all 32 inputs
    in every bit position."""
    prog, out = generator("ascon").sbox_program()
    assert len(prog) == 20
    ops = {"mov": lambda d, s: s, "eor": lambda d, s: d ^ s, "or": lambda d, s: d | s,
           "and": lambda d, s: d & s, "com": lambda d: ~d & 0xFF}
    for v in range(32):
        for w in range(32):
            x = [0x55 * ((v >> i) & 1) | 0xAA * ((w >> i) & 1) for i in range(5)]
            regs = {f"x{i}": x[i] for i in range(5)} | {"t0": 0, "t1": 0, "t2": 0}
            for op, *args in prog:
                regs[args[0]] = ops[op](*(regs[a] for a in args))
            assert [regs[r] for r in out] == ascon_sbox(x, 8), (v, w)


def ops_of(impl) -> list[str]:
    """The requests that reach deepest into the stack (test_target_avr's
    test_stack_reserve_covers_the_deepest_jobs)."""
    if impl.kind == "perm":
        return ["permutation 0 0"]
    if impl.kind == "aead":
        return ["encrypt 16 16", "decrypt 16 16"]
    if impl.kind == "auth":
        return ["auth 0 16"]
    return ["hash 0 16"]


@pytest.mark.parametrize("impl", ASM, ids=lambda i: f"{i.scheme}/{i.name}")
def test_fits_the_ram_with_the_runtime(impl):
    """The KAT, the stack probes and a traced operation of every AVR
    assembly implementation stay within the stack the RAM budget keeps
    for the runtime (the description's stack_reserve, lwc-simavr's red zone
    included): the assembly's frames (pushes, Xoodoo's 64-byte and
    Sparkle's 24-byte buffers) do not need a larger reserve."""
    import re
    from harness.bench import kat
    from harness.bench.targets import TARGETS
    from harness.bench.targets.avr import RED_ZONE, SIM
    from tests.helpers import firmware
    reqs = [kat.request(impl)]
    reqs += [f"stack {impl.scheme} {impl.name} {op}" for op in ops_of(impl)]
    reqs += [f"ct {impl.scheme} {impl.name} {op} 1" for op in ops_of(impl)]
    r = subprocess.run([str(SIM), "-s", str(firmware(NAME, impl.scheme, impl.name))],
                       input=("\n".join(reqs) + "\nquit\n").encode(), capture_output=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr[-500:]
    oks = [ln for ln in r.stdout.decode().splitlines() if ln.startswith("ok ")]
    assert len(oks) == len(reqs) + 1, r.stdout[-500:]
    high = re.search(rb"stack high-water (\d+) bytes", r.stderr)
    assert high and int(high[1]) + RED_ZONE <= TARGETS[NAME].stack_reserve, r.stderr[-500:]


# The permutation paper's size-optimized AVR Ascon: 836 bytes of code.
ASCON_SMALL_BYTES = 836


def test_ascon_small_permutation_fits_the_papers_bytes():
    """asm_avr_small's permutation (the function alone, as avr-nm sizes it
    in the firmware's ELF) stays within the paper's 836 bytes: the registers
    it keeps lanes in (more pushes, the entry and exit copies) must not
    push it over."""
    import shutil
    from tests.helpers import firmware
    elf = firmware(NAME, "ascon-p6", "asm_avr_small")
    nm = shutil.which("avr-nm")
    assert nm, "avr-nm missing"
    out = subprocess.run([nm, "-S", str(elf)], capture_output=True, text=True, check=True).stdout
    sizes = [int(f[1], 16) for f in (ln.split() for ln in out.splitlines())
             if len(f) == 4 and f[3].endswith("asm_avr_small_ascon_avr_permute")]
    assert len(sizes) == 1, out[-500:]
    assert sizes[0] <= ASCON_SMALL_BYTES, sizes[0]
