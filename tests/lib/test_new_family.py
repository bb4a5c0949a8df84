"""Adding a family, measured: a throwaway permutation family ("toy", a
16-byte ARX permutation, with a sponge hash over it) written the way
docs/design/adding-a-family.md says, compiled with the harness' own flags
and checked against a Python model of it.  The guide's table of files and
lines is checked against what this family takes, so the guide cannot
drift from what adding a family costs."""
from __future__ import annotations

import os
import pathlib
import re
import subprocess

from harness.bench.targets import TARGETS
from harness.build import VARIANTS, WARN, impl_flags, via_flags
from harness.discover import discover
from tests.helpers import ROOT
from tests.models.bits import rol

GUIDE = ROOT / "docs" / "design" / "adding-a-family.md"
ISA_GUIDE = ROOT / "docs" / "design" / "adding-an-isa.md"

# The family's own code, src/toy/: its constants, one backend (the state
# from core/perm.h's word view, only the permutation written), the bare
# permutation's descriptor and a hash mode over the contract.
FAMILY = {
    "src/toy/common.h": """\
/* Toy: a throwaway 16-byte ARX permutation (tests/lib/test_new_family.py). */
#ifndef TOY_COMMON_H
#define TOY_COMMON_H

#include "core/common.h"

#ifndef LWC_SCHEME_NAME
#define LWC_SCHEME_NAME TOY_SCHEME_NAME
#endif
#ifndef LWC_IMPL_NAME
#define LWC_IMPL_NAME TOY_BACKEND_NAME
#endif

#define PERM_STATE_BYTES 16u /* core/perm.h: four little-endian words */
#define TOY_MAX_ROUNDS 8u
#define TOY_RATE 8u

#endif
""",
    "src/toy/backend_ref.h": """\
/* ref backend: the four words as written, the state and its byte view from
 * core/perm.h; the last `rounds` of the 8. */
#ifndef TOY_BACKEND_H
#define TOY_BACKEND_H

#include "toy/common.h"
#define PERM_VIEW_WORDS32
#include "core/perm.h"

#define TOY_BACKEND_NAME "ref"

static void perm_permute(perm_state_t *s, unsigned rounds) {
  uint32_t *w = s->w;
  unsigned r;
  for (r = TOY_MAX_ROUNDS - rounds; r < TOY_MAX_ROUNDS; r++) {
    w[0] += w[1];
    w[3] = lwc_rol32(w[3] ^ w[0], 16);
    w[2] += w[3];
    w[1] = lwc_rol32(w[1] ^ w[2], 12);
    w[0] ^= r;
  }
}

#endif
""",
    "src/toy/backend_via.h": """\
/* via backend: the contract over the lwc_perm descriptor under test
 * (core/via.h), for the bare permutation's KAT check. */
#ifndef TOY_BACKEND_H
#define TOY_BACKEND_H

#include "toy/common.h"
#include "core/via.h"

#define TOY_BACKEND_NAME "via"

#endif
""",
    "src/toy/perm_mode.h": """\
/* The bare toy permutation behind the lwc_perm descriptor. */
#ifndef TOY_PERM_MODE_H
#define TOY_PERM_MODE_H

#define LWC_PERM_ROUNDS TOY_MAX_ROUNDS
#define LWC_PERM_MAX_ROUNDS TOY_MAX_ROUNDS
#include "core/perm_api.h"

#endif
""",
    "src/toy/hash_mode.h": """\
/* Toy-Hash: 8-byte blocks absorbed, the permutation after each full one;
 * then S[pos] ^= 1, S[15] ^= 0x80, the permutation, and the digest read
 * 8 bytes at a time with the permutation between. */
#ifndef TOY_HASH_MODE_H
#define TOY_HASH_MODE_H

#include "core/sponge.h"
#include "lwc.h"

LWC_PART void toy_hash_absorb(lwc_sponge_state *st, const uint8_t *in, size_t len) {
  while (len > 0) {
    unsigned n = TOY_RATE - st->pos;
    if (n > len) n = (unsigned)len;
    perm_add(&st->s, in, st->pos, n);
    st->pos = (uint8_t)(st->pos + n);
    in += n;
    len -= n;
    if (st->pos == TOY_RATE) {
      perm_permute(&st->s, TOY_MAX_ROUNDS);
      st->pos = 0;
    }
  }
}

LWC_PART void toy_hash_pad(lwc_sponge_state *st) {
  static const uint8_t one = 1, top = 0x80;
  perm_add(&st->s, &one, st->pos, 1);
  perm_add(&st->s, &top, PERM_STATE_BYTES - 1, 1);
  perm_permute(&st->s, TOY_MAX_ROUNDS);
  st->pos = 0;
}

#define LWC_HASH_FN(name) toy_hash_##name
#define LWC_HASH_ABSORB_BYTES(st, in, len) toy_hash_absorb(st, in, len)
#define LWC_HASH_OUT_RATE TOY_RATE
#define LWC_HASH_NEXT(st) perm_permute(&(st)->s, TOY_MAX_ROUNDS)
#include "core/hash_tail.h"

#endif
""",
}

# The implementation folders (SUPERCOP layout): the scheme's parameters and
# one folder per implementation, its source naming the backend and mode.
FOLDERS = {
    "crypto_perm/toy8/scheme.h": """\
/* The bare toy permutation, 8 rounds on 16 bytes. */
#define TOY_SCHEME_NAME "toy8"
""",
    "crypto_perm/toy8/kat-via": "toy-hash\n",
    "crypto_perm/toy8/via.c": """\
/* toy8 is checked through toy-hash's KAT file: its mode over the permutation. */
#include LWC_VIA_SCHEME_H
#include "toy/backend_via.h"
#include "toy/hash_mode.h"
""",
    "crypto_perm/toy8/ref/api.h": '#include "../scheme.h"\n',
    "crypto_perm/toy8/ref/architectures": "any\n",
    "crypto_perm/toy8/ref/perm.c": """\
#include "api.h"
#include "toy/backend_ref.h"
#include "toy/perm_mode.h"
""",
    "crypto_hash/toy-hash/scheme.h": """\
/* Toy-Hash over the toy permutation: a 16-byte digest. */
#define CRYPTO_BYTES 16
#define TOY_SCHEME_NAME "toy-hash"
""",
    "crypto_hash/toy-hash/ref/api.h": '#include "../scheme.h"\n',
    "crypto_hash/toy-hash/ref/architectures": "any\n",
    "crypto_hash/toy-hash/ref/hash.c": """\
#include "api.h"
#include "toy/backend_ref.h"
#include "toy/hash_mode.h"
""",
}

# A family's assembly on an ISA the toolkit knows (docs/design/adding-an-isa.md):
# the toy permutation for RV32I, its generator over src/asmgen/, the backend
# that maps perm_permute to it and one implementation folder.
ISA_PORT = {
    "src/toy/rv32/gen.py": '''\
"""The toy permutation in RV32I assembly: the four words in t0-t3 for all
the rounds, rotations as two shifts and an or (RV32I has no rotate)."""
from __future__ import annotations

import pathlib

from src.asmgen.emitter import Emitter, begin, size, text, write

SYM = "LWC_SYM(toy_rv32_permute)"


def rotl(a: Emitter, x: str, n: int) -> None:
    a("slli", "t4", x, n)
    a("srli", x, x, 32 - n)
    a("or", x, x, "t4", comment=f"<<< {n}")


def generate(variant: str) -> str:
    a = Emitter(variant)
    a.banner("src/toy/rv32/gen.py")
    a.raw(" * toy_rv32_permute(w, rounds): the last `rounds` of the 8 rounds. */")
    a.raw('#include "asmgen/sym.h"')
    begin(a, SYM, ".align 2")
    a.note("a0: the four words, a1: rounds; t0-t3: w[0..3], a1: round r, a2: 8")
    for i in range(4):
        a("lw", f"t{i}", f"{4 * i}(a0)")
    a("li", "a2", 8)
    a("sub", "a1", "a2", "a1", comment="r = 8 - rounds")
    a("bgeu", "a1", "a2", ".Ldone")
    a.label(".Lround")
    a("add", "t0", "t0", "t1")
    a("xor", "t3", "t3", "t0")
    rotl(a, "t3", 16)
    a("add", "t2", "t2", "t3")
    a("xor", "t1", "t1", "t2")
    rotl(a, "t1", 12)
    a("xor", "t0", "t0", "a1", comment="w[0] ^= r")
    a("addi", "a1", "a1", 1)
    a("bltu", "a1", "a2", ".Lround")
    a.label(".Ldone")
    for i in range(4):
        a("sw", f"t{i}", f"{4 * i}(a0)")
    a("ret")
    size(a, SYM)
    return text(a)


if __name__ == "__main__":
    raise SystemExit(write(pathlib.Path(__file__).parent, ["fast"], generate))
''',
    "src/toy/backend_rv32.h": """\
/* RV32 assembly backend (src/toy/rv32/fast.S, written by gen.py): the
 * permutation alone, on core/perm.h's word view. */
#ifndef TOY_BACKEND_H
#define TOY_BACKEND_H

#include "toy/common.h"
#define PERM_VIEW_WORDS32
#include "core/perm.h"

#define TOY_BACKEND_NAME "asm_rv32"

void LWC_NS(toy_rv32_permute)(perm_state_t *s, unsigned rounds);
#define perm_permute(s, rounds) LWC_NS(toy_rv32_permute)((s), (rounds))

#endif
""",
    "crypto_perm/toy8/asm_rv32/api.h": '#include "../scheme.h"\n',
    "crypto_perm/toy8/asm_rv32/architectures": "rv32\n",
    "crypto_perm/toy8/asm_rv32/perm.c": """\
#include "api.h"
#include "toy/backend_rv32.h"
#include "toy/perm_mode.h"
""",
    "crypto_perm/toy8/asm_rv32/toy.S": '#include "toy/rv32/fast.S"\n',
}

MAIN = r"""
#include <stdio.h>
#include <string.h>
#include "lwc.h"
extern const lwc_perm toy8_ref_lwc_perm_desc;
extern const lwc_hash toy_hash_ref_lwc_hash_desc;
extern const lwc_hash via_toy8_lwc_hash_desc;
const lwc_perm *lwc_via_perm;
/* argv[1]: the message in hex (16 to 64 bytes).  Prints the permutation
 * of its first 16 bytes, what an add past the state's end returns, and the
 * hash of the message given in two updates, then the same hash through
 * the via mode over the permutation's descriptor (the KAT check's path). */
int main(int argc, char **argv) {
  const lwc_perm *p = &toy8_ref_lwc_perm_desc;
  const lwc_hash *h = &toy_hash_ref_lwc_hash_desc;
  uint8_t in[64], out[16];
  lwc_perm_state s;
  lwc_hash_ctx ctx;
  unsigned i, n;
  if (argc != 2 || (n = (unsigned)strlen(argv[1]) / 2) < 16 || n > sizeof in) return 2;
  for (i = 0; i < n; i++) sscanf(argv[1] + 2 * i, "%2hhx", &in[i]);
  p->init(&s);
  p->add_bytes(&s, in, 0, 3);
  p->add_bytes(&s, in + 3, 3, 13);
  p->permute(&s);
  p->extract_bytes(&s, out, 0, 16);
  for (i = 0; i < 16; i++) printf("%02x", out[i]);
  printf(" %d ", p->add_bytes(&s, in, 10, 7));
  if (h->init(&ctx, NULL, 0) || h->update(&ctx, in, 5) || h->update(&ctx, in + 5, n - 5) ||
      h->squeeze(&ctx, out, 16))
    return 1;
  for (i = 0; i < 16; i++) printf("%02x", out[i]);
  lwc_via_perm = p;
  h = &via_toy8_lwc_hash_desc;
  if (h->init(&ctx, NULL, 0) || h->update(&ctx, in, n) || h->squeeze(&ctx, out, 16)) return 1;
  printf(" ");
  for (i = 0; i < 16; i++) printf("%02x", out[i]);
  printf("\n");
  return 0;
}
"""


def toy_permute(state: bytes, rounds: int = 8) -> bytes:
    w = [int.from_bytes(state[4 * i:4 * i + 4], "little") for i in range(4)]
    for r in range(8 - rounds, 8):
        w[0] = (w[0] + w[1]) & 0xFFFFFFFF
        w[3] = rol(w[3] ^ w[0], 16)
        w[2] = (w[2] + w[3]) & 0xFFFFFFFF
        w[1] = rol(w[1] ^ w[2], 12)
        w[0] ^= r
    return b"".join(x.to_bytes(4, "little") for x in w)


def toy_hash(msg: bytes) -> bytes:
    s = bytearray(16)
    full = len(msg) - len(msg) % 8
    for k in range(0, full, 8):
        for j in range(8):
            s[j] ^= msg[k + j]
        s = bytearray(toy_permute(bytes(s)))
    for j, b in enumerate(msg[full:]):
        s[j] ^= b
    s[len(msg) - full] ^= 1
    s[15] ^= 0x80
    s = toy_permute(bytes(s))
    return s[:8] + toy_permute(s)[:8]


def write_family(base: pathlib.Path) -> None:
    for rel_path, text in {**FAMILY, **FOLDERS}.items():
        p = base / rel_path
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)


def counts() -> dict[str, tuple[int, int]]:
    """(files, lines) of the family's code, of its implementation folders,
    of its RV32 port and of that port's folder."""
    def c(d):
        return len(d), sum(t.count("\n") for t in d.values())
    port = {k: v for k, v in ISA_PORT.items() if k.startswith("src/")}
    folder = {k: v for k, v in ISA_PORT.items() if not k.startswith("src/")}
    return {"family": c(FAMILY), "folders": c(FOLDERS), "port": c(port), "folder": c(folder)}


def guide_rows(path: pathlib.Path, rows: tuple[str, ...]) -> dict[str, tuple[int, int]]:
    text = path.read_text()
    found = {}
    for what in rows:
        m = re.search(rf"^\| {what} \| (\d+) files? \| (\d+) lines \|", text, re.M)
        assert m, f"{path.name}: the table has no '{what}' row"
        found[what] = (int(m.group(1)), int(m.group(2)))
    return found


def compile_flags(base: pathlib.Path) -> list[str]:
    """What harness.build gives every source (warnings, the include folders),
    plus the throwaway family's own src/ under `base`."""
    return [*WARN, *VARIANTS["release"]["cflags"], f"-I{ROOT / 'include'}",
            f"-I{ROOT / 'src'}", f"-I{base / 'src'}"]


def test_a_new_family_builds_with_the_harness_flags_and_matches_its_model(tmp_path):
    """Discovered from its folders as the harness discovers ours, compiled
    with the harness' flags for each implementation and for the bare
    permutation's via check."""
    write_family(tmp_path)
    impls = {i.scheme: i for i in discover(tmp_path)}
    assert sorted(impls) == ["toy-hash", "toy8"]
    objs = []
    for impl in impls.values():
        for src in impl.sources:
            obj = tmp_path / f"{impl.namespace}.o"
            subprocess.run(["gcc", *compile_flags(tmp_path), *impl_flags(impl), "-c", str(src),
                            "-o", str(obj)], check=True, cwd=ROOT)
            objs.append(str(obj))
    perm = impls["toy8"]
    via = tmp_path / "via_toy8.o"
    subprocess.run(["gcc", *compile_flags(tmp_path), *via_flags(perm), "-c",
                    str(perm.via_source), "-o", str(via)], check=True, cwd=ROOT)
    objs.append(str(via))
    (tmp_path / "main.c").write_text(MAIN)
    exe = tmp_path / "toy"
    subprocess.run(["gcc", *compile_flags(tmp_path), str(tmp_path / "main.c"), *objs,
                    "-o", str(exe)], check=True, cwd=ROOT)
    for n in (16, 17, 23, 24, 31, 40, 64):
        msg = bytes((7 * i + n) & 0xFF for i in range(n))
        out = subprocess.run([str(exe), msg.hex()], capture_output=True, text=True,
                             check=True).stdout.split()
        digest = toy_hash(msg).hex()
        assert out == [toy_permute(msg[:16]).hex(), str(-2), digest, digest], n


def test_the_guides_state_what_a_new_family_and_its_port_take():
    c = counts()
    assert guide_rows(GUIDE, ("family", "folders")) == {k: c[k] for k in ("family", "folders")}
    assert guide_rows(ISA_GUIDE, ("port", "folder")) == {k: c[k] for k in ("port", "folder")}


RV32_MAIN = r"""
#include "lwc.h"
extern const lwc_perm toy8_asm_rv32_lwc_perm_desc;
static const uint8_t in[16] = {IN};
/* Linux user mode (qemu-riscv32): no C library, two system calls */
static long sys(long n, long a, long b, long c) {
  register long a0 __asm__("a0") = a, a1 __asm__("a1") = b, a2 __asm__("a2") = c;
  register long a7 __asm__("a7") = n;
  __asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a7) : "memory");
  return a0;
}
void _start(void) {
  const lwc_perm *p = &toy8_asm_rv32_lwc_perm_desc;
  lwc_perm_state s;
  uint8_t out[16];
  p->init(&s);
  p->add_bytes(&s, in, 0, 16);
  p->permute(&s);
  p->permute_rounds(&s, 3);
  p->extract_bytes(&s, out, 0, 16);
  sys(64, 1, (long)out, 16); /* write */
  sys(93, 0, 0, 0);          /* exit */
}
"""


def test_a_family_port_to_rv32_runs_and_matches_its_model(tmp_path):
    """The port's generator run as ours are, the folder built with the
    rv32i-qemu target's compiler and ISA flags, the program run by its QEMU."""
    target = TARGETS["rv32i-qemu"]
    write_family(tmp_path)
    for rel_path, text in ISA_PORT.items():
        p = tmp_path / rel_path
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    subprocess.run(["python3", str(tmp_path / "src/toy/rv32/gen.py")], check=True,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    impl = next(i for i in discover(tmp_path) if i.name == "asm_rv32")
    assert impl.builds_for(set(target.arch_tokens))
    msg = bytes((11 * i + 5) & 0xFF for i in range(16))
    (tmp_path / "main.c").write_text(RV32_MAIN.replace("IN", ", ".join(map(str, msg))))
    exe = tmp_path / "toy-rv32"
    subprocess.run([*target.cc, *compile_flags(tmp_path), *target().isa_flags(), *impl_flags(impl),
                    "-ffreestanding", "-nostdlib", "-static", "-Wl,--no-relax",
                    *map(str, impl.sources), str(tmp_path / "main.c"), "-o", str(exe)],
                   check=True, cwd=ROOT)
    out = subprocess.run([target.qemu, str(exe)], capture_output=True, check=True,
                         timeout=60).stdout
    assert out == toy_permute(toy_permute(msg), 3)
