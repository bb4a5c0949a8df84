"""The MSP430 instructions the generated code uses, and their cycles: the
one model every MSP430 test of tests/asm/ runs generated code with.

Msp430 holds 16-bit registers (reading one never written fails the test),
the carry and, when the caller gives one, a word memory (address -> word):
without it a memory operand fails the test, as register-only code must not
have one.  cycles() is SLAU049's count (tables 3-14 to 3-16) of one line.
"""
from __future__ import annotations

import re

from tests.models.bits import M16


def operands(ln: str) -> tuple[str, list[str]]:
    """A line's mnemonic and its operands."""
    op, _, rest = ln.partition(" ")
    return op, [x.strip() for x in rest.split(",")] if rest.strip() else []


def instructions(lines: list[str]):
    """(line, mnemonic, operands) of each instruction among a source's lines
    (comments already cut): directives, preprocessor and comment lines and
    labels are passed over."""
    for ln in lines:
        if ln and not ln.startswith((".", "#", "/*", "*", "LWC_")) and not ln.endswith(":"):
            yield (ln, *operands(ln))


# dst = f(src) and dst = f(dst, src), the carry untouched
MOVES = {"mov": lambda s: s, "mov.b": lambda s: s & 0xFF}
TWO = {"xor": lambda d, s: d ^ s, "xor.b": lambda d, s: (d ^ s) & 0xFF, "and": lambda d, s: d & s,
       "bic": lambda d, s: d & ~s & M16, "bis": lambda d, s: d | s}


class Msp430:
    """Run lines of MSP430 assembly (comments after ; and labels and
    directives are skipped; `ret` ends the run) on r, c and mem."""

    def __init__(self, regs: dict[str, int] | None = None, mem: dict[int, int] | None = None):
        self.r: dict[str, int] = dict(regs or {})
        self.mem = mem
        self.c = 0

    def addr(self, s: str) -> int:
        m = re.fullmatch(r"(-?\d+)\((\w+)\)", s)
        assert m, s
        return (int(m.group(1)) + self.r[m.group(2)]) & M16

    def read(self, s: str) -> int:
        if s.startswith("#"):
            return int(s[1:], 0) & M16
        if s.startswith("@") or "(" in s:
            assert self.mem is not None, f"a memory operand in register-only code: {s}"
        if s.startswith("@"):
            reg = s[1:].rstrip("+")
            v = self.mem[self.r[reg]]
            if s.endswith("+"):
                self.r[reg] += 2
            return v
        if "(" in s:
            return self.mem[self.addr(s)]
        return self.r[s]

    def write(self, d: str, v: int) -> None:
        if "(" in d:
            assert self.mem is not None, f"a memory operand in register-only code: {d}"
            self.mem[self.addr(d)] = v & M16
        else:
            self.r[d] = v & M16

    def run(self, lines: list[str], only: set[str] | None = None) -> None:
        for ln in lines:
            ln = ln.split(";")[0].strip()
            if not ln or ln.endswith(":") or ln.startswith("."):
                continue
            op, args = operands(ln)
            assert only is None or op in only, f"not one of {sorted(only)}: {ln!r}"
            if op == "ret":
                return
            d = args[-1]
            if op in MOVES:
                self.write(d, MOVES[op](self.read(args[0])))
            elif op in TWO:
                v = self.read(args[0])
                self.write(d, TWO[op](self.read(d), v))
            elif op == "add":
                v = self.read(args[0])
                s = self.read(d) + v
                self.write(d, s)
                self.c = s >> 16
            elif op == "inv":
                self.r[d] ^= M16
            elif op == "swpb":
                v = self.r[d]
                self.r[d] = (v >> 8 | v << 8) & M16
            elif op == "bit":
                self.c = int(self.read(args[0]) & self.r[d] != 0)
            elif op in ("rra", "rrc"):
                v = self.r[d]
                top = (v & 0x8000) if op == "rra" else self.c << 15
                self.r[d] = v >> 1 | top
                self.c = v & 1
            elif op in ("rla", "rlc", "adc"):
                v = self.r[d]
                s = (v << 1 if op != "adc" else v) + (self.c if op != "rla" else 0)
                self.r[d] = s & M16
                self.c = s >> 16
            else:
                raise AssertionError(f"model lacks {op}")


# the constant generator's sources: no extension word, one cycle as a register
CONSTANTS = {"#0", "#1", "#2", "#4", "#8", "#-1"}
# the emulated instructions as the core executes them: their source operand
EMULATED = {"inv": "#-1", "adc": "#0", "tst": "#0", "inc": "#1"}


def cycles(ln: str) -> int:
    """SLAU049's cycles (tables 3-14 to 3-16) of one line the generators emit."""
    op, args = operands(ln)
    if op.startswith("j"):
        return 2
    if op == "ret":
        return 3
    if op == "call":
        return 5
    if op in ("rra", "rrc", "swpb"):
        assert re.fullmatch(r"r\d+", args[0]), ln
        return 1
    if op in EMULATED:
        args = [EMULATED[op], *args]
    elif op in ("rla", "rlc"):  # add (addc) dst, dst
        args = [args[0], *args]
    s, d = args
    src = 1 if (re.fullmatch(r"r\d+", s) or s in CONSTANTS) else 3 if "(" in s else 2
    return src + (3 if "(" in d else 0)
