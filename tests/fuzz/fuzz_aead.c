/*
 * AEAD runner of lwc-fuzz.  Fields after the common header (fuzz.h):
 *
 *   options  bit 0: an explicit tag length (lwc_aead_options.taglen),
 *                   min_tagbytes + (options >> 3) mod the number of lengths;
 *                   otherwise the default (0: the full tag)
 *            bit 1: nonce masking with the mask key below (only where the
 *                   descriptor offers it: nonce_masking)
 *            bit 2: a bad-argument case instead: a tag length below
 *                   min_tagbytes (bit 3 set) or above tagbytes, or (bit 4
 *                   set, schemes without nonce masking) a mask key; every
 *                   implementation must refuse it like ref (LWC_ERR_ARG)
 *   u16      tamper: the bit flipped for the forgery check, an index into
 *            ciphertext || tag || AD || nonce || key || mask key (the mask
 *            key when the case masks the nonce; mod the bit length)
 *   key[keybytes], nonce[noncebytes], mask key[keybytes]
 *   u16 adlen, AD (fz_len, at most FZ_MAX_DATA)
 *   u16 mlen, message (fz_len, at most FZ_MAX_DATA)
 *   the split script
 *
 * Expected: ref's one-shot encryption on plain buffers.  Then, for every
 * implementation of the scheme (ref included), with the layout's
 * misalignment and in-place choice: one-shot encryption, incremental
 * encryption cut by the split script, one-shot and incremental decryption
 * of the expected ciphertext (the message back), and decryption of a
 * forgery (one bit flipped): refused like ref (LWC_ERR_TAG; the one-shot
 * call leaves the plaintext buffer all zero).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

typedef struct {
  const char *scheme;
  fz_layout l;
  uint8_t key[32], nonce[32], mask_key[32];
  const uint8_t *mask; /* mask_key or NULL */
  uint8_t *ad, *msg;
  size_t adlen, mlen, taglen, ctlen;
  lwc_aead_options opt;
  const lwc_aead_options *optp; /* &opt or NULL (defaults) */
  fz_reader script;
} acase;

/* The inputs of one call, copied to misaligned exact-size buffers, and
 * the options pointing to the copy of the mask key. */
typedef struct {
  fz_buf key, nonce, ad, mask;
  lwc_aead_options opt;
  const lwc_aead_options *optp; /* &opt, or NULL like the case's */
} ainputs;

static void inputs_new(ainputs *in, const acase *c, const lwc_aead *a,
                       const uint8_t *key, const uint8_t *nonce,
                       const uint8_t *ad, const uint8_t *mask_key) {
  fz_alloc_copy(&in->key, c->l.in_off, key, a->keybytes);
  fz_alloc_copy(&in->nonce, c->l.in_off, nonce, a->noncebytes);
  fz_alloc_copy(&in->ad, c->l.in_off, ad, c->adlen);
  fz_alloc_copy(&in->mask, c->l.in_off, mask_key, a->keybytes);
  in->opt = c->opt;
  if (c->mask != NULL) in->opt.mask_key = in->mask.p;
  in->optp = c->optp != NULL ? &in->opt : NULL;
}

static void inputs_free(ainputs *in) {
  fz_free(&in->key);
  fz_free(&in->nonce);
  fz_free(&in->ad);
  fz_free(&in->mask);
}

/* Incremental encryption (dec 0: in = message, out = ciphertext || tag) or
 * decryption (dec 1: in = ciphertext || tag, out = message) with the pieces
 * of the split script (a copy: every implementation gets the same cuts).
 * Returns the first code that is not LWC_OK, or the final call's. */
static int inc_run(const acase *c, const lwc_aead *a, int dec, uint8_t *out,
                   const uint8_t *in, const ainputs *ins) {
  fz_reader s = c->script;
  const uint8_t *ad = ins->ad.p;
  lwc_aead_ctx ctx;
  size_t done, n;
  unsigned k;
  int r = a->init(&ctx, ins->key.p, ins->nonce.p, ins->opt.mask_key);
  if (r != LWC_OK) return r;
  for (done = 0, k = 0; (n = fz_piece(&s, c->adlen - done, k)) != FZ_END; k++) {
    r = a->absorb_ad(&ctx, fz_ptr(&c->l, ad + done, n), n);
    if (r != LWC_OK) return r;
    done += n;
  }
  for (done = 0, k = 0; (n = fz_piece(&s, c->mlen - done, k)) != FZ_END; k++) {
    uint8_t *o = n == 0 && c->l.null_empty ? NULL : out + done;
    r = dec ? a->decrypt_update(&ctx, o, fz_ptr(&c->l, in + done, n), n)
            : a->encrypt_update(&ctx, o, fz_ptr(&c->l, in + done, n), n);
    if (r != LWC_OK) return r;
    done += n;
  }
  return dec ? a->decrypt_verify(&ctx, in + c->mlen, c->taglen)
             : a->encrypt_final(&ctx, out + c->mlen, c->taglen);
}

/* Buffers of an encryption with the layout: *m the message (in place: the
 * start of the ciphertext buffer), the returned pointer ciphertext || tag
 * (pre-filled with FZ_FRESH after the message). */
static uint8_t *enc_buffers(const acase *c, fz_buf *mb, fz_buf *cb,
                            const uint8_t **m) {
  uint8_t *ct;
  if (c->l.in_place) {
    ct = fz_alloc(cb, c->l.in_off, c->ctlen, FZ_FRESH);
    if (c->mlen) memcpy(ct, c->msg, c->mlen);
    *m = ct;
  } else {
    *m = fz_alloc_copy(mb, c->l.in_off, c->msg, c->mlen);
    ct = fz_alloc(cb, c->l.out_off, c->ctlen, FZ_FRESH);
  }
  return ct;
}

/* One-shot, then incremental encryption of the case by a with the layout;
 * each result is checked against want (ciphertext || tag). */
static void check_encrypt(const acase *c, const lwc_aead *a, const uint8_t *want) {
  ainputs in;
  fz_buf mb, cb;
  uint8_t *ct;
  const uint8_t *m;
  int r, pass;
  inputs_new(&in, c, a, c->key, c->nonce, c->ad, c->mask_key);
  for (pass = 0; pass < 2; pass++) {
    const char *what = pass ? "incremental encrypt" : "one-shot encrypt";
    char desc[64];
    ct = enc_buffers(c, &mb, &cb, &m);
    if (pass == 0)
      r = lwc_aead_encrypt(a, ct, fz_ptr(&c->l, m, c->mlen), c->mlen,
                           fz_ptr(&c->l, in.ad.p, c->adlen), c->adlen, in.nonce.p,
                           in.key.p, in.optp);
    else /* cut by the split script */
      r = inc_run(c, a, 0, ct, m, &in);
    fz_expect_rc(c->scheme, a->impl, what, r, LWC_OK);
    snprintf(desc, sizeof desc, "%s: ciphertext || tag", what);
    fz_expect_eq(c->scheme, a->impl, desc, ct, want, c->ctlen);
    fz_expect_guard(c->scheme, a->impl, what, &cb);
    fz_free(&cb);
    if (!c->l.in_place) fz_free(&mb);
  }
  inputs_free(&in);
}

/* One-shot and incremental decryption of ct (ciphertext || tag) under the
 * given key, nonce, AD and mask key (used when the case masks) by a, with
 * the layout.  want_r: ref's verdict;
 * want: ref's plaintext when it accepted (NULL: must be refused, and the
 * one-shot output wiped).  what names the case in messages. */
static void check_decrypt(const acase *c, const lwc_aead *a, const uint8_t *ct,
                          const uint8_t *key, const uint8_t *nonce,
                          const uint8_t *ad, const uint8_t *mask_key, int want_r,
                          const uint8_t *want, const char *what) {
  ainputs in;
  fz_buf cb, mb;
  uint8_t *m;
  const uint8_t *cin;
  char desc[128];
  int r, pass;
  inputs_new(&in, c, a, key, nonce, ad, mask_key);
  for (pass = 0; pass < 2; pass++) { /* 0: one-shot, 1: incremental */
    snprintf(desc, sizeof desc, "%s %s", pass ? "incremental" : "one-shot", what);
    if (c->l.in_place) { /* the plaintext overwrites the ciphertext */
      m = fz_alloc_copy(&cb, c->l.in_off, ct, c->ctlen);
      cin = m;
    } else {
      cin = fz_alloc_copy(&cb, c->l.in_off, ct, c->ctlen);
      m = fz_alloc(&mb, c->l.out_off, c->mlen, FZ_FRESH);
    }
    if (pass == 0)
      r = lwc_aead_decrypt(a, c->mlen == 0 && c->l.null_empty ? NULL : m, cin,
                           c->ctlen, fz_ptr(&c->l, in.ad.p, c->adlen), c->adlen,
                           in.nonce.p, in.key.p, in.optp);
    else
      r = inc_run(c, a, 1, m, cin, &in);
    fz_expect_rc(c->scheme, a->impl, desc, r, want_r);
    /* the incremental calls release plaintext before the verdict (lwc.h):
     * only the one-shot call must wipe it */
    if (want_r == LWC_OK || pass == 0)
      fz_expect_eq(c->scheme, a->impl, desc, m, want, c->mlen);
    if (c->l.in_place) /* the tag after the plaintext is left as it was */
      fz_expect_eq(c->scheme, a->impl, "in-place decrypt: the tag bytes", m + c->mlen,
                   ct + c->mlen, c->taglen);
    fz_expect_guard(c->scheme, a->impl, desc, c->l.in_place ? &cb : &mb);
    fz_free(&cb);
    if (!c->l.in_place) fz_free(&mb);
  }
  inputs_free(&in);
}

/* Bad arguments: every implementation, ref included, refuses them. */
static void check_bad_args(acase *c, const lwc_aead *ref, uint8_t options) {
  const lwc_aead *const *p;
  uint8_t *ct = (uint8_t *)malloc(c->mlen + ref->tagbytes + 2);
  uint8_t *pt = (uint8_t *)malloc(c->mlen + 1);
  if (options & 0x10 && !ref->nonce_masking) {
    c->mask = c->mask_key;
    c->taglen = ref->tagbytes;
    fz_case("bad arguments: a mask key without nonce masking, mlen %zu adlen %zu",
            c->mlen, c->adlen);
  } else {
    c->mask = NULL;
    c->taglen = options & 8 && ref->min_tagbytes > 1 ? ref->min_tagbytes - 1u
                                                     : ref->tagbytes + 1u;
    fz_case("bad arguments: taglen %zu, mlen %zu adlen %zu", c->taglen, c->mlen,
            c->adlen);
  }
  c->opt.taglen = c->taglen;
  c->opt.mask_key = c->mask;
  c->optp = &c->opt;
  c->ctlen = c->mlen + c->taglen;
  for (p = lwc_aead_registry; *p != NULL; p++) {
    const lwc_aead *a = *p;
    lwc_aead_ctx ctx;
    int r;
    if (strcmp(a->scheme, c->scheme) != 0) continue;
    r = lwc_aead_encrypt(a, ct, c->msg, c->mlen, c->ad, c->adlen, c->nonce, c->key,
                         c->optp);
    fz_expect_rc(c->scheme, a->impl, "one-shot encrypt with bad arguments", r,
                 LWC_ERR_ARG);
    memset(ct, 0, c->ctlen);
    r = lwc_aead_decrypt(a, pt, ct, c->ctlen, c->ad, c->adlen, c->nonce, c->key,
                         c->optp);
    fz_expect_rc(c->scheme, a->impl, "one-shot decrypt with bad arguments", r,
                 LWC_ERR_ARG);
    r = a->init(&ctx, c->key, c->nonce, c->mask);
    if (c->mask != NULL) {
      fz_expect_rc(c->scheme, a->impl, "init with a mask key", r, LWC_ERR_ARG);
    } else {
      fz_expect_rc(c->scheme, a->impl, "init", r, LWC_OK);
      r = a->encrypt_final(&ctx, ct, c->taglen);
      fz_expect_rc(c->scheme, a->impl, "encrypt_final with a bad tag length", r,
                   LWC_ERR_ARG);
      lwc_wipe(&ctx, sizeof ctx);
    }
  }
  free(ct);
  free(pt);
}

void fuzz_aead(const char *scheme, uint8_t options, fz_layout layout,
               fz_reader *in) {
  const lwc_aead *ref = lwc_aead_find(scheme, "ref");
  const lwc_aead *const *p;
  acase c;
  size_t tamper, nlen, bit, region;
  uint8_t *want, *forged, *fpt, key2[32], nonce2[32], mask2[32], *ad2, flip;
  lwc_aead_options fopt;
  int fr;
  memset(&c, 0, sizeof c);
  c.scheme = scheme;
  c.l = layout;
  tamper = fz_u16(in);
  fz_take(in, c.key, ref->keybytes);
  fz_take(in, c.nonce, ref->noncebytes);
  fz_take(in, c.mask_key, ref->keybytes);
  c.adlen = fz_len(in, fz_u16(in), FZ_MAX_DATA);
  c.ad = (uint8_t *)malloc(c.adlen + 1);
  fz_take(in, c.ad, c.adlen);
  c.mlen = fz_len(in, fz_u16(in), FZ_MAX_DATA);
  c.msg = (uint8_t *)malloc(c.mlen + 1);
  fz_take(in, c.msg, c.mlen);
  c.script = *in;
  if (options & 4) {
    check_bad_args(&c, ref, options);
    free(c.ad);
    free(c.msg);
    return;
  }
  nlen = (size_t)(ref->tagbytes - ref->min_tagbytes) + 1;
  c.taglen = options & 1 ? ref->min_tagbytes + (size_t)(options >> 3) % nlen
                         : ref->tagbytes;
  c.mask = options & 2 && ref->nonce_masking ? c.mask_key : NULL;
  c.opt.taglen = options & 1 ? c.taglen : 0;
  c.opt.mask_key = c.mask;
  c.optp = options & 1 || c.mask != NULL ? &c.opt : NULL;
  c.ctlen = c.mlen + c.taglen;
  fz_case("mlen %zu adlen %zu taglen %zu%s%s, offsets in %zu out %zu%s%s, script %zu bytes",
          c.mlen, c.adlen, c.taglen, options & 1 ? " (explicit)" : "",
          c.mask ? ", nonce masking" : "", layout.in_off, layout.out_off,
          layout.in_place ? ", in place" : "",
          layout.null_empty ? ", NULL for empty pieces" : "", c.script.n);

  /* the expected ciphertext: ref, one-shot, plain buffers */
  want = (uint8_t *)malloc(c.ctlen);
  fz_expect_rc(scheme, "ref", "one-shot encrypt (plain buffers)",
               lwc_aead_encrypt(ref, want, c.msg, c.mlen, c.ad, c.adlen, c.nonce,
                                c.key, c.optp),
               LWC_OK);

  /* the forgery: one bit flipped in ciphertext || tag, AD, nonce, key or
   * (when the case masks) mask key; ref's verdict is the expected one (a
   * flipped tag bit is always refused; elsewhere a short tag may collide,
   * and then every implementation must agree) */
  forged = (uint8_t *)malloc(c.ctlen);
  memcpy(forged, want, c.ctlen);
  memcpy(key2, c.key, sizeof key2);
  memcpy(nonce2, c.nonce, sizeof nonce2);
  memcpy(mask2, c.mask_key, sizeof mask2);
  ad2 = (uint8_t *)malloc(c.adlen + 1);
  if (c.adlen) memcpy(ad2, c.ad, c.adlen);
  bit = tamper % (8 * (c.ctlen + c.adlen + ref->noncebytes + ref->keybytes +
                       (c.mask != NULL ? ref->keybytes : 0u)));
  region = bit / 8;
  flip = (uint8_t)(1u << (bit % 8));
  if (region < c.ctlen) {
    forged[region] ^= flip;
  } else if ((region -= c.ctlen) < c.adlen) {
    ad2[region] ^= flip;
  } else if ((region -= c.adlen) < ref->noncebytes) {
    nonce2[region] ^= flip;
  } else if ((region -= ref->noncebytes) < ref->keybytes) {
    key2[region] ^= flip;
  } else {
    mask2[region - ref->keybytes] ^= flip;
  }
  fopt = c.opt;
  if (c.mask != NULL) fopt.mask_key = mask2;
  fpt = (uint8_t *)malloc(c.mlen + 1);
  fr = lwc_aead_decrypt(ref, fpt, forged, c.ctlen, ad2, c.adlen, nonce2, key2,
                        c.optp != NULL ? &fopt : NULL);
  if (bit / 8 >= c.mlen && bit / 8 < c.ctlen && fr != LWC_ERR_TAG)
    fz_fail(scheme, "ref", "accepted a flipped tag bit %zu (%s)", bit, fz_rc(fr));
  if (fr != LWC_OK && fr != LWC_ERR_TAG)
    fz_fail(scheme, "ref", "decrypting a forgery returned %s", fz_rc(fr));

  for (p = lwc_aead_registry; *p != NULL; p++) {
    const lwc_aead *a = *p;
    char what[96];
    /* a SUPERCOP folder added with ./lwcbench --add ("+name"): SUPERCOP's
     * calls have no options (full tags, no nonce masking); it is compared
     * on the cases it takes */
    int plain = a->impl[0] == '+' && a->min_tagbytes == a->tagbytes && !a->nonce_masking;
    if (strcmp(a->scheme, scheme) != 0) continue;
    if (a->keybytes != ref->keybytes || a->noncebytes != ref->noncebytes ||
        a->tagbytes != ref->tagbytes ||
        (!plain && (a->min_tagbytes != ref->min_tagbytes ||
                    a->nonce_masking != ref->nonce_masking)))
      fz_fail(scheme, a->impl, "descriptor sizes differ from ref's");
    if (plain && (c.taglen != a->tagbytes || c.mask != NULL)) continue;
    check_encrypt(&c, a, want);
    check_decrypt(&c, a, want, c.key, c.nonce, c.ad, c.mask_key, LWC_OK, c.msg,
                  "decrypt of ref's ciphertext");
    snprintf(what, sizeof what,
             "decrypt with bit %zu of ct||tag||AD||nonce||key%s flipped", bit,
             c.mask != NULL ? "||mask key" : "");
    check_decrypt(&c, a, forged, key2, nonce2, ad2, mask2, fr,
                  fr == LWC_OK ? fpt : NULL, what);
  }
  free(want);
  free(forged);
  free(fpt);
  free(ad2);
  free(c.ad);
  free(c.msg);
}
