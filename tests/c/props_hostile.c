/*
 * Hostile input (see props.c; issue 5): what a careless or malicious caller
 * can hand the API, for every implementation in the registries.
 *
 *   - a refused call (LWC_ERR_ARG) writes nothing: bad tag lengths (up to
 *     SIZE_MAX), ciphertexts shorter than the tag, a mask key where the
 *     scheme has none, calls out of order, a never-initialised context;
 *   - huge lengths (SIZE_MAX, SIZE_MAX - 3, PTRDIFF_MAX + 1: no buffer is
 *     that large) are refused by the one-shot calls before anything is
 *     read or written; the buffers are exact-size heap blocks, so under
 *     AddressSanitizer any access beyond them aborts the run;
 *   - NULL with a zero length gives the result of a non-NULL empty buffer;
 *   - partial overlaps of input and output (not supported for AEAD, see
 *     lwc.h) write nothing outside the output, and a decryption releases
 *     either the authentic plaintext or zeros; a hash's output may overlap
 *     its input in any way;
 *   - forgeries under a truncated tag (every bit of the ciphertext, the tag,
 *     the AD and the nonce) are rejected with the output wiped.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "props.h"

#define PAT 0xa5
#define NOVL 4

/* Lengths no buffer can have (every one-shot call refuses them). */
static const size_t huge[] = {SIZE_MAX, SIZE_MAX - 3, (size_t)PTRDIFF_MAX + 1};
#define NHUGE (sizeof huge / sizeof huge[0])

/* A length for messages: its name when it is one of the huge ones. */
static const char *len_name(size_t n) {
  static char buf[4][32];
  static unsigned next;
  char *b = buf[next++ % 4];
  long d = (long)(n - (size_t)PTRDIFF_MAX);
  if (n >= SIZE_MAX - 8)
    snprintf(b, 32, n == SIZE_MAX ? "SIZE_MAX" : "SIZE_MAX - %zu", SIZE_MAX - n);
  else if (d >= -64 && d <= 64)
    snprintf(b, 32, d == 0 ? "PTRDIFF_MAX" : "PTRDIFF_MAX %c %ld", d < 0 ? '-' : '+',
             d < 0 ? -d : d);
  else
    snprintf(b, 32, "%zu", n);
  return b;
}

/* 1 when buf[0..n) equals snap[0..n) outside [off, off + len). */
static int same_outside(const uint8_t *buf, const uint8_t *snap, size_t n,
                        size_t off, size_t len) {
  size_t i;
  for (i = 0; i < n; i++)
    if ((i < off || i >= off + len) && buf[i] != snap[i]) return 0;
  return 1;
}

/* The tag lengths to try: the full one, and the shortest when truncation
 * is allowed. */
static size_t tag_choices(const lwc_aead *a, size_t out[2]) {
  out[0] = a->tagbytes;
  if (a->min_tagbytes < a->tagbytes) {
    out[1] = a->min_tagbytes;
    return 2;
  }
  return 1;
}

/* ---- AEAD ------------------------------------------------------------- */

typedef struct {
  uint8_t key[32], nonce[32], k2[32];
  uint8_t msg[20], ad[10];
} fixture;

/* A rejected call: LWC_ERR_ARG and buf[0..n) still all PAT. */
static void refused(int r, const uint8_t *buf, size_t n, const char *fmt, ...)
    PROP_PRINTF(4, 5);
static void refused(int r, const uint8_t *buf, size_t n, const char *fmt, ...) {
  char what[256];
  va_list ap;
  int clean = prop_guard_ok(buf, n, 0, 0, PAT);
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  prop_check(r == LWC_ERR_ARG && clean,
             "%s: returned %s%s, want LWC_ERR_ARG and nothing written", what,
             prop_rc(r), clean ? "" : " and wrote output");
}

static void aead_huge(const lwc_aead *a, const fixture *f) {
  size_t tl[2], nt = tag_choices(a, tl), t, i, ml = sizeof f->msg;
  uint8_t *ct = prop_alloc(ml + a->tagbytes), *pt = prop_alloc(ml);
  uint8_t *valid = prop_alloc(ml + a->tagbytes);
  int r;
  for (t = 0; t < nt; t++) {
    size_t taglen = tl[t];
    prop_enc(a, valid, f->msg, ml, f->ad, sizeof f->ad, f->nonce, f->key,
             taglen, NULL);
    for (i = 0; i < NHUGE; i++) {
      memset(ct, PAT, ml + taglen);
      r = prop_enc(a, ct, f->msg, huge[i], f->ad, sizeof f->ad, f->nonce,
                   f->key, taglen, NULL);
      refused(r, ct, ml + taglen, "encrypt with mlen %s", len_name(huge[i]));
      memset(ct, PAT, ml + taglen);
      r = prop_enc(a, ct, f->msg, ml, f->ad, huge[i], f->nonce, f->key,
                   taglen, NULL);
      refused(r, ct, ml + taglen, "encrypt with adlen %s", len_name(huge[i]));
      memset(pt, PAT, ml);
      r = prop_dec(a, pt, valid, huge[i], f->ad, sizeof f->ad, f->nonce,
                   f->key, taglen, NULL);
      refused(r, pt, ml, "decrypt with ctlen %s", len_name(huge[i]));
      memset(pt, PAT, ml);
      r = prop_dec(a, pt, valid, ml + taglen, f->ad, huge[i], f->nonce,
                   f->key, taglen, NULL);
      refused(r, pt, ml, "decrypt with adlen %s", len_name(huge[i]));
    }
  }
  free(ct);
  free(pt);
  free(valid);
}

static void aead_refused_args(const lwc_aead *a, const fixture *f) {
  const size_t bad[] = {(size_t)a->min_tagbytes - 1, (size_t)a->tagbytes + 1,
                        64, 255, 256, SIZE_MAX, SIZE_MAX - 3,
                        (size_t)PTRDIFF_MAX + 1};
  size_t ml = sizeof f->msg, tl = a->tagbytes, ctl = ml + tl, i, t, nt;
  size_t tls[2];
  uint8_t *ct = prop_alloc(ctl), *pt = prop_alloc(ml), *valid = prop_alloc(ctl);
  uint8_t *inplace = prop_alloc(ctl), tag[64];
  lwc_aead_ctx ctx;
  int r;
  r = prop_enc(a, valid, f->msg, ml, f->ad, sizeof f->ad, f->nonce, f->key, 0,
               NULL);
  prop_check(r == LWC_OK, "hostile: encrypt returned %s", prop_rc(r));
  /* tag lengths outside min_tagbytes .. tagbytes */
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    if (bad[i] == 0) continue; /* 0 in the options means "the full tag" */
    memset(ct, PAT, ctl);
    r = prop_enc(a, ct, f->msg, ml, f->ad, sizeof f->ad, f->nonce, f->key,
                 bad[i], NULL);
    refused(r, ct, ctl, "encrypt with taglen %s", len_name(bad[i]));
    memset(pt, PAT, ml);
    r = prop_dec(a, pt, valid, ctl, f->ad, sizeof f->ad, f->nonce, f->key,
                 bad[i], NULL);
    refused(r, pt, ml, "decrypt with taglen %s", len_name(bad[i]));
    /* in place: the ciphertext must survive a refused call */
    memcpy(inplace, valid, ctl);
    r = prop_dec(a, inplace, inplace, ctl, f->ad, sizeof f->ad, f->nonce,
                 f->key, bad[i], NULL);
    prop_check(r == LWC_ERR_ARG && memcmp(inplace, valid, ctl) == 0,
               "in-place decrypt with taglen %zu: returned %s%s, want "
               "LWC_ERR_ARG and the ciphertext untouched", bad[i], prop_rc(r),
               memcmp(inplace, valid, ctl) == 0 ? "" : " and overwrote it");
    memset(tag, PAT, sizeof tag);
    r = a->init(&ctx, f->key, f->nonce, NULL);
    if (r == LWC_OK) r = a->encrypt_final(&ctx, tag, bad[i]);
    refused(r, tag, sizeof tag, "encrypt_final with taglen %s",
            len_name(bad[i]));
    r = a->init(&ctx, f->key, f->nonce, NULL);
    if (r == LWC_OK) r = a->decrypt_verify(&ctx, valid + ml, bad[i]);
    prop_check(r == LWC_ERR_ARG, "decrypt_verify with taglen %zu returned %s, "
               "want LWC_ERR_ARG", bad[i], prop_rc(r));
    lwc_wipe(&ctx, sizeof ctx);
  }
  /* ciphertexts shorter than the tag, full or truncated */
  nt = tag_choices(a, tls);
  for (t = 0; t < nt; t++) {
    size_t lens[3], k;
    lens[0] = 0;
    lens[1] = 1;
    lens[2] = tls[t] - 1;
    for (k = 0; k < 3; k++) {
      memset(pt, PAT, ml);
      r = prop_dec(a, pt, valid, lens[k], f->ad, sizeof f->ad, f->nonce, f->key,
                   tls[t] == tl ? 0 : tls[t], NULL);
      refused(r, pt, ml, "decrypt of a %zu-byte ciphertext with a %zu-byte tag",
              lens[k], tls[t]);
    }
    r = prop_dec(a, NULL, NULL, 0, NULL, 0, f->nonce, f->key,
                 tls[t] == tl ? 0 : tls[t], NULL);
    prop_check(r == LWC_ERR_ARG, "decrypt with ct NULL, ctlen 0 (taglen %zu) "
               "returned %s, want LWC_ERR_ARG", tls[t], prop_rc(r));
  }
  /* a mask key where the scheme has no nonce masking */
  if (!a->nonce_masking) {
    memset(ct, PAT, ctl);
    r = prop_enc(a, ct, f->msg, ml, f->ad, sizeof f->ad, f->nonce, f->key, 0,
                 f->k2);
    refused(r, ct, ctl, "encrypt with a mask key (no nonce masking)");
    memset(pt, PAT, ml);
    r = prop_dec(a, pt, valid, ctl, f->ad, sizeof f->ad, f->nonce, f->key, 0,
                 f->k2);
    refused(r, pt, ml, "decrypt with a mask key (no nonce masking)");
    memcpy(inplace, valid, ctl);
    r = prop_dec(a, inplace, inplace, ctl, f->ad, sizeof f->ad, f->nonce,
                 f->key, 0, f->k2);
    prop_check(r == LWC_ERR_ARG && memcmp(inplace, valid, ctl) == 0,
               "in-place decrypt with a mask key (no nonce masking): returned "
               "%s%s, want LWC_ERR_ARG and the ciphertext untouched", prop_rc(r),
               memcmp(inplace, valid, ctl) == 0 ? "" : " and overwrote it");
  }
  free(ct);
  free(pt);
  free(valid);
  free(inplace);
}

/* Calls out of order, and on a context that was never initialised (all
 * zero): LWC_ERR_ARG and no byte written to the output. */
static void aead_order(const lwc_aead *a, const fixture *f) {
  /* {setup steps..., -1}: the step after them must be refused */
  static const int before[][4] = {
      {-1},                     /* a zeroed context: nothing allowed */
      {STEP_ENC, -1},              /* then AD, decrypt_update, decrypt_verify */
      {STEP_DEC, -1},              /* then AD, encrypt_update, encrypt_final */
      {STEP_ENC, STEP_EFIN, -1},      /* final done: nothing allowed */
      {STEP_DEC, STEP_DVER, -1},      /* verify done (tag rejected): nothing */
      {STEP_AD, STEP_ENC, STEP_EFIN, -1},
  };
  static const unsigned allowed_after[] = {0, 1u << STEP_ENC | 1u << STEP_EFIN,
                                           1u << STEP_DEC | 1u << STEP_DVER, 0, 0, 0};
  uint8_t out[64], in[64];
  size_t c, s, k;
  prop_fill(in, sizeof in);
  for (c = 0; c < sizeof before / sizeof before[0]; c++) {
    for (s = 0; s < STEP_N; s++) {
      lwc_aead_ctx ctx;
      char desc[160];
      int r;
      size_t len;
      if (allowed_after[c] & (1u << s)) continue;
      for (len = 0; len < 2; len++) {
        r = LWC_OK;
        memset(&ctx, 0, sizeof ctx);
        strcpy(desc, c == 0 ? "zeroed context" : "init");
        if (c > 0) r = a->init(&ctx, f->key, f->nonce, NULL);
        for (k = 0; r == LWC_OK && before[c][k] >= 0; k++) {
          r = prop_step(a, &ctx, before[c][k], 5, in, out, in);
          if (before[c][k] == STEP_DVER && r == LWC_ERR_TAG) r = LWC_OK;
          strcat(desc, ", ");
          strcat(desc, prop_step_names[before[c][k]]);
        }
        if (!prop_check(r == LWC_OK, "%s: returned %s", desc, prop_rc(r)))
          break;
        memset(out, PAT, sizeof out);
        r = prop_step(a, &ctx, (int)s, len ? 5 : 0, in, out, in);
        refused(r, out, sizeof out, "%s, then %s (length %zu)", desc,
                prop_step_names[s], len ? (size_t)5 : 0);
        lwc_wipe(&ctx, sizeof ctx);
      }
    }
  }
}

/* NULL with zero lengths under the options (truncated tag, mask key). */
static void aead_null_options(const lwc_aead *a, const fixture *f) {
  size_t tl[2], nt = tag_choices(a, tl), t;
  uint8_t e[1] = {0}, c1[64], c2[64];
  int r, masked;
  for (t = 0; t < nt; t++)
    for (masked = 0; masked <= a->nonce_masking; masked++) {
      const uint8_t *mask = masked ? f->k2 : NULL;
      size_t taglen = tl[t] == a->tagbytes ? 0 : tl[t], n = tl[t];
      r = prop_enc(a, c1, e, 0, e, 0, f->nonce, f->key, taglen, mask);
      prop_check(r == LWC_OK, "encrypt of empty buffers returned %s",
                 prop_rc(r));
      memset(c2, PAT, sizeof c2);
      r = prop_enc(a, c2, NULL, 0, NULL, 0, f->nonce, f->key, taglen, mask);
      prop_check_out(r, LWC_OK, c2, sizeof c2, 0, c1, n, PAT,
                     "encrypt with msg and ad NULL, lengths 0 (taglen %zu%s)", n,
                     masked ? ", mask key" : "");
      r = prop_dec(a, NULL, c1, n, NULL, 0, f->nonce, f->key, taglen, mask);
      prop_check(r == LWC_OK, "decrypt with msg and ad NULL (taglen %zu%s) "
                 "returned %s", n, masked ? ", mask key" : "", prop_rc(r));
      c1[n - 1] ^= 0x80;
      r = prop_dec(a, NULL, c1, n, NULL, 0, f->nonce, f->key, taglen, mask);
      prop_check(r == LWC_ERR_TAG, "decrypt with msg NULL and a forged tag "
                 "(taglen %zu%s) returned %s, want LWC_ERR_TAG", n,
                 masked ? ", mask key" : "", prop_rc(r));
    }
}

/* Partial overlaps: out = in + d for small and large d of both signs. */
static void aead_overlap(const lwc_aead *a, const fixture *f) {
  const long shifts[] = {1, -1, 3, -3, 8, -8, 13, -13};
  size_t ml = 40, tl = a->tagbytes, ctl = ml + tl, base = 32;
  size_t total = ctl + 2 * base, i;
  uint8_t *msg = prop_alloc(ml), *ct = prop_alloc(ctl);
  uint8_t *buf = prop_alloc(total), *snap = prop_alloc(total);
  int r;
  prop_fill(msg, ml);
  prop_enc(a, ct, msg, ml, f->ad, sizeof f->ad, f->nonce, f->key, 0, NULL);
  for (i = 0; i < sizeof shifts / sizeof shifts[0]; i++) {
    size_t in_off = base, out_off = (size_t)((long)base + shifts[i]);
    /* encryption: the output stays in its buffer (its value unspecified) */
    prop_fill(buf, total);
    memcpy(buf + in_off, msg, ml);
    memcpy(snap, buf, total);
    r = prop_enc(a, buf + out_off, buf + in_off, ml, f->ad, sizeof f->ad,
                 f->nonce, f->key, 0, NULL);
    prop_check(r == LWC_OK && same_outside(buf, snap, total, out_off, ctl),
               "encrypt with output = input %+ld: returned %s%s", shifts[i],
               prop_rc(r), same_outside(buf, snap, total, out_off, ctl) ? ""
               : ", wrote outside the output");
    /* decryption: the authentic plaintext, or LWC_ERR_TAG and zeros */
    prop_fill(buf, total);
    memcpy(buf + in_off, ct, ctl);
    memcpy(snap, buf, total);
    r = prop_dec(a, buf + out_off, buf + in_off, ctl, f->ad, sizeof f->ad,
                 f->nonce, f->key, 0, NULL);
    prop_check(same_outside(buf, snap, total, out_off, ml),
               "decrypt with output = input %+ld: wrote outside the output",
               shifts[i]);
    if (r == LWC_OK)
      prop_check_eq(buf + out_off, msg, ml, "decrypt with output = input %+ld "
                    "returned LWC_OK with a plaintext that is not the "
                    "authentic one", shifts[i]);
    else
      prop_check(r == LWC_ERR_TAG && prop_is_zero(buf + out_off, ml),
                 "decrypt with output = input %+ld: returned %s%s, want "
                 "LWC_OK or LWC_ERR_TAG with the output zeroed", shifts[i],
                 prop_rc(r), prop_is_zero(buf + out_off, ml) ? ""
                 : " and released plaintext");
  }
  free(msg);
  free(ct);
  free(buf);
  free(snap);
}

/* Forgeries under the shortest tag, and a tag of another length. */
static void aead_truncated_forgery(const lwc_aead *a, const fixture *f) {
  static const char *const names[4] = {"ciphertext", "tag", "AD", "nonce"};
  size_t t = a->min_tagbytes, ml = sizeof f->msg, ctl = ml + t, reg, bit;
  size_t guard = 8;
  uint8_t *ct, *pt, ad[sizeof f->ad], nonce[32];
  int r;
  if (a->min_tagbytes == a->tagbytes) return;
  ct = prop_alloc(ctl);
  pt = prop_alloc(ml + guard);
  memcpy(ad, f->ad, sizeof ad);
  memcpy(nonce, f->nonce, a->noncebytes);
  r = prop_enc(a, ct, f->msg, ml, ad, sizeof ad, nonce, f->key, t, NULL);
  prop_check(r == LWC_OK, "encrypt with taglen %zu returned %s", t, prop_rc(r));
  for (reg = 0; reg < 4; reg++) {
    uint8_t *p = reg == 0 ? ct : reg == 1 ? ct + ml : reg == 2 ? ad : nonce;
    size_t n = reg == 0 ? ml : reg == 1 ? t : reg == 2 ? sizeof ad : a->noncebytes;
    for (bit = 0; bit < 8 * n; bit++) {
      p[bit / 8] ^= (uint8_t)(1u << (bit % 8));
      memset(pt, PAT, ml + guard);
      r = prop_dec(a, pt, ct, ctl, ad, sizeof ad, nonce, f->key, t, NULL);
      prop_check_out(r, LWC_ERR_TAG, pt, ml + guard, 0, NULL, ml, PAT,
                     "bit %zu of the %s flipped under a %zu-byte tag", bit,
                     names[reg], t);
      p[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
  }
  /* the same bytes read with a longer truncation: another tag, rejected */
  memset(pt, PAT, ml + guard);
  r = prop_dec(a, pt, ct, ctl, ad, sizeof ad, nonce, f->key, t + 4, NULL);
  prop_check_out(r, LWC_ERR_TAG, pt, ml + guard, 0, NULL, ml - 4, PAT,
                 "a %zu-byte tag verified as a %zu-byte one", t, t + 4);
  free(ct);
  free(pt);
}

void props_hostile_aead(const lwc_aead *a) {
  fixture f;
  prop_fill(f.key, sizeof f.key);
  prop_fill(f.nonce, sizeof f.nonce);
  prop_fill(f.k2, sizeof f.k2);
  prop_fill(f.msg, sizeof f.msg);
  prop_fill(f.ad, sizeof f.ad);
  aead_huge(a, &f);
  aead_refused_args(a, &f);
  aead_order(a, &f);
  aead_null_options(a, &f);
  aead_overlap(a, &f);
  aead_truncated_forgery(a, &f);
}

/* ---- hash, XOF, CXOF --------------------------------------------------- */

void props_hostile_hash(const lwc_hash *h) {
  size_t ob = h->outbytes, i, d;
  uint8_t in[40], cu[8], out[96], want[64], *buf;
  lwc_hash_ctx ctx;
  int r;
  prop_fill(in, sizeof in);
  prop_fill(cu, sizeof cu);
  /* huge lengths: refused, nothing read or written */
  for (i = 0; i < NHUGE; i++) {
    memset(out, PAT, sizeof out);
    r = lwc_hash_compute(h, out, ob, in, huge[i], NULL, 0);
    refused(r, out, sizeof out, "compute with inlen %s", len_name(huge[i]));
    memset(out, PAT, sizeof out);
    r = lwc_hash_compute(h, out, huge[i], in, sizeof in, NULL, 0);
    refused(r, out, sizeof out, "compute with outlen %s", len_name(huge[i]));
    memset(out, PAT, sizeof out);
    r = lwc_hash_compute(h, out, ob, in, sizeof in, cu, huge[i]);
    refused(r, out, sizeof out, "compute with customlen %s", len_name(huge[i]));
  }
  /* a zeroed context and calls after wiping refuse, writing nothing */
  memset(&ctx, 0, sizeof ctx);
  r = h->update(&ctx, in, sizeof in);
  prop_check(r == LWC_ERR_ARG, "update on a zeroed context returned %s, want "
             "LWC_ERR_ARG", prop_rc(r));
  memset(out, PAT, sizeof out);
  r = h->squeeze(&ctx, out, ob);
  refused(r, out, sizeof out, "squeeze on a zeroed context, length %s",
          len_name(ob));
  /* overlaps: lwc_hash_compute reads all its input before writing */
  r = lwc_hash_compute(h, want, ob, in, sizeof in, NULL, 0);
  prop_check(r == LWC_OK, "compute returned %s", prop_rc(r));
  buf = prop_alloc(sizeof in + ob + 32);
  for (d = 0; d < 2 * 13; d++) {
    size_t in_off = 16, out_off = d < 13 ? in_off + d + 1 : in_off - (d - 12);
    size_t total = sizeof in + ob + 32;
    uint8_t snap[200];
    prop_fill(buf, total);
    memcpy(buf + in_off, in, sizeof in);
    memcpy(snap, buf, total);
    r = lwc_hash_compute(h, buf + out_off, ob, buf + in_off, sizeof in, NULL, 0);
    prop_check(r == LWC_OK && same_outside(buf, snap, total, out_off, ob),
               "compute with output = input %+ld: returned %s%s",
               (long)out_off - (long)in_off, prop_rc(r),
               same_outside(buf, snap, total, out_off, ob) ? ""
               : ", wrote outside the output");
    prop_check_eq(buf + out_off, want, ob, "compute with output = input %+ld",
                  (long)out_off - (long)in_off);
  }
  free(buf);
  if (h->kind == LWC_CXOF) { /* the customization string overlapping out */
    uint8_t c2[40];
    memcpy(c2, in, sizeof c2);
    r = lwc_hash_compute(h, want, ob, in, 7, c2, 20);
    prop_check(r == LWC_OK, "compute returned %s", prop_rc(r));
    r = lwc_hash_compute(h, c2 + 3, ob < 37 ? ob : 37, in, 7, c2, 20);
    prop_check(r == LWC_OK, "compute with out overlapping custom returned %s",
               prop_rc(r));
    prop_check_eq(c2 + 3, want, ob < 37 ? ob : 37,
                  "compute with the output overlapping the customization string");
  }
}

/* ---- bare permutations ------------------------------------------------- */

void props_hostile_perm(const lwc_perm *p) {
  const size_t offs[] = {0, 1, (size_t)p->statebytes, (size_t)p->statebytes + 1,
                         SIZE_MAX, SIZE_MAX - 3, (size_t)PTRDIFF_MAX + 1};
  lwc_perm_state s;
  uint8_t before[256], after[256], out[300], in[300];
  size_t i, k, sb = p->statebytes;
  prop_fill(in, sizeof in);
  p->init(&s);
  p->add_bytes(&s, in, 0, sb);
  p->extract_bytes(&s, before, 0, sb);
  for (i = 0; i < sizeof offs / sizeof offs[0]; i++)
    for (k = 0; k < NHUGE; k++) {
      int r = p->add_bytes(&s, in, offs[i], huge[k]);
      prop_check(r == LWC_ERR_ARG, "add_bytes(off %s, len %s) returned %s, "
                 "want LWC_ERR_ARG", len_name(offs[i]), len_name(huge[k]), prop_rc(r));
      memset(out, PAT, sizeof out);
      r = p->extract_bytes(&s, out, offs[i], huge[k]);
      refused(r, out, sizeof out, "extract_bytes with len %s",
              len_name(huge[k]));
      if (offs[i] > sb) {
        r = p->add_bytes(&s, NULL, offs[i], 0);
        prop_check(r == LWC_ERR_ARG, "add_bytes(NULL, off %s, 0) returned "
                   "%s, want LWC_ERR_ARG (offset past the state)", len_name(offs[i]),
                   prop_rc(r));
        memset(out, PAT, sizeof out);
        r = p->extract_bytes(&s, out, offs[i], 0);
        refused(r, out, sizeof out, "extract_bytes of 0 bytes at offset %s",
                len_name(offs[i]));
      }
    }
  for (i = 0; i <= sb; i++) { /* NULL with length 0, at every offset */
    int r1 = p->add_bytes(&s, NULL, i, 0), r2 = p->extract_bytes(&s, NULL, i, 0);
    prop_check(r1 == LWC_OK && r2 == LWC_OK, "add/extract_bytes(NULL, off %zu, "
               "len 0) returned %s / %s", i, prop_rc(r1), prop_rc(r2));
  }
  {
    int r = p->permute_rounds(&s, (unsigned)-1);
    prop_check(r == LWC_ERR_ARG, "permute_rounds(UINT_MAX) returned %s, want "
               "LWC_ERR_ARG", prop_rc(r));
  }
  p->extract_bytes(&s, after, 0, sb);
  prop_check_eq(after, before, sb, "refused calls left the state unchanged");
}
