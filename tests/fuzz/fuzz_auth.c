/*
 * MAC / PRF runner of lwc-fuzz.  Fields after the common header (fuzz.h):
 *
 *   options  bit 0: a bad-argument case instead (an output one byte over
 *                   max_outbytes, or with bit 1 an input one byte over
 *                   max_inbytes; a PRF of any length takes neither): every
 *                   implementation must refuse it like ref (LWC_ERR_ARG)
 *   u16      output length, up to max_outbytes (a PRF: FZ_MAX_DATA)
 *   16 bytes the key (keybytes)
 *   u16      message length, fz_len up to max_inbytes (else FZ_MAX_DATA),
 *            then the message
 *   the split script: update pieces, then squeeze pieces
 *
 * Expected: ref's one-shot call on plain buffers.  Then every
 * implementation of the scheme (ref included), with the layout's
 * misalignment (the key's too) and in-place choice (the output over the
 * message): the one-shot lwc_auth_compute; the incremental calls cut by the
 * split script where it has them, then an update after squeezing (refused
 * as by ref); and lwc_auth_verify of the expected output (accepted) and of
 * it with its last bit flipped (rejected), where the length is a tag's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

typedef struct {
  const char *scheme;
  fz_layout l;
  uint8_t key[64], *msg;
  size_t mlen, outlen;
  fz_reader script;
} acase;

static void check_bad_args(const acase *c, const lwc_auth *ref, uint8_t options) {
  const lwc_auth *const *p;
  uint8_t out[FZ_MAX_DATA + 1];
  size_t outlen = c->outlen, mlen = c->mlen;
  if ((options & 2) && ref->max_inbytes != 0) {
    mlen = (size_t)ref->max_inbytes + 1;
  } else if (ref->max_outbytes != 0) {
    outlen = (size_t)ref->max_outbytes + 1;
  } else {
    return; /* a PRF takes any lengths */
  }
  fz_case("bad arguments: output %zu, input %zu", outlen, mlen);
  for (p = lwc_auth_registry; *p != NULL; p++) {
    uint8_t *msg;
    if (strcmp((*p)->scheme, c->scheme) != 0) continue;
    msg = (uint8_t *)calloc(mlen + 1, 1);
    memset(out, FZ_FRESH, sizeof out);
    fz_expect_rc(c->scheme, (*p)->impl, "compute with bad arguments",
                 lwc_auth_compute(*p, out, outlen, msg, mlen, c->key), LWC_ERR_ARG);
    for (size_t i = 0; i < outlen; i++)
      if (out[i] != FZ_FRESH) fz_fail(c->scheme, (*p)->impl, "a refused compute wrote byte %zu", i);
    free(msg);
  }
}

/* The incremental calls cut by the split script; *late_r: an update after
 * the squeezes. */
static int inc_auth(const acase *c, const lwc_auth *m, uint8_t *out, const uint8_t *msg,
                    const uint8_t *key, int *late_r) {
  fz_reader s = c->script;
  lwc_auth_ctx ctx;
  size_t done, n;
  unsigned k;
  int r = m->init(&ctx, key);
  if (r != LWC_OK) return r;
  for (done = 0, k = 0; (n = fz_piece(&s, c->mlen - done, k)) != FZ_END; k++) {
    r = m->update(&ctx, fz_ptr(&c->l, msg + done, n), n);
    if (r != LWC_OK) return r;
    done += n;
  }
  for (done = 0, k = 0; (n = fz_piece(&s, c->outlen - done, k)) != FZ_END; k++) {
    r = m->squeeze(&ctx, n == 0 && c->l.null_empty ? NULL : out + done, n);
    if (r != LWC_OK) return r;
    done += n;
  }
  *late_r = m->update(&ctx, c->msg, c->mlen > 0 ? 1 : 0);
  lwc_auth_wipe(&ctx);
  return LWC_OK;
}

/* The message and the output buffers (in place: one, the message first). */
static void buffers(const acase *c, fz_buf *mb, fz_buf *ob, const uint8_t **m, uint8_t **out) {
  if (c->l.in_place) {
    size_t n = c->mlen > c->outlen ? c->mlen : c->outlen;
    *out = fz_alloc(ob, c->l.in_off, n, FZ_FRESH);
    if (c->mlen) memcpy(*out, c->msg, c->mlen);
    *m = *out;
  } else {
    *m = fz_alloc_copy(mb, c->l.in_off, c->msg, c->mlen);
    *out = fz_alloc(ob, c->l.out_off, c->outlen, FZ_FRESH);
  }
}

static void free_buffers(const acase *c, fz_buf *mb, fz_buf *ob) {
  fz_free(ob);
  if (!c->l.in_place) fz_free(mb);
}

void fuzz_auth(const char *scheme, uint8_t options, fz_layout layout, fz_reader *in) {
  const lwc_auth *ref = lwc_auth_find(scheme, "ref");
  const lwc_auth *const *p;
  acase c;
  uint8_t *want;
  size_t top_out = ref->max_outbytes ? ref->max_outbytes : FZ_MAX_DATA;
  int ref_late = LWC_OK;
  memset(&c, 0, sizeof c);
  c.scheme = scheme;
  c.l = layout;
  c.outlen = fz_u16(in) % (top_out + 1);
  fz_take(in, c.key, ref->keybytes);
  c.mlen = fz_len(in, fz_u16(in), ref->max_inbytes ? ref->max_inbytes : FZ_MAX_DATA);
  c.msg = (uint8_t *)malloc(c.mlen + 1);
  fz_take(in, c.msg, c.mlen);
  c.script = *in;
  if (options & 1) {
    check_bad_args(&c, ref, options);
    free(c.msg);
    return;
  }
  fz_case("mlen %zu, output %zu, offsets in %zu out %zu%s%s, script %zu bytes", c.mlen,
          c.outlen, layout.in_off, layout.out_off, layout.in_place ? ", in place" : "",
          layout.null_empty ? ", NULL for empty pieces" : "", c.script.n);
  want = (uint8_t *)malloc(c.outlen + 1);
  fz_expect_rc(scheme, "ref", "compute (plain buffers)",
               lwc_auth_compute(ref, want, c.outlen, c.msg, c.mlen, c.key), LWC_OK);
  if (ref->init != NULL) {
    lwc_auth_ctx ctx;
    ref->init(&ctx, c.key);
    ref->update(&ctx, c.msg, c.mlen);
    ref->squeeze(&ctx, want, 0);
    ref_late = ref->update(&ctx, c.msg, c.mlen > 0 ? 1 : 0);
    lwc_auth_wipe(&ctx);
  }
  for (p = lwc_auth_registry; *p != NULL; p++) {
    const lwc_auth *m = *p;
    fz_buf mb, ob, kb;
    const uint8_t *msg, *key;
    uint8_t *out;
    int r, late = LWC_OK;
    if (strcmp(m->scheme, scheme) != 0) continue;
    if (m->kind != ref->kind || m->outbytes != ref->outbytes ||
        m->max_outbytes != ref->max_outbytes || m->max_inbytes != ref->max_inbytes)
      fz_fail(scheme, m->impl, "descriptor differs from ref's (kind or lengths)");
    key = fz_alloc_copy(&kb, layout.out_off, c.key, m->keybytes);
    buffers(&c, &mb, &ob, &msg, &out);
    r = lwc_auth_compute(m, out, c.outlen, fz_ptr(&layout, msg, c.mlen), c.mlen, key);
    fz_expect_rc(scheme, m->impl, "compute", r, LWC_OK);
    fz_expect_eq(scheme, m->impl, "compute: output", out, want, c.outlen);
    fz_expect_guard(scheme, m->impl, "compute", &ob);
    free_buffers(&c, &mb, &ob);
    if (m->init != NULL) {
      buffers(&c, &mb, &ob, &msg, &out);
      r = inc_auth(&c, m, out, msg, key, &late);
      fz_expect_rc(scheme, m->impl, "incremental calls", r, LWC_OK);
      fz_expect_eq(scheme, m->impl, "incremental calls: output", out, want, c.outlen);
      fz_expect_guard(scheme, m->impl, "incremental calls", &ob);
      free_buffers(&c, &mb, &ob);
      fz_expect_rc(scheme, m->impl, "update after squeeze", late, ref_late);
    }
    if (c.outlen >= LWC_AUTH_MIN_TAG && c.outlen <= m->outbytes) {
      fz_expect_rc(scheme, m->impl, "verify of ref's output",
                   lwc_auth_verify(m, want, c.outlen, c.msg, c.mlen, key), LWC_OK);
      want[c.outlen - 1] ^= 0x80;
      fz_expect_rc(scheme, m->impl, "verify of a forged tag",
                   lwc_auth_verify(m, want, c.outlen, c.msg, c.mlen, key), LWC_ERR_TAG);
      want[c.outlen - 1] ^= 0x80;
    }
    fz_free(&kb);
  }
  free(want);
  free(c.msg);
}
