/*
 * AEAD properties (see props.c): agreement with the ref implementation,
 * incremental == one-shot, tamper detection with wiped output, in-place and
 * unaligned buffers, tag truncation, nonce masking, misuse rejection.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "props.h"

#define PAT_OUT 0xa5 /* pre-fill of output buffers: wiping/overruns show */
#define PAT_IN 0x3c  /* filler around unaligned inputs */

/* One random case.  msg/ad are exact-size heap blocks. */
typedef struct {
  uint8_t key[32], nonce[32], k2[32];
  uint8_t *msg, *ad;
  size_t mlen, adlen;
} tcase;

static void tc_new(tcase *t, const lwc_aead *a, size_t mlen, size_t adlen) {
  prop_fill(t->key, a->keybytes);
  prop_fill(t->nonce, a->noncebytes);
  prop_fill(t->k2, a->keybytes);
  t->mlen = mlen;
  t->adlen = adlen;
  t->msg = prop_alloc(mlen);
  t->ad = prop_alloc(adlen);
  prop_fill(t->msg, mlen);
  prop_fill(t->ad, adlen);
}

static void tc_free(tcase *t) {
  free(t->msg);
  free(t->ad);
}

static const uint8_t *at(const uint8_t *p, size_t off) {
  return p != NULL ? p + off : NULL;
}

/* One-shot calls; taglen 0 and mask NULL pass no options at all. */
int prop_enc(const lwc_aead *a, uint8_t *ct, const uint8_t *m, size_t mlen,
             const uint8_t *ad, size_t adlen, const uint8_t *n,
             const uint8_t *k, size_t taglen, const uint8_t *mask) {
  lwc_aead_options o;
  o.taglen = taglen;
  o.mask_key = mask;
  return lwc_aead_encrypt(a, ct, m, mlen, ad, adlen, n, k,
                          taglen == 0 && mask == NULL ? NULL : &o);
}

int prop_dec(const lwc_aead *a, uint8_t *m, const uint8_t *ct, size_t ctlen,
             const uint8_t *ad, size_t adlen, const uint8_t *n,
             const uint8_t *k, size_t taglen, const uint8_t *mask) {
  lwc_aead_options o;
  o.taglen = taglen;
  o.mask_key = mask;
  return lwc_aead_decrypt(a, m, ct, ctlen, ad, adlen, n, k,
                          taglen == 0 && mask == NULL ? NULL : &o);
}

/* Incremental encryption (dec == 0: in = message, out receives ct || tag of
 * taglen bytes) or decryption (dec == 1: in = ct || tag, out receives the
 * message).  whole: one call per phase; otherwise random splits (zero-length
 * calls included, some with NULL pointers) with chunks up to maxchunk. */
static int inc_run(const lwc_aead *a, int dec, uint8_t *out,
                   const uint8_t *in, size_t mlen, const uint8_t *ad,
                   size_t adlen, const uint8_t *n, const uint8_t *k,
                   const uint8_t *mask, size_t taglen, int whole,
                   size_t maxchunk) {
  int (*update)(lwc_aead_ctx *, uint8_t *, const uint8_t *, size_t) =
      dec ? a->decrypt_update : a->encrypt_update;
  lwc_aead_ctx ctx;
  size_t done = 0, c;
  int r = a->init(&ctx, k, n, mask);
  if (r != LWC_OK) return r;
  if (whole) {
    if ((r = a->absorb_ad(&ctx, ad, adlen)) != LWC_OK) return r;
    if ((r = update(&ctx, out, in, mlen)) != LWC_OK) return r;
  } else {
    do {
      c = prop_chunk(adlen - done, maxchunk);
      r = a->absorb_ad(&ctx, c == 0 && prop_below(2) ? NULL : at(ad, done), c);
      if (r != LWC_OK) return r;
      done += c;
    } while (done < adlen || prop_below(4) == 0);
    done = 0;
    do {
      c = prop_chunk(mlen - done, maxchunk);
      if (c == 0 && prop_below(2))
        r = update(&ctx, NULL, NULL, 0);
      else
        r = update(&ctx, out + done, at(in, done), c);
      if (r != LWC_OK) return r;
      done += c;
    } while (done < mlen || prop_below(4) == 0);
  }
  return dec ? a->decrypt_verify(&ctx, in + mlen, taglen)
             : a->encrypt_final(&ctx, out + mlen, taglen);
}

static int inc_enc(const lwc_aead *a, uint8_t *out, const uint8_t *m,
                   size_t mlen, const uint8_t *ad, size_t adlen,
                   const uint8_t *n, const uint8_t *k, const uint8_t *mask,
                   size_t taglen, int whole, size_t maxchunk) {
  return inc_run(a, 0, out, m, mlen, ad, adlen, n, k, mask, taglen, whole,
                 maxchunk);
}

static int inc_dec(const lwc_aead *a, uint8_t *out, const uint8_t *ct,
                   size_t mlen, const uint8_t *ad, size_t adlen,
                   const uint8_t *n, const uint8_t *k, const uint8_t *mask,
                   size_t taglen, int whole, size_t maxchunk) {
  return inc_run(a, 1, out, ct, mlen, ad, adlen, n, k, mask, taglen, whole,
                 maxchunk);
}

static const char *opts_desc(size_t taglen, const uint8_t *mask) {
  static char buf[64];
  snprintf(buf, sizeof buf, "taglen %zu%s", taglen, mask ? ", masked nonce" : "");
  return buf;
}

/* Random options for the scheme: sometimes a truncated tag / a mask key. */
static size_t pick_taglen(const lwc_aead *a) {
  if (a->min_tagbytes < a->tagbytes && prop_below(3) == 0)
    return prop_range(a->min_tagbytes, a->tagbytes);
  return a->tagbytes;
}

/* ---- 0. descriptor --------------------------------------------------- */

static void aead_descriptor(const lwc_aead *a, const lwc_aead *ref) {
  int v2 = strcmp(a->scheme, "ascon-aead128") == 0;
  prop_check(lwc_aead_find(a->scheme, a->impl) == a,
             "lwc_aead_find(\"%s\", \"%s\") does not return this descriptor",
             a->scheme, a->impl);
  prop_check(lwc_aead_find(a->scheme, NULL) != NULL,
             "lwc_aead_find(\"%s\", NULL) returned NULL", a->scheme);
  prop_check(ref != NULL, "no ref implementation of %s in the build", a->scheme);
  if (ref != NULL)
    prop_check(a->keybytes == ref->keybytes && a->noncebytes == ref->noncebytes &&
                   a->tagbytes == ref->tagbytes &&
                   a->min_tagbytes == ref->min_tagbytes &&
                   a->nonce_masking == ref->nonce_masking,
               "descriptor sizes differ from ref");
  prop_check(a->keybytes <= 32 && a->noncebytes <= 32 && a->tagbytes <= 32 &&
                 a->min_tagbytes >= 1 && a->min_tagbytes <= a->tagbytes,
             "implausible descriptor: key %u nonce %u tag %u min tag %u",
             a->keybytes, a->noncebytes, a->tagbytes, a->min_tagbytes);
  if (v2)
    prop_check(a->min_tagbytes == 4 && a->tagbytes == 16 && a->nonce_masking == 1,
               "ascon-aead128 descriptor: min_tagbytes %u tagbytes %u "
               "nonce_masking %u (want 4, 16, 1)",
               a->min_tagbytes, a->tagbytes, a->nonce_masking);
  else
    prop_check(a->min_tagbytes == a->tagbytes && a->nonce_masking == 0,
               "descriptor: min_tagbytes %u tagbytes %u nonce_masking %u "
               "(want min_tagbytes == tagbytes, no masking)",
               a->min_tagbytes, a->tagbytes, a->nonce_masking);
}

/* ---- 1. agreement with ref ------------------------------------------- */

static void aead_cross(const lwc_aead *a, const lwc_aead *ref) {
  int i;
  for (i = 0; i < 200; i++) {
    tcase t;
    size_t taglen, ctlen;
    const uint8_t *mask;
    uint8_t *c1, *c2, *pt;
    int r1, r2;
    tc_new(&t, a, prop_len(300), prop_len(100));
    taglen = pick_taglen(a);
    mask = a->nonce_masking && prop_below(3) == 0 ? t.k2 : NULL;
    ctlen = t.mlen + taglen;
    c1 = prop_alloc(ctlen);
    c2 = prop_alloc(ctlen);
    pt = prop_alloc(t.mlen);
    r1 = prop_enc(a, c1, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, taglen, mask);
    r2 = prop_enc(ref, c2, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, taglen, mask);
    if (prop_check(r1 == LWC_OK && r2 == LWC_OK,
                   "cross case %d (mlen %zu adlen %zu %s): encrypt returned %s, "
                   "ref %s", i, t.mlen, t.adlen, opts_desc(taglen, mask),
                   prop_rc(r1), prop_rc(r2)))
      prop_check_eq(c1, c2, ctlen,
                    "cross case %d (mlen %zu adlen %zu %s): ciphertext||tag "
                    "differs from ref", i, t.mlen, t.adlen, opts_desc(taglen, mask));
    memset(pt, PAT_OUT, t.mlen);
    r1 = prop_dec(a, pt, c2, ctlen, t.ad, t.adlen, t.nonce, t.key, taglen, mask);
    prop_check_out(r1, LWC_OK, pt, t.mlen, 0, t.msg, t.mlen, 0,
              "cross case %d (mlen %zu adlen %zu %s): decrypting ref's output",
              i, t.mlen, t.adlen, opts_desc(taglen, mask));
    free(c1);
    free(c2);
    free(pt);
    tc_free(&t);
  }
}

/* ---- 2. incremental == one-shot -------------------------------------- */

static void aead_incremental(const lwc_aead *a) {
  int i;
  for (i = 0; i < 60; i++) {
    tcase t;
    size_t taglen, ctlen, maxchunk = prop_below(2) ? 40 : 400;
    const uint8_t *mask;
    uint8_t *c1, *c2, *pt;
    int r;
    tc_new(&t, a, i < 40 ? prop_len(300) : prop_range(300, 1000), prop_len(100));
    taglen = pick_taglen(a);
    mask = a->nonce_masking && prop_below(3) == 0 ? t.k2 : NULL;
    ctlen = t.mlen + taglen;
    c1 = prop_alloc(ctlen);
    c2 = prop_alloc(ctlen);
    pt = prop_alloc(t.mlen);
    r = prop_enc(a, c1, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, taglen, mask);
    prop_check(r == LWC_OK, "incremental case %d: one-shot encrypt returned %s",
               i, prop_rc(r));
    memset(c2, PAT_OUT, ctlen);
    r = inc_enc(a, c2, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, mask,
                taglen, 0, maxchunk);
    prop_check_out(r, LWC_OK, c2, ctlen, 0, c1, ctlen, 0,
              "incremental encrypt case %d (mlen %zu adlen %zu %s, random splits)",
              i, t.mlen, t.adlen, opts_desc(taglen, mask));
    memset(pt, PAT_OUT, t.mlen);
    r = inc_dec(a, pt, c1, t.mlen, t.ad, t.adlen, t.nonce, t.key, mask, taglen,
                0, maxchunk);
    prop_check_out(r, LWC_OK, pt, t.mlen, 0, t.msg, t.mlen, 0,
              "incremental decrypt case %d (mlen %zu adlen %zu %s, random splits)",
              i, t.mlen, t.adlen, opts_desc(taglen, mask));
    c1[t.mlen + prop_below(taglen)] ^= (uint8_t)(1u << prop_below(8));
    r = inc_dec(a, pt, c1, t.mlen, t.ad, t.adlen, t.nonce, t.key, mask, taglen,
                0, maxchunk);
    prop_check(r == LWC_ERR_TAG,
               "incremental decrypt case %d (mlen %zu adlen %zu %s) with a "
               "corrupted tag returned %s, want LWC_ERR_TAG",
               i, t.mlen, t.adlen, opts_desc(taglen, mask), prop_rc(r));
    free(c1);
    free(c2);
    free(pt);
    tc_free(&t);
  }
}

/* The big message (1 MiB unless LWC_PROPS_BIG): one-shot, one call per
 * phase, random splits, ref. */
static void aead_big(const lwc_aead *a, const lwc_aead *ref) {
  tcase t;
  const uint8_t *msg = prop_big_data();
  size_t mlen = prop_big_len(), tl = a->tagbytes, ctlen = mlen + tl;
  uint8_t *c1 = prop_alloc(ctlen), *c2 = prop_alloc(ctlen), *pt = prop_alloc(mlen);
  int r;
  tc_new(&t, a, 0, prop_range(0, 1000));
  r = prop_enc(a, c1, msg, mlen, t.ad, t.adlen, t.nonce, t.key, 0, NULL);
  prop_check(r == LWC_OK, "big message: one-shot encrypt returned %s", prop_rc(r));
  if (ref != NULL && ref != a) {
    r = prop_enc(ref, c2, msg, mlen, t.ad, t.adlen, t.nonce, t.key, 0, NULL);
    prop_check_out(r, LWC_OK, c2, ctlen, 0, c1, ctlen, 0,
              "big message (adlen %zu): ref disagrees with this implementation",
              t.adlen);
  }
  r = inc_enc(a, c2, msg, mlen, t.ad, t.adlen, t.nonce, t.key, NULL, tl, 1, 0);
  prop_check_out(r, LWC_OK, c2, ctlen, 0, c1, ctlen, 0,
            "big message: incremental encrypt, one call per phase (adlen %zu)", t.adlen);
  r = inc_enc(a, c2, msg, mlen, t.ad, t.adlen, t.nonce, t.key, NULL, tl, 0,
              (size_t)1 << 17);
  prop_check_out(r, LWC_OK, c2, ctlen, 0, c1, ctlen, 0,
            "big message: incremental encrypt, random splits (adlen %zu)", t.adlen);
  memset(pt, PAT_OUT, mlen);
  r = prop_dec(a, pt, c1, ctlen, t.ad, t.adlen, t.nonce, t.key, 0, NULL);
  prop_check_out(r, LWC_OK, pt, mlen, 0, msg, mlen, 0, "big message: one-shot decrypt");
  memset(pt, PAT_OUT, mlen);
  r = inc_dec(a, pt, c1, mlen, t.ad, t.adlen, t.nonce, t.key, NULL, tl, 0,
              (size_t)1 << 17);
  prop_check_out(r, LWC_OK, pt, mlen, 0, msg, mlen, 0,
            "big message: incremental decrypt, random splits");
  free(c1);
  free(c2);
  free(pt);
  tc_free(&t);
}

/* ---- 3. every single-bit flip is detected and wipes the output --------- */

static void flips_one(const lwc_aead *a, size_t mlen, size_t adlen) {
  static const char *const names[5] = {"ciphertext", "tag", "AD", "nonce", "key"};
  tcase t;
  size_t tl = a->tagbytes, ctlen = mlen + tl, reg, bit, guard = 8;
  uint8_t *ct = prop_alloc(ctlen), *pt = prop_alloc(mlen + guard);
  int r;
  tc_new(&t, a, mlen, adlen);
  r = prop_enc(a, ct, t.msg, mlen, t.ad, adlen, t.nonce, t.key, 0, NULL);
  prop_check(r == LWC_OK, "bit flips: encrypt returned %s", prop_rc(r));
  memset(pt, PAT_OUT, mlen + guard);
  r = prop_dec(a, pt, ct, ctlen, t.ad, adlen, t.nonce, t.key, 0, NULL);
  prop_check_out(r, LWC_OK, pt, mlen + guard, 0, t.msg, mlen, PAT_OUT,
            "bit flips (mlen %zu adlen %zu): unmodified decrypt", mlen, adlen);
  for (reg = 0; reg < 5; reg++) {
    uint8_t *p = reg == 0 ? ct : reg == 1 ? ct + mlen : reg == 2 ? t.ad
                 : reg == 3 ? t.nonce : t.key;
    size_t n = reg == 0 ? mlen : reg == 1 ? tl : reg == 2 ? adlen
               : reg == 3 ? a->noncebytes : a->keybytes;
    for (bit = 0; bit < 8 * n; bit++) {
      p[bit / 8] ^= (uint8_t)(1u << (bit % 8));
      memset(pt, PAT_OUT, mlen + guard);
      r = prop_dec(a, pt, ct, ctlen, t.ad, adlen, t.nonce, t.key, 0, NULL);
      prop_check_out(r, LWC_ERR_TAG, pt, mlen + guard, 0, NULL, mlen, PAT_OUT,
                "bit %zu of the %s flipped (mlen %zu adlen %zu)", bit,
                names[reg], mlen, adlen);
      p[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
  }
  free(ct);
  free(pt);
  tc_free(&t);
}

static void aead_flips(const lwc_aead *a) {
  int i;
  flips_one(a, 20, 10);
  flips_one(a, 0, 0);
  /* one random bit of larger messages */
  for (i = 0; i < 20; i++) {
    tcase t;
    size_t tl = a->tagbytes, ctlen, bit;
    uint8_t *ct, *pt;
    int r;
    tc_new(&t, a, prop_range(1, 300), prop_len(100));
    ctlen = t.mlen + tl;
    ct = prop_alloc(ctlen);
    pt = prop_alloc(t.mlen);
    prop_enc(a, ct, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, 0, NULL);
    bit = prop_below(8 * ctlen);
    ct[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    memset(pt, PAT_OUT, t.mlen);
    r = prop_dec(a, pt, ct, ctlen, t.ad, t.adlen, t.nonce, t.key, 0, NULL);
    prop_check_out(r, LWC_ERR_TAG, pt, t.mlen, 0, NULL, t.mlen, 0,
              "bit %zu of ciphertext||tag flipped (mlen %zu adlen %zu)", bit,
              t.mlen, t.adlen);
    free(ct);
    free(pt);
    tc_free(&t);
  }
}

/* ---- 4. in place and unaligned --------------------------------------- */

static void aead_buffers(const lwc_aead *a) {
  int rep;
  for (rep = 0; rep < 2; rep++) {
    tcase t;
    size_t tl = a->tagbytes, ctlen, total, io, oo, off;
    uint8_t *ref, *ib, *ob, *adb, *exp, kb[48], nb[48];
    int r;
    tc_new(&t, a, rep ? prop_range(33, 300) : prop_len(64), prop_len(100));
    ctlen = t.mlen + tl;
    total = ctlen + 16;
    ref = prop_alloc(ctlen);
    exp = prop_alloc(ctlen);
    ib = prop_alloc(total);
    ob = prop_alloc(total);
    adb = prop_alloc(t.adlen + 8);
    r = prop_enc(a, ref, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, 0, NULL);
    prop_check(r == LWC_OK, "buffers: encrypt returned %s", prop_rc(r));
    for (io = 0; io < 8; io++) {
      for (oo = 0; oo < 8; oo++) {
        size_t ko = (io + oo) % 8; /* key, nonce and AD offset */
        memcpy(adb + ko, t.ad, t.adlen);
        memcpy(kb + ko, t.key, a->keybytes);
        memcpy(nb + ko, t.nonce, a->noncebytes);
        memset(ib, PAT_IN, total);
        memcpy(ib + io, t.msg, t.mlen);
        memset(ob, PAT_OUT, total);
        r = prop_enc(a, ob + oo, ib + io, t.mlen, adb + ko, t.adlen, nb + ko, kb + ko, 0, NULL);
        prop_check_out(r, LWC_OK, ob, total, oo, ref, ctlen, PAT_OUT,
                  "encrypt, input at +%zu, output at +%zu, key/nonce/AD at +%zu "
                  "(mlen %zu adlen %zu)", io, oo, ko, t.mlen, t.adlen);
        memset(ob, PAT_OUT, total);
        r = inc_enc(a, ob + oo, ib + io, t.mlen, adb + ko, t.adlen, nb + ko,
                    kb + ko, NULL, tl, 0, 40);
        prop_check_out(r, LWC_OK, ob, total, oo, ref, ctlen, PAT_OUT,
                  "incremental encrypt, input at +%zu, output at +%zu, "
                  "key/nonce/AD at +%zu (mlen %zu adlen %zu)",
                  io, oo, ko, t.mlen, t.adlen);
        memset(ib, PAT_IN, total);
        memcpy(ib + io, ref, ctlen);
        memset(ob, PAT_OUT, total);
        r = prop_dec(a, ob + oo, ib + io, ctlen, adb + ko, t.adlen, nb + ko, kb + ko, 0, NULL);
        prop_check_out(r, LWC_OK, ob, total, oo, t.msg, t.mlen, PAT_OUT,
                  "decrypt, input at +%zu, output at +%zu, key/nonce/AD at +%zu "
                  "(mlen %zu adlen %zu)", io, oo, ko, t.mlen, t.adlen);
        memset(ob, PAT_OUT, total);
        r = inc_dec(a, ob + oo, ib + io, t.mlen, adb + ko, t.adlen, nb + ko,
                    kb + ko, NULL, tl, 0, 40);
        prop_check_out(r, LWC_OK, ob, total, oo, t.msg, t.mlen, PAT_OUT,
                  "incremental decrypt, input at +%zu, output at +%zu, "
                  "key/nonce/AD at +%zu (mlen %zu adlen %zu)",
                  io, oo, ko, t.mlen, t.adlen);
      }
    }
    /* in place (out == in), at every offset */
    for (off = 0; off < 8; off++) {
      int whole;
      memset(ib, PAT_IN, total);
      memcpy(ib + off, t.msg, t.mlen);
      r = prop_enc(a, ib + off, ib + off, t.mlen, t.ad, t.adlen, t.nonce, t.key, 0, NULL);
      prop_check_out(r, LWC_OK, ib, total, off, ref, ctlen, PAT_IN,
                "in-place encrypt at +%zu (mlen %zu adlen %zu)", off, t.mlen, t.adlen);
      memcpy(ib + off, ref, ctlen);
      memcpy(exp, t.msg, t.mlen);
      memcpy(exp + t.mlen, ref + t.mlen, tl);
      r = prop_dec(a, ib + off, ib + off, ctlen, t.ad, t.adlen, t.nonce, t.key, 0, NULL);
      prop_check_out(r, LWC_OK, ib, total, off, exp, ctlen, PAT_IN,
                "in-place decrypt at +%zu (mlen %zu adlen %zu)", off, t.mlen, t.adlen);
      memcpy(ib + off, ref, ctlen);
      ib[off + t.mlen + prop_below(tl)] ^= 0x10;
      memset(exp, 0, t.mlen);
      memcpy(exp + t.mlen, ib + off + t.mlen, tl);
      r = prop_dec(a, ib + off, ib + off, ctlen, t.ad, t.adlen, t.nonce, t.key, 0, NULL);
      prop_check_out(r, LWC_ERR_TAG, ib, total, off, exp, ctlen, PAT_IN,
                "in-place decrypt at +%zu with a corrupted tag (mlen %zu adlen "
                "%zu): want LWC_ERR_TAG, plaintext zeros, tag untouched",
                off, t.mlen, t.adlen);
      for (whole = 0; whole < 2; whole++) {
        memset(ib, PAT_IN, total);
        memcpy(ib + off, t.msg, t.mlen);
        r = inc_enc(a, ib + off, ib + off, t.mlen, t.ad, t.adlen, t.nonce, t.key,
                    NULL, tl, whole, 40);
        prop_check_out(r, LWC_OK, ib, total, off, ref, ctlen, PAT_IN,
                  "in-place incremental encrypt%s at +%zu (mlen %zu adlen %zu)",
                  whole ? " (one call)" : "", off, t.mlen, t.adlen);
        memcpy(ib + off, ref, ctlen);
        memcpy(exp, t.msg, t.mlen);
        memcpy(exp + t.mlen, ref + t.mlen, tl);
        r = inc_dec(a, ib + off, ib + off, t.mlen, t.ad, t.adlen, t.nonce, t.key,
                    NULL, tl, whole, 40);
        prop_check_out(r, LWC_OK, ib, total, off, exp, ctlen, PAT_IN,
                  "in-place incremental decrypt%s at +%zu (mlen %zu adlen %zu)",
                  whole ? " (one call)" : "", off, t.mlen, t.adlen);
      }
    }
    free(ref);
    free(exp);
    free(ib);
    free(ob);
    free(adb);
    tc_free(&t);
  }
}

/* ---- 5. tag truncation ----------------------------------------------- */

static void aead_taglen(const lwc_aead *a) {
  static const size_t bad_fixed[] = {0, 1, 3, 4, 8, 12, 15, 17, 32, 255};
  tcase t;
  size_t tl = a->tagbytes, full_len, i, taglen, bit;
  uint8_t *full, *ct, *pt, tag[64];
  lwc_aead_ctx ctx;
  int r;
  tc_new(&t, a, prop_len(64), prop_len(40));
  full_len = t.mlen + tl;
  full = prop_alloc(full_len);
  ct = prop_alloc(t.mlen + 64);
  pt = prop_alloc(t.mlen);
  r = prop_enc(a, full, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, 0, NULL);
  prop_check(r == LWC_OK, "taglen: encrypt returned %s", prop_rc(r));
  /* taglen == tagbytes given explicitly is the default */
  memset(ct, PAT_OUT, full_len);
  r = prop_enc(a, ct, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, tl, NULL);
  prop_check_out(r, LWC_OK, ct, full_len, 0, full, full_len, 0,
            "encrypt with explicit taglen %zu", tl);
  memset(pt, PAT_OUT, t.mlen);
  r = prop_dec(a, pt, full, full_len, t.ad, t.adlen, t.nonce, t.key, tl, NULL);
  prop_check_out(r, LWC_OK, pt, t.mlen, 0, t.msg, t.mlen, 0,
            "decrypt with explicit taglen %zu", tl);
  for (taglen = a->min_tagbytes; taglen < tl; taglen++) {
    size_t ctlen = t.mlen + taglen;
    memset(ct, PAT_OUT, t.mlen + 64);
    r = prop_enc(a, ct, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, taglen, NULL);
    prop_check_out(r, LWC_OK, ct, t.mlen + 64, 0, full, ctlen, PAT_OUT,
              "encrypt with taglen %zu (mlen %zu adlen %zu): want the "
              "ciphertext and a prefix of the full tag", taglen, t.mlen, t.adlen);
    memset(pt, PAT_OUT, t.mlen);
    r = prop_dec(a, pt, ct, ctlen, t.ad, t.adlen, t.nonce, t.key, taglen, NULL);
    prop_check_out(r, LWC_OK, pt, t.mlen, 0, t.msg, t.mlen, 0,
              "decrypt with taglen %zu (mlen %zu adlen %zu)", taglen, t.mlen, t.adlen);
    memset(ct, PAT_OUT, t.mlen + 64);
    r = inc_enc(a, ct, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, NULL,
                taglen, 0, 40);
    prop_check_out(r, LWC_OK, ct, t.mlen + 64, 0, full, ctlen, PAT_OUT,
              "incremental encrypt, encrypt_final taglen %zu", taglen);
    r = inc_dec(a, pt, ct, t.mlen, t.ad, t.adlen, t.nonce, t.key, NULL,
                taglen, 0, 40);
    prop_check(r == LWC_OK, "incremental decrypt, decrypt_verify taglen %zu "
               "returned %s", taglen, prop_rc(r));
    for (bit = 0; bit < 8 * taglen; bit++) {
      ct[t.mlen + bit / 8] ^= (uint8_t)(1u << (bit % 8));
      memset(pt, PAT_OUT, t.mlen);
      r = prop_dec(a, pt, ct, ctlen, t.ad, t.adlen, t.nonce, t.key, taglen, NULL);
      prop_check_out(r, LWC_ERR_TAG, pt, t.mlen, 0, NULL, t.mlen, 0,
                "bit %zu of a %zu-byte truncated tag flipped (mlen %zu adlen %zu)",
                bit, taglen, t.mlen, t.adlen);
      ct[t.mlen + bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
  }
  /* rejected lengths: outside min_tagbytes..tagbytes */
  for (i = 0; i < sizeof bad_fixed / sizeof bad_fixed[0] + 2; i++) {
    size_t bad = i == 0 ? (size_t)a->min_tagbytes - 1
                 : i == 1 ? (size_t)tl + 1 : bad_fixed[i - 2];
    if (bad >= a->min_tagbytes && bad <= tl) continue;
    if (bad != 0) { /* 0 in the options means "full tag" */
      r = prop_enc(a, ct, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, bad, NULL);
      prop_check(r == LWC_ERR_ARG, "encrypt with taglen %zu returned %s, want "
                 "LWC_ERR_ARG", bad, prop_rc(r));
      r = prop_dec(a, pt, full, full_len, t.ad, t.adlen, t.nonce, t.key, bad, NULL);
      prop_check(r == LWC_ERR_ARG, "decrypt with taglen %zu returned %s, want "
                 "LWC_ERR_ARG", bad, prop_rc(r));
    }
    r = a->init(&ctx, t.key, t.nonce, NULL);
    if (r == LWC_OK) r = a->encrypt_final(&ctx, tag, bad);
    prop_check(r == LWC_ERR_ARG, "encrypt_final with taglen %zu returned %s, "
               "want LWC_ERR_ARG", bad, prop_rc(r));
    r = a->init(&ctx, t.key, t.nonce, NULL);
    if (r == LWC_OK) r = a->decrypt_verify(&ctx, full + t.mlen, bad);
    prop_check(r == LWC_ERR_ARG, "decrypt_verify with taglen %zu returned %s, "
               "want LWC_ERR_ARG", bad, prop_rc(r));
  }
  /* ctlen shorter than the tag */
  r = prop_dec(a, pt, full, tl - 1, t.ad, t.adlen, t.nonce, t.key, 0, NULL);
  prop_check(r == LWC_ERR_ARG, "decrypt with ctlen %zu < tag length returned %s, "
             "want LWC_ERR_ARG", tl - 1, prop_rc(r));
  r = prop_dec(a, NULL, NULL, 0, t.ad, t.adlen, t.nonce, t.key, 0, NULL);
  prop_check(r == LWC_ERR_ARG, "decrypt with ctlen 0 returned %s, want "
             "LWC_ERR_ARG", prop_rc(r));
  free(full);
  free(ct);
  free(pt);
  tc_free(&t);
}

/* ---- 6. nonce masking ------------------------------------------------ */

static void aead_masking(const lwc_aead *a) {
  int rep;
  for (rep = 0; rep < 4; rep++) {
    tcase t;
    size_t tl = a->tagbytes, ctlen, i, taglen;
    uint8_t *c1, *c2, *pt, n2[32], k3[32], zero[32];
    lwc_aead_ctx ctx;
    int r;
    tc_new(&t, a, prop_len(100), prop_len(50));
    ctlen = t.mlen + tl;
    c1 = prop_alloc(ctlen);
    c2 = prop_alloc(ctlen);
    pt = prop_alloc(t.mlen);
    if (!a->nonce_masking) {
      r = prop_enc(a, c1, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, 0, t.k2);
      prop_check(r == LWC_ERR_ARG, "encrypt with a mask key returned %s, want "
                 "LWC_ERR_ARG (no nonce masking)", prop_rc(r));
      prop_enc(a, c1, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, 0, NULL);
      r = prop_dec(a, pt, c1, ctlen, t.ad, t.adlen, t.nonce, t.key, 0, t.k2);
      prop_check(r == LWC_ERR_ARG, "decrypt with a mask key returned %s, want "
                 "LWC_ERR_ARG (no nonce masking)", prop_rc(r));
      r = a->init(&ctx, t.key, t.nonce, t.k2);
      prop_check(r == LWC_ERR_ARG, "init with a mask key returned %s, want "
                 "LWC_ERR_ARG (no nonce masking)", prop_rc(r));
      goto next;
    }
    for (i = 0; i < a->noncebytes; i++)
      n2[i] = (uint8_t)(t.nonce[i] ^ (i < a->keybytes ? t.k2[i] : 0));
    r = prop_enc(a, c1, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, 0, t.k2);
    prop_check(r == LWC_OK, "masked encrypt returned %s", prop_rc(r));
    r = prop_enc(a, c2, t.msg, t.mlen, t.ad, t.adlen, n2, t.key, 0, NULL);
    prop_check_out(r, LWC_OK, c2, ctlen, 0, c1, ctlen, 0,
              "encrypt under nonce N xor K2 vs masked encrypt (mlen %zu adlen %zu)",
              t.mlen, t.adlen);
    prop_enc(a, c2, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, 0, NULL);
    prop_check(memcmp(c1 + t.mlen, c2 + t.mlen, tl) != 0,
               "masked and unmasked encryption give the same tag");
    memset(pt, PAT_OUT, t.mlen);
    r = prop_dec(a, pt, c1, ctlen, t.ad, t.adlen, t.nonce, t.key, 0, t.k2);
    prop_check_out(r, LWC_OK, pt, t.mlen, 0, t.msg, t.mlen, 0,
              "masked decrypt (mlen %zu adlen %zu)", t.mlen, t.adlen);
    memcpy(k3, t.k2, a->keybytes);
    i = prop_below(8u * a->keybytes);
    k3[i / 8] ^= (uint8_t)(1u << (i % 8));
    memset(pt, PAT_OUT, t.mlen);
    r = prop_dec(a, pt, c1, ctlen, t.ad, t.adlen, t.nonce, t.key, 0, k3);
    prop_check_out(r, LWC_ERR_TAG, pt, t.mlen, 0, NULL, t.mlen, 0,
              "masked decrypt with bit %zu of the mask key flipped", i);
    memset(pt, PAT_OUT, t.mlen);
    r = prop_dec(a, pt, c1, ctlen, t.ad, t.adlen, t.nonce, t.key, 0, NULL);
    prop_check_out(r, LWC_ERR_TAG, pt, t.mlen, 0, NULL, t.mlen, 0,
              "decrypt of a masked ciphertext without the mask key");
    memset(c2, PAT_OUT, ctlen);
    r = inc_enc(a, c2, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, t.k2, tl, 0, 40);
    prop_check_out(r, LWC_OK, c2, ctlen, 0, c1, ctlen, 0,
              "incremental masked encrypt (mlen %zu adlen %zu)", t.mlen, t.adlen);
    memset(pt, PAT_OUT, t.mlen);
    r = inc_dec(a, pt, c1, t.mlen, t.ad, t.adlen, t.nonce, t.key, t.k2, tl, 0, 40);
    prop_check_out(r, LWC_OK, pt, t.mlen, 0, t.msg, t.mlen, 0,
              "incremental masked decrypt (mlen %zu adlen %zu)", t.mlen, t.adlen);
    memset(zero, 0, sizeof zero);
    prop_enc(a, c1, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, 0, NULL);
    r = prop_enc(a, c2, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, 0, zero);
    prop_check_out(r, LWC_OK, c2, ctlen, 0, c1, ctlen, 0,
              "encrypt with an all-zero mask key vs no mask key");
    taglen = prop_range(a->min_tagbytes, tl);
    prop_enc(a, c1, t.msg, t.mlen, t.ad, t.adlen, n2, t.key, taglen, NULL);
    r = prop_enc(a, c2, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, taglen, t.k2);
    prop_check_out(r, LWC_OK, c2, t.mlen + taglen, 0, c1, t.mlen + taglen, 0,
              "masked encrypt with taglen %zu vs nonce N xor K2", taglen);
  next:
    free(c1);
    free(c2);
    free(pt);
    tc_free(&t);
  }
}

/* ---- 7. misuse and NULL with zero lengths ------------------------------ */

const char *const prop_step_names[STEP_N] = {
    "absorb_ad", "encrypt_update", "decrypt_update", "encrypt_final",
    "decrypt_verify"};

int prop_step(const lwc_aead *a, lwc_aead_ctx *ctx, int step, size_t len,
              const uint8_t *in, uint8_t *out, const uint8_t *tag) {
  switch (step) {
    case STEP_AD: return a->absorb_ad(ctx, in, len);
    case STEP_ENC: return a->encrypt_update(ctx, out, in, len);
    case STEP_DEC: return a->decrypt_update(ctx, out, in, len);
    case STEP_EFIN: return a->encrypt_final(ctx, out, a->tagbytes);
    default: return a->decrypt_verify(ctx, tag, a->tagbytes);
  }
}

static void aead_misuse(const lwc_aead *a) {
  /* sequences whose last call must be rejected */
  static const int seqs[][3] = {
      {STEP_ENC, STEP_AD, -1},    {STEP_DEC, STEP_AD, -1},
      {STEP_ENC, STEP_DEC, -1},   {STEP_DEC, STEP_ENC, -1},
      {STEP_ENC, STEP_DVER, -1},  {STEP_DEC, STEP_EFIN, -1},
      {STEP_AD, STEP_ENC, STEP_DEC}, {STEP_AD, STEP_DEC, STEP_EFIN},
  };
  tcase t;
  uint8_t buf[64], out[64], tag[32], ct[64];
  lwc_aead_ctx ctx;
  size_t s, f, k, tl = a->tagbytes;
  int r, fin, zero_len;
  tc_new(&t, a, 20, 10);
  prop_fill(buf, sizeof buf);
  prop_fill(tag, sizeof tag);
  for (zero_len = 0; zero_len < 2; zero_len++) {
    for (s = 0; s < sizeof seqs / sizeof seqs[0]; s++) {
      char desc[128] = "init";
      memset(&ctx, 0, sizeof ctx);
      r = a->init(&ctx, t.key, t.nonce, NULL);
      for (k = 0; k < 3 && seqs[s][k] >= 0; k++) {
        int last = k == 2 || seqs[s][k + 1] < 0;
        /* the earlier steps with data, the rejected one maybe with none */
        size_t len = last && zero_len ? 0 : 5;
        strcat(desc, ", ");
        strcat(desc, prop_step_names[seqs[s][k]]);
        if (r != LWC_OK) break;
        r = prop_step(a, &ctx, seqs[s][k], len, buf, out, tag);
        if (last)
          prop_check(r == LWC_ERR_ARG, "%s%s: last call returned %s, want "
                     "LWC_ERR_ARG", desc, zero_len ? " (length 0)" : "",
                     prop_rc(r));
        else if (r != LWC_OK)
          prop_check(0, "%s: returned %s, want LWC_OK", desc, prop_rc(r));
      }
    }
  }
  /* nothing is accepted after the final step (successful or failed) */
  prop_enc(a, ct, t.msg, t.mlen, t.ad, t.adlen, t.nonce, t.key, 0, NULL);
  for (fin = 0; fin < 3; fin++) {
    static const char *const fin_names[3] = {
        "encrypt_final", "decrypt_verify (tag ok)", "decrypt_verify (tag bad)"};
    for (f = 0; f < STEP_N; f++) {
      memset(&ctx, 0, sizeof ctx);
      a->init(&ctx, t.key, t.nonce, NULL);
      a->absorb_ad(&ctx, t.ad, t.adlen);
      if (fin == 0) {
        a->encrypt_update(&ctx, out, t.msg, t.mlen);
        r = a->encrypt_final(&ctx, tag, tl);
        prop_check(r == LWC_OK, "encrypt_final returned %s", prop_rc(r));
      } else {
        memcpy(tag, ct + t.mlen, tl);
        if (fin == 2) tag[0] ^= 1;
        a->decrypt_update(&ctx, out, ct, t.mlen);
        r = a->decrypt_verify(&ctx, tag, tl);
        prop_check(r == (fin == 1 ? LWC_OK : LWC_ERR_TAG),
                   "%s returned %s", fin_names[fin], prop_rc(r));
      }
      if (f == 0)
        prop_check(!prop_contains((const uint8_t *)&ctx, sizeof ctx, t.key,
                                  a->keybytes),
                   "the context still holds the key after %s", fin_names[fin]);
      r = prop_step(a, &ctx, (int)f, 5, buf, out, tag);
      prop_check(r == LWC_ERR_ARG, "%s after %s returned %s, want LWC_ERR_ARG",
                 prop_step_names[f], fin_names[fin], prop_rc(r));
    }
  }
  /* NULL pointers with zero lengths */
  {
    uint8_t e[1] = {0}, c1[32], c2[32], *pt = prop_alloc(t.mlen);
    uint8_t *cm1 = prop_alloc(t.mlen + tl), *cm2 = prop_alloc(t.mlen + tl);
    r = prop_enc(a, c1, e, 0, e, 0, t.nonce, t.key, 0, NULL);
    prop_check(r == LWC_OK, "encrypt of empty msg/AD (non-NULL) returned %s",
               prop_rc(r));
    memset(c2, PAT_OUT, sizeof c2);
    r = prop_enc(a, c2, NULL, 0, NULL, 0, t.nonce, t.key, 0, NULL);
    prop_check_out(r, LWC_OK, c2, sizeof c2, 0, c1, tl, PAT_OUT,
              "encrypt with msg NULL mlen 0, ad NULL adlen 0");
    r = prop_dec(a, NULL, c1, tl, NULL, 0, t.nonce, t.key, 0, NULL);
    prop_check(r == LWC_OK, "decrypt with msg NULL (mlen 0), ad NULL returned %s",
               prop_rc(r));
    c1[0] ^= 1;
    r = prop_dec(a, NULL, c1, tl, NULL, 0, t.nonce, t.key, 0, NULL);
    prop_check(r == LWC_ERR_TAG, "decrypt with msg NULL (mlen 0), ad NULL and a "
               "bad tag returned %s, want LWC_ERR_TAG", prop_rc(r));
    prop_enc(a, cm1, t.msg, t.mlen, e, 0, t.nonce, t.key, 0, NULL);
    r = prop_enc(a, cm2, t.msg, t.mlen, NULL, 0, t.nonce, t.key, 0, NULL);
    prop_check_out(r, LWC_OK, cm2, t.mlen + tl, 0, cm1, t.mlen + tl, 0,
              "encrypt with ad NULL adlen 0 (mlen %zu)", t.mlen);
    memset(pt, PAT_OUT, t.mlen);
    r = prop_dec(a, pt, cm1, t.mlen + tl, NULL, 0, t.nonce, t.key, 0, NULL);
    prop_check_out(r, LWC_OK, pt, t.mlen, 0, t.msg, t.mlen, 0,
              "decrypt with ad NULL adlen 0 (mlen %zu)", t.mlen);
    prop_enc(a, c1, NULL, 0, t.ad, t.adlen, t.nonce, t.key, 0, NULL);
    r = a->init(&ctx, t.key, t.nonce, NULL);
    if (r == LWC_OK) r = a->absorb_ad(&ctx, NULL, 0);
    if (r == LWC_OK) r = a->absorb_ad(&ctx, t.ad, t.adlen);
    if (r == LWC_OK) r = a->absorb_ad(&ctx, NULL, 0);
    if (r == LWC_OK) r = a->encrypt_update(&ctx, NULL, NULL, 0);
    if (r == LWC_OK) r = a->encrypt_final(&ctx, c2, tl);
    prop_check_out(r, LWC_OK, c2, tl, 0, c1, tl, 0,
              "incremental encrypt with NULL zero-length calls (adlen %zu)",
              t.adlen);
    r = a->init(&ctx, t.key, t.nonce, NULL);
    if (r == LWC_OK) r = a->absorb_ad(&ctx, t.ad, t.adlen);
    if (r == LWC_OK) r = a->decrypt_update(&ctx, NULL, NULL, 0);
    if (r == LWC_OK) r = a->decrypt_verify(&ctx, c1, tl);
    prop_check(r == LWC_OK, "incremental decrypt with NULL zero-length calls "
               "returned %s", prop_rc(r));
    free(pt);
    free(cm1);
    free(cm2);
  }
  tc_free(&t);
}

/* Grain-128AEADv2 (include/lwc.h): associated data over several calls
 * below 64 KiB in all, a longer one in its first call only; a refused call
 * changes nothing (the tag is that of the data accepted). */
static void aead_grain_ad_limit(const lwc_aead *a) {
  const uint8_t *big = prop_big_data();
  uint8_t k[16] = {7}, n[16] = {9}, t1[16], t2[16];
  lwc_aead_ctx ctx;
  int r, r2;
  if (strcmp(a->scheme, "grain128aead-v2") != 0) return;
  a->init(&ctx, k, n, NULL);
  r = a->absorb_ad(&ctx, big, 1);
  if (r == LWC_OK) r = a->absorb_ad(&ctx, big + 1, 65534); /* 65535 in all: accepted */
  r2 = r == LWC_OK ? a->absorb_ad(&ctx, big, 1) : LWC_OK;  /* 65536: refused */
  prop_check(r == LWC_OK && r2 == LWC_ERR_ARG,
             "split AD of 65535 bytes returned %s, one more byte %s (want LWC_OK, "
             "LWC_ERR_ARG)", prop_rc(r), prop_rc(r2));
  a->encrypt_final(&ctx, t1, a->tagbytes);
  r = prop_enc(a, t2, NULL, 0, big, 65535, n, k, 0, NULL);
  prop_check(r == LWC_OK && memcmp(t1, t2, a->tagbytes) == 0,
             "split AD of 65535 bytes then a refused byte: not the one-shot tag");
  a->init(&ctx, k, n, NULL);
  r = a->absorb_ad(&ctx, big, 65536);               /* a long first call: at once */
  r2 = r == LWC_OK ? a->absorb_ad(&ctx, big, 1) : LWC_OK; /* then nothing more */
  prop_check(r == LWC_OK && r2 == LWC_ERR_ARG,
             "AD of 65536 bytes in one call returned %s, a later byte %s (want "
             "LWC_OK, LWC_ERR_ARG)", prop_rc(r), prop_rc(r2));
  a->encrypt_final(&ctx, t1, a->tagbytes);
  r = prop_enc(a, t2, NULL, 0, big, 65536, n, k, 0, NULL);
  prop_check(r == LWC_OK && memcmp(t1, t2, a->tagbytes) == 0,
             "AD of 65536 bytes in one call: not the one-shot tag");
}

void props_aead(const lwc_aead *a) {
  const lwc_aead *ref = lwc_aead_find(a->scheme, "ref");
  aead_descriptor(a, ref);
  if (ref != NULL && ref != a) aead_cross(a, ref);
  aead_incremental(a);
  aead_grain_ad_limit(a);
  aead_big(a, ref);
  aead_flips(a);
  aead_buffers(a);
  aead_taglen(a);
  aead_masking(a);
  aead_misuse(a);
}
