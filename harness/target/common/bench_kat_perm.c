/*
 * A bare permutation has no known-answer file of its own: it is checked
 * against the official file of a scheme built on it.  Here the modes of
 * those schemes are written a second time, over nothing but the lwc_perm
 * interface (add bytes, extract bytes, permute), so that each official
 * output is computed by the permutation under test:
 *   ascon-hash256  (SP 800-232): p^12 only                -> ascon-p12
 *   ascon-aead128  (SP 800-232): p^12 and p^8, rate 16    -> ascon-p8
 *   ascon128-v12   (Ascon v1.2): p^12 and p^6, rate 8     -> ascon-p6
 * Wherever a mode calls for the permutation's own round count it calls
 * permute() -- the function the benchmark counts -- and permute_rounds()
 * otherwise.  The entries and their CRCs are those of bench_kat.c.
 * Linked into the firmware of a bare permutation only (bench_kat.c calls
 * it through a weak reference): other firmwares do not carry its code.
 *
 * Byte order: the interface's state bytes are SP 800-232's (lanes
 * little-endian).  Ascon v1.2 reads lanes big-endian: its byte p of the
 * state is interface byte 8*(p/8) + 7 - p%8, handled by mode_add/mode_get.
 */
#include <string.h>

#include "bench.h"
#include "lwc.h"


typedef struct {
  char scheme[16];    /* the official file's scheme */
  int aead;           /* else a hash of 32 bytes */
  int big_endian;     /* Ascon v1.2 lanes */
  unsigned rate, a, b;
  uint8_t iv[8];      /* first lane, in the mode's byte order */
} perm_mode;

static const perm_mode modes[] BENCH_ROM = { /* bench.h: in flash on AVR */
    {"ascon-hash256", 0, 0, 8, 12, 12, {0x02, 0x00, 0xcc, 0x00, 0x01, 0x08, 0x00, 0x00}},
    {"ascon-aead128", 1, 0, 16, 12, 8, {0x01, 0x00, 0x8c, 0x80, 0x00, 0x10, 0x00, 0x00}},
    {"ascon128-v12", 1, 1, 8, 12, 6, {0x80, 0x40, 0x0c, 0x06, 0x00, 0x00, 0x00, 0x00}},
};

typedef struct {
  const lwc_perm *d;
  const perm_mode *m;
  lwc_perm_state s;
} run_t;

static void permute(run_t *r, unsigned rounds) {
  if (rounds == r->d->rounds) r->d->permute(&r->s);
  else r->d->permute_rounds(&r->s, rounds);
}

/* State bytes [p, p+n) of the mode ^= in, a lane at a time. */
static void mode_add(run_t *r, size_t p, const uint8_t *in, size_t n) {
  uint8_t t[8];
  while (n > 0) {
    size_t j = p % 8, k = 8 - j, i;
    if (k > n) k = n;
    if (!r->m->big_endian) {
      r->d->add_bytes(&r->s, in, p, k);
    } else { /* lane bytes j .. j+k-1 are interface bytes 7-j down to 8-j-k */
      for (i = 0; i < k; i++) t[i] = in[k - 1 - i];
      r->d->add_bytes(&r->s, t, p - j + 8 - j - k, k);
    }
    p += k;
    in += k;
    n -= k;
  }
}

static void mode_add_byte(run_t *r, size_t p, uint8_t b) { mode_add(r, p, &b, 1); }

/* out = state bytes [p, p+n) of the mode. */
static void mode_get(run_t *r, size_t p, uint8_t *out, size_t n) {
  uint8_t t[8];
  while (n > 0) {
    size_t j = p % 8, k = 8 - j, i;
    if (k > n) k = n;
    if (!r->m->big_endian) {
      r->d->extract_bytes(&r->s, out, p, k);
    } else {
      r->d->extract_bytes(&r->s, t, p - j + 8 - j - k, k);
      for (i = 0; i < k; i++) out[i] = t[k - 1 - i];
    }
    p += k;
    out += k;
    n -= k;
  }
}

/* The 10* padding byte at position p of the rate. */
static void pad(run_t *r, size_t p) { mode_add_byte(r, p, r->m->big_endian ? 0x80 : 0x01); }

/* Absorb n bytes as full blocks and a padded last block, permuting with
 * `rounds` after each; ct (when not NULL) receives the duplexed output. */
static void duplex(run_t *r, const uint8_t *in, size_t n, uint8_t *ct, unsigned rounds,
                   int last_permute) {
  size_t rate = r->m->rate;
  for (; n >= rate; n -= rate, in += rate) {
    mode_add(r, 0, in, rate);
    if (ct != NULL) mode_get(r, 0, ct, rate), ct += rate;
    permute(r, rounds);
  }
  mode_add(r, 0, in, n);
  if (ct != NULL) mode_get(r, 0, ct, n);
  pad(r, n);
  if (last_permute) permute(r, rounds);
}

/* ct || tag = the AEAD of pt under key and nonce (16 bytes each). */
static void aead(run_t *r, uint8_t *ct, const uint8_t *key, const uint8_t *nonce,
                 const uint8_t *ad, size_t adlen, const uint8_t *pt, size_t mlen) {
  const perm_mode *m = r->m;
  uint8_t t[16];
  size_t i;
  r->d->init(&r->s);
  mode_add(r, 0, m->iv, 8);
  mode_add(r, 8, key, 16);
  mode_add(r, 24, nonce, 16);
  permute(r, m->a);
  mode_add(r, 24, key, 16);
  if (adlen > 0) duplex(r, ad, adlen, NULL, m->b, 1);
  /* domain separation: the last bit of x4 (v1.2), its top bit (SP 800-232) */
  mode_add_byte(r, 39, m->big_endian ? 0x01 : 0x80);
  duplex(r, pt, mlen, ct, m->b, 0);
  mode_add(r, m->rate, key, 16);
  permute(r, m->a);
  mode_get(r, 24, t, 16);
  for (i = 0; i < 16; i++) ct[mlen + i] = (uint8_t)(t[i] ^ key[i]);
}

const bench_str *bench_kat_perm(const lwc_perm *d, const char *via, const unsigned s[3],
                                uint32_t *count);
const bench_str *bench_kat_perm(const lwc_perm *d, const char *via, const unsigned s[3],
                                uint32_t *count) {
  /* on the stack, not static: a small device's RAM is not spent on them
   * while other implementations run */
  uint8_t key[16], nonce[16], pt[32], ad[32], ct[48], block[8];
  perm_mode mode; /* the one VIA names, copied out of the table */
  run_t r, c;
  size_t i, mlen, adlen, done = 0;
  r.m = NULL;
  for (i = 0; i < sizeof modes / sizeof modes[0] && r.m == NULL; i++) {
    bench_rom_copy(&mode, &modes[i], sizeof mode);
    if (strcmp(mode.scheme, via) == 0) r.m = &mode;
  }
  if (r.m == NULL || d->statebytes != 40 || d->max_rounds < 12 || r.m->b != d->rounds)
    return BENCH_STR("VIA does not use this permutation");
  r.d = d;
  if (r.m->aead) {
    bench_fill(key, 16, 0);
    bench_fill(nonce, 16, s[0]);
    bench_fill(pt, 32, s[1]);
    bench_fill(ad, 32, s[2]);
    for (mlen = 0; mlen <= 32; mlen++)
      for (adlen = 0; adlen <= 32; adlen++) {
        aead(&r, ct, key, nonce, ad, adlen, pt, mlen);
        bench_kat_put_entry(++*count, ct, mlen + 16);
      }
    return NULL;
  }
  /* hash: messages are prefixes of one sequence; a running state holds the
   * full blocks, a copy of it takes each message's last block */
  d->init(&r.s);
  mode_add(&r, 0, r.m->iv, 8);
  permute(&r, r.m->a);
  for (mlen = 0; mlen <= 1024; mlen++) {
    if (mlen - done == 8) {
      bench_fill(block, 8, s[0] + (unsigned)done);
      mode_add(&r, 0, block, 8);
      permute(&r, r.m->b);
      done = mlen;
    }
    c = r;
    bench_fill(block, mlen - done, s[0] + (unsigned)done);
    duplex(&c, block, mlen - done, NULL, r.m->a, 1);
    for (i = 0; i < 32; i += 8) {
      if (i > 0) permute(&c, r.m->b);
      mode_get(&c, 0, ct + i, 8);
    }
    bench_kat_put_entry(++*count, ct, 32);
  }
  lwc_wipe(&c, sizeof c);
  return NULL;
}
