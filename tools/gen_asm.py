#!/usr/bin/env python3
"""Run the assembly generators: every src/<family>/<isa>/gen.py (or those
of the folders named), each writing its variants' .S beside it.

    python3 tools/gen_asm.py                    # every generator
    python3 tools/gen_asm.py src/ascon/rv32     # one
    python3 tools/gen_asm.py --check            # write nothing; exit 1 naming each stale .S

A generator is the module src.<family>.<isa>.gen (python3 -m src.ascon.rv32.gen
runs one from the repository's root); it imports its toolkit from
src/asmgen/ by name.  tests/asm/test_asm.py compares every .S with its generator.
"""
from __future__ import annotations

import argparse
import importlib
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def generators(folders: list[str]) -> list[pathlib.Path]:
    found = sorted(ROOT.glob("src/*/*/gen.py"))
    if not folders:
        return found
    want = {(ROOT / f).resolve() for f in folders}
    chosen = [g for g in found if g.parent in want]
    missing = want - {g.parent for g in chosen}
    if missing:
        raise SystemExit(f"gen_asm: no generator in {', '.join(sorted(map(str, missing)))}")
    return chosen


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("folders", nargs="*", help="src/<family>/<isa> folders (default: all)")
    p.add_argument("--check", action="store_true", help="write nothing; exit 1 when stale")
    args = p.parse_args(argv)
    stale = written = 0
    for gen in generators(args.folders):
        rel = gen.parent.relative_to(ROOT)
        mod = importlib.import_module(".".join(rel.parts) + ".gen")
        for v in mod.VARIANTS:
            path, text = gen.parent / f"{v}.S", mod.generate(v)
            if path.exists() and path.read_text() == text:
                continue
            if args.check:
                print(f"stale: {path.relative_to(ROOT)}")
                stale += 1
            else:
                path.write_text(text)
                print(f"wrote {path.relative_to(ROOT)}")
                written += 1
    if args.check and stale:
        print("python3 tools/gen_asm.py rewrites them")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
