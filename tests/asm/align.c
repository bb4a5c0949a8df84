/*
 * On the Xtensa target (tests/asm/test_asm_xtensa.py): the one implementation
 * linked in, called with buffers at every offset 0..3 (Xtensa's word loads
 * and stores need 4-aligned addresses: the assembly copies misaligned blocks,
 * keys, nonces and tags through its frame), in place, and through the
 * incremental C calls (the assembly's runs of blocks; a MAC's or PRF's
 * absorption), against the same
 * implementation's one-shot call on aligned buffers, which the KAT checks.
 * Prints "checked N" and one "bad ..." line per mismatch.
 */
#include <stdint.h>
#include <string.h>
#include "bench.h"
#include "lwc.h"

#define MAXM 80
static uint32_t seed = 0x2545f491u;
static uint8_t next(void) {
  seed ^= seed << 13;
  seed ^= seed >> 17;
  seed ^= seed << 5;
  return (uint8_t)seed;
}
static void fill(uint8_t *p, size_t n) {
  while (n--) *p++ = next();
}

static uint32_t checked, bad;
static void put_num(const char *what, uint32_t a, uint32_t b, uint32_t c) {
  char line[64];
  char *s = line;
  const char *w = what;
  uint32_t v[3] = {a, b, c};
  int i, k;
  while (*w) *s++ = *w++;
  for (i = 0; i < 3; i++) {
    *s++ = ' ';
    for (k = 28; k >= 0; k -= 4) *s++ = "0123456789abcdef"[(v[i] >> k) & 15];
  }
  *s = 0;
  bench_put_line(line);
}
static void check(int ok, const char *what, uint32_t a, uint32_t b, uint32_t c) {
  checked++;
  if (!ok) {
    bad++;
    put_num(what, a, b, c);
  }
}

/* word-aligned areas; each test takes them at an offset (0..3: a 32-byte
 * key at offset 3 needs 35 bytes) */
static uint32_t kw[9], nw[8], adw[(MAXM + 8) / 4], inw[(MAXM + 24) / 4], outw[(MAXM + 24) / 4];
static uint8_t key[32], nonce[16], ad[MAXM], msg[MAXM], ref[MAXM + 16], tmp[MAXM + 16];

static void aead(const lwc_aead *a) {
  static const size_t mlens[] = {0, 1, 3, 8, 15, 16, 17, 24, 33, 64, 79};
  static const size_t adlens[] = {0, 1, 7, 16, 23};
  unsigned mi, ai, off;
  for (mi = 0; mi < sizeof mlens / sizeof *mlens; mi++)
    for (ai = 0; ai < sizeof adlens / sizeof *adlens; ai++)
      for (off = 0; off < 4; off++) {
        size_t m = mlens[mi], d = adlens[ai], t = a->tagbytes, i;
        uint8_t *k = (uint8_t *)kw + off, *n = (uint8_t *)nw + ((off + 1) & 3);
        uint8_t *x = (uint8_t *)adw + ((off + 2) & 3);
        uint8_t *in = (uint8_t *)inw + off, *out = (uint8_t *)outw + ((off + 3) & 3);
        lwc_aead_ctx ctx;
        uint32_t id = (uint32_t)(m << 16 | d << 8 | off);
        fill(key, a->keybytes);
        fill(nonce, a->noncebytes);
        fill(ad, d);
        fill(msg, m);
        lwc_aead_encrypt(a, ref, msg, m, ad, d, nonce, key, NULL); /* aligned */
        memcpy(k, key, a->keybytes);
        memcpy(n, nonce, a->noncebytes);
        memcpy(x, ad, d);
        memcpy(in, msg, m);
        /* misaligned, in and out apart */
        lwc_aead_encrypt(a, out, in, m, x, d, n, k, NULL);
        check(memcmp(out, ref, m + t) == 0, "bad encrypt", id, 0, 0);
        check(lwc_aead_decrypt(a, in, out, m + t, x, d, n, k, NULL) == LWC_OK &&
                  memcmp(in, msg, m) == 0, "bad decrypt", id, 0, 0);
        /* in place */
        memcpy(in, msg, m);
        lwc_aead_encrypt(a, in, in, m, x, d, n, k, NULL);
        check(memcmp(in, ref, m + t) == 0, "bad encrypt-in-place", id, 0, 0);
        check(lwc_aead_decrypt(a, in, in, m + t, x, d, n, k, NULL) == LWC_OK &&
                  memcmp(in, msg, m) == 0, "bad decrypt-in-place", id, 0, 0);
        /* a forgery: refused, the output zeroed */
        memcpy(in, ref, m + t);
        in[(m + t) / 2] ^= 4;
        memset(out, 0x5a, m);
        check(lwc_aead_decrypt(a, out, in, m + t, x, d, n, k, NULL) == LWC_ERR_TAG,
              "bad forgery-accepted", id, 0, 0);
        for (i = 0; i < m; i++) check(out[i] == 0, "bad forgery-not-wiped", id, (uint32_t)i, 0);
        /* the incremental calls (C mode over the assembly's blocks), in two
         * pieces split at m / 3, misaligned */
        memcpy(in, msg, m);
        a->init(&ctx, k, n, NULL);
        a->absorb_ad(&ctx, x, d / 2);
        a->absorb_ad(&ctx, x + d / 2, d - d / 2);
        a->encrypt_update(&ctx, out, in, m / 3);
        a->encrypt_update(&ctx, out + m / 3, in + m / 3, m - m / 3);
        a->encrypt_final(&ctx, tmp, t);
        check(memcmp(out, ref, m) == 0 && memcmp(tmp, ref + m, t) == 0, "bad incremental-encrypt",
              id, 0, 0);
        a->init(&ctx, k, n, NULL);
        a->absorb_ad(&ctx, x, d);
        a->decrypt_update(&ctx, out, out, m / 3); /* in place */
        a->decrypt_update(&ctx, out + m / 3, out + m / 3, m - m / 3);
        check(a->decrypt_verify(&ctx, ref + m, t) == LWC_OK && memcmp(out, msg, m) == 0,
              "bad incremental-decrypt", id, 0, 0);
      }
}

static void hash(const lwc_hash *h) {
  static const size_t lens[] = {0, 1, 7, 8, 9, 16, 31, 33, 64, 79};
  unsigned li, off;
  size_t o = h->outbytes;
  for (li = 0; li < sizeof lens / sizeof *lens; li++)
    for (off = 0; off < 4; off++) {
      size_t m = lens[li];
      uint8_t *in = (uint8_t *)inw + off, *out = (uint8_t *)outw + ((off + 1) & 3);
      lwc_hash_ctx ctx;
      fill(msg, m);
      lwc_hash_compute(h, ref, o, msg, m, NULL, 0);
      memcpy(in, msg, m);
      lwc_hash_compute(h, out, o, in, m, NULL, 0);
      check(memcmp(out, ref, o) == 0, "bad hash", (uint32_t)m, off, 0);
      h->init(&ctx, NULL, 0);
      h->update(&ctx, in, m / 3);
      h->update(&ctx, in + m / 3, m - m / 3);
      h->squeeze(&ctx, out, o);
      check(memcmp(out, ref, o) == 0, "bad hash-incremental", (uint32_t)m, off, 0);
    }
}

/* MAC, PRF: key, message and output at every offset, in place, and split
 * over the incremental calls, against the aligned one-shot call */
static void auth(const lwc_auth *m) {
  static const size_t lens[] = {0, 1, 7, 8, 9, 15, 16, 31, 32, 33, 64, 79};
  unsigned li, off;
  size_t o = m->outbytes;
  for (li = 0; li < sizeof lens / sizeof *lens; li++)
    for (off = 0; off < 4; off++) {
      size_t n = lens[li];
      uint8_t *in = (uint8_t *)inw + off, *out = (uint8_t *)outw + ((off + 1) & 3);
      uint8_t *k = (uint8_t *)kw + ((off + 2) & 3);
      lwc_auth_ctx ctx;
      if (m->max_inbytes != 0 && n > m->max_inbytes) continue;
      fill(msg, n);
      fill(key, m->keybytes);
      lwc_auth_compute(m, ref, o, msg, n, key);
      memcpy(in, msg, n);
      memcpy(k, key, m->keybytes);
      lwc_auth_compute(m, out, o, in, n, k);
      check(memcmp(out, ref, o) == 0, "bad auth", (uint32_t)n, off, 0);
      check(lwc_auth_verify(m, out, o, in, n, k) == LWC_OK, "bad auth-verify", (uint32_t)n, off, 0);
      out[o - 1] ^= 1;
      check(lwc_auth_verify(m, out, o, in, n, k) == LWC_ERR_TAG, "bad auth-forgery", (uint32_t)n,
            off, 0);
      lwc_auth_compute(m, in, o, in, n, k); /* in place */
      check(memcmp(in, ref, o) == 0, "bad auth-in-place", (uint32_t)n, off, 0);
      if (m->init == NULL) continue;
      memcpy(in, msg, n);
      m->init(&ctx, k);
      m->update(&ctx, in, n / 3);
      m->update(&ctx, in + n / 3, n - n / 3);
      m->squeeze(&ctx, out, o / 2);
      m->squeeze(&ctx, out + o / 2, o - o / 2);
      lwc_auth_wipe(&ctx);
      check(memcmp(out, ref, o) == 0, "bad auth-incremental", (uint32_t)n, off, 0);
    }
}

/* the masked implementations' fresh randomness (lwc.h: a device installs
 * its TRNG; the masks need not be secret from this test) */
static void masks(void *arg, uint8_t *out, size_t len) {
  (void)arg;
  fill(out, len);
}

void bench_serve(void) {
  lwc_set_random(masks, NULL);
  if (lwc_aead_registry[0] != NULL) aead(lwc_aead_registry[0]);
  if (lwc_hash_registry[0] != NULL) hash(lwc_hash_registry[0]);
  if (lwc_auth_registry[0] != NULL) auth(lwc_auth_registry[0]);
  put_num("checked", checked, bad, 0);
}
