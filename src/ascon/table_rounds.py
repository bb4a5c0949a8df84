"""What the Ascon generators whose rounds are one unrolled table entered at
any round (RV32, RV64, Xtensa) share around it: the whole-message AEAD's
guard and .Lpb, the entry of the blocks' p^ASCON_PB, both chosen by the
scheme header the .S is included after; and the 32-bit ones' description
of the state in their banner."""
from __future__ import annotations


def pb_entry(a) -> None:
    """.Lpb = .Lround(12 - ASCON_PB), for an AEAD or hash scheme (ASCON_RATE);
    an even count only, as the blocks run where the lanes held inverted are
    an even round's."""
    a.note("p^ASCON_PB, the rounds the blocks use: enters at round 12 - ASCON_PB")
    a.raw("#ifdef ASCON_RATE")
    a.raw("#if ASCON_PB % 2")
    a.raw("#error the blocks enter the rounds at an even round: ASCON_PB must be even")
    a.raw("#endif")
    for k in range(2, 13, 2):
        a.raw(f"#{'if' if k == 2 else 'elif'} ASCON_PB == {k}")
        a.raw(f"    .set .Lpb, .Lround{12 - k}")
    a.raw("#endif")
    a.raw("#endif")


def whole_aead(a, whole) -> None:
    """The whole-message AEAD calls (whole(a) emits them), for an AEAD
    scheme only, which must use p^12 and a 16-byte tag."""
    a.raw("#if defined(ASCON_RATE) && defined(CRYPTO_ABYTES) /* an AEAD scheme */")
    a.raw("#if ASCON_PA != 12 || CRYPTO_ABYTES != 16")
    a.raw("#error the whole-message AEAD expects p^12 and a 16-byte tag")
    a.raw("#endif")
    whole(a)
    a.raw("#endif")


def words_description(bi32: bool) -> tuple[str, tuple[str, str]]:
    """How a 32-bit generator's banner (RV32, Xtensa) describes the state in
    memory and names the two register halves of a lane."""
    if bi32:
        return ("e[0..4], o[0..4] (32-bit words, bit-interleaved lanes).", ("e0-e4", "o0-o4"))
    return ("x[0..4], 64-bit lanes, low word first.", ("low words", "high words"))
