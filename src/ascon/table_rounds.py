"""What the Ascon generators whose rounds are one unrolled table entered at
any round (RV32, RV64, Xtensa) share around it: the whole-message AEAD's
guard and .Lpb, the entry of the blocks' p^ASCON_PB, both chosen by the
scheme header the .S is included after, the table of the rounds' entries;
and the 32-bit ones' banner, which describes the state and its registers."""
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


def rate_lanes(a, body) -> None:
    """body(lane, offset) for the lanes of the rate: x0, and x1 where
    ASCON_RATE is 16."""
    body(0, 0)
    a.raw("#if ASCON_RATE == 16")
    body(1, 8)
    a.raw("#endif")


def table_tail(a, whole, rounds, directive: str, align: int, entries) -> None:
    """What follows the blocks routine: the whole-message AEAD (whole(a)),
    the rounds (rounds(a): the table's targets and what they call), .Lpb,
    then the read-only table of the rounds' entry points (.Lentries), one
    `directive` (.word, .dword) line per entry text, aligned to `align`."""
    a.raw("")
    whole_aead(a, whole)
    a.raw("")
    rounds(a)
    pb_entry(a)
    a.raw("")
    a.raw("    .section .rodata")
    a.raw(f"    .balign {align}")
    a.label(".Lentries")
    for e in entries:
        a.raw(f"    {directive} {e}")


def banner32(a, generator: str, about: str, lanes: tuple[list[str], list[str]],
             temporaries: str) -> None:
    """The banner of a 32-bit generator's .S (RV32, Xtensa): `about`, the
    state in memory and the registers holding the lanes' two halves (lanes:
    the two register lists), then `temporaries`; then the symbols' header."""
    if a.bi32:
        state, halves = "e[0..4], o[0..4] (32-bit words, bit-interleaved lanes).", ("e0-e4", "o0-o4")
    else:
        state, halves = "x[0..4], 64-bit lanes, low word first.", ("low words", "high words")
    a.banner(generator, f"""{about}
State in memory: {state}
Registers: {halves[0]} {"/".join(lanes[0])}, {halves[1]} {"/".join(lanes[1])}{temporaries}""")
    a.raw('#include "asmgen/sym.h"')
