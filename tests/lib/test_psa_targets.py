"""lwc::psa on microcontroller targets under QEMU (issue 47, item 3): every
entry of the four official Ascon KAT files through the PSA calls, one-shot
and multi-part, on one RISC-V (rv32i-qemu) and one Cortex-M
(cortex-m3-qemu) target; and, on the same targets, the calls that need
random bytes without a random source and with one.

tests/psa/psa_kat_target.c is a freestanding program over the benchmark
port (harness/firmware/bench.h "the port", harness/platforms/qemu/): it reads
an official file as it is from the console and prints "ok kind=K entries=N
parts=P" (P: the multi-part runs it made) or the first entry that failed.
Each entry goes through the one-shot calls and three multi-part runs, its
inputs (and an XOF's output) cut in pieces that move with the entry, so
that over a file every cut of a short input comes up.  It is linked here
the way a target's firmware is (harness/bench/psa_overhead.py,
build_target_program, shared with ./lwcbench psa-overhead --target): the
target's compiler and flags, mini libc, src/lib/lwc.c, the port, and a
registry of the implementations a build for the target gets of the four
schemes by default (harness.bench.impls.default_impls: each core's
preferred implementation there), with src/psa/ on top.

QEMU runs it with the plain instruction-counting plugin on both targets:
the program reads no counter, and cortex-m3-qemu's default plugin (the
Cortex-M3 cycle model) only runs the same instructions ten times slower.
The whole file took 4 s (3.6 s of CPU, the two builds included) here."""
from __future__ import annotations

import subprocess

import pytest

from harness.bench.psa_overhead import PSA_SCHEMES as SCHEMES, build_target_program
from harness.bench.targets.qemu import PLUGIN
from tests.helpers import KAT_DIR, ROOT, usable_target

TARGETS = ("rv32i-qemu", "cortex-m3-qemu")
KINDS = {"ascon-aead128": "aead", "ascon-hash256": "hash", "ascon-xof128": "xof",
         "ascon-cxof128": "cxof"}
PROGRAM = ROOT / "tests" / "psa" / "psa_kat_target.c"
# multi-part runs an entry gets: three runs (for the AEAD each encrypts and
# decrypts), and for the AEAD one more refusing a flipped tag bit
PARTS = {"aead": 7, "hash": 3, "xof": 3, "cxof": 3}


def build(t, out):
    """psa_kat_target.c for target t, linked in folder `out` (as
    ./lwcbench psa-overhead links its program): the ELF."""
    return build_target_program(t, PROGRAM, out)


_built: dict[str, object] = {}


@pytest.fixture
def program(tmp_path_factory):
    """The program for a target, built once per session."""
    def get(name):
        if name not in _built:
            t = usable_target(name)
            _built[name] = (t, build(t, tmp_path_factory.mktemp(f"psa-{name}")))
        return _built[name]
    return get


def qemu(t, elf) -> list[str]:
    """QEMU running the program, with the counting plugin (see above)."""
    return t.qemu_argv(elf, PLUGIN)


def entries(scheme) -> int:
    return sum(line.startswith("Count = ") for line in
               (KAT_DIR / f"{scheme}.txt").read_text().splitlines())


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("name", TARGETS)
def test_kat_through_psa_under_qemu(program, name, scheme):
    """Every entry of the official file, fed as it is on the console:
    one-shot and in parts, decrypted back, a flipped tag bit refused."""
    t, elf = program(name)
    r = subprocess.run(qemu(t, elf), input=(KAT_DIR / f"{scheme}.txt").read_bytes(),
                       capture_output=True, timeout=300)
    out = r.stdout.decode(errors="replace").strip()
    assert r.returncode == 0, (r.returncode, out, r.stderr[-500:])
    n = entries(scheme)
    assert out == f"ok kind={KINDS[scheme]} entries={n} parts={n * PARTS[KINDS[scheme]]}"


WHAT = {"aead": "psa_aead_encrypt", "hash": "psa_hash_compute", "xof": "psa_xof_output",
        "cxof": "psa_xof_output"}


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("name", TARGETS)
def test_a_wrong_answer_is_caught(program, name, scheme):
    """An entry whose expected output is not the implementation's (one
    changed digit of the first entry's CT or MD) fails, and the program
    names it and the call that disagreed."""
    t, elf = program(name)
    text = (KAT_DIR / f"{scheme}.txt").read_text()
    field = "CT = " if KINDS[scheme] == "aead" else "MD = "
    at = text.index(field) + len(field)
    bad = text[:at] + ("1" if text[at] != "1" else "2") + text[at + 1:]
    r = subprocess.run(qemu(t, elf), input=bad.encode(), capture_output=True, timeout=300)
    assert r.stdout.decode().strip() == (f"fail kind={KINDS[scheme]} count=1 "
                                         f"what={WHAT[KINDS[scheme]]}")


@pytest.mark.parametrize("name", TARGETS)
def test_without_a_random_source_the_calls_refuse(program, name):
    """A freestanding build has no system generator: psa_generate_random,
    psa_aead_generate_nonce (the operation then in its error state) and
    psa_generate_key answer PSA_ERROR_INSUFFICIENT_ENTROPY until the
    documented hook, lwc_psa_set_random, installs a source; with it they
    work (the generated nonce is the one the ciphertext decrypts with);
    lwc_psa_set_random(NULL, NULL) gives the default back, none, and they
    refuse again."""
    t, elf = program(name)
    r = subprocess.run(qemu(t, elf), input=b"random\n", capture_output=True, timeout=60)
    assert r.returncode == 0 and r.stdout.decode().strip() == "ok random", (r.stdout, r.stderr)
