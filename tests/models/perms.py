"""The reference permutations, rounds and S-boxes the tests hold generated
code to, each written from its specification (never from the tree's code).
"""
from __future__ import annotations

from tests.models.bits import M32, rol, ror

# -- Ascon (NIST SP 800-232) ----------------------------------------------------------
ASCON_SIGMA = [(19, 28), (61, 39), (1, 6), (10, 17), (7, 41)]  # the linear layer's rotations


def ascon_sbox(x: list[int], bits: int = 64) -> list[int]:
    """The S-box (SP 800-232, 3.3) bitsliced on five words of `bits` bits
    (64: the lanes; 8 or 16: a byte or a word of each lane, as the AVR and
    MSP430 generators hold them)."""
    ones = (1 << bits) - 1
    x = list(x)
    x[0] ^= x[4]
    x[4] ^= x[3]
    x[2] ^= x[1]
    t = [(~x[i] & ones) & x[(i + 1) % 5] for i in range(5)]
    for i in range(5):
        x[i] ^= t[(i + 1) % 5]
    x[1] ^= x[0]
    x[0] ^= x[4]
    x[3] ^= x[2]
    x[2] ^= ones
    return x


def ascon_round(x: list[int], i: int) -> list[int]:
    """Round i of p^12 on the five 64-bit lanes: the constant, the S-box, the
    linear layer."""
    x = list(x)
    x[2] ^= ((0xF - i) << 4) | i
    x = ascon_sbox(x)
    return [x[k] ^ ror(x[k], a, 64) ^ ror(x[k], b, 64) for k, (a, b) in enumerate(ASCON_SIGMA)]


# -- Gimli (CHES 2017) ------------------------------------------------------------------
def gimli(s: list[int], rounds: int = 24) -> list[int]:
    """The last `rounds` rounds of Gimli on the 12 words, as the paper writes it."""
    s = list(s)
    for r in range(rounds, 0, -1):
        for j in range(4):
            x, y, z = rol(s[j], 24), rol(s[4 + j], 9), s[8 + j]
            s[8 + j] = (x ^ (z << 1) ^ ((y & z) << 2)) & M32
            s[4 + j] = (y ^ x ^ ((x | z) << 1)) & M32
            s[j] = (z ^ y ^ ((x & y) << 3)) & M32
        if r % 4 == 0:
            s[0], s[1], s[2], s[3] = s[1], s[0], s[3], s[2]
            s[0] ^= 0x9E377900 ^ r
        elif r % 4 == 2:
            s[0], s[1], s[2], s[3] = s[2], s[3], s[0], s[1]
    return s


# -- Xoodoo (the Xoodyak specification) ---------------------------------------------------
def xoodoo_round(a: list[int], rc: int) -> list[int]:
    """The specification's round on a[x + 4y] (written from its text)."""
    a = list(a)
    p = [a[x] ^ a[x + 4] ^ a[x + 8] for x in range(4)]
    e = [rol(p[(x - 1) % 4], 5) ^ rol(p[(x - 1) % 4], 14) for x in range(4)]
    a = [a[i] ^ e[i % 4] for i in range(12)]
    a[4:8] = [a[4 + (x - 1) % 4] for x in range(4)]          # rho-west
    a[8:12] = [rol(a[8 + x], 11) for x in range(4)]
    a[0] ^= rc                                                 # iota
    b = [a[i] ^ (~a[4 * ((i // 4 + 1) % 3) + i % 4] & a[4 * ((i // 4 + 2) % 3) + i % 4])
         for i in range(12)]                                   # chi
    a = [v & M32 for v in b]
    a[4:8] = [rol(a[4 + x], 1) for x in range(4)]              # rho-east
    a[8:12] = [rol(a[8 + (x - 2) % 4], 8) for x in range(4)]
    return a


# -- 4-bit and 8-bit S-boxes ----------------------------------------------------------------
# PRESENT's S-box, which PHOTON-Beetle's permutation uses
PRESENT_SBOX = [0xC, 0x5, 0x6, 0xB, 0x9, 0x0, 0xA, 0xD, 0x3, 0xE, 0xF, 0x8, 0x4, 0x7, 0x1, 0x2]
# Spongent-pi[160]'s (Elephant v2)
SPONGENT_SBOX = [0xE, 0xD, 0xB, 0x0, 0x2, 0x1, 0x4, 0xF, 0x7, 0xA, 0x8, 0x5, 0x9, 0xC, 0x3, 0x6]


def skinny8_sbox(x: int) -> int:
    """Skinny's 8-bit S-box (Romulus v1.3, section 2.1): four times x4 ^=
    NOR(x7, x6), x0 ^= NOR(x3, x2), each but the last followed by
    (x7..x0) -> (x2, x1, x7, x6, x4, x0, x3, x5), the last by the exchange
    of x1 and x2."""
    b = [(x >> i) & 1 for i in range(8)]
    for step in range(4):
        b[4] ^= 1 ^ (b[7] | b[6])
        b[0] ^= 1 ^ (b[3] | b[2])
        if step < 3:
            b = [b[5], b[3], b[0], b[4], b[6], b[7], b[1], b[2]]  # new bit i
        else:
            b[1], b[2] = b[2], b[1]
    return sum(v << i for i, v in enumerate(b))
