/*
 * Hash / XOF / CXOF runner of lwc-fuzz.  Fields after the common header
 * (fuzz.h):
 *
 *   options  bit 0: a bad-argument case instead (fixed-length hash: a
 *                   one-shot output length of outbytes + 1, or outbytes - 1
 *                   with bit 1; CXOF: a customization string one byte over
 *                   max_custombytes); every implementation must refuse it
 *                   like ref (LWC_ERR_ARG)
 *   u16      output length: 0 .. FZ_MAX_DATA bytes squeezed (for a
 *            fixed-length hash the one-shot call still takes outbytes)
 *   u16      customization length (CXOF; read but unused otherwise),
 *            fz_len up to max_custombytes, then the string
 *   u16      message length, fz_len up to FZ_MAX_DATA, then the message
 *   the split script: update pieces, then squeeze pieces
 *
 * Expected: ref with one update and one squeeze on plain buffers (and its
 * one-shot call must agree).  Then every implementation of the scheme (ref
 * included), with the layout's misalignment and in-place choice (the output
 * written over the message buffer): the one-shot lwc_hash_compute, and the
 * incremental calls cut by the split script (updates, then squeezes in
 * several pieces), followed by an update after squeezing, which must be
 * refused as ref refuses it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

typedef struct {
  const char *scheme;
  fz_layout l;
  uint8_t *msg, *custom;
  size_t mlen, customlen, squeeze_len, oneshot_len;
  fz_reader script;
} hcase;

/* Buffers of one call: the message and the output (in place: one buffer,
 * large enough for both, the message at its start). */
static void hash_buffers(const hcase *c, size_t outlen, fz_buf *mb, fz_buf *ob,
                         const uint8_t **m, uint8_t **out) {
  if (c->l.in_place) {
    size_t n = c->mlen > outlen ? c->mlen : outlen;
    *out = fz_alloc(ob, c->l.in_off, n, FZ_FRESH);
    if (c->mlen) memcpy(*out, c->msg, c->mlen);
    *m = *out;
  } else {
    *m = fz_alloc_copy(mb, c->l.in_off, c->msg, c->mlen);
    *out = fz_alloc(ob, c->l.out_off, outlen, FZ_FRESH);
  }
}

static void free_buffers(const hcase *c, fz_buf *mb, fz_buf *ob) {
  fz_free(ob);
  if (!c->l.in_place) fz_free(mb);
}

/* Incremental hashing by h cut by the split script; then one update after
 * the squeezes, whose code goes to *late_r.  Returns the first failing
 * code or LWC_OK. */
static int inc_hash(const hcase *c, const lwc_hash *h, uint8_t *out,
                    const uint8_t *m, const uint8_t *custom, int *late_r) {
  fz_reader s = c->script;
  lwc_hash_ctx ctx;
  size_t done, n;
  unsigned k;
  int r = h->init(&ctx, fz_ptr(&c->l, custom, c->customlen), c->customlen);
  if (r != LWC_OK) return r;
  for (done = 0, k = 0; (n = fz_piece(&s, c->mlen - done, k)) != FZ_END; k++) {
    r = h->update(&ctx, fz_ptr(&c->l, m + done, n), n);
    if (r != LWC_OK) return r;
    done += n;
  }
  for (done = 0, k = 0; (n = fz_piece(&s, c->squeeze_len - done, k)) != FZ_END;
       k++) {
    r = h->squeeze(&ctx, n == 0 && c->l.null_empty ? NULL : out + done, n);
    if (r != LWC_OK) return r;
    done += n;
  }
  *late_r = h->update(&ctx, c->msg, c->mlen > 0 ? 1 : 0);
  lwc_hash_wipe(&ctx);
  return LWC_OK;
}

/* Bad arguments: every implementation refuses them. */
static void check_bad_args(hcase *c, const lwc_hash *ref, uint8_t options) {
  const lwc_hash *const *p;
  uint8_t *custom = NULL, out[512];
  size_t outlen = ref->outbytes;
  if (ref->kind == LWC_HASH) {
    outlen = options & 2 ? ref->outbytes - 1u : ref->outbytes + 1u;
    fz_case("bad arguments: one-shot output length %zu, mlen %zu", outlen, c->mlen);
  } else if (ref->kind == LWC_CXOF) {
    c->customlen = (size_t)ref->max_custombytes + 1;
    custom = (uint8_t *)calloc(c->customlen, 1);
    fz_case("bad arguments: customization length %zu, mlen %zu", c->customlen,
            c->mlen);
  } else {
    return; /* an XOF takes any length */
  }
  if (outlen > sizeof out) outlen = sizeof out;
  for (p = lwc_hash_registry; *p != NULL; p++) {
    const lwc_hash *h = *p;
    lwc_hash_ctx ctx;
    if (strcmp(h->scheme, c->scheme) != 0) continue;
    fz_expect_rc(c->scheme, h->impl, "one-shot hash with bad arguments",
                 lwc_hash_compute(h, out, outlen, c->msg, c->mlen, custom,
                                  custom ? c->customlen : 0),
                 LWC_ERR_ARG);
    if (custom != NULL) {
      fz_expect_rc(c->scheme, h->impl, "init with a too long customization",
                   h->init(&ctx, custom, c->customlen), LWC_ERR_ARG);
      lwc_hash_wipe(&ctx);
    }
  }
  free(custom);
}

void fuzz_hash(const char *scheme, uint8_t options, fz_layout layout,
               fz_reader *in) {
  const lwc_hash *ref = lwc_hash_find(scheme, "ref");
  const lwc_hash *const *p;
  hcase c;
  lwc_hash_ctx ctx;
  size_t outv, rlen;
  uint8_t *want, *once;
  int ref_late;
  memset(&c, 0, sizeof c);
  c.scheme = scheme;
  c.l = layout;
  outv = fz_u16(in);
  c.squeeze_len = outv % (FZ_MAX_DATA + 1);
  c.oneshot_len = ref->kind == LWC_HASH ? ref->outbytes : c.squeeze_len;
  c.customlen = fz_len(in, fz_u16(in), ref->max_custombytes);
  if (ref->kind != LWC_CXOF) c.customlen = 0;
  c.custom = (uint8_t *)malloc(c.customlen + 1);
  fz_take(in, c.custom, c.customlen);
  c.mlen = fz_len(in, fz_u16(in), FZ_MAX_DATA);
  c.msg = (uint8_t *)malloc(c.mlen + 1);
  fz_take(in, c.msg, c.mlen);
  c.script = *in;
  if (options & 1) {
    check_bad_args(&c, ref, options);
    if (ref->kind != LWC_XOF) {
      free(c.custom);
      free(c.msg);
      return;
    }
  }
  fz_case("mlen %zu customlen %zu, one-shot output %zu, squeezed %zu, offsets in %zu "
          "out %zu%s%s, script %zu bytes",
          c.mlen, c.customlen, c.oneshot_len, c.squeeze_len, layout.in_off,
          layout.out_off, layout.in_place ? ", in place" : "",
          layout.null_empty ? ", NULL for empty pieces" : "", c.script.n);

  /* expected: ref, one update and one squeeze, plain buffers */
  rlen = c.squeeze_len > c.oneshot_len ? c.squeeze_len : c.oneshot_len;
  want = (uint8_t *)malloc(rlen + 1);
  once = (uint8_t *)malloc(c.oneshot_len + 1);
  fz_expect_rc(scheme, "ref", "init", ref->init(&ctx, c.custom, c.customlen), LWC_OK);
  fz_expect_rc(scheme, "ref", "update", ref->update(&ctx, c.msg, c.mlen), LWC_OK);
  fz_expect_rc(scheme, "ref", "squeeze", ref->squeeze(&ctx, want, rlen), LWC_OK);
  ref_late = ref->update(&ctx, c.msg, c.mlen > 0 ? 1 : 0);
  lwc_hash_wipe(&ctx);
  fz_expect_rc(scheme, "ref", "one-shot hash (plain buffers)",
               lwc_hash_compute(ref, once, c.oneshot_len, c.msg, c.mlen, c.custom,
                                c.customlen),
               LWC_OK);
  fz_expect_eq(scheme, "ref", "one-shot hash vs its incremental calls", once, want,
               c.oneshot_len);

  for (p = lwc_hash_registry; *p != NULL; p++) {
    const lwc_hash *h = *p;
    fz_buf mb, ob, cb;
    const uint8_t *m;
    uint8_t *out;
    const uint8_t *cu;
    int r, late = LWC_OK;
    if (strcmp(h->scheme, scheme) != 0) continue;
    if (h->kind != ref->kind || h->outbytes != ref->outbytes ||
        h->max_custombytes != ref->max_custombytes)
      fz_fail(scheme, h->impl, "descriptor differs from ref's (kind, outbytes or "
              "max_custombytes)");
    cu = fz_alloc_copy(&cb, layout.in_off, c.custom, c.customlen);
    /* one-shot */
    hash_buffers(&c, c.oneshot_len, &mb, &ob, &m, &out);
    r = lwc_hash_compute(h, out, c.oneshot_len, fz_ptr(&layout, m, c.mlen), c.mlen,
                         fz_ptr(&layout, cu, c.customlen), c.customlen);
    fz_expect_rc(scheme, h->impl, "one-shot hash", r, LWC_OK);
    fz_expect_eq(scheme, h->impl, "one-shot hash: output", out, want, c.oneshot_len);
    fz_expect_guard(scheme, h->impl, "one-shot hash", &ob);
    free_buffers(&c, &mb, &ob);
    /* incremental, cut by the split script */
    hash_buffers(&c, c.squeeze_len, &mb, &ob, &m, &out);
    r = inc_hash(&c, h, out, m, cu, &late);
    fz_expect_rc(scheme, h->impl, "incremental hash", r, LWC_OK);
    fz_expect_eq(scheme, h->impl, "incremental hash: squeezed output", out, want,
                 c.squeeze_len);
    fz_expect_guard(scheme, h->impl, "incremental hash", &ob);
    free_buffers(&c, &mb, &ob);
    fz_free(&cb);
    fz_expect_rc(scheme, h->impl, "update after squeeze", late, ref_late);
  }
  free(want);
  free(once);
  free(c.custom);
  free(c.msg);
}
