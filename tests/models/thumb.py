"""An interpreter of the Thumb-2 (ARMv7-M) instructions the generated
rounds use, run on the lines of a .S as the generator wrote them: the one
every ARMv7-M test of tests/asm/ executes rounds with.

Modelled: eor, and, bic, orn, orr (two or three operands; an immediate or
a register, optionally shifted: lsl, lsr, ror #k); lsl, lsr, ror by an
immediate or by a register's low byte; bfi; mov, mvn; movw, movt; ldr, ldrb,
str at [rn] or [rn, #imm], optionally post-indexed (`[rn], #imm`).  A flag-setting
form (eors, rors, ...) is its plain form: no test reads the flags.  Any
other instruction fails the test; so does one outside `only` when the
caller names the instructions its code may use.
"""
from __future__ import annotations

import re

from tests.models.bits import M32, ror

ALU = {"eor": lambda a, b: a ^ b, "and": lambda a, b: a & b,
       "bic": lambda a, b: a & ~b & M32, "orn": lambda a, b: (a | ~b) & M32,
       "orr": lambda a, b: a | b}
SHIFTS = {"lsl": lambda v, k: (v << k) & M32, "lsr": lambda v, k: v >> k,
          "ror": lambda v, k: ror(v, k)}
OTHERS = {"bfi", "mov", "mvn", "movw", "movt", "ldr", "ldrb", "str"}
KNOWN = set(ALU) | set(SHIFTS) | OTHERS


def mnemonic(op: str) -> str:
    """The instruction's plain name: eors -> eor, but movs -> mov only
    where the name without the s is an instruction modelled here."""
    return op[:-1] if op not in KNOWN and op.endswith("s") and op[:-1] in KNOWN else op


def value(operand: str, regs: dict) -> int:
    return int(operand[1:], 0) if operand.startswith("#") else regs[operand]


def run_thumb(lines: list[str], regs: dict, mem: dict | None = None,
              only: set[str] | None = None) -> int:
    """Execute the instructions of `lines` (comments after @ and labels are
    skipped) on regs (name -> 32-bit value) and, for the loads and stores, on
    mem (address -> word; ldrb reads the same map).  Returns how many ran."""
    n = 0
    for line in lines:
        code = line.split("@")[0].strip()
        if not code or code.endswith(":"):
            continue
        word, _, rest = code.partition(" ")
        op = mnemonic(word)
        assert op in KNOWN, f"not a modelled instruction: {code!r}"
        assert only is None or op in only, f"not one of {sorted(only)}: {code!r}"
        args = [a.strip() for a in re.split(r",(?![^\[]*\])", rest)]
        if op in ALU:
            shift = args.pop() if args[-1].split()[0] in SHIFTS else None
            if len(args) == 2:  # two operands: rd = rd op operand
                args = [args[0], *args]
            rd, rn, rm = args
            v = value(rm, regs)
            if shift:
                kind, k = shift.split()
                v = SHIFTS[kind](v, int(k.lstrip("#")))
            regs[rd] = ALU[op](regs[rn], v)
        elif op in SHIFTS:
            if len(args) == 2:  # rd = rd shifted
                args = [args[0], *args]
            rd, rm, k = args
            regs[rd] = SHIFTS[op](regs[rm], int(k[1:], 0) if k.startswith("#") else regs[k] & 0xFF)
        elif op == "bfi":  # rd's bits lsb .. lsb+width-1 = rn's low bits
            rd, rn, lsb, width = args[0], args[1], int(args[2][1:], 0), int(args[3][1:], 0)
            field = ((1 << width) - 1) << lsb
            regs[rd] = (regs[rd] & ~field & M32) | ((regs[rn] << lsb) & field)
        elif op in ("mov", "movw"):
            regs[args[0]] = value(args[1], regs)
        elif op == "mvn":
            regs[args[0]] = ~value(args[1], regs) & M32
        elif op == "movt":
            regs[args[0]] = (regs[args[0]] & 0xFFFF) | (value(args[1], regs) << 16)
        else:  # ldr, ldrb, str
            assert mem is not None, f"a memory access in register-only code: {code!r}"
            m = re.fullmatch(r"\[(\w+)(?:, #(\d+))?\]", args[1])
            assert m, code
            addr = regs[m.group(1)] + int(m.group(2) or 0)
            if op == "str":
                mem[addr] = regs[args[0]]
            else:
                regs[args[0]] = mem[addr]
            if len(args) == 3:  # post-indexed
                regs[m.group(1)] += int(args[2].lstrip("#"))
        n += 1
    return n
