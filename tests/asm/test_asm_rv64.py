"""The RV64 assembly implementations (src/ascon/rv64, written by gen.py): the
checks of their own.  tests/asm/test_asm.py's table makes the generic ones
(generated files current; the KAT of asm_rv64 on RV64GC and on RV64GC+Zbb,
of asm_rv64_zbb on RV64GC+Zbb; round counts against ref).

Here: the generator's S-boxes equal the specification's on all 32 inputs
(and a broken one is caught); every member and bare permutation has both
variants; RV64GC's CPU refuses Zbb; on the target itself the assembly
agrees with the C ref with unaligned and in-place buffers, whole-message
and incremental calls, and a forged message returns LWC_ERR_TAG with the
plaintext wiped; tools/rv64_bounds.py counts the generated rounds.
"""
from __future__ import annotations

import copy
import subprocess

import pytest

from tests.helpers import ROOT, find_impl, load_module, usable_target
from harness.discover import discover

GEN = ROOT / "src" / "ascon" / "rv64" / "gen.py"
ASM = [i for i in discover() if i.name.startswith("asm_rv64")]


def generator():
    return load_module(GEN, "ascon_rv64_gen")


def test_sbox_check_catches_a_wrong_sbox():
    """The generator's own S-box check (run on every generation) passes the
    three forms and fails each of them with one operation changed, or with
    an output's complement mislabelled."""
    gen = generator()
    forms = [gen.SBOX_ZBB, gen.SBOX_RV64_EVEN, gen.SBOX_RV64_ODD]
    for form in forms:
        gen.check_sbox(form)
        for k, (op, rd, rs1, rs2, note) in enumerate(form["ops"]):
            if op == "not":
                continue
            bad = copy.deepcopy(form)
            bad["ops"][k] = ({"xor": "or", "or": "and", "and": "xor", "andn": "and"}[op],
                             rd, rs1, rs2, note)
            with pytest.raises(AssertionError):
                gen.check_sbox(bad)
        bad = copy.deepcopy(form)
        reg, inv = bad["out"][0]
        bad["out"][0] = (reg, not inv)
        with pytest.raises(AssertionError):
            gen.check_sbox(bad)


def test_every_variant_has_all_members():
    # the Ascon members and permutations (ISAP reuses the bi32 backend but is not one)
    members = {i.scheme for i in discover() if i.name == "bi32" and i.scheme.startswith("ascon")}
    for impl in generator().VARIANTS.values():
        have = {i.scheme for i in ASM if i.name == impl}
        assert have == members, f"{impl}: missing {sorted(members - have)}"


def test_rv64gc_cpu_refuses_zbb():
    """asm_rv64_zbb is not claimed by rv64-qemu, whose CPU has Zbb off: the
    check above would not hide a Zbb instruction in asm_rv64."""
    assert not find_impl("ascon128-v12", "asm_rv64_zbb").builds_for(
        set(usable_target("rv64-qemu").arch_tokens))
    assert find_impl("ascon128-v12", "asm_rv64").builds_for(
        set(usable_target("rv64-qemu").arch_tokens))


# -- properties on the target ----------------------------------------------------
# A stand-in bench_serve linked with the assembly and the C ref of the same
# scheme (each under its namespace): it compares them and prints one line
# per failure, then "props <passed> <failed>".
PROPS = r"""
#include <stdint.h>
#include <string.h>
#include "bench.h"
#include "lwc.h"

static unsigned passed, failed;
static char line[96];

static void put_num(char *p, unsigned v) {
  char t[12]; int n = 0;
  do { t[n++] = (char)('0' + v % 10); v /= 10; } while (v);
  while (n) *p++ = t[--n];
  *p = 0;
}
static void check(int ok, const char *what, unsigned a, unsigned b, unsigned c) {
  char *p = line;
  if (ok) { passed++; return; }
  failed++;
  while (*what) *p++ = *what++;
  *p++ = ' '; put_num(p, a); p += strlen(p);
  *p++ = ' '; put_num(p, b); p += strlen(p);
  *p++ = ' '; put_num(p, c);
  bench_put_line(line);
}
static void fill(uint8_t *p, size_t n, unsigned seed) {
  size_t i;
  for (i = 0; i < n; i++) p[i] = (uint8_t)(seed * 131u + i * 29u + (i >> 3));
}
static int zero(const uint8_t *p, size_t n) {
  uint8_t acc = 0; size_t i;
  for (i = 0; i < n; i++) acc |= p[i];
  return acc == 0;
}
static void finish(void) {
  char *p = line;
  memcpy(p, "props ", 6); p += 6;
  put_num(p, passed); p += strlen(p);
  *p++ = ' '; put_num(p, failed);
  bench_put_line(line);
}

#if KIND_AEAD
extern const lwc_aead ASM_DESC, REF_DESC;
static uint8_t key[20], nonce[16], ad[80], msg[80];
static uint8_t want[112], buf[128], buf2[128], adb[96];
static const unsigned adlens[] = {0, 1, 7, 8, 9, 15, 16, 17, 33};
static const unsigned offs[] = {0, 1, 3, 7};

static void encrypt_inc(const lwc_aead *d, uint8_t *ct, const uint8_t *m, size_t mlen,
                        const uint8_t *a, size_t alen, size_t cut) {
  lwc_aead_ctx x;
  d->init(&x, key, nonce, NULL);
  d->absorb_ad(&x, a, alen / 2);
  d->absorb_ad(&x, a + alen / 2, alen - alen / 2);
  if (cut > mlen) cut = mlen;
  d->encrypt_update(&x, ct, m, cut);
  d->encrypt_update(&x, ct + cut, m + cut, mlen - cut);
  d->encrypt_final(&x, ct + mlen, 16);
}

void bench_serve(void) {
  unsigned ai, mlen, oi;
  fill(key, sizeof key, 1); fill(nonce, sizeof nonce, 2);
  fill(ad, sizeof ad, 3); fill(msg, sizeof msg, 4);
  for (ai = 0; ai < sizeof adlens / sizeof adlens[0]; ai++)
    for (mlen = 0; mlen < 50; mlen++)
      for (oi = 0; oi < sizeof offs / sizeof offs[0]; oi++) {
        unsigned alen = adlens[ai], o = offs[oi], cut = 1 + (mlen * 7) % 23;
        uint8_t *a = adb + (o ^ 5), *c = buf + o, *m2 = buf2 + (o ^ 3);
        lwc_aead_ctx x;
        int r;
        memcpy(a, ad, alen);
        encrypt_inc(&REF_DESC, want, msg, mlen, ad, alen, 0);
        /* whole message, unaligned separate buffers */
        memcpy(m2, msg, mlen);
        memset(buf, 0xa5, sizeof buf);
        r = ASM_DESC.encrypt(c, m2, mlen, a, alen, nonce, key);
        check(r == 0 && memcmp(c, want, mlen + 16) == 0, "encrypt", alen, mlen, o);
        /* decrypt to another unaligned buffer */
        memset(buf2, 0x5a, sizeof buf2);
        r = ASM_DESC.decrypt(m2, c, mlen + 16, a, alen, nonce, key);
        check(r == 0 && memcmp(m2, msg, mlen) == 0, "decrypt", alen, mlen, o);
        /* in place, both ways */
        memcpy(c, msg, mlen);
        r = ASM_DESC.encrypt(c, c, mlen, a, alen, nonce, key);
        check(r == 0 && memcmp(c, want, mlen + 16) == 0, "encrypt in place", alen, mlen, o);
        r = ASM_DESC.decrypt(c, c, mlen + 16, a, alen, nonce, key);
        check(r == 0 && memcmp(c, msg, mlen) == 0, "decrypt in place", alen, mlen, o);
        /* a forgery: every plaintext byte wiped, LWC_ERR_TAG */
        memcpy(c, want, mlen + 16);
        c[(mlen * 5 + o) % (mlen + 16)] ^= (uint8_t)(1u << (mlen % 8));
        memset(buf2, 0x5a, sizeof buf2);
        r = ASM_DESC.decrypt(m2, c, mlen + 16, a, alen, nonce, key);
        check(r == LWC_ERR_TAG && zero(m2, mlen), "forgery", alen, mlen, o);
        /* incremental calls (blocks in assembly), unaligned, in place */
        memcpy(c, msg, mlen);
        encrypt_inc(&ASM_DESC, c, c, mlen, a, alen, cut);
        check(memcmp(c, want, mlen + 16) == 0, "incremental encrypt", alen, mlen, o);
        ASM_DESC.init(&x, key, nonce, NULL);
        ASM_DESC.absorb_ad(&x, a, alen);
        ASM_DESC.decrypt_update(&x, c, c, cut < mlen ? cut : mlen);
        if (cut < mlen) ASM_DESC.decrypt_update(&x, c + cut, c + cut, mlen - cut);
        r = ASM_DESC.decrypt_verify(&x, want + mlen, 16);
        check(r == LWC_OK && memcmp(c, msg, mlen) == 0, "incremental decrypt", alen, mlen, o);
      }
  check(ASM_DESC.decrypt(buf2, want, 15, ad, 0, nonce, key) == LWC_ERR_ARG, "short", 15, 0, 0);
  finish();
}
#elif KIND_HASH
extern const lwc_hash ASM_DESC, REF_DESC;
static uint8_t msg[200], inb[208], want[80], got[80], custom[40];
static const unsigned offs[] = {0, 1, 5};

static void digest(const lwc_hash *d, uint8_t *out, const uint8_t *in, size_t len,
                   size_t cut, size_t clen) {
  lwc_hash_ctx x;
  size_t n = d->outbytes;
  d->init(&x, d->kind == LWC_CXOF ? custom : NULL, d->kind == LWC_CXOF ? clen : 0);
  if (cut > len) cut = len;
  d->update(&x, in, cut);
  d->update(&x, in + cut, len - cut);
  if (d->kind == LWC_HASH) {
    d->squeeze(&x, out, n);
  } else {
    d->squeeze(&x, out, 3);
    d->squeeze(&x, out + 3, n - 3);
  }
}

void bench_serve(void) {
  unsigned len, oi;
  fill(msg, sizeof msg, 7); fill(custom, sizeof custom, 8);
  for (len = 0; len < 200; len += (len < 40 ? 1 : 13))
    for (oi = 0; oi < sizeof offs / sizeof offs[0]; oi++) {
      unsigned o = offs[oi], cut = (len * 3) % 29, clen = len % 33;
      memcpy(inb + o, msg, len);
      digest(&REF_DESC, want, msg, len, len, clen);
      memset(got, 0, sizeof got);
      digest(&ASM_DESC, got, inb + o, len, len, clen);
      check(memcmp(got, want, REF_DESC.outbytes) == 0, "hash", len, o, 0);
      memset(got, 0, sizeof got);
      digest(&ASM_DESC, got, inb + o, len, cut, clen);
      check(memcmp(got, want, REF_DESC.outbytes) == 0, "hash in pieces", len, o, cut);
    }
  finish();
}
#else
extern const lwc_perm ASM_DESC, REF_DESC;
void bench_serve(void) {
  uint8_t in[40], a[40], b[40];
  lwc_perm_state sa, sb;
  unsigned n, k;
  for (k = 0; k < 4; k++)
    for (n = 1; n <= 12; n++) {
      fill(in, 40, k * 13 + n);
      REF_DESC.init(&sb); ASM_DESC.init(&sa);
      REF_DESC.add_bytes(&sb, in, 0, 40); ASM_DESC.add_bytes(&sa, in, 0, 40);
      REF_DESC.permute_rounds(&sb, n); ASM_DESC.permute_rounds(&sa, n);
      REF_DESC.extract_bytes(&sb, b, 0, 40); ASM_DESC.extract_bytes(&sa, a, 0, 40);
      check(memcmp(a, b, 40) == 0, "permute_rounds", n, k, 0);
    }
  REF_DESC.init(&sb); ASM_DESC.init(&sa);
  REF_DESC.permute(&sb); ASM_DESC.permute(&sa);
  REF_DESC.extract_bytes(&sb, b, 0, 40); ASM_DESC.extract_bytes(&sa, a, 0, 40);
  check(memcmp(a, b, 40) == 0, "permute", 0, 0, 0);
  finish();
}
#endif
"""


def props_firmware(tmp_path, target, impl, ref=None):
    """The PROPS program for impl, with the C ref of its scheme (or `ref`),
    built with the target's compiler and flags around the QEMU port."""
    from harness.bench.targets.qemu import HERE as PORT
    from harness.build import MINI_LIBC
    ref = ref or find_impl(impl.scheme, "ref")
    desc = {"aead": "lwc_aead_desc", "hash": "lwc_hash_desc", "perm": "lwc_perm_desc"}
    kind = {"aead": "KIND_AEAD", "hash": "KIND_HASH"}.get(impl.kind, "KIND_PERM")
    src = tmp_path / "props.c"
    src.write_text(PROPS)
    objs = []

    def cc(path, flags, name):
        o = tmp_path / f"{name}.o"
        r = subprocess.run([*target.cc, *target.firmware.compile_flags(), *flags, "-c", str(path),
                            "-o", str(o)], cwd=ROOT, capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        objs.append(str(o))
    cc(src, [f"-D{kind}=1", f"-DASM_DESC={impl.namespace}_{desc[impl.kind]}",
             f"-DREF_DESC={ref.namespace}_{desc[impl.kind]}"], "props")
    for i in (impl, ref):
        for s in i.sources:
            cc(s, [f"-I{i.path}", f"-DLWC_NAMESPACE={i.namespace}",
                   f'-DLWC_SCHEME_NAME="{i.scheme}"', f'-DLWC_IMPL_NAME="{i.name}"'],
               f"{i.name}_{s.name}")
    for s in (PORT / target.start, PORT / "port_linux.c", MINI_LIBC):
        cc(s, [], s.name)
    elf = tmp_path / "props.elf"
    r = subprocess.run([*target.cc, *target.cflags, "-o", str(elf), *objs, *target.ldflags],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return elf


# on the CPU that executes both variants
PROPS_CASES = [(i, "rv64-zbb-qemu") for i in ASM
               if i.scheme in ("ascon128-v12", "ascon128a-v12", "ascon80pq-v12", "ascon-aead128",
                               "asconhash-v12", "ascon-hash256", "ascon-xof128",
                               "ascon-cxof128", "asconxofa-v12", "ascon-p12")]


@pytest.mark.parametrize("impl,target", PROPS_CASES,
                         ids=[f"{i.scheme}/{i.name}@{t}" for i, t in PROPS_CASES])
def test_properties_on_target(tmp_path, impl, target):
    t = usable_target(target)
    elf = props_firmware(tmp_path, t, impl)
    run = subprocess.run(t.qemu_argv(elf), input="", capture_output=True, text=True,
                         timeout=300)
    lines = run.stdout.splitlines()
    assert lines and lines[-1].startswith("props "), (run.returncode, run.stdout[-2000:],
                                                      run.stderr[-2000:])
    passed, failed = map(int, lines[-1].split()[1:])
    assert failed == 0 and passed > 0, "\n".join(lines[:20])


def test_props_program_catches_a_difference(tmp_path):
    """The properties program reports failures when the two sides differ:
    Ascon-80pq's ref in the place of Ascon-128's."""
    t = usable_target("rv64-qemu")
    elf = props_firmware(tmp_path, t, find_impl("ascon128-v12", "asm_rv64"),
                         ref=find_impl("ascon80pq-v12", "ref"))
    run = subprocess.run(t.qemu_argv(elf), input="", capture_output=True, text=True, timeout=300)
    last = run.stdout.splitlines()[-1]
    assert last.startswith("props ") and int(last.split()[2]) > 0, last


def test_bounds_follow_the_generated_code():
    """tools/rv64_bounds.py (docs/design/asm-rv64.md's statement of what bounds each
    cell) counts the rounds in the generated files: Zbb 1 constant + 15
    S-box + 5 x 4 linear = 36; RV64I 1 + 15 or 16 + 5 x 8 = 56 or 57; a
    big-endian lane in is ld, the reversal (1 or 13) and xor, out the
    reversal and sd."""
    tool = load_module(ROOT / "tools" / "rv64_bounds.py", "rv64_bounds")
    assert tool.round_sizes("zbb") == [36] * 12
    assert tool.round_sizes("rv64") == [56, 57] * 6
    assert tool.lane_costs("zbb") == (3, 2) and tool.lane_costs("rv64") == (15, 14)
    assert tool.lane_costs("zbb", little_endian=True) == (2, 1)
    assert tool.rounds(tool.scheme("ascon128a-v12"), 16) == 32
    assert tool.rounds(tool.scheme("ascon-cxof128"), 16) == 24 + 2 * 12 + 12 + 7 * 12
