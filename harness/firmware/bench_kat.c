/*
 * The "kat" request: the whole known-answer file of a scheme, computed on
 * the target.  Inputs follow the NIST LWC layout the official files use
 * (tests/c/kat.c writes the same files on the host):
 *   AEAD: for mlen 0..32, adlen 0..32: key 00.., nonce/pt/ad from S0/S1/S2
 *   hash, XOF: for mlen 0..1024: msg from S0
 *   CXOF: for mlen 0..32, zlen 0..32: msg from S0, customization from S1
 *   MAC, PRF: for mlen 0..1024 (PrfShort 0..16): key 00.., msg from S0
 * A bare permutation is checked through the official file of a scheme
 * built on it, VIA (bench_kat_perm.c).
 * Each entry answers "k COUNT CRC", the CRC-32 of its output (AEAD C || T,
 * hash MD, MAC/PRF Tag); the host compares with the CRCs of the official file.  With
 * EXPECT (8 hex digits: the CRC-32 of the entries' CRC-32s in order, each
 * as 4 little-endian bytes) the
 * target checks too: a mismatch answers err, and from then on the program
 * refuses to measure (a failed implementation is never measured).
 *
 * Every AEAD entry is also decrypted (plaintext back, tag accepted); for
 * each message length, the entries with no AD and with as much AD as
 * message are decrypted again with the last tag byte flipped (rejected,
 * output wiped).  (Not all 1089: the forgeries were a third of the KAT's
 * time on the cycle-accurate simulators, and the rejection path does not
 * depend on the AD length beyond these.)
 * An implementation with a whole-message call (lwc_aead.encrypt, which the
 * one-shot calls take) has its incremental calls checked against the same
 * entries, the AD and message each in two pieces: for each message length,
 * with no AD and with as much AD as message (the others' AD goes through
 * the same code, already checked by the one-shot entries).
 * Hash entries of 64 bytes and more reuse a running context that absorbed
 * the longest 8-byte multiple of the message (the inputs are prefixes of
 * one sequence): each digest is still computed by the implementation from
 * its whole message, in O(n) instead of O(n^2) permutation calls -- a
 * slow simulator could not run the 1025 messages one by one -- and each
 * entry adds at most one block of 8 bytes to the running prefix (Ascon's
 * hash rate; a scheme with another rate buffers partial blocks as usual).  This needs
 * the incremental context to be plain data (copied by assignment).
 */
#include <string.h>

#include "bench.h"
#include "bench_util.h"
#include "lwc.h"


#define KAT_MAX_OUT 64 /* longest output of a KAT entry (CXOF: 64 bytes) */
#define ONESHOT 64     /* hash messages shorter than this: one-shot calls */
#define STEP 8         /* longer ones: their prefix absorbed 8 bytes at a time */

int bench_kat_failed;
static uint32_t k_total; /* CRC-32 of the entries' CRC-32s so far (little-endian) */
static uint8_t k_key[BENCH_KAT_IN], k_nonce[BENCH_KAT_IN], k_pt[BENCH_KAT_IN], k_ad[BENCH_KAT_IN];
static uint8_t k_ct[32 + 32], k_out[32 + 32], k_chunk[ONESHOT];

/* bench_kat_perm.c, linked only where a bare permutation is (weak: 0 elsewhere) */
const bench_str *bench_kat_perm(const lwc_perm *d, const char *via, const unsigned s[3],
                           uint32_t *count) __attribute__((weak));
void bench_kat_put_entry(uint32_t count, const uint8_t *p, size_t n) {
  uint32_t crc = bench_crc32(0, p, n);
  uint8_t le[4];
  le[0] = (uint8_t)crc;
  le[1] = (uint8_t)(crc >> 8);
  le[2] = (uint8_t)(crc >> 16);
  le[3] = (uint8_t)(crc >> 24);
  bench_put_kat(count, crc);
  k_total = bench_crc32(k_total, le, 4); /* the entries' CRCs in order (kat.py) */
}

const bench_str *bench_kat_aead_inputs(const lwc_aead *a, const unsigned s[3], uint8_t *key,
                                       uint8_t *nonce, uint8_t *pt, uint8_t *ad) {
  if (a->keybytes > BENCH_KAT_IN || a->noncebytes > BENCH_KAT_IN || a->tagbytes > 32)
    return BENCH_STR("parameters too large for lwc-bench");
  bench_fill(key, a->keybytes, 0);
  bench_fill(nonce, a->noncebytes, s[0]);
  bench_fill(pt, BENCH_KAT_IN, s[1]);
  bench_fill(ad, BENCH_KAT_IN, s[2]);
  return NULL;
}

/* Hex number of at most `digits` digits ("0x" allowed). */
static int parse_hex(const char *s, unsigned digits, uint32_t *v) {
  uint32_t x = 0;
  unsigned n = 0;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s += 2;
  if (*s == '\0') return 0;
  for (; *s != '\0'; s++) {
    unsigned d;
    if (*s >= '0' && *s <= '9') d = (unsigned)(*s - '0');
    else if (*s >= 'a' && *s <= 'f') d = (unsigned)(*s - 'a' + 10);
    else if (*s >= 'A' && *s <= 'F') d = (unsigned)(*s - 'A' + 10);
    else return 0;
    if (++n > digits) return 0;
    x = x * 16u + d;
  }
  *v = x;
  return 1;
}

static int all_zero(const uint8_t *p, size_t n) {
  uint8_t acc = 0;
  size_t i;
  for (i = 0; i < n; i++) acc |= p[i];
  return acc == 0;
}

/* The entry again through the incremental calls, into k_out, with c the
 * implementation's context. */
static inline __attribute__((always_inline)) int kat_aead_pieces_in(const lwc_aead *a,
                                                                    lwc_aead_ctx *c, size_t mlen,
                                                                    size_t adlen) {
  size_t ha = adlen / 2, hm = mlen / 3;
  int r = a->init(c, k_key, k_nonce, NULL);
  if (r == LWC_OK) r = a->absorb_ad(c, k_ad, ha);
  if (r == LWC_OK) r = a->absorb_ad(c, k_ad + ha, adlen - ha);
  if (r == LWC_OK) r = a->encrypt_update(c, k_out, k_pt, hm);
  if (r == LWC_OK) r = a->encrypt_update(c, k_out + hm, k_pt + hm, mlen - hm);
  if (r == LWC_OK) r = a->encrypt_final(c, k_out + mlen, a->tagbytes);
  return r;
}

/* A masked implementation's context is the whole lwc_aead_ctx; the others
 * get the small one (a 4 KiB AVR has no room to spare in the KAT's frames). */
static __attribute__((noinline)) int kat_aead_pieces_masked(const lwc_aead *a, size_t mlen,
                                                           size_t adlen) {
  lwc_aead_ctx c;
  return kat_aead_pieces_in(a, &c, mlen, adlen);
}

static int kat_aead_pieces(const lwc_aead *a, size_t mlen, size_t adlen) {
  lwc_aead_small_ctx c;
  if (a->shares != 0) return kat_aead_pieces_masked(a, mlen, adlen);
  return kat_aead_pieces_in(a, (lwc_aead_ctx *)(void *)&c, mlen, adlen);
}

static const bench_str *kat_aead(const lwc_aead *a, const unsigned s[3], uint32_t *count) {
  size_t mlen, adlen, tl = a->tagbytes;
  const bench_str *why = bench_kat_aead_inputs(a, s, k_key, k_nonce, k_pt, k_ad);
  if (why != NULL) return why;
  for (mlen = 0; mlen <= 32; mlen++) {
    for (adlen = 0; adlen <= 32; adlen++) {
      if (lwc_aead_encrypt(a, k_ct, k_pt, mlen, k_ad, adlen, k_nonce, k_key, NULL) != LWC_OK)
        return BENCH_STR("encryption failed");
      bench_kat_put_entry(++*count, k_ct, mlen + tl);
      if (a->encrypt != NULL && (adlen == 0 || adlen == mlen) &&
          (kat_aead_pieces(a, mlen, adlen) != LWC_OK || memcmp(k_out, k_ct, mlen + tl) != 0))
        return BENCH_STR("the incremental calls disagree with the whole-message call");
      memset(k_out, 0xee, sizeof k_out);
      if (lwc_aead_decrypt(a, k_out, k_ct, mlen + tl, k_ad, adlen, k_nonce, k_key, NULL) !=
              LWC_OK ||
          memcmp(k_out, k_pt, mlen) != 0)
        return BENCH_STR("decryption does not give the plaintext back");
      if (adlen != 0 && adlen != mlen) continue;
      k_ct[mlen + tl - 1] ^= 0x01;
      if (lwc_aead_decrypt(a, k_out, k_ct, mlen + tl, k_ad, adlen, k_nonce, k_key, NULL) !=
          LWC_ERR_TAG)
        return BENCH_STR("a forged tag was accepted");
      if (!all_zero(k_out, mlen)) return BENCH_STR("a rejected decryption left plaintext");
    }
  }
  return NULL;
}

/* Not inlined, as kat_auth: its two contexts are in no AEAD's KAT frame. */
static __attribute__((noinline)) const bench_str *kat_hash(const lwc_hash *h, const unsigned s[3],
                                                          uint32_t *count) {
  lwc_hash_ctx run, c;
  size_t mlen, zlen, done = 0;
  if (h->outbytes > KAT_MAX_OUT) return BENCH_STR("output too long for lwc-bench");
  if (h->kind == LWC_CXOF) {
    bench_fill(k_pt, sizeof k_pt, s[0]);
    bench_fill(k_ad, sizeof k_ad, s[1]);
    for (mlen = 0; mlen <= 32; mlen++)
      for (zlen = 0; zlen <= 32; zlen++) {
        if (lwc_hash_compute(h, k_out, h->outbytes, k_pt, mlen, k_ad, zlen) != LWC_OK)
          return BENCH_STR("hash failed");
        bench_kat_put_entry(++*count, k_out, h->outbytes);
      }
    return NULL;
  }
  if (h->init(&run, NULL, 0) != LWC_OK) return BENCH_STR("hash init failed");
  for (mlen = 0; mlen <= 1024; mlen++) {
    if (mlen < ONESHOT) { /* the one-shot call, as applications use it */
      bench_fill(k_chunk, mlen, s[0]);
      if (lwc_hash_compute(h, k_out, h->outbytes, k_chunk, mlen, NULL, 0) != LWC_OK)
        return BENCH_STR("hash failed");
    } else {
      while (done + STEP <= mlen) { /* the running prefix */
        bench_fill(k_chunk, STEP, s[0] + (unsigned)done);
        if (h->update(&run, k_chunk, STEP) != LWC_OK) return BENCH_STR("hash update failed");
        done += STEP;
      }
      c = run;
      bench_fill(k_chunk, mlen - done, s[0] + (unsigned)done);
      if (h->update(&c, k_chunk, mlen - done) != LWC_OK ||
          h->squeeze(&c, k_out, h->outbytes) != LWC_OK)
        return BENCH_STR("hash failed");
    }
    bench_kat_put_entry(++*count, k_out, h->outbytes);
  }
  lwc_hash_wipe(&run);
  lwc_hash_wipe(&c);
  return NULL;
}

/* MAC and PRF (Count, Key, Msg, Tag): key 00.., messages from S0, mlen
 * 0..1024 (PrfShort: 0..16), the full output (outbytes); the longer
 * messages through a running prefix as for the hashes.  For each message
 * under 64 bytes the tag is verified too, and again with its last byte
 * flipped (rejected).  Not inlined: its contexts are in no other
 * implementation's KAT frame (a 4 KiB AVR). */
static __attribute__((noinline)) const bench_str *kat_auth(const lwc_auth *m, const unsigned s[3],
                                                          uint32_t *count) {
  lwc_auth_ctx run, c;
  size_t mlen, done = 0, last = m->max_inbytes ? m->max_inbytes : 1024;
  if (m->outbytes > KAT_MAX_OUT || m->keybytes > sizeof k_key)
    return BENCH_STR("parameters too large for lwc-bench");
  bench_fill(k_key, m->keybytes, 0);
  if (m->init != NULL && m->init(&run, k_key) != LWC_OK) return BENCH_STR("init failed");
  for (mlen = 0; mlen <= last; mlen++) {
    if (mlen < ONESHOT) {
      bench_fill(k_chunk, mlen, s[0]);
      if (lwc_auth_compute(m, k_out, m->outbytes, k_chunk, mlen, k_key) != LWC_OK)
        return BENCH_STR("compute failed");
      if (lwc_auth_verify(m, k_out, m->outbytes, k_chunk, mlen, k_key) != LWC_OK)
        return BENCH_STR("its own tag was rejected");
      k_out[m->outbytes - 1] ^= 0x01;
      if (lwc_auth_verify(m, k_out, m->outbytes, k_chunk, mlen, k_key) != LWC_ERR_TAG)
        return BENCH_STR("a forged tag was accepted");
      k_out[m->outbytes - 1] ^= 0x01;
    } else {
      while (done + STEP <= mlen) {
        bench_fill(k_chunk, STEP, s[0] + (unsigned)done);
        if (m->update(&run, k_chunk, STEP) != LWC_OK) return BENCH_STR("update failed");
        done += STEP;
      }
      c = run;
      bench_fill(k_chunk, mlen - done, s[0] + (unsigned)done);
      if (m->update(&c, k_chunk, mlen - done) != LWC_OK ||
          m->squeeze(&c, k_out, m->outbytes) != LWC_OK)
        return BENCH_STR("squeeze failed");
    }
    bench_kat_put_entry(++*count, k_out, m->outbytes);
  }
  lwc_auth_wipe(&run);
  lwc_auth_wipe(&c);
  return NULL;
}

int bench_kat(char **f, int nf, int *ok) {
  unsigned s[3] = {0, 0, 0};
  uint32_t v, expect = 0;
  const lwc_aead *a;
  const lwc_hash *h;
  const lwc_perm *p;
  const lwc_auth *m;
  const bench_str *why;
  uint32_t count = 0;
  int i;
  if (nf < 3 || nf > 8)
    return bench_fail(ok, BENCH_STR("usage: kat SCHEME IMPL [S0 [S1 [S2 [EXPECT [VIA]]]]]"));
  for (i = 3; i < nf && i < 6; i++) {
    if (!parse_hex(f[i], 2, &v)) return bench_fail(ok, BENCH_STR("bad start byte"));
    s[i - 3] = (unsigned)v;
  }
  if (nf >= 7 && !parse_hex(f[6], 8, &expect)) return bench_fail(ok, BENCH_STR("bad EXPECT"));
  k_total = 0;
  if (BENCH_SERVES(AEAD) && (a = lwc_aead_find(f[1], f[2])) != NULL) {
    why = kat_aead(a, s, &count);
  } else if (BENCH_SERVES(HASH) && (h = lwc_hash_find(f[1], f[2])) != NULL) {
    why = kat_hash(h, s, &count);
  } else if (BENCH_SERVES(AUTH) && (m = lwc_auth_find(f[1], f[2])) != NULL) {
    why = kat_auth(m, s, &count);
  } else if (BENCH_SERVES(PERM) && (p = lwc_perm_find(f[1], f[2])) != NULL) {
    if (nf != 8 || bench_kat_perm == 0) return bench_fail(ok, BENCH_STR("a permutation needs VIA"));
    why = bench_kat_perm(p, f[7], s, &count);
  } else {
    return bench_fail(ok, BENCH_STR("no such implementation"));
  }
  if (why == NULL && nf >= 7 && k_total != expect)
    why = BENCH_STR("KAT outputs differ from the file");
  if (why != NULL) {
    bench_kat_failed = 1;
    return bench_fail(ok, why);
  }
  bench_put_ok_count(BENCH_STR("entries"), count);
  *ok = 1;
  return 0;
}
