"""What the ARMv6-M (Cortex-M0/M0+, Thumb-1) assembly generators share
(src/<family>/armv6m/gen.py): the emitter, which refuses what ARMv6-M
lacks, and a function's symbol, entry and exit.

ARMv6-M is the 16-bit Thumb subset (plus BL, MSR, MRS and the barriers):
every data-processing instruction but MOV, ADD and CMP reaches only the low
registers r0-r7, sets the flags (EORS, ANDS, ...) and has two operands, the
destination being the first source (EORS rd, rm: rd ^= rm); the shifts by
an immediate (LSLS, LSRS, ASRS) are the only three-operand forms (rd = rm
shifted); ROR exists by a register only (RORS rd, rs); there is no
barrel-shifted operand, no BIC/ORN with three operands, no IT block, no
MOVW/MOVT, no LDRD/STRD, no CBZ, and LDM/STM take only low registers
(LDM/STM with write-back, base not in the list; PUSH/POP add LR/PC).
Every word access must be aligned (a Cortex-M0 faults otherwise).  The
high registers r8-r12 and lr are reached by MOV (and ADD, CMP): the
generators keep state there, one MOV in or out.  Asm checks each
instruction it is given against these rules, so that a generator cannot
write Thumb-2 by mistake; the assembler (-mcpu=cortex-m0) refuses the rest.
"""
from __future__ import annotations

import re

from src.asmgen.emitter import Emitter

LOW = [f"r{k}" for k in range(8)]  # r0-r7: what most of Thumb-1 reaches
HIGH = ["r8", "r9", "r10", "r11", "r12", "lr"]

# two-operand, flag-setting, low registers only: rd = rd op rm
ALU2 = {"eors", "ands", "orrs", "bics", "mvns", "adcs", "sbcs", "rors", "muls", "tst", "negs"}
SHIFTS = {"lsls", "lsrs", "asrs"}  # rd = rm shifted by #imm (or rd = rd shifted by rs)
BRANCHES = {"b", "bl", "bx", "blx", "beq", "bne", "bhs", "blo", "bhi", "bls", "bcs", "bcc",
            "bmi", "bpl", "bge", "blt", "bgt", "ble"}
MEMORY = {"ldr", "str", "ldrb", "strb", "ldrh", "strh", "ldm", "stm", "ldmia", "stmia",
          "push", "pop"}
OTHER = {"mov", "movs", "adds", "subs", "add", "sub", "cmp", "rev", "rev16", "uxtb", "uxth",
         "adr", "nop", "svc"}
KNOWN = ALU2 | SHIFTS | BRANCHES | MEMORY | OTHER


def _regs(text: str) -> list[str]:
    return re.findall(r"\b(r\d+|lr|sp|pc|ip)\b", text)


class Asm(Emitter):
    """Thumb-1 in unified syntax; each instruction checked as it is emitted
    (the module's docstring): a register out of reach, a third operand or an
    instruction ARMv6-M lacks raises ValueError naming the line."""
    COMMENT = "{text:<40}@ {comment}"

    def note(self, text: str) -> None:
        self.lines.append(f"    @ {text}")

    def __call__(self, op: str, *args, comment: str = "") -> None:
        self.check(op, [str(a) for a in args])
        super().__call__(op, *args, comment=comment)

    def check(self, op: str, args: list[str]) -> None:
        line = f"{op} {', '.join(args)}"
        if op not in KNOWN:
            raise ValueError(f"not an ARMv6-M instruction here: {line}")
        regs = [r for a in args for r in _regs(a)]
        if op in ALU2:
            if len(args) != 2 or any(r not in LOW for r in regs):
                raise ValueError(f"two low registers: {line}")
        elif op in SHIFTS:
            ok = (len(args) == 3 and args[2].startswith("#") and all(r in LOW for r in regs)) or \
                 (len(args) == 2 and all(r in LOW for r in regs))
            if not ok:
                raise ValueError(f"a shift of low registers: {line}")
        elif op == "movs":
            if len(args) != 2 or any(r not in LOW for r in regs) or \
                    (args[1].startswith("#") and not 0 <= int(args[1][1:], 0) <= 255):
                raise ValueError(f"movs: low registers or #0..255: {line}")
        elif op in ("adds", "subs"):
            if any(r not in LOW for r in regs if r != "sp"):
                raise ValueError(f"low registers: {line}")
        elif op in ("rev", "rev16", "uxtb", "uxth"):
            if len(args) != 2 or any(r not in LOW for r in regs):
                raise ValueError(f"low registers: {line}")
        elif op in ("ldm", "stm", "ldmia", "stmia"):
            base, wb = args[0].rstrip("!"), args[0].endswith("!")
            listed = _regs(",".join(args[1:]))
            if any(r not in LOW for r in listed) or base not in LOW:
                raise ValueError(f"ldm/stm of low registers: {line}")
            if wb == (base in listed) or (op.startswith("stm") and not wb):
                raise ValueError(f"write-back exactly when the base is not listed: {line}")
        elif op in ("push", "pop"):
            extra = {"push": "lr", "pop": "pc"}[op]
            if any(r not in LOW and r != extra for r in regs):
                raise ValueError(f"{op}: low registers and {extra}: {line}")
        elif op in ("ldr", "str", "ldrb", "strb", "ldrh", "strh"):
            if any(r not in LOW and r not in ("sp", "pc") for r in regs) or "], #" in line \
                    or "!" in line:
                raise ValueError(f"no write-back, low registers: {line}")

    def start(self) -> None:
        """What follows the banner in every ARMv6-M .S: the symbol header,
        Thumb in unified syntax for the Cortex-M0, .text."""
        self.raw('#include "asmgen/sym.h"')
        self.raw("")
        self.raw("    .syntax unified")
        self.raw("    .cpu cortex-m0")
        self.raw("    .thumb")
        self.raw("    .text")

    def func(self, name: str) -> str:
        sym = f"LWC_SYM({name})"
        self.raw(f"    .global {sym}")
        self.raw(f"    .type {sym}, %function")
        self.raw("    .thumb_func")
        self.raw("    .balign 4")
        self.label(sym)
        return sym

    def endfunc(self, sym: str) -> None:
        self.raw(f"    .size {sym}, .-{sym}")

    def save(self, extra: str = "") -> None:
        """Entry under the AAPCS: r4-r7 and lr pushed (with `extra`, low
        registers pushed first, e.g. the state pointer), then r8-r11 through
        r4-r7: 9 words (+ extra) on the stack."""
        a = self
        a("push", "{" + (extra + ", " if extra else "") + "r4-r7, lr}")
        for lo, hi in zip(("r4", "r5", "r6", "r7"), ("r8", "r9", "r10", "r11")):
            a("mov", lo, hi)
        a("push", "{r4-r7}", comment="r8-r11")

    def restore(self, extra: str = "") -> None:
        """The exit of save(): r8-r11, then r4-r7 and the return (`extra`:
        the low registers save() pushed first popped into these)."""
        a = self
        a("pop", "{r4-r7}")
        for lo, hi in zip(("r4", "r5", "r6", "r7"), ("r8", "r9", "r10", "r11")):
            a("mov", hi, lo)
        a("pop", "{" + (extra + ", " if extra else "") + "r4-r7, pc}")
