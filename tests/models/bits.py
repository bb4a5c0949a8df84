"""Rotations of words of `bits` bits (32 unless said)."""
from __future__ import annotations

M16, M32, M64 = 0xFFFF, 0xFFFFFFFF, 2**64 - 1


def rol(x: int, k: int, bits: int = 32) -> int:
    """x rotated left by k (any k: taken mod bits)."""
    k %= bits
    return ((x << k) | (x >> (bits - k))) & ((1 << bits) - 1) if k else x


def ror(x: int, k: int, bits: int = 32) -> int:
    """x rotated right by k (any k: taken mod bits)."""
    return rol(x, bits - k % bits, bits)
