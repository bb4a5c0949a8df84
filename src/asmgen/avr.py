"""What the AVR assembly generators share (src/<family>/avr/gen.py): the emitter with AVR's comment
column, multi-byte shifts and rotations, the stack frame, and a function's
entry and exit under the avr-gcc ABI (r2-r17 and r28-r29 saved by the
callee, r1 = 0 on return, arguments from r25:r24 down)."""
from __future__ import annotations

from src.asmgen.emitter import Emitter, function, restore_return

SPL, SPH, SREG = "0x3d", "0x3e", "0x3f"  # I/O addresses (ATmega128)


class Asm(Emitter):
    COMMENT = "{text:<36}; {comment}"


def rol1(a: Asm, w: list[str], comment: str) -> None:
    """w <<<= 1 (w[0] the least significant byte; r1 = 0)."""
    a("lsl", w[0], comment=comment)
    for r in w[1:]:
        a("rol", r)
    a("adc", w[0], "r1", comment=f"bit {8 * len(w) - 1} into bit 0 (r1 = 0)")


def ror1(a: Asm, w: list[str], comment: str) -> None:
    """w >>>= 1."""
    a("bst", w[0], 0, comment=comment)
    a("lsr", w[-1])
    for r in reversed(w[:-1]):
        a("ror", r)
    a("bld", w[-1], 7, comment=f"bit 0 into bit {8 * len(w) - 1}")


def shl(a: Asm, w: list[str], comment: str) -> None:
    """w <<= 1 (no rotation)."""
    a("lsl", w[0], comment=comment)
    for r in w[1:]:
        a("rol", r)


def set_sp(a: Asm, pair: str, comment: str) -> None:
    """SP = the pair r28:r29 (or another low:high pair), interrupts as they were."""
    lo, hi = pair
    a("in", "r0", SREG)
    a("cli")
    a("out", SPH, hi)
    a("out", SREG, "r0", comment=comment)
    a("out", SPL, lo)


def frame(a: Asm, size: int, comment: str) -> None:
    """SP -= size (a negative size frees), through Y = the new SP."""
    a("in", "r28", SPL)
    a("in", "r29", SPH)
    a("subi", "r28", size & 0xFF)
    a("sbci", "r29", 0 if size > 0 else 0xFF)
    set_sp(a, ("r28", "r29"), comment)


def wipe_frame(a: Asm, size: int, counter: str) -> None:
    """Zero the size bytes above SP (size a multiple of 4), X walking them."""
    a("in", "r26", SPL)
    a("in", "r27", SPH)
    a("adiw", "r26", 1)
    a("ldi", counter, size // 4)
    a.raw("9:")
    for _ in range(4):
        a("st", "X+", "r1")
    a("dec", counter)
    a("brne", "9b")


def head(a: Asm, sym: str, saved: list[str], args: str) -> None:
    """A global function's label and the registers it saves."""
    function(a, sym, args, saved)


def tail(a: Asm, sym: str, saved: list[str]) -> None:
    restore_return(a, saved)
