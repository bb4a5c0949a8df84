"""Ascon's key slots: where a whole-message AEAD's key xors find the key
words in an assembly function's frame.  Shared by the Ascon generators of
every ISA that keeps the key in its frame (rv32/gen.py, xtensa/gen.py)."""
from __future__ import annotations


def key_slots(base: int, bi32: bool, k20: bool) -> dict[str, tuple]:
    """Where the whole-message AEAD's key xors find their two 32-bit words
    (state form: even/odd halves, or low/high) in a frame whose key words
    start at byte `base` (None: the word is 0).  KA, KB: the lanes of key
    bytes k-16..k-8 and k-8..k (the tag; with a 16-byte key every xor).
    Ascon-80pq (key words w0..w4) also xors Z0 = (0, w0) after init and
    F1..F3, the key at byte 8, before the last permutation: plain lanes
    take these from the five words as they are, interleaved ones (bi32)
    need each form interleaved, two words apiece."""
    if not k20:
        return {"KA": (base, base + 4), "KB": (base + 8, base + 12)}
    if bi32:
        return {name: (base + 8 * k, base + 8 * k + 4)
                for k, name in enumerate(["Z0", "F1", "F2", "F3", "KA", "KB"])}
    w = [base + 4 * k for k in range(5)]
    return {"KA": (w[2], w[1]), "KB": (w[4], w[3]), "Z0": (w[0], None),
            "F1": (w[1], w[0]), "F2": (w[3], w[2]), "F3": (None, w[4])}


def key_words(base: int, bi32: bool, k20: bool) -> list[int]:
    """The frame words holding key material (wiped at the end)."""
    return sorted({off for pair in key_slots(base, bi32, k20).values() for off in pair
                   if off is not None})


def final_key_xors(a, key_xor) -> None:
    """The finalization's S ^= 0^r || K || 0 by key length and rate:
    Ascon-80pq's slots F1..F3 into x1..x3, else KA, KB into x1, x2 (rate 8)
    or x2, x3 (rate 16); key_xor(lane, slot, k20) emits one xor."""
    a.raw("#if CRYPTO_KEYBYTES == 20")
    for lane, slot in ((1, "F1"), (2, "F2"), (3, "F3")):
        key_xor(lane, slot, True)
    a.raw("#elif ASCON_RATE == 8")
    key_xor(1, "KA", False)
    key_xor(2, "KB", False)
    a.raw("#else")
    key_xor(2, "KA", False)
    key_xor(3, "KB", False)
    a.raw("#endif")
