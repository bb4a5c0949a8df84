"""What the RISC-V assembly generators share (src/ascon/rv32/gen.py and
src/ascon/rv64/gen.py: RV32 and RV64 have the same base instructions and
calling convention): the loop over a message's full rate blocks."""
from __future__ import annotations

from collections.abc import Callable

from src.asmgen.emitter import Emitter


def full_blocks(a: Emitter, op: str, tag: str, ptr: str, n: str, out: str, tmp: str,
                block: Callable[[], None]) -> None:
    """Every full block while n >= rate (ASCON_RATE of the scheme header),
    each block(): the duplex of one block (ptr, and out unless absorbing,
    at the block), then p^b (the generator's local routine .Lpb); ptr,
    out and n advance.  tmp: a free register for the comparisons."""
    a("sltiu", tmp, n, "ASCON_RATE")
    a("bnez", tmp, f".L{tag}_last")
    a.label(f".L{tag}_block")
    block()
    a("jal", "ra", ".Lpb", comment="p^b")
    a("addi", ptr, ptr, "ASCON_RATE")
    if op != "absorb":
        a("addi", out, out, "ASCON_RATE")
    a("addi", n, n, "-ASCON_RATE")
    a("sltiu", tmp, n, "ASCON_RATE")
    a("beqz", tmp, f".L{tag}_block")
    a.label(f".L{tag}_last")
