"""What the ARMv7-M (Thumb-2) assembly generators share
(src/<family>/armv7m/gen.py): the emitter, with the comment column, the
16-bit two-operand forms of ALU operations, EOR with a rotated operand, and
a function's global symbol (LWC_SYM of sym.h: the LWC_NAMESPACE
prefix) and size."""
from __future__ import annotations

from src.asmgen.emitter import ThumbEmitter

LOW = {f"r{k}" for k in range(8)}  # r0-r7: the registers of 16-bit Thumb


class Asm(ThumbEmitter):
    """Thumb-2, unified syntax.  op2() picks the flag-setting 16-bit form of
    a two-operand ALU operation where Thumb has one (rd == rn, low
    registers, no shift): the rounds keep no flags alive."""
    COMMENT = "{text:<44}@ {comment}"

    def note(self, text: str) -> None:
        self.lines.append(f"    @ {text}")

    def alu(self, op: str, rd: str, rn: str, rm: str, shift: str = "", comment: str = "") -> None:
        if not shift and rd == rm and rd != rn and op in ("eor", "and", "orr"):
            rn, rm = rm, rn  # commutative: rd = rd op rn, the two-operand form
        if not shift and rd == rn and rd in LOW and rm in LOW and op in ("eor", "and", "orr", "bic"):
            self(op + "s", rd, rm, comment=comment)
        elif shift:
            self(op, rd, rn, f"{rm}, {shift}", comment=comment)
        else:
            self(op, rd, rn, rm, comment=comment)

    def eor_ror(self, rd: str, rn: str, rm: str, k: int, comment: str = "") -> None:
        """rd = rn ^ (rm >>> k), k taken mod 32 (0: no shift)."""
        k %= 32
        self.alu("eor", rd, rn, rm, f"ror #{k}" if k else "", comment=comment)

