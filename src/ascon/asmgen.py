"""What the assembly generators of every ISA family share (rv32/gen.py,
rv64/gen.py, xtensa/gen.py): the line emitter.  A family's Asm subclasses
Emitter with its own instructions; the comment column is the family's."""
from __future__ import annotations


class Emitter:
    """The lines of one generated .S: instructions (op, operands, an
    optional comment at the family's column), labels, notes, raw lines."""
    COMMENT = "{text:<40}/* {comment} */"  # where a comment starts

    def __init__(self, variant: str):
        self.variant = variant
        self.lines: list[str] = []

    def __call__(self, op: str, *args, comment: str = "") -> None:
        text = f"    {op:<7} {', '.join(str(a) for a in args)}" if args else f"    {op}"
        self.lines.append(self.COMMENT.format(text=text, comment=comment) if comment else text)

    def label(self, name: str) -> None:
        self.lines.append(f"{name}:")

    def note(self, text: str) -> None:
        self.lines.append(f"    /* {text} */")

    def raw(self, text: str) -> None:
        self.lines.append(text)


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
