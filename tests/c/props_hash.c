/*
 * Hash / XOF / CXOF properties (see props.c): agreement with the ref
 * implementation, incremental == one-shot (update and squeeze splits),
 * unaligned and in-place buffers, argument and call-order checks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "props.h"

#define PAT_OUT 0xa5
#define PAT_IN 0x3c
#define MAX_CUSTOM 256

static const uint8_t *at(const uint8_t *p, size_t off) {
  return p != NULL ? p + off : NULL;
}

static const char *kind_name(int kind) {
  return kind == LWC_HASH ? "hash" : kind == LWC_XOF ? "XOF" : "CXOF";
}

/* Output length of a random case: the digest, or 1..max for XOFs. */
static size_t pick_outlen(const lwc_hash *h, size_t max) {
  return h->kind == LWC_HASH ? h->outbytes : prop_range(1, max);
}

static size_t pick_customlen(const lwc_hash *h) {
  return h->kind == LWC_CXOF ? prop_len(MAX_CUSTOM) : 0;
}

/* Incremental hashing.  whole: one update and one squeeze; otherwise random
 * update splits (chunks up to maxin) and squeeze splits (up to maxout),
 * zero-length calls included. */
static int inc_hash(const lwc_hash *h, uint8_t *out, size_t outlen,
                    const uint8_t *in, size_t inlen, const uint8_t *cu,
                    size_t cl, int whole, size_t maxin, size_t maxout) {
  lwc_hash_ctx ctx;
  size_t done = 0, c;
  int r = h->init(&ctx, cu, cl);
  if (r != LWC_OK) return r;
  if (whole) {
    r = h->update(&ctx, in, inlen);
    if (r == LWC_OK) r = h->squeeze(&ctx, out, outlen);
    lwc_hash_wipe(&ctx);
    return r;
  }
  do {
    c = prop_chunk(inlen - done, maxin);
    r = h->update(&ctx, c == 0 && prop_below(2) ? NULL : at(in, done), c);
    done += c;
  } while (r == LWC_OK && (done < inlen || prop_below(4) == 0));
  done = 0;
  while (r == LWC_OK && (done < outlen || prop_below(4) == 0)) {
    c = prop_chunk(outlen - done, maxout);
    r = h->squeeze(&ctx, c == 0 && prop_below(2) ? NULL : out + done, c);
    done += c;
  }
  lwc_hash_wipe(&ctx);
  return r;
}

/* ---- 0. descriptor --------------------------------------------------- */

static void hash_descriptor(const lwc_hash *h, const lwc_hash *ref) {
  int want_kind = strstr(h->scheme, "cxof") ? LWC_CXOF
                  : strstr(h->scheme, "xof") ? LWC_XOF : LWC_HASH;
  prop_check(lwc_hash_find(h->scheme, h->impl) == h,
             "lwc_hash_find(\"%s\", \"%s\") does not return this descriptor",
             h->scheme, h->impl);
  prop_check(lwc_hash_find(h->scheme, NULL) != NULL,
             "lwc_hash_find(\"%s\", NULL) returned NULL", h->scheme);
  prop_check(h->kind == want_kind, "kind %u, want %s", h->kind,
             kind_name(want_kind));
  prop_check(h->max_custombytes == (h->kind == LWC_CXOF ? MAX_CUSTOM : 0),
             "max_custombytes %u for a %s", h->max_custombytes,
             kind_name(h->kind));
  prop_check(h->outbytes >= 16 && h->outbytes <= 64, "outbytes %u",
             h->outbytes);
  prop_check(ref != NULL, "no ref implementation of %s in the build", h->scheme);
  if (ref != NULL)
    prop_check(h->kind == ref->kind && h->outbytes == ref->outbytes &&
                   h->max_custombytes == ref->max_custombytes,
               "descriptor differs from ref");
}

/* ---- 8. agreement with ref ------------------------------------------- */

static void hash_cross(const lwc_hash *h, const lwc_hash *ref) {
  int i;
  for (i = 0; i < 200; i++) {
    size_t inlen = prop_len(300), outlen = pick_outlen(h, 200);
    size_t cl = pick_customlen(h);
    uint8_t *in = prop_alloc(inlen), *cu = prop_alloc(cl);
    uint8_t *o1 = prop_alloc(outlen), *o2 = prop_alloc(outlen);
    int r1, r2;
    prop_fill(in, inlen);
    prop_fill(cu, cl);
    r1 = lwc_hash_compute(h, o1, outlen, in, inlen, cu, cl);
    r2 = lwc_hash_compute(ref, o2, outlen, in, inlen, cu, cl);
    if (prop_check(r1 == LWC_OK && r2 == LWC_OK,
                   "cross case %d (inlen %zu outlen %zu customlen %zu): "
                   "returned %s, ref %s", i, inlen, outlen, cl, prop_rc(r1),
                   prop_rc(r2)))
      prop_check_eq(o1, o2, outlen,
                    "cross case %d (inlen %zu outlen %zu customlen %zu): output "
                    "differs from ref", i, inlen, outlen, cl);
    free(in);
    free(cu);
    free(o1);
    free(o2);
  }
}

/* ---- 9. incremental == one-shot -------------------------------------- */

static void hash_incremental(const lwc_hash *h, const lwc_hash *ref) {
  int i;
  for (i = 0; i < 60; i++) {
    size_t inlen = i < 40 ? prop_len(300) : prop_range(300, 1000);
    size_t outlen = pick_outlen(h, 400), cl = pick_customlen(h);
    size_t maxin = prop_below(2) ? 40 : 400, maxout = prop_below(2) ? 10 : 100;
    uint8_t *in = prop_alloc(inlen), *cu = prop_alloc(cl);
    uint8_t *o1 = prop_alloc(outlen), *o2 = prop_alloc(outlen);
    int r;
    prop_fill(in, inlen);
    prop_fill(cu, cl);
    r = lwc_hash_compute(h, o1, outlen, in, inlen, cu, cl);
    prop_check(r == LWC_OK, "incremental case %d: one-shot returned %s", i,
               prop_rc(r));
    memset(o2, PAT_OUT, outlen);
    r = inc_hash(h, o2, outlen, in, inlen, cu, cl, 0, maxin, maxout);
    prop_check_out(r, LWC_OK, o2, outlen, 0, o1, outlen, 0,
                   "incremental case %d (inlen %zu outlen %zu customlen %zu, "
                   "random update/squeeze splits)", i, inlen, outlen, cl);
    if (h->kind != LWC_HASH && outlen > 1) {
      /* a shorter output is a prefix of the longer one */
      size_t short_len = prop_range(1, outlen - 1);
      memset(o2, PAT_OUT, outlen);
      r = lwc_hash_compute(h, o2, short_len, in, inlen, cu, cl);
      prop_check_out(r, LWC_OK, o2, outlen, 0, o1, short_len, PAT_OUT,
                     "outlen %zu is not a prefix of outlen %zu (inlen %zu "
                     "customlen %zu)", short_len, outlen, inlen, cl);
    }
    free(in);
    free(cu);
    free(o1);
    free(o2);
  }
  /* the big input (1 MiB unless LWC_PROPS_BIG) */
  {
    const uint8_t *in = prop_big_data();
    size_t outlen = h->outbytes, cl = pick_customlen(h);
    uint8_t cu[MAX_CUSTOM], o1[64], o2[64];
    int r;
    prop_fill(cu, cl);
    r = lwc_hash_compute(h, o1, outlen, in, prop_big_len(), cu, cl);
    prop_check(r == LWC_OK, "big input: one-shot returned %s", prop_rc(r));
    if (ref != NULL && ref != h) {
      r = lwc_hash_compute(ref, o2, outlen, in, prop_big_len(), cu, cl);
      prop_check_out(r, LWC_OK, o2, outlen, 0, o1, outlen, 0,
                     "big input (customlen %zu): ref disagrees", cl);
    }
    r = inc_hash(h, o2, outlen, in, prop_big_len(), cu, cl, 1, 0, 0);
    prop_check_out(r, LWC_OK, o2, outlen, 0, o1, outlen, 0,
                   "big input, one update call (customlen %zu)", cl);
    r = inc_hash(h, o2, outlen, in, prop_big_len(), cu, cl, 0, (size_t)1 << 17, 16);
    prop_check_out(r, LWC_OK, o2, outlen, 0, o1, outlen, 0,
                   "big input, random update splits (customlen %zu)", cl);
  }
  /* long squeezes */
  if (h->kind != LWC_HASH) {
    size_t outlen = 3000, inlen = prop_len(100), cl = pick_customlen(h);
    uint8_t *o1 = prop_alloc(outlen), *o2 = prop_alloc(outlen);
    uint8_t in[100], cu[MAX_CUSTOM];
    int r, rep;
    prop_fill(in, inlen);
    prop_fill(cu, cl);
    r = lwc_hash_compute(h, o1, outlen, in, inlen, cu, cl);
    prop_check(r == LWC_OK, "%zu-byte one-shot output returned %s", outlen,
               prop_rc(r));
    if (ref != NULL && ref != h) {
      r = lwc_hash_compute(ref, o2, outlen, in, inlen, cu, cl);
      prop_check_out(r, LWC_OK, o2, outlen, 0, o1, outlen, 0,
                     "%zu-byte output (inlen %zu customlen %zu): ref disagrees",
                     outlen, inlen, cl);
    }
    for (rep = 0; rep < 4; rep++) {
      memset(o2, PAT_OUT, outlen);
      r = inc_hash(h, o2, outlen, in, inlen, cu, cl, 0, 40, rep < 2 ? 20 : 500);
      prop_check_out(r, LWC_OK, o2, outlen, 0, o1, outlen, 0,
                     "%zu bytes squeezed in random pieces (inlen %zu customlen "
                     "%zu)", outlen, inlen, cl);
    }
    free(o1);
    free(o2);
  }
}

/* ---- 10. unaligned and in-place buffers -------------------------------- */

static void hash_buffers(const lwc_hash *h) {
  int rep;
  for (rep = 0; rep < 2; rep++) {
    size_t inlen = rep ? prop_range(33, 300) : prop_len(64);
    size_t outlen = pick_outlen(h, 100), cl = pick_customlen(h);
    size_t io, oo, itot = inlen + 8, otot = outlen + 16, both;
    uint8_t *in = prop_alloc(inlen), *cu = prop_alloc(cl), *want = prop_alloc(outlen);
    uint8_t *ib = prop_alloc(itot), *ob = prop_alloc(otot), *cb = prop_alloc(cl + 8);
    uint8_t *buf;
    int r;
    prop_fill(in, inlen);
    prop_fill(cu, cl);
    r = lwc_hash_compute(h, want, outlen, in, inlen, cu, cl);
    prop_check(r == LWC_OK, "buffers: one-shot returned %s", prop_rc(r));
    for (io = 0; io < 8; io++) {
      for (oo = 0; oo < 8; oo++) {
        size_t co = (io + oo) % 8;
        memset(ib, PAT_IN, itot);
        memcpy(ib + io, in, inlen);
        memcpy(cb + co, cu, cl);
        memset(ob, PAT_OUT, otot);
        r = lwc_hash_compute(h, ob + oo, outlen, ib + io, inlen, cb + co, cl);
        prop_check_out(r, LWC_OK, ob, otot, oo, want, outlen, PAT_OUT,
                       "input at +%zu, output at +%zu, custom at +%zu (inlen %zu "
                       "outlen %zu customlen %zu)", io, oo, co, inlen, outlen, cl);
        memset(ob, PAT_OUT, otot);
        r = inc_hash(h, ob + oo, outlen, ib + io, inlen, cb + co, cl, 0, 40, 10);
        prop_check_out(r, LWC_OK, ob, otot, oo, want, outlen, PAT_OUT,
                       "incremental, input at +%zu, output at +%zu, custom at "
                       "+%zu (inlen %zu outlen %zu customlen %zu)", io, oo, co,
                       inlen, outlen, cl);
      }
    }
    /* in place: the digest overwrites its own input */
    both = inlen > outlen ? inlen : outlen;
    buf = prop_alloc(both + 8);
    for (io = 0; io < 8; io++) {
      memset(buf, PAT_IN, both + 8);
      memcpy(buf + io, in, inlen);
      r = lwc_hash_compute(h, buf + io, outlen, buf + io, inlen, cu, cl);
      prop_check_eq(buf + io, want, outlen,
                    "in-place at +%zu (out == in, inlen %zu outlen %zu): "
                    "returned %s", io, inlen, outlen, prop_rc(r));
    }
    free(buf);
    free(in);
    free(cu);
    free(want);
    free(ib);
    free(ob);
    free(cb);
  }
}

/* ---- 11. arguments and call order ------------------------------------ */

static void hash_args(const lwc_hash *h, const lwc_hash *ref) {
  uint8_t in[40], cu[MAX_CUSTOM + 8], o1[200], o2[200], e[1] = {0};
  size_t ob = h->outbytes, i;
  lwc_hash_ctx ctx;
  int r;
  prop_fill(in, sizeof in);
  prop_fill(cu, sizeof cu);
  if (h->kind == LWC_HASH) {
    const size_t bad[] = {0, 1, ob - 1, ob + 1, 2 * ob, 100};
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
      r = lwc_hash_compute(h, o1, bad[i], in, sizeof in, NULL, 0);
      prop_check(r == LWC_ERR_ARG, "compute with outlen %zu (digest %zu) "
                 "returned %s, want LWC_ERR_ARG", bad[i], ob, prop_rc(r));
    }
  } else {
    r = lwc_hash_compute(h, NULL, 0, in, sizeof in, NULL, 0);
    prop_check(r == LWC_OK, "compute with out NULL, outlen 0 returned %s",
               prop_rc(r));
  }
  /* NULL input with length 0 */
  r = lwc_hash_compute(h, o1, ob, e, 0, NULL, 0);
  prop_check(r == LWC_OK, "compute of an empty input returned %s", prop_rc(r));
  memset(o2, PAT_OUT, sizeof o2);
  r = lwc_hash_compute(h, o2, ob, NULL, 0, NULL, 0);
  prop_check_out(r, LWC_OK, o2, sizeof o2, 0, o1, ob, PAT_OUT,
                 "compute with in NULL, inlen 0");
  /* an empty custom string given as a pointer is no custom string */
  memset(o2, PAT_OUT, sizeof o2);
  r = lwc_hash_compute(h, o2, ob, NULL, 0, e, 0);
  prop_check_out(r, LWC_OK, o2, sizeof o2, 0, o1, ob, PAT_OUT,
                 "compute with custom non-NULL, customlen 0");
  if (h->kind == LWC_CXOF) {
    r = lwc_hash_compute(h, o1, ob, in, sizeof in, cu, MAX_CUSTOM);
    prop_check(r == LWC_OK, "customlen %d returned %s", MAX_CUSTOM, prop_rc(r));
    if (ref != NULL && ref != h) {
      r = lwc_hash_compute(ref, o2, ob, in, sizeof in, cu, MAX_CUSTOM);
      prop_check_out(r, LWC_OK, o2, ob, 0, o1, ob, 0,
                     "customlen %d: ref disagrees", MAX_CUSTOM);
    }
    r = lwc_hash_compute(h, o2, ob, in, sizeof in, cu, MAX_CUSTOM - 1);
    prop_check(r == LWC_OK && memcmp(o1, o2, ob) != 0,
               "customlen %d and %d give the same output", MAX_CUSTOM,
               MAX_CUSTOM - 1);
    r = lwc_hash_compute(h, o1, ob, in, sizeof in, cu, MAX_CUSTOM + 1);
    prop_check(r == LWC_ERR_ARG, "compute with customlen %d returned %s, want "
               "LWC_ERR_ARG", MAX_CUSTOM + 1, prop_rc(r));
    r = h->init(&ctx, cu, MAX_CUSTOM + 1);
    prop_check(r == LWC_ERR_ARG, "init with customlen %d returned %s, want "
               "LWC_ERR_ARG", MAX_CUSTOM + 1, prop_rc(r));
    r = h->init(&ctx, cu, (size_t)-1);
    prop_check(r == LWC_ERR_ARG, "init with customlen SIZE_MAX returned %s, "
               "want LWC_ERR_ARG", prop_rc(r));
  } else {
    r = lwc_hash_compute(h, o1, ob, in, sizeof in, cu, 1);
    prop_check(r == LWC_ERR_ARG, "compute with a 1-byte custom string returned "
               "%s, want LWC_ERR_ARG (not a CXOF)", prop_rc(r));
    r = h->init(&ctx, cu, 1);
    prop_check(r == LWC_ERR_ARG, "init with a 1-byte custom string returned "
               "%s, want LWC_ERR_ARG (not a CXOF)", prop_rc(r));
  }
  /* call order */
  for (i = 0; i < 2; i++) {
    size_t len = i == 0 ? 5 : 0;
    r = h->init(&ctx, NULL, 0);
    if (r == LWC_OK) r = h->update(&ctx, in, 7);
    if (r == LWC_OK) r = h->squeeze(&ctx, o1, 3);
    if (r == LWC_OK) r = h->update(&ctx, i == 0 ? in : NULL, len);
    prop_check(r == LWC_ERR_ARG, "update (length %zu) after squeeze returned "
               "%s, want LWC_ERR_ARG", len, prop_rc(r));
    r = h->init(&ctx, NULL, 0);
    if (r == LWC_OK) r = h->update(&ctx, in, 7);
    lwc_hash_wipe(&ctx);
    prop_check(prop_is_zero((const uint8_t *)&ctx, sizeof ctx),
               "lwc_hash_wipe left non-zero bytes in the context");
    r = h->squeeze(&ctx, o1, i == 0 ? 5 : 0);
    prop_check(r == LWC_ERR_ARG, "squeeze (length %zu) after wipe returned %s, "
               "want LWC_ERR_ARG", len, prop_rc(r));
    r = h->update(&ctx, i == 0 ? in : NULL, len);
    prop_check(r == LWC_ERR_ARG, "update (length %zu) after wipe returned %s, "
               "want LWC_ERR_ARG", len, prop_rc(r));
  }
  /* a wiped context can start again */
  r = lwc_hash_compute(h, o1, ob, in, sizeof in, NULL, 0);
  r = h->init(&ctx, NULL, 0);
  if (r == LWC_OK) r = h->update(&ctx, in, sizeof in);
  if (r == LWC_OK) r = h->squeeze(&ctx, o2, ob);
  lwc_hash_wipe(&ctx);
  prop_check_out(r, LWC_OK, o2, ob, 0, o1, ob, 0, "init after wipe");
}

void props_hash(const lwc_hash *h) {
  const lwc_hash *ref = lwc_hash_find(h->scheme, "ref");
  hash_descriptor(h, ref);
  if (ref != NULL && ref != h) hash_cross(h, ref);
  hash_incremental(h, ref);
  hash_buffers(h);
  hash_args(h, ref);
}
