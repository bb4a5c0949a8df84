"""The line emitter of every assembly generator.  An ISA's Asm subclasses
Emitter with its own instructions; the comment column is the ISA's."""
from __future__ import annotations

import pathlib


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


def size(a: Emitter, sym: str) -> None:
    a.raw(f"    .size {sym}, .-{sym}")


def text(a: Emitter) -> str:
    return "\n".join(a.lines) + "\n"


def write(here: pathlib.Path, variants: list[str], generate) -> int:
    """Each variant's .S beside its generator (`here`)."""
    for v in variants:
        (here / f"{v}.S").write_text(generate(v))
    return 0
