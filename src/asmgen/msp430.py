"""What the MSP430 assembly generators share (src/<family>/msp430/gen.py):
the emitter with MSP430's comment column and a function's entry and exit
under the MSP430 EABI as clang-14 implements it (arguments in r12, r13,
r14, r15, the result in r12; r4-r10 saved by the callee, r11-r15 free).

A generator imports it as

    from src.asmgen.msp430 import Asm, head, tail, size, text, write
"""
from __future__ import annotations

from src.asmgen.emitter import Emitter, function, restore_return

ARGS = ["r12", "r13", "r14", "r15"]
SAVED = ["r4", "r5", "r6", "r7", "r8", "r9", "r10"]


class Asm(Emitter):
    COMMENT = "{text:<36}; {comment}"

    def note(self, text: str) -> None:
        self.lines.append(f"    ; {text}")


def head(a: Asm, sym: str, saved: list[str], args: str) -> None:
    """A global function's label, what its arguments are, the registers it saves."""
    assert all(r in SAVED for r in saved), saved
    function(a, sym, args, saved, ".p2align 1")


def tail(a: Asm, saved: list[str]) -> None:
    """Restore what head saved and return."""
    restore_return(a, saved)
