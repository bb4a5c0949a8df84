"""What Ascon's RISC-V generators share (rv32/gen.py and rv64/gen.py: RV32
and RV64 have the same base instructions and calling convention): the
modes' loops over a message's full rate blocks (in the whole-message AEAD
and in the blocks entry) and the whole-message AEAD's associated-data and
message phases.  Ascon's, not the toolkit's: they name its scheme
parameters (ASCON_RATE, ASCON_PB) and its domain bit."""
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


def aead_phases(a: Emitter, full_blocks, last_block, domain_bit: Callable[[bool], None],
                ad: str, adlen: str, msg: str, mlen: str, op: str) -> None:
    """The middle of a whole-message AEAD (Ascon's RV32 and RV64): the
    associated data if any (full blocks, the padded last one, p^b via .Lpb),
    the domain bit (domain_bit(little_endian) emits it), then the message
    encrypted or decrypted as the register op says (0 / 1), both ending at
    .Lfinal.  full_blocks / last_block(a, phase, tag, ptr, n) are the
    generator's."""
    a.note("associated data (if any): full blocks, the padded last one; then the domain bit")
    a("beqz", adlen, ".Lad_none")
    full_blocks(a, "absorb", "ad", ad, adlen)
    last_block(a, "absorb", "ad", ad, adlen)
    a("jal", "ra", ".Lpb", comment="p^b")
    a.label(".Lad_none")
    a.raw("#if ASCON_LITTLE_ENDIAN")
    domain_bit(True)
    a.raw("#else")
    domain_bit(False)
    a.raw("#endif")
    a.note("the message")
    a("bnez", op, ".Lmsg_decrypt")
    for phase in ("encrypt", "decrypt"):
        if phase == "decrypt":
            a.label(".Lmsg_decrypt")
        full_blocks(a, phase, f"m{phase[0]}", msg, mlen)
        last_block(a, phase, f"m{phase[0]}", msg, mlen)
        if phase == "encrypt":
            a("j", ".Lfinal")
    a.label(".Lfinal")


def blocks_body(a: Emitter, duplex_block: Callable[[str, str, str], None]) -> None:
    """The blocks entry's body: a4 picks the operation (0 absorb, 1 encrypt,
    2 decrypt), then its loop (a1 out, a2 in, a3 blocks left): each block
    duplex_block(op, in, out), then p^ASCON_PB via .Lpb; all end at
    .Lblocks_done."""
    a("beqz", "a4", ".Lblocks_absorb")
    a("addi", "a4", "a4", -1)
    a("beqz", "a4", ".Lblocks_encrypt")
    a("j", ".Lblocks_decrypt")
    for op in ("absorb", "encrypt", "decrypt"):
        a.label(f".Lblocks_{op}")
        duplex_block(op, "a2", "a1")
        a("jal", "ra", ".Lpb", comment="p^ASCON_PB")
        a("addi", "a2", "a2", "ASCON_RATE")
        if op != "absorb":
            a("addi", "a1", "a1", "ASCON_RATE")
        a("addi", "a3", "a3", -1)
        a("bnez", "a3", f".Lblocks_{op}")
        a("j", ".Lblocks_done")
    a.label(".Lblocks_done")


def verdict(a: Emitter) -> None:
    """The whole-message decryption's return value: -1 from
    .Lwhole_rejected (the plaintext wiped), 0 from .Lwhole_ok; both go on to
    .Lwhole_wipe."""
    a.label(".Lwhole_rejected")
    a("li", "a0", -1)
    a("j", ".Lwhole_wipe")
    a.label(".Lwhole_ok")
    a("li", "a0", 0)
    a.label(".Lwhole_wipe")
