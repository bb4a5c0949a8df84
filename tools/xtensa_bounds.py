#!/usr/bin/env python3
"""What bounds the Xtensa assembly below, per byte: the permutation rounds a
message needs times the instructions of one round, plus the instructions no
implementation of that round can avoid for the bytes themselves.

    python3 tools/xtensa_bounds.py [results.json]     # a Markdown table (docs/design/asm-xtensa.md says what bounds each cell)

For both variants and the thesis' four columns (Ascon-128a, -128, -Hasha,
-Hash at 32 KiB and 16 B, no associated data; big-endian v1.2 lanes) it
prints

  rounds   rounds x (instructions of one round, counted in the generated
           src/ascon/xtensa/<variant>.S between one round's label and the
           next)
  floor    rounds + the bytes' minimum: each 64-bit lane that enters the
           state costs 2 loads, its byte swaps (4 instructions a word, SAR
           already 8), its conversion to the state's form (bi32: 4 delta
           swaps on each word, with their masks, and the packing) and 2
           xors; each that leaves the reverse and 2 stores.  An AEAD message
           of n bytes enters and leaves n/8 lanes, the key and nonce enter
           (4 lanes), the key is xored in 3 more times (12 loads and xors),
           the tag leaves (2 lanes); a hash absorbs n/8 lanes and 4 leave.
           Counted in what gen.py emits for them.  Calls, loops, padding
           and the frame are left out: a floor.
  measured (with a results file of xtensa-lx106-qemu): our instructions per
           byte, and how much of them the floor accounts for.

Where the floor is most of the measured figure the round bounds the cell
(a faster round is the only way down); where it is not, the calls, frames
and loops around the round do.
"""
from __future__ import annotations

import importlib.util
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
ASM = ROOT / "src" / "ascon" / "xtensa"

# The thesis' columns: scheme -> (rate bytes, p^b rounds, kind)
COLUMNS = {"ascon128a-v12": (16, 8, "aead"), "ascon128-v12": (8, 6, "aead"),
           "asconhasha-v12": (8, 8, "hash"), "asconhash-v12": (8, 12, "hash")}
SHORT = {"ascon128a-v12": "128a", "ascon128-v12": "128", "asconhasha-v12": "Hasha",
         "asconhash-v12": "Hash"}
HASH_OUT = 32


def generator():
    spec = importlib.util.spec_from_file_location("ascon_xtensa_gen", ASM / "gen.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def variants() -> list[str]:
    return generator().VARIANTS


def target() -> str:
    """The contract's target the variants are written for: the one whose
    first preference is one of them (its records are the measured cells)."""
    sys.path.insert(0, str(ROOT))
    from harness.bench.targets import ORDER, TARGETS
    names = {f"asm_xtensa_{v}" for v in variants()}
    return next(n for n in ORDER if TARGETS[n].preference[0] in names)


def round_sizes(variant: str) -> list[int]:
    """Instructions in each of the twelve unrolled rounds (the last one's
    count excludes its ret)."""
    sizes, n, inside = [], 0, False
    for line in (ASM / f"{variant}.S").read_text().splitlines():
        s = line.strip()
        if re.match(r"\.Lround\d+:", s):
            if inside:
                sizes.append(n)
            inside, n = True, 0
        elif inside and s == "ret":
            sizes.append(n)
            break
        elif inside and s and not s.startswith(("/*", "#", ".")) and not s.endswith(":"):
            n += 1
    return sizes


def emitted(variant: str, write) -> int:
    """Instructions gen.py emits for write(gen, asm), SAR already 8."""
    gen = generator()
    a = gen.Asm(variant)
    a.sar = 8
    write(gen, a)
    return sum(1 for ln in a.lines if ln.startswith("    ") and not ln.strip().startswith("/*"))


def lane_costs(variant: str) -> tuple[int, int]:
    """(in, out): one big-endian lane from memory into the state (loads,
    swaps, conversion, 2 xors), and from the state to memory."""
    swap = emitted(variant, lambda g, a: a.bswap("a13", "a13", "a15"))
    if variant == "bi32":  # the routines' bodies (.Lbi_in, .Lbi_out)
        conv_in = emitted(variant, lambda g, a: g.to_bi(a, "a13", "a14", "a12", "a15"))
        conv_out = emitted(variant, lambda g, a: g.from_bi(a, "a13", "a14", "a12", "a15"))
    else:
        conv_in = conv_out = 0
    return 2 + 2 * swap + conv_in + 2, conv_out + 2 * swap + 2


def rounds(scheme: str, mlen: int) -> int:
    """Permutation rounds of one message of mlen bytes, no AD (the hash
    start state is precomputed; the AEAD's last block is the padding)."""
    rate, pb, kind = COLUMNS[scheme]
    if kind == "aead":
        return 12 + (mlen // rate) * pb + 12
    return (mlen // rate) * pb + 12 + (HASH_OUT // rate - 1) * pb


def bytes_floor(variant: str, scheme: str, mlen: int) -> int:
    lane_in, lane_out = lane_costs(variant)
    if COLUMNS[scheme][2] == "aead":
        return (mlen // 8) * (lane_in + lane_out) + 4 * (lane_in - 2) + 24 + 2 * lane_out
    return (mlen // 8) * lane_in + (HASH_OUT // 8) * lane_out


def measured(path: str | None) -> dict:
    """{(impl, scheme, mlen): instructions per byte} of the variants' target,
    AEAD the mean of encryption and decryption, adlen 0."""
    if not path:
        return {}
    acc: dict = {}
    name = target()
    for r in json.loads(pathlib.Path(path).read_text())["results"]:
        if r.get("target") == name and r.get("adlen") == 0 and r.get("instructions") \
                and r["op"] in ("encrypt", "decrypt", "hash") and r.get("mlen"):
            acc.setdefault((r["impl"], r["scheme"], r["mlen"]), []).append(
                r["instructions"] / r["mlen"])
    return {k: sum(v) / len(v) for k, v in acc.items()}


def table(path: str | None) -> str:
    got = measured(path)
    lens = ((32768, "32 KiB"), (16, "16 B"))
    head = ["variant", "round"] + [f"{SHORT[s]} {name}" for _, name in lens for s in COLUMNS]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for variant in variants():
        sizes = round_sizes(variant)
        per_round = sum(sizes) / len(sizes)
        cells = []
        for mlen, _ in lens:
            for scheme in COLUMNS:
                r = rounds(scheme, mlen) * per_round
                floor = (r + bytes_floor(variant, scheme, mlen)) / mlen
                cell = f"{r / mlen:.2f} / {floor:.2f}"
                ours = got.get((f"asm_xtensa_{variant}", scheme, mlen))
                if ours:
                    cell += f" / {ours:.2f} ({floor / ours * 100:.0f}%)"
                cells.append(cell)
        out.append(f"| `asm_xtensa_{variant}` | {per_round:g} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def main(argv: list[str]) -> int:
    path = argv[1] if len(argv) > 1 else None
    print("Instructions per byte: rounds alone / floor (rounds and bytes)"
          + (" / measured (the floor's share of it)" if path else "") + ".")
    print()
    print(table(path))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
