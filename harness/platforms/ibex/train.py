"""Training run for the profile-guided build of the Ibex model (setup.sh).

Runs a profiling build of the Verilator model (argv[1]) on the kind of work
it will do: lwc-bench firmware of three implementations (64-bit lanes,
bit-interleaved 32-bit, an AEAD and a hash) encrypting, decrypting and
hashing.  clang writes the branch and call counts of the simulator's C++
to LLVM_PROFILE_FILE (set by the caller); the counts only steer the
compiler's code layout: the model computes exactly the same either way.

Run from the repository root: python3 harness/platforms/ibex/train.py SIM
"""
from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3]))

from harness.bench.targets.ibex import IbexSession, IbexTarget  # noqa: E402
from harness.discover import discover  # noqa: E402

WORK = [("ascon-aead128", "bi32", ["encrypt 0 1536", "decrypt 16 1536"]),
        ("ascon-aead128", "ref", ["encrypt 16 512"]),
        ("ascon-hash256", "ref", ["hash 0 1024"])]


def main() -> int:
    sim = pathlib.Path(sys.argv[1]).resolve()
    target = IbexTarget()
    impls = {(i.scheme, i.name): i for i in discover()}
    for scheme, name, ops in WORK:
        elf = target.build(impls[(scheme, name)])
        reqs = ["loop 1000 1", *(f"measure {scheme} {name} {op} 1" for op in ops)]
        for r in IbexSession(elf, 300.0, sim=sim).run_all(reqs):
            if r.ok is None:
                print(f"ibex training: {scheme} {name}: {r.error}", file=sys.stderr)
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
