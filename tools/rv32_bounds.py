#!/usr/bin/env python3
"""What bounds the RV32 assembly below, per byte: the permutation rounds a
message needs times the instructions of one round, plus the instructions
no implementation of that round can avoid for the bytes themselves.

    python3 tools/rv32_bounds.py          # a Markdown table (docs/design/asm-rv32.md says what bounds each cell)

For every assembly variant with a published thesis row, and every cell of
the thesis' tables (Ascon-128a, -128, -Hasha, -Hash at 32 KiB and 16 B, no
associated data; big-endian v1.2 lanes), it prints

  rounds   rounds x (instructions of one round, counted in the generated
           src/ascon/rv32/<variant>.S between one round's label and the next)
  floor    rounds + the bytes' minimum: each 64-bit lane that enters the
           state costs 2 loads, 2 byte swaps, its conversion to the state's
           form and 2 xors; each that leaves costs the conversion back, 2
           byte swaps and 2 stores.  An AEAD message of n bytes enters and
           leaves n/8 lanes (ciphertext), the key and nonce enter (4 lanes;
           the key is xored in 3 more times: 12 xors), the tag leaves (2
           lanes); a hash absorbs n/8 lanes and 4 leave (the 32-byte digest).
           Swaps and conversions are counted in what gen.py emits for them
           (a byte swap is 1 rev8, or 8 instructions in RV32I; Zbb's
           interleaving is 4 delta swaps of 6 instructions a word).
           Calls, loops, padding and the frame are left out: a floor.
  goal     issue 4's: 10% below the thesis row, 25% for the hashes at 16 B.

A floor above the goal (marked) means the goal is out of reach for that
round and that way of moving bytes.
"""
from __future__ import annotations

import importlib.util
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
ASM = ROOT / "src" / "ascon" / "rv32"
PUBLISHED = ROOT / "harness" / "bench" / "published" / "thesis-rv32.json"

# The thesis' columns: (rate bytes, p^b rounds, kind).  80pq, Xofa and Xof
# share their columns' figures (and round counts).
COLUMNS = {"Ascon-128a": (16, 8, "aead"), "Ascon-128": (8, 6, "aead"),
           "Ascon-Hasha": (8, 8, "hash"), "Ascon-Hash": (8, 12, "hash")}
HASH_OUT = 32


def round_sizes(variant: str) -> list[int]:
    """Instructions in each of the twelve unrolled rounds (the last one's
    count excludes its ret)."""
    lines = (ASM / f"{variant}.S").read_text().splitlines()
    sizes, n, inside = [], 0, False
    for line in lines:
        s = line.strip()
        if re.match(r"\.Lround\d+:", s):
            if inside:
                sizes.append(n)
            inside, n = True, 0
        elif inside and s == "ret":
            sizes.append(n)
            break
        elif inside and s and not s.startswith(("/*", "#")) and not s.endswith(":") and \
                (not s.startswith(".") or s.startswith((".insn", ".word"))):
            n += 1  # an instruction (encoded with .insn where binutils lacks it)
    return sizes


def generator():
    spec = importlib.util.spec_from_file_location("ascon_rv32_gen", ASM / "gen.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def emitted(variant: str, write) -> int:
    """Instructions gen.py emits for write(asm) in this variant."""
    gen = generator()
    a = gen.Asm(variant)
    write(gen, a)
    return sum(1 for ln in a.lines if ln.startswith("    ") and not ln.strip().startswith("/*"))


def lane_costs(variant: str) -> tuple[int, int]:
    """(in, out): instructions to bring one big-endian 64-bit lane from
    memory into the state (xored), and to store one from the state."""
    swap = emitted(variant, lambda g, a: a.rev8("t0", "t0"))
    if variant.endswith("bi32"):
        conv_in = emitted(variant, lambda g, a: g.to_bi(a, "s0", "s1", "s2", "s3", "s4"))
        conv_out = emitted(variant, lambda g, a: g.from_bi(a, "t0", "t1", "s0", "s1", "s4"))
    else:
        conv_in = conv_out = 0
    return 2 + 2 * swap + conv_in + 2, conv_out + 2 * swap + 2


def bytes_floor(variant: str, column: str, mlen: int) -> int:
    lane_in, lane_out = lane_costs(variant)
    if COLUMNS[column][2] == "aead":
        return (mlen // 8) * (lane_in + lane_out) + 4 * (lane_in - 2) + 12 + 2 * lane_out
    return (mlen // 8) * lane_in + (HASH_OUT // 8) * lane_out


def rounds(column: str, mlen: int) -> int:
    """Permutation rounds of one message of mlen bytes, no AD (the hash
    start state is precomputed; the AEAD's last block is the padding)."""
    rate, pb, kind = COLUMNS[column]
    if kind == "aead":
        return 12 + (mlen // rate) * pb + 12
    return (mlen // rate) * pb + 12 + (HASH_OUT // rate - 1) * pb


def table() -> str:
    pub = json.loads(PUBLISHED.read_text())
    order = pub["order"]
    lens = (("32768", "32 KiB"), ("16", "16 B"))
    head = ["variant", "round"] + [f"{c.removeprefix('Ascon-')} {name}"
                                   for _, name in lens for c in order]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for impl, row in pub["rows"].items():
        variant = impl.removeprefix("asm_rv32_")
        if not impl.startswith("asm_rv32_") or not (ASM / f"{variant}.S").is_file():
            continue
        sizes = round_sizes(variant)
        per_round = sum(sizes) / len(sizes)
        cells = []
        for mlen, _ in lens:
            n = int(mlen)
            for col, thesis in zip(order, row[mlen]):
                r = rounds(col, n) * per_round
                floor = (r + bytes_floor(variant, col, n)) / n
                cut = 0.25 if n == 16 and COLUMNS[col][2] == "hash" else 0.10
                goal = thesis * (1 - cut)
                mark = " **>**" if floor > goal else ""
                cells.append(f"{r / n:.2f} / {floor:.2f} / {goal:.2f}{mark}")
        out.append(f"| `{impl}` | {per_round:g} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def main() -> int:
    print("Instructions per byte: rounds alone / floor (rounds and bytes) / goal; "
          "**>**: the floor is above the goal.")
    print()
    print(table())
    return 0


if __name__ == "__main__":
    sys.exit(main())
