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


def for_keys(a, body) -> None:
    """body(k20) under the preprocessor's choice of key length (16 or 20
    bytes, Ascon-80pq's)."""
    a.raw("#if CRYPTO_KEYBYTES == 16")
    body(False)
    a.raw("#elif CRYPTO_KEYBYTES == 20")
    body(True)
    a.raw("#else")
    a.raw("#error key length")
    a.raw("#endif")


def key_xor(base: int, bi32: bool, k20: bool, halves: tuple[str, str], slot: str,
            xor_from) -> None:
    """A lane's halves (registers) ^= the key words of `slot`: xor_from(reg,
    off) emits one load of the frame word at off and its xor, for each half
    the slot has a word for."""
    for reg, off in zip(halves, key_slots(base, bi32, k20)[slot]):
        if off is not None:
            xor_from(reg, off)


# Which key slots go into which lanes, by case: (preprocessor condition,
# whether the key is 20 bytes, [(lane, slot)...]); the first case is an #if,
# the others #elif, the last #else.
INIT_XORS = [  # the initialization's S ^= 0 || K after p^12
    ("CRYPTO_KEYBYTES == 20", True, [(2, "Z0"), (3, "KA"), (4, "KB")]),
    (None, False, [(3, "KA"), (4, "KB")]),
]
FINAL_XORS = [  # the finalization's S ^= 0^r || K || 0 before p^12
    ("CRYPTO_KEYBYTES == 20", True, [(1, "F1"), (2, "F2"), (3, "F3")]),
    ("ASCON_RATE == 8", False, [(1, "KA"), (2, "KB")]),
    (None, False, [(2, "KA"), (3, "KB")]),
]


def key_xors(a, cases, key_xor) -> None:
    """One of INIT_XORS or FINAL_XORS, each case under its preprocessor
    condition; key_xor(lane, slot, k20) emits one xor."""
    for k, (cond, k20, xors) in enumerate(cases):
        a.raw("#else" if cond is None else f"#{'if' if k == 0 else 'elif'} {cond}")
        for lane, slot in xors:
            key_xor(lane, slot, k20)
    a.raw("#endif")
