/* Library-level helpers over the descriptors: lookup and one-shot calls. */
#include <string.h>

#include "core/common.h"
#include "internal.h"
#include "lwc.h"

void lwc_wipe(void *p, size_t n) { lwc_wipe_bytes(p, n); }

void lwc_hash_wipe(lwc_hash_ctx *ctx) {
#if (defined(__x86_64__) || defined(__aarch64__)) && defined(__GNUC__)
  /* 64-bit hosts: the 64 bytes in a few wide stores, kept by the barrier
   * (the volatile 4-byte loop was about 20 rdtsc ticks of a 16-byte
   * Ascon-Hash256 call of about 630); every other target as before */
  __builtin_memset(ctx, 0, sizeof *ctx);
  __asm__ __volatile__("" : : "r"(ctx) : "memory");
#else
  lwc_wipe(ctx, sizeof *ctx);
#endif
}

/* ---- Run-time selection by CPU features --------------------------------
 * An implementation named x86_64_<isa> runs only on a CPU with those
 * extensions (its code is compiled for them: src/ascon/x86_target.h;
 * lwc_cpu_has() in internal.h).  lwc_*_find(scheme, NULL) returns the first
 * registered implementation of the scheme that can run here (the registry
 * lists the ISA variants before the portable code); naming such an
 * implementation on a CPU without its extensions finds nothing (NULL). */
static int lwc_impl_usable(const char *impl) {
#if defined(__x86_64__) && defined(__GNUC__)
  if (strncmp(impl, "x86_64_", 7) == 0) return lwc_cpu_has(impl + 7);
#endif
  (void)impl;
  return 1;
}
/* ---- end of run-time selection ------------------------------------------ */

static int name_matches(const char *scheme, const char *impl,
                        const char *want_scheme, const char *want_impl) {
  return strcmp(scheme, want_scheme) == 0 &&
         (want_impl == NULL || strcmp(impl, want_impl) == 0) &&
         lwc_impl_usable(impl);
}

/* lwc_<kind>_find: the first registered descriptor of the scheme (and of
 * the implementation, unless NULL) that this machine can run. */
#define LWC_FIND(kind)                                                        \
  const lwc_##kind *lwc_##kind##_find(const char *scheme, const char *impl) { \
    const lwc_##kind *const *d;                                               \
    if (scheme == NULL) return NULL;                                          \
    for (d = lwc_##kind##_registry; *d != NULL; d++)                          \
      if (name_matches((*d)->scheme, (*d)->impl, scheme, impl)) return *d;    \
    return NULL;                                                              \
  }
LWC_FIND(aead)
LWC_FIND(hash)
LWC_FIND(perm)

static size_t tag_length(const lwc_aead *a, const lwc_aead_options *opt) {
  return opt != NULL && opt->taglen != 0 ? opt->taglen : a->tagbytes;
}

/* The implementation's whole-message call fits: full tag, no masking. */
static int whole_fits(const lwc_aead *a, const lwc_aead_options *opt) {
  return opt == NULL || ((opt->taglen == 0 || opt->taglen == a->tagbytes) &&
                         opt->mask_key == NULL);
}

/* The incremental calls composed (kept out of line: the whole-message
 * path below stays a plain tail call, with no frame of its own). */
static __attribute__((noinline)) int encrypt_incremental(
    const lwc_aead *a, uint8_t *ct, const uint8_t *msg, size_t mlen,
    const uint8_t *ad, size_t adlen, const uint8_t *nonce, const uint8_t *key,
    const lwc_aead_options *opt) {
  lwc_aead_ctx ctx;
  size_t taglen = tag_length(a, opt);
  int r;
  if (taglen < a->min_tagbytes || taglen > a->tagbytes || (mlen | adlen) > LWC_LEN_MAX)
    return LWC_ERR_ARG;
  r = a->init(&ctx, key, nonce, opt != NULL ? opt->mask_key : NULL);
  if (r == LWC_OK) r = a->absorb_ad(&ctx, ad, adlen);
  if (r == LWC_OK) r = a->encrypt_update(&ctx, ct, msg, mlen);
  if (r == LWC_OK) r = a->encrypt_final(&ctx, ct + mlen, taglen);
  lwc_wipe(&ctx, sizeof ctx);
  return r;
}

static __attribute__((noinline)) int decrypt_incremental(
    const lwc_aead *a, uint8_t *msg, const uint8_t *ct, size_t ctlen,
    const uint8_t *ad, size_t adlen, const uint8_t *nonce, const uint8_t *key,
    const lwc_aead_options *opt) {
  lwc_aead_ctx ctx;
  size_t taglen = tag_length(a, opt), mlen;
  int r;
  if (taglen < a->min_tagbytes || taglen > a->tagbytes || ctlen < taglen ||
      (ctlen | adlen) > LWC_LEN_MAX)
    return LWC_ERR_ARG;
  mlen = ctlen - taglen;
  r = a->init(&ctx, key, nonce, opt != NULL ? opt->mask_key : NULL);
  if (r == LWC_OK) r = a->absorb_ad(&ctx, ad, adlen);
  if (r == LWC_OK) { /* a refused argument (init) leaves msg alone */
    r = a->decrypt_update(&ctx, msg, ct, mlen);
    /* in place, msg == ct: the tag at ct + mlen is still intact here */
    if (r == LWC_OK) r = a->decrypt_verify(&ctx, ct + mlen, taglen);
    if (r != LWC_OK && mlen > 0) lwc_wipe(msg, mlen);
  }
  lwc_wipe(&ctx, sizeof ctx);
  return r;
}

/* A whole message (the body of both one-shot calls): the implementation's
 * own whole-message call `whole` where it has one and the options leave it
 * usable (a plain tail call), else the incremental calls composed. */
#define AEAD_WHOLE(whole, incremental, out, in, len)                       \
  do {                                                                     \
    if (a->whole != NULL && whole_fits(a, opt)) {                          \
      if (((len) | adlen) > LWC_LEN_MAX) return LWC_ERR_ARG;               \
      return a->whole((out), (in), (len), ad, adlen, nonce, key);          \
    }                                                                      \
    return incremental(a, (out), (in), (len), ad, adlen, nonce, key, opt); \
  } while (0)

int lwc_aead_encrypt(const lwc_aead *a, uint8_t *ct, const uint8_t *msg,
                     size_t mlen, const uint8_t *ad, size_t adlen,
                     const uint8_t *nonce, const uint8_t *key,
                     const lwc_aead_options *opt) {
  AEAD_WHOLE(encrypt, encrypt_incremental, ct, msg, mlen);
}

int lwc_aead_decrypt(const lwc_aead *a, uint8_t *msg, const uint8_t *ct,
                     size_t ctlen, const uint8_t *ad, size_t adlen,
                     const uint8_t *nonce, const uint8_t *key,
                     const lwc_aead_options *opt) {
  AEAD_WHOLE(decrypt, decrypt_incremental, msg, ct, ctlen);
}

int lwc_hash_compute(const lwc_hash *h, uint8_t *out, size_t outlen,
                     const uint8_t *in, size_t inlen, const uint8_t *custom,
                     size_t customlen) {
  lwc_hash_ctx ctx;
  int r;
  if ((h->kind == LWC_HASH && outlen != h->outbytes) || (inlen | outlen) > LWC_LEN_MAX)
    return LWC_ERR_ARG;
  r = h->init(&ctx, custom, customlen);
  if (r == LWC_OK) r = h->update(&ctx, in, inlen);
  if (r == LWC_OK) r = h->squeeze(&ctx, out, outlen);
  lwc_hash_wipe(&ctx);
  return r;
}
