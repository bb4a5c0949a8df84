"""The 3-share Toffoli gadget of the masked assembly, written once for the
ISA generators that emit it (src/ascon/rv32/masked.py, src/ascon/armv7m/
masked.py): the shares' rotations and the nine terms of x ^= ~p & q.

Share j of every word is kept rotated left by ROT3[j] bits (backend_masked.h's
ASCON_ROT), so that no two shares of a word line up bit for bit in a
register or on a bus.  A term reads q's share k moved to the target share's
rotation (align3).  The terms are ascon-c's for three shares (its protected
implementations; Gigerl, Mendel, Schläffer and Primas, ePrint 2024/755):
share j of x takes the terms of p_j, the NOT of p folded so that each is an
AND, AND-NOT or OR of two words; their sum is ~p & q."""
from __future__ import annotations

ROT3 = [0, 7, 13]

# (target share j, operation, q's share k, what it adds); operations:
#   and       p_j & q_k'          andn   p_j & ~q_k'
#   andn_rev  q_j & ~p_j (k = j)  or     q_j | p_j (k = j)
TERMS3 = [
    (0, "and", 1, "x0 ^= p0 & q1'"),
    (0, "andn_rev", 0, "x0 ^= q0 & ~p0"),
    (0, "and", 2, "x0 ^= p0 & q2'"),
    (1, "and", 2, "x1 ^= p1 & q2'"),
    (1, "andn_rev", 1, "x1 ^= q1 & ~p1"),
    (1, "and", 0, "x1 ^= p1 & q0'"),
    (2, "andn", 0, "x2 ^= p2 & ~q0'"),
    (2, "or", 2, "x2 ^= q2 | p2"),
    (2, "and", 1, "x2 ^= p2 & q1'"),
]


def align3(k: int, j: int) -> int:
    """The right rotation moving a word of share k's rotation to share j's."""
    return (ROT3[k] - ROT3[j]) % 32
