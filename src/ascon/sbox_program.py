"""The Ascon S-box on one 32-bit slice for cores without and-not or or-not
(RV32I, Xtensa LX106): a program of three-operand and, or, xor and one NOT,
which each of those generators emits with its own registers.

With x the slice's true input and y the S-box output:
    y0 = (x1 | (x0 ^ x2 ^ x4)) ^ x3 ^ x4
    y1 = ((x1 ^ x2) | (x1 ^ x3)) ^ x0 ^ x4
    y2 = (~x3 & x4) ^ ~(x1 ^ x2)
    y3 = (x0 | (x3 ^ x4)) ^ x1 ^ x2
    y4 = (x1 & ~(x0 ^ x4)) ^ x3 ^ x4
Each output is one and/or of two linear terms, xored with a third.  The
complements come from lanes held inverted, which the xors of the linear
terms carry along: an even round takes x2, x3, x4 inverted and leaves ~y3,
then inverts y0 (its one NOT, 15 operations besides); an odd round takes x0
and x3 inverted and leaves ~y2, ~y3, ~y4 for the next even round (16
operations).  The odd round writes y1 as ((x1 ^ x2) | ~(x1 ^ x3)) ^
~(x0 ^ x1 ^ x2 ^ x4), one or with its lanes; only its y0 costs an extra
operation.  The comments name the registers, the values in terms of the
slice's true input."""
from __future__ import annotations

# The lanes held complemented at the start of an even (0) and odd (1) round.
INVERTED = {0: (2, 3, 4), 1: (0, 3)}

# (op, destination, first source, second source, comment); "not" has its
# destination as its source.  x0..x4: the slice, t0..t2: temporaries.
EVEN = (
    ("xor", "t0", "x1", "x2", "t0 = ~(x1 ^ x2)"),
    ("xor", "t1", "x0", "x4", "t1 = ~(x0 ^ x4)"),
    ("xor", "x4", "x3", "x4", "x4 = x3 ^ x4"),
    ("xor", "x2", "x2", "t1", "x2 = x0 ^ x2 ^ x4"),
    ("or", "x2", "x1", "x2", "x2 = x1 | (x0 ^ x2 ^ x4)"),
    ("or", "x0", "x0", "x4", "x0 = x0 | (x3 ^ x4)"),
    ("and", "t2", "x1", "t1", "t2 = x1 & ~(x0 ^ x4)"),
    ("xor", "x1", "x1", "x3", "x1 = ~(x1 ^ x3)"),
    ("and", "x1", "x1", "t0", "x1 = ~((x1 ^ x2) | (x1 ^ x3))"),
    ("xor", "x1", "x1", "t1", "x1 = y1"),
    ("and", "t1", "x3", "x4", "t1 = ~x3 & (x3 ^ x4) = ~x3 & x4"),
    ("xor", "x3", "x0", "t0", "x3 = ~y3"),
    ("xor", "x0", "x2", "x4", "x0 = y0"),
    ("xor", "x2", "t1", "t0", "x2 = y2"),
    ("xor", "x4", "t2", "x4", "x4 = y4"),
    ("not", "x0", "x0", None, "x0 = ~y0: out x0, x3 inverted"),
)
ODD = (
    ("xor", "x2", "x1", "x2", "x2 = x1 ^ x2"),
    ("xor", "t0", "x1", "x3", "t0 = ~(x1 ^ x3)"),
    ("xor", "t1", "x0", "x4", "t1 = ~(x0 ^ x4)"),
    ("xor", "t2", "x3", "x4", "t2 = ~(x3 ^ x4)"),
    ("or", "t0", "x2", "t0", "t0 = (x1 ^ x2) | ~(x1 ^ x3)"),
    ("and", "x4", "x3", "x4", "x4 = ~x3 & x4"),
    ("and", "x0", "x0", "t2", "x0 = ~(x0 | (x3 ^ x4))"),
    ("xor", "x3", "x0", "x2", "x3 = ~y3"),
    ("xor", "x0", "x2", "t1", "x0 = ~(x0 ^ x1 ^ x2 ^ x4)"),
    ("xor", "x2", "x4", "x2", "x2 = ~y2"),
    ("or", "x4", "x1", "x0", ""),
    ("xor", "x4", "x4", "x1", "x4 = ~x1 & ~(x0 ^ x1 ^ x2 ^ x4) = ~(x1 | (x0 ^ x2 ^ x4))"),
    ("and", "t1", "x1", "t1", "t1 = x1 & ~(x0 ^ x4)"),
    ("xor", "x1", "t0", "x0", "x1 = y1"),
    ("xor", "x0", "x4", "t2", "x0 = y0"),
    ("xor", "x4", "t1", "t2", "x4 = ~y4: out x2, x3, x4 inverted"),
)


def emit(a, x: list[str], t: list[str], even: bool, not_=None) -> None:
    """The even or odd round's program on the slice in registers x[0..4]
    with temporaries t[0..2], through the emitter a; not_(a, r, comment)
    emits a NOT where the ISA has no such instruction (default: "not")."""
    regs = {**{f"x{i}": r for i, r in enumerate(x)}, **{f"t{i}": r for i, r in enumerate(t)}}
    for op, d, s1, s2, comment in EVEN if even else ODD:
        if op == "not":
            if not_ is not None:
                not_(a, regs[d], comment)
            else:
                a("not", regs[d], regs[s1], comment=comment)
        else:
            a(op, regs[d], regs[s1], regs[s2], comment=comment)
