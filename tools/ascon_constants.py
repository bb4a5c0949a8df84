#!/usr/bin/env python3
"""Constants of the Ascon schemes, computed once for all from each scheme
header's ASCON_IV and ASCON_LITTLE_ENDIAN and written back into it:

- hashes and XOFs: ASCON_HASH_STATE0, p^a(IV || 0^256) as five 64-bit
  lanes, which hash_mode.h loads instead of running p^12 on every message;
- AEADs: lane 0's IV bytes as the assembly keeps them (src/ascon/rv32):
  ASCON_IV_E / ASCON_IV_O, the even and odd bits (bit-interleaved
  variants), or the low and high 32-bit words (the others; ASCON_IV_LO /
  ASCON_IV_HI).  The assembler cannot compute them itself.

tests/lib/test_build.py checks the headers against this script; the official
KATs check the results.

    python3 tools/ascon_constants.py          # rewrite the headers
"""
from __future__ import annotations

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MASK = (1 << 64) - 1
SIGMA = [(19, 28), (61, 39), (1, 6), (10, 17), (7, 41)]


def ror(x: int, n: int) -> int:
    return ((x >> n) | (x << (64 - n))) & MASK


def permute(x: list[int], rounds: int) -> list[int]:
    """Ascon's p^rounds on five 64-bit lanes (the specification's text)."""
    x = list(x)
    for r in range(12 - rounds, 12):
        x[2] ^= ((0xF - r) << 4) | r
        x[0] ^= x[4]
        x[4] ^= x[3]
        x[2] ^= x[1]
        t = [(~x[i] & MASK) & x[(i + 1) % 5] for i in range(5)]
        for i in range(5):
            x[i] ^= t[(i + 1) % 5]
        x[1] ^= x[0]
        x[0] ^= x[4]
        x[3] ^= x[2]
        x[2] = ~x[2] & MASK
        x = [x[i] ^ ror(x[i], SIGMA[i][0]) ^ ror(x[i], SIGMA[i][1]) for i in range(5)]
    return x


def state0(header: str) -> list[int] | None:
    """p^a(IV || 0) for a hash scheme header, None for other schemes."""
    if "ASCON_HASH_KIND" not in header:
        return None
    pa = int(re.search(r"#define ASCON_PA (\d+)", header).group(1))
    return permute([iv_lane(header), 0, 0, 0, 0], pa)


def iv_lane(header: str) -> int:
    """Lane 0 with the IV bytes in it (an 80-bit key fills the rest: 0 here)."""
    iv = [int(b, 16) for b in re.search(r"#define ASCON_IV \{([^}]*)\}", header).group(1)
          .replace(" ", "").split(",")]
    little = int(re.search(r"#define ASCON_LITTLE_ENDIAN (\d)", header).group(1))
    lane = bytes(iv) + bytes(8 - len(iv))
    return int.from_bytes(lane, "little" if little else "big")


def define(lanes: list[int]) -> str:
    body = ", ".join(f"0x{v:016x}u" for v in lanes)
    return ("/* p^a(IV || 0): the state every message starts from (tools/ascon_constants.py) */\n"
            f"#define ASCON_HASH_STATE0 {{{body}}}\n")


def bits(x: int, start: int) -> int:
    """Every other bit of the 64-bit x from bit `start`, as a 32-bit word."""
    return sum(((x >> (2 * k + start)) & 1) << k for k in range(32))


def define_iv(lane: int) -> str:
    """The IV lane as the assembly loads it (no C suffixes: the assembler
    reads these too)."""
    return ("/* lane 0's IV bytes: even/odd bits, low/high words (tools/ascon_constants.py) */\n"
            f"#define ASCON_IV_E 0x{bits(lane, 0):08x}\n"
            f"#define ASCON_IV_O 0x{bits(lane, 1):08x}\n"
            f"#define ASCON_IV_LO 0x{lane & 0xffffffff:08x}\n"
            f"#define ASCON_IV_HI 0x{lane >> 32:08x}\n")


def expected(header: str) -> str:
    """What the script appends to this header."""
    if "ASCON_HASH_KIND" in header:
        return define(state0(header))
    return define_iv(iv_lane(header))


def rewrite(path: pathlib.Path) -> None:
    text = path.read_text()
    text = re.sub(r"/\* p\^a\(IV \|\| 0\).*\n#define ASCON_HASH_STATE0 .*\n", "", text)
    text = re.sub(r"/\* lane 0's IV bytes.*\n(#define ASCON_IV_[EOLHI]+ .*\n)+", "", text)
    path.write_text(text + expected(text))


def headers() -> list[pathlib.Path]:
    """Every Ascon scheme header (the hash and the AEAD ones)."""
    return sorted(p for top in ("crypto_aead", "crypto_hash", "crypto_cxof")
                  for p in (ROOT / top).glob("ascon*/scheme.h"))


def main() -> int:
    for h in headers():
        rewrite(h)
        print(f"wrote {h.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
