"""The RV32E assembly (src/ascon/rv32e, written by gen.py): the checks of its
own.  tests/asm/test_asm.py's table makes the generic ones (the generated
file current, the KAT of every member on rv32e-qemu, every round count of
the bare permutations against ref, misaligned and in-place buffers);
tests/targets/test_target_qemu.py checks that no rv32e-qemu image names a
register above x15.

Here, read from the generated text: every Ascon member has asm_rv32e; the
.S names only the twelve registers its generator says (no gp or tp, which
interrupt handlers and thread-local storage may read); each round costs the
RV32I shift round's operations plus its two loads and two stores of the
spilled word, and nothing else.
"""
from __future__ import annotations

import re

from tests.helpers import ROOT
from harness.discover import discover

S = ROOT / "src" / "ascon" / "rv32e" / "rv32e.S"
ALLOWED = {"zero", "sp", "ra", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5"}
REGISTERS = re.compile(r"\b(zero|ra|sp|gp|tp|fp|t[0-6]|s[0-9]|s1[01]|a[0-7]|x[0-9]+)\b")


def instructions(text: str) -> list[str]:
    """The instruction lines (comments, labels, directives and the
    preprocessor's lines left out)."""
    out = []
    for line in re.sub(r"/\*.*?\*/", "", text, flags=re.S).splitlines():
        code = line.strip()
        if code and not code.startswith(("#", ".")) and not code.endswith(":"):
            out.append(code)
    return out


def test_every_member_has_asm_rv32e():
    members = {i.scheme for i in discover() if i.name == "bi32" and i.scheme.startswith("ascon")}
    have = {i.scheme for i in discover() if i.name == "asm_rv32e"}
    assert have == members, sorted(members ^ have)
    for i in discover():
        if i.name == "asm_rv32e":
            assert i.architectures == ("rv32e",), (i.scheme, i.architectures)


def test_only_the_twelve_registers():
    used = set()
    found = instructions(S.read_text())
    assert len(found) > 2000
    for ins in found:
        used |= set(REGISTERS.findall(ins.partition(" ")[2]))
    assert used <= ALLOWED, sorted(used - ALLOWED)
    assert {"gp", "tp"} & used == set()


def round_body(path, i: int) -> list[str]:
    text = path.read_text()
    start = text.index(f".Lround{i}:")
    end = text.index(f".Lround{i + 1}:") if i < 11 else text.index("ret", start)
    return instructions(text[start:end])


def test_a_round_costs_the_rv32i_round_and_four_memory_operations():
    shift = ROOT / "src" / "ascon" / "rv32" / "shift.S"
    for i in range(11):
        mine, theirs = round_body(S, i), round_body(shift, i)
        loads = [x for x in mine if x.startswith("lw ")]
        stores = [x for x in mine if x.startswith("sw ")]
        assert len(loads) == 2 and len(stores) == 2, (i, loads, stores)
        assert all(x.endswith("4(sp)") for x in loads + stores), (i, loads, stores)  # SPILL
        assert len(mine) == len(theirs) + 4, (i, len(mine), len(theirs))
        ops = sorted(x.split()[0] for x in mine if not x.startswith(("lw ", "sw ")))
        assert ops == sorted(x.split()[0] for x in theirs), i
