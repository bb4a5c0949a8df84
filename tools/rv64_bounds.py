#!/usr/bin/env python3
"""What bounds the RV64 assembly below, per byte, next to its goals and
what a run measured.

    python3 tools/rv64_bounds.py [results.json]   # Markdown (docs/design/asm-rv64.md says what bounds each cell)

results.json is the folder file of a `./lwcbench run` with the thesis suite
on rv64-qemu and rv64-zbb-qemu and the C implementations (default
build/bench/latest/results.json); nothing here is a measurement of its own.
For each variant on its target and each member (adlen 0) it prints

  floor     what no implementation of these rounds can go below: the
            permutation rounds one message needs times the instructions of
            one round (counted in the generated src/ascon/rv64/<variant>.S
            between one round's label and the next), plus the bytes'
            minimum: each 64-bit lane in costs a load, its byte reversal
            (v1.2; 1 rev8, or 13 operations in RV64I) and an xor; each lane
            out its reversal and a store.  An AEAD message enters and leaves
            mlen/8 lanes, the key and nonce enter (4 lanes), the key is
            xored in 3 more times (6 xors), the tag leaves (2 lanes); a hash
            absorbs mlen/8 lanes and squeezes its output.  Calls, loops,
            padding and frames are left out.
  goal      32 KiB: 0.90 x opt64 measured on the same target in the same
            run (the issue's goal); 16 B: the best C implementation
            measured there (no cell slower than the best C)
  measured  the variant, instructions per byte (AEAD: mean of encryption
            and decryption)

A floor above the goal means the goal is out of reach for these rounds.
"""
from __future__ import annotations

import importlib.util
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
ASM = ROOT / "src" / "ascon" / "rv64"
sys.path.insert(0, str(ROOT))
from harness.bench.targets import ORDER, TARGETS  # noqa: E402


def first_choice(impl: str) -> str:
    """The contract's target whose first preference is impl: the target
    each variant is written for (its records are the measured cells)."""
    return next(n for n in ORDER if TARGETS[n].preference[0] == impl)


def targets_of_variants() -> dict[str, str]:
    """variant -> the target it is measured on."""
    return {v: first_choice(impl) for v, impl in generator().VARIANTS.items()}
C_IMPLS = ("ref", "opt64", "bi32", "lowsize")
LENS = (32768, 16)


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


def generator():
    spec = importlib.util.spec_from_file_location("ascon_rv64_gen", ASM / "gen.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def lane_costs(variant: str, little_endian: bool = False) -> tuple[int, int]:
    """(in, out): instructions to bring one 64-bit lane from memory into
    the state (load, reversal, xor) and to store one (reversal, store), as
    gen.py emits the reversal."""
    if little_endian:
        return 2, 1
    gen = generator()
    a = gen.Asm(variant)
    a.rev("t5", "t5", "t6")
    swap = sum(1 for ln in a.lines if ln.startswith("    ") and not ln.strip().startswith("/*"))
    return 1 + swap + 1, swap + 1


def scheme(name: str) -> dict:
    """The member's parameters from its scheme.h."""
    (path,) = ROOT.glob(f"crypto_*/{name}/scheme.h")
    text = path.read_text()

    def num(key):
        m = re.search(rf"#define {key} (\d+)", text)
        return int(m.group(1)) if m else None
    kind = path.parent.parent.name.removeprefix("crypto_")
    return {"kind": "aead" if kind == "aead" else "hash", "cxof": kind == "cxof",
            "rate": num("ASCON_RATE"), "pb": num("ASCON_PB"), "out": num("CRYPTO_BYTES"),
            "le": num("ASCON_LITTLE_ENDIAN") == 1}


def rounds(p: dict, mlen: int) -> int:
    """Permutation rounds of one message of mlen bytes, no AD (a hash's
    start state is precomputed; a CXOF with an empty customization string
    adds two p^12; the AEAD's last block is the padding)."""
    if p["kind"] == "aead":
        return 12 + (mlen // p["rate"]) * p["pb"] + 12
    extra = 24 if p["cxof"] else 0
    return extra + (mlen // p["rate"]) * p["pb"] + 12 + (p["out"] // p["rate"] - 1) * p["pb"]


def bytes_floor(variant: str, p: dict, mlen: int) -> int:
    lin, lout = lane_costs(variant, p["le"])
    if p["kind"] == "aead":
        return (mlen // 8) * (lin + lout) + 4 * (lin - 1) + 6 + 2 * lout
    return (mlen // 8) * lin + (p["out"] // 8) * lout


def measured(results: list[dict], target: str) -> dict:
    """(impl, scheme, mlen) -> instructions per byte (AEAD: the mean of
    encryption and decryption)."""
    acc: dict = {}
    for r in results:
        if r["target"] != target or r["status"] != "ok" or r.get("adlen", 0) != 0 \
                or r["op"] not in ("encrypt", "decrypt", "hash") or "thesis" not in r["sets"]:
            continue
        acc.setdefault((r["impl"], r["scheme"], r["mlen"]), []).append(r["instructions_per_byte"])
    return {k: sum(v) / len(v) for k, v in acc.items()}


def members(results: list[dict]) -> list[str]:
    order = ["ascon128a-v12", "ascon128-v12", "ascon80pq-v12", "asconhasha-v12",
             "asconhash-v12", "asconxofa-v12", "asconxof-v12", "ascon-aead128",
             "ascon-hash256", "ascon-xof128", "ascon-cxof128"]
    have = {r["scheme"] for r in results}
    return [s for s in order if s in have]


def table(results: list[dict]) -> str:
    out = []
    for variant, target in targets_of_variants().items():
        impl = generator().VARIANTS[variant]
        m = measured(results, target)
        sizes = round_sizes(variant)
        per_round = sum(sizes) / len(sizes)
        out.append(f"**`{impl}` on `{target}`** (a round: {per_round:g} instructions)")
        out.append("")
        out.append("| member | 32 KiB floor | 32 KiB goal (0.90 x opt64) | 32 KiB measured "
                   "| 16 B floor | 16 B goal (best C) | 16 B measured |")
        out.append("|---|---|---|---|---|---|---|")
        for s in members(results):
            p = scheme(s)
            cells = []
            for mlen in LENS:
                floor = (rounds(p, mlen) * per_round + bytes_floor(variant, p, mlen)) / mlen
                if mlen == 32768:
                    base = m.get(("opt64", s, mlen))
                    goal = 0.90 * base if base else None
                else:
                    cs = [m[(c, s, mlen)] for c in C_IMPLS if (c, s, mlen) in m]
                    goal = min(cs) if cs else None
                got = m.get((impl, s, mlen))
                mark = " **>**" if goal is not None and floor > goal else ""
                ok = "" if goal is None or got is None else (" ✓" if got <= goal else " ✗")
                cells += [f"{floor:.2f}{mark}", "–" if goal is None else f"{goal:.2f}",
                          "–" if got is None else f"{got:.2f}{ok}"]
            out.append(f"| {s} | " + " | ".join(cells) + " |")
        out.append("")
    return "\n".join(out)


def asm_bytes(target: str, scheme_name: str, impl: str) -> int | None:
    """Bytes of the assembled .S (text and its entry table), as the run
    built it: build/targets/<target>/<scheme>__<impl>/obj/ascon.S.o."""
    obj = ROOT / "build" / "targets" / target / f"{scheme_name}__{impl}" / "obj" / "ascon.S.o"
    if not obj.is_file():
        return None
    r = subprocess.run(["riscv64-unknown-elf-size", str(obj)], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    return int(r.stdout.splitlines()[1].split()[0])


def sizes(results: list[dict]) -> str:
    """Code bytes of each member's .S, and of the whole implementation (the
    run's code_bytes: the .S and the C mode around it)."""
    code = {(r["target"], r["scheme"], r["impl"]): r["code_bytes"] for r in results
            if r.get("code_bytes")}
    impls = [(generator().VARIANTS[v], t) for v, t in targets_of_variants().items()]
    out = ["| member | " + " | ".join(f"`{i}` .S / whole" for i, _ in impls) + " |",
           "|---|" + "---|" * len(impls)]
    for s in members(results) + [p for p in ("ascon-p6", "ascon-p8", "ascon-p12")
                                 if any(r["scheme"] == p for r in results)]:
        cells = []
        for impl, target in impls:
            a, w = asm_bytes(target, s, impl), code.get((target, s, impl))
            cells.append(f"{a if a is not None else '–'} / {w if w is not None else '–'}")
        out.append(f"| {s} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def main(argv: list[str]) -> int:
    path = pathlib.Path(argv[1]) if len(argv) > 1 else \
        ROOT / "build" / "bench" / "latest" / "results.json"
    results = json.loads(path.read_text())["results"]
    print("Instructions per byte, adlen 0. floor: rounds and bytes (no calls, loops, "
          "padding); **>**: the floor is above the goal; ✓/✗: measured at or below the "
          "goal, or above it.")
    print()
    print(table(results))
    print("Code bytes of the assembly (the .S object: text and entry table, "
          "riscv64-unknown-elf-size) / of the whole implementation (the run's code_bytes):")
    print()
    print(sizes(results))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
