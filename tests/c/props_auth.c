/*
 * MAC / PRF properties (see props.c): the descriptor, agreement with the
 * ref implementation, incremental == one-shot (update and squeeze splits),
 * unaligned and overlapping buffers, the verify (its own tag accepted at
 * every length, any flipped bit rejected, the caller's buffers untouched),
 * refused arguments and call orders writing nothing, huge lengths.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "props.h"

#define PAT 0xa5
#define MAX_OUT 200 /* a PRF's longest random output here */

static const char *kind_name(int kind) {
  return kind == LWC_MAC ? "MAC" : kind == LWC_PRF ? "PRF" : "PrfShort";
}

static size_t max_in(const lwc_auth *m) { return m->max_inbytes ? m->max_inbytes : 300; }

static size_t max_out(const lwc_auth *m) { return m->max_outbytes ? m->max_outbytes : MAX_OUT; }

/* Incremental computation with random update and squeeze splits. */
static int inc_auth(const lwc_auth *m, uint8_t *out, size_t outlen, const uint8_t *in,
                    size_t inlen, const uint8_t *key) {
  lwc_auth_ctx ctx;
  size_t done = 0, c;
  int r = m->init(&ctx, key);
  while (r == LWC_OK && (done < inlen || prop_below(4) == 0)) {
    c = prop_chunk(inlen - done, 70);
    r = m->update(&ctx, c == 0 && prop_below(2) ? NULL : in + done, c);
    done += c;
  }
  done = 0;
  while (r == LWC_OK && (done < outlen || prop_below(4) == 0)) {
    c = prop_chunk(outlen - done, 40);
    r = m->squeeze(&ctx, c == 0 && prop_below(2) ? NULL : out + done, c);
    done += c;
  }
  lwc_auth_wipe(&ctx);
  return r;
}

static void auth_descriptor(const lwc_auth *m, const lwc_auth *ref) {
  int want = strstr(m->scheme, "prfs") ? LWC_PRF_SHORT
             : strstr(m->scheme, "prf") ? LWC_PRF : LWC_MAC;
  prop_check(lwc_auth_find(m->scheme, m->impl) == m,
             "lwc_auth_find(\"%s\", \"%s\") does not return this descriptor", m->scheme, m->impl);
  prop_check(m->kind == want, "kind %u, want %s", m->kind, kind_name(want));
  prop_check(m->keybytes == 16 && m->outbytes >= 16 && m->outbytes <= 64, "keybytes %u, outbytes %u",
             m->keybytes, m->outbytes);
  if (m->kind == LWC_PRF_SHORT)
    prop_check(m->init == NULL && m->update == NULL && m->squeeze == NULL &&
                   m->max_inbytes == 16 && m->max_outbytes == 16,
               "PrfShort: one call, at most 16 bytes in and out");
  else
    prop_check(m->init != NULL && m->update != NULL && m->squeeze != NULL &&
                   m->max_inbytes == 0 &&
                   m->max_outbytes == (m->kind == LWC_MAC ? m->outbytes : 0),
               "%s: incremental calls and the limits", kind_name(m->kind));
  prop_check(ref != NULL, "no ref implementation of %s in the build", m->scheme);
  if (ref != NULL)
    prop_check(m->kind == ref->kind && m->outbytes == ref->outbytes &&
                   m->max_outbytes == ref->max_outbytes && m->max_inbytes == ref->max_inbytes,
               "descriptor differs from ref");
}

/* Random cases against ref; the incremental calls (random splits) and
 * unaligned buffers against the one-shot call. */
static void auth_cross(const lwc_auth *m, const lwc_auth *ref) {
  int i;
  for (i = 0; i < 200; i++) {
    size_t inlen = prop_len(max_in(m)), outlen = prop_range(0, max_out(m));
    size_t sh = prop_below(8);
    uint8_t key[16 + 8], *in = prop_alloc(inlen + 8), *o1 = prop_alloc(outlen + 8);
    uint8_t *o2 = prop_alloc(outlen + 8);
    int r1, r2;
    prop_fill(key, sizeof key);
    prop_fill(in, inlen + 8);
    r1 = lwc_auth_compute(m, o1 + sh, outlen, in + sh, inlen, key + sh);
    r2 = ref != NULL ? lwc_auth_compute(ref, o2, outlen, in + sh, inlen, key + sh) : LWC_OK;
    if (prop_check(r1 == LWC_OK && r2 == LWC_OK, "case %d (inlen %zu outlen %zu): %s, ref %s",
                   i, inlen, outlen, prop_rc(r1), prop_rc(r2)) && ref != NULL)
      prop_check_eq(o1 + sh, o2, outlen, "case %d (inlen %zu outlen %zu, offset %zu): "
                    "differs from ref", i, inlen, outlen, sh);
    if (m->init != NULL && i < 80) {
      r2 = inc_auth(m, o2, outlen, in + sh, inlen, key + sh);
      if (prop_check(r2 == LWC_OK, "incremental case %d: %s", i, prop_rc(r2)))
        prop_check_eq(o2, o1 + sh, outlen, "incremental case %d (inlen %zu outlen %zu): "
                      "differs from the one-shot call", i, inlen, outlen);
    }
    free(in);
    free(o1);
    free(o2);
  }
}

/* The output over the input (the same buffer, and shifted both ways): the
 * calls read all of the input before writing. */
static void auth_overlap(const lwc_auth *m) {
  uint8_t key[16], in[16], want[16], buf[48];
  size_t n = m->outbytes < 16 ? m->outbytes : 16, d;
  int r;
  prop_fill(key, sizeof key);
  prop_fill(in, sizeof in);
  r = lwc_auth_compute(m, want, n, in, sizeof in, key);
  prop_check(r == LWC_OK, "compute returned %s", prop_rc(r));
  for (d = 0; d < 2 * 9; d++) {
    size_t in_off = d < 9 ? 16 : 16 + d - 9, out_off = d < 9 ? 16 + d : 16;
    memcpy(buf + in_off, in, sizeof in);
    r = lwc_auth_compute(m, buf + out_off, n, buf + in_off, sizeof in, key);
    if (prop_check(r == LWC_OK, "overlap %zu/%zu: %s", in_off, out_off, prop_rc(r)))
      prop_check_eq(buf + out_off, want, n, "output at %zu over input at %zu", out_off, in_off);
  }
}

/* verify: its own tag at every length from LWC_AUTH_MIN_TAG, each flipped
 * bit of it rejected, bad lengths refused, the tag buffer never written. */
static void auth_verify(const lwc_auth *m) {
  uint8_t key[16], in[40], tag[64], copy[64];
  size_t len, bit;
  int r;
  prop_fill(key, sizeof key);
  prop_fill(in, sizeof in);
  r = lwc_auth_compute(m, tag, m->outbytes, in, m->max_inbytes ? m->max_inbytes : sizeof in, key);
  prop_check(r == LWC_OK, "compute returned %s", prop_rc(r));
  memcpy(copy, tag, m->outbytes);
  for (len = LWC_AUTH_MIN_TAG; len <= m->outbytes; len++) {
    size_t inlen = m->max_inbytes ? m->max_inbytes : sizeof in;
    r = lwc_auth_verify(m, tag, len, in, inlen, key);
    prop_check(r == LWC_OK, "verify of its own %zu-byte tag returned %s", len, prop_rc(r));
    for (bit = 8 * len - 1;; bit = prop_below(8 * len)) { /* its last bit, then any */
      tag[bit / 8] ^= (uint8_t)(1u << (bit % 8));
      memcpy(copy, tag, m->outbytes);
      r = lwc_auth_verify(m, tag, len, in, inlen, key);
      prop_check(r == LWC_ERR_TAG, "verify with bit %zu of a %zu-byte tag flipped returned %s",
                 bit, len, prop_rc(r));
      prop_check_eq(tag, copy, m->outbytes, "verify wrote into the caller's tag");
      tag[bit / 8] ^= (uint8_t)(1u << (bit % 8));
      if (bit != 8 * len - 1) break;
    }
    in[prop_below(inlen)] ^= 0x80;
    r = lwc_auth_verify(m, tag, len, in, inlen, key);
    prop_check(r == LWC_ERR_TAG, "verify of another message returned %s", prop_rc(r));
    lwc_auth_compute(m, tag, m->outbytes, in, inlen, key);
  }
  r = lwc_auth_verify(m, tag, LWC_AUTH_MIN_TAG - 1, in, 0, key);
  prop_check(r == LWC_ERR_ARG, "verify of a %d-byte tag returned %s", LWC_AUTH_MIN_TAG - 1,
             prop_rc(r));
  r = lwc_auth_verify(m, tag, (size_t)m->outbytes + 1, in, 0, key);
  prop_check(r == LWC_ERR_ARG, "verify of a tag longer than outbytes returned %s", prop_rc(r));
  r = lwc_auth_verify(NULL, tag, m->outbytes, in, 0, key);
  prop_check(r == LWC_ERR_ARG, "verify with no descriptor returned %s", prop_rc(r));
}

/* Refused arguments and call orders return LWC_ERR_ARG and write nothing. */
static void auth_refused(const lwc_auth *m) {
  static const size_t huge[] = {SIZE_MAX, SIZE_MAX - 3, (size_t)PTRDIFF_MAX + 1};
  uint8_t key[16], in[40], out[96];
  lwc_auth_ctx ctx;
  size_t i;
  int r;
  prop_fill(key, sizeof key);
  prop_fill(in, sizeof in);
  for (i = 0; i < sizeof huge / sizeof huge[0]; i++) {
    memset(out, PAT, sizeof out);
    r = lwc_auth_compute(m, out, 16, in, huge[i], key);
    prop_check(r == LWC_ERR_ARG && prop_guard_ok(out, sizeof out, 0, 0, PAT),
               "compute with inlen %zu returned %s or wrote", huge[i], prop_rc(r));
    r = lwc_auth_compute(m, out, huge[i], in, sizeof in, key);
    prop_check(r == LWC_ERR_ARG && prop_guard_ok(out, sizeof out, 0, 0, PAT),
               "compute with outlen %zu returned %s or wrote", huge[i], prop_rc(r));
  }
  r = lwc_auth_compute(m, NULL, 0, NULL, 0, key);
  prop_check(r == LWC_OK, "NULL buffers of length 0 returned %s", prop_rc(r));
  r = lwc_auth_compute(NULL, out, 16, in, 0, key);
  prop_check(r == LWC_ERR_ARG, "compute with no descriptor returned %s", prop_rc(r));
  if (m->max_outbytes != 0) {
    memset(out, PAT, sizeof out);
    r = lwc_auth_compute(m, out, (size_t)m->max_outbytes + 1, in, 0, key);
    prop_check(r == LWC_ERR_ARG && prop_guard_ok(out, sizeof out, 0, 0, PAT),
               "an output of max_outbytes + 1 returned %s or wrote", prop_rc(r));
  }
  if (m->max_inbytes != 0) {
    memset(out, PAT, sizeof out);
    r = lwc_auth_compute(m, out, 16, in, (size_t)m->max_inbytes + 1, key);
    prop_check(r == LWC_ERR_ARG && prop_guard_ok(out, sizeof out, 0, 0, PAT),
               "an input of max_inbytes + 1 returned %s or wrote", prop_rc(r));
  }
  if (m->init == NULL) return;
  /* after the first squeeze no more input; a Mac's output ends at its tag */
  m->init(&ctx, key);
  m->update(&ctx, in, 5);
  r = m->squeeze(&ctx, out, 3);
  prop_check(r == LWC_OK, "squeeze returned %s", prop_rc(r));
  r = m->update(&ctx, in, 1);
  prop_check(r == LWC_ERR_ARG, "update after squeeze returned %s", prop_rc(r));
  if (m->kind == LWC_MAC) {
    memset(out, PAT, sizeof out);
    r = m->squeeze(&ctx, out, (size_t)m->outbytes - 2);
    prop_check(r == LWC_ERR_ARG && prop_guard_ok(out, sizeof out, 0, 0, PAT),
               "squeeze past the tag returned %s or wrote", prop_rc(r));
    r = m->squeeze(&ctx, out, (size_t)m->outbytes - 3);
    prop_check(r == LWC_OK, "the rest of the tag returned %s", prop_rc(r));
  }
  /* a wiped or zeroed context refuses every call */
  lwc_auth_wipe(&ctx);
  r = m->update(&ctx, in, 1);
  prop_check(r == LWC_ERR_ARG, "update on a wiped context returned %s", prop_rc(r));
  memset(out, PAT, sizeof out);
  r = m->squeeze(&ctx, out, 4);
  prop_check(r == LWC_ERR_ARG && prop_guard_ok(out, sizeof out, 0, 0, PAT),
             "squeeze on a wiped context returned %s or wrote", prop_rc(r));
}

void props_auth(const lwc_auth *m) {
  const lwc_auth *ref = lwc_auth_find(m->scheme, "ref");
  auth_descriptor(m, ref);
  auth_cross(m, ref);
  auth_overlap(m);
  auth_verify(m);
  auth_refused(m);
}
