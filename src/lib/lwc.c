/* Library-level helpers over the descriptors: lookup and one-shot calls. */
#include <string.h>

#include "core/common.h"
#include "internal.h"
#include "lwc.h"

void lwc_wipe(void *p, size_t n) { lwc_wipe_bytes(p, n); }

/* ---- Fresh randomness for the masked implementations (lwc.h) ----------- */
#if defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) || \
    defined(__NetBSD__) || defined(__DragonFly__) ||                      \
    (defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 36)))
void arc4random_buf(void *buf, size_t n); /* <stdlib.h> declares it outside strict C */
#define LWC_SYSTEM_RANDOM(out, len) arc4random_buf((out), (len))
#elif defined(__linux__)
#include <errno.h>
#include <sys/random.h>
static void system_random(uint8_t *out, size_t len) {
  while (len > 0) { /* at most 32 MiB at once; -1 with EINTR when interrupted */
    ssize_t n = getrandom(out, len, 0);
    if (n < 0 && errno != EINTR) __builtin_trap(); /* no system source after all */
    if (n > 0) {
      out += n;
      len -= (size_t)n;
    }
  }
}
#define LWC_SYSTEM_RANDOM(out, len) system_random((out), (len))
#endif

static lwc_random_fn random_fill; /* NULL: the system's, where there is one */
static void *random_arg;

void lwc_set_random(lwc_random_fn fill, void *arg) {
  random_fill = fill;
  random_arg = fill != NULL ? arg : NULL;
}

int lwc_random_ready(void) {
#ifdef LWC_SYSTEM_RANDOM
  return 1;
#else
  return random_fill != NULL;
#endif
}

void lwc_random(uint8_t *out, size_t len) {
  if (random_fill != NULL) {
    random_fill(random_arg, out, len);
    return;
  }
#ifdef LWC_SYSTEM_RANDOM
  LWC_SYSTEM_RANDOM(out, len);
#else
  __builtin_trap(); /* no source: never compute on predictable masks */
#endif
}

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
LWC_FIND(auth)

static size_t tag_length(const lwc_aead *a, const lwc_aead_options *opt) {
  return opt != NULL && opt->taglen != 0 ? opt->taglen : a->tagbytes;
}

/* The implementation's whole-message call fits: full tag, no masking. */
static int whole_fits(const lwc_aead *a, const lwc_aead_options *opt) {
  return opt == NULL || ((opt->taglen == 0 || opt->taglen == a->tagbytes) &&
                         opt->mask_key == NULL);
}

/* The incremental calls composed (kept out of line: the whole-message
 * path below stays a plain tail call, with no frame of its own), in two
 * sizes: an unmasked implementation gets lwc_aead_small_ctx, so these
 * frames are what they were before masking; a masked one lwc_aead_ctx. */
#define ENCRYPT_INCREMENTAL(name, ctx_t)                                                 \
  static __attribute__((noinline)) int name(                                             \
      const lwc_aead *a, uint8_t *ct, const uint8_t *msg, size_t mlen,                   \
      const uint8_t *ad, size_t adlen, const uint8_t *nonce, const uint8_t *key,         \
      const lwc_aead_options *opt) {                                                     \
    /* at least 4-aligned: lwc_wipe_bytes' word path on 16-bit cores too */             \
    _Alignas(4) _Alignas(ctx_t) uint8_t c_[sizeof(ctx_t)];                               \
    lwc_aead_ctx *ctx = (lwc_aead_ctx *)(void *)&c_;                                     \
    size_t taglen = tag_length(a, opt);                                                  \
    int r;                                                                               \
    if (taglen < a->min_tagbytes || taglen > a->tagbytes || (mlen | adlen) > LWC_LEN_MAX) \
      return LWC_ERR_ARG;                                                                \
    r = a->init(ctx, key, nonce, opt != NULL ? opt->mask_key : NULL);                    \
    if (r == LWC_OK) r = a->absorb_ad(ctx, ad, adlen);                                   \
    if (r == LWC_OK) r = a->encrypt_update(ctx, ct, msg, mlen);                          \
    if (r == LWC_OK) r = a->encrypt_final(ctx, ct + mlen, taglen);                       \
    lwc_wipe(&c_, sizeof c_);                                                            \
    return r;                                                                            \
  }

#define DECRYPT_INCREMENTAL(name, ctx_t)                                                 \
  static __attribute__((noinline)) int name(                                             \
      const lwc_aead *a, uint8_t *msg, const uint8_t *ct, size_t ctlen,                  \
      const uint8_t *ad, size_t adlen, const uint8_t *nonce, const uint8_t *key,         \
      const lwc_aead_options *opt) {                                                     \
    /* at least 4-aligned: lwc_wipe_bytes' word path on 16-bit cores too */             \
    _Alignas(4) _Alignas(ctx_t) uint8_t c_[sizeof(ctx_t)];                               \
    lwc_aead_ctx *ctx = (lwc_aead_ctx *)(void *)&c_;                                     \
    size_t taglen = tag_length(a, opt), mlen;                                            \
    int r;                                                                               \
    if (taglen < a->min_tagbytes || taglen > a->tagbytes || ctlen < taglen ||            \
        (ctlen | adlen) > LWC_LEN_MAX)                                                   \
      return LWC_ERR_ARG;                                                                \
    mlen = ctlen - taglen;                                                               \
    r = a->init(ctx, key, nonce, opt != NULL ? opt->mask_key : NULL);                    \
    if (r == LWC_OK) r = a->absorb_ad(ctx, ad, adlen);                                   \
    if (r == LWC_OK) { /* a refused argument (init) leaves msg alone */                  \
      r = a->decrypt_update(ctx, msg, ct, mlen);                                         \
      /* in place, msg == ct: the tag at ct + mlen is still intact here */               \
      if (r == LWC_OK) r = a->decrypt_verify(ctx, ct + mlen, taglen);                    \
      if (r != LWC_OK && mlen > 0) lwc_wipe(msg, mlen);                                  \
    }                                                                                    \
    lwc_wipe(&c_, sizeof c_);                                                            \
    return r;                                                                            \
  }

ENCRYPT_INCREMENTAL(encrypt_incremental, lwc_aead_small_ctx)
DECRYPT_INCREMENTAL(decrypt_incremental, lwc_aead_small_ctx)
ENCRYPT_INCREMENTAL(encrypt_incremental_masked, lwc_aead_ctx)
DECRYPT_INCREMENTAL(decrypt_incremental_masked, lwc_aead_ctx)

/* A whole message (the body of both one-shot calls): the implementation's
 * own whole-message call `whole` where it has one and the options leave it
 * usable (a plain tail call), else the incremental calls composed. */
#define AEAD_WHOLE(whole, incremental, out, in, len)                       \
  do {                                                                     \
    if (a == NULL) return LWC_ERR_ARG; /* an unknown name's find() */     \
    if (a->whole != NULL && whole_fits(a, opt)) {                          \
      if (((len) | adlen) > LWC_LEN_MAX) return LWC_ERR_ARG;               \
      return a->whole((out), (in), (len), ad, adlen, nonce, key);          \
    }                                                                      \
    if (a->shares != 0)                                                    \
      return incremental##_masked(a, (out), (in), (len), ad, adlen, nonce, key, opt); \
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
  if (h == NULL || (h->kind == LWC_HASH && outlen != h->outbytes) ||
      (inlen | outlen) > LWC_LEN_MAX)
    return LWC_ERR_ARG;
  r = h->init(&ctx, custom, customlen);
  if (r == LWC_OK) r = h->update(&ctx, in, inlen);
  if (r == LWC_OK) r = h->squeeze(&ctx, out, outlen);
  lwc_hash_wipe(&ctx);
  return r;
}

int lwc_auth_compute(const lwc_auth *m, uint8_t *out, size_t outlen,
                     const uint8_t *in, size_t inlen, const uint8_t *key) {
  if (m == NULL || (m->max_outbytes != 0 && outlen > m->max_outbytes) ||
      (m->max_inbytes != 0 && inlen > m->max_inbytes) || (inlen | outlen) > LWC_LEN_MAX)
    return LWC_ERR_ARG;
  return m->compute(out, outlen, in, inlen, key);
}

int lwc_auth_verify(const lwc_auth *m, const uint8_t *tag, size_t taglen,
                    const uint8_t *in, size_t inlen, const uint8_t *key) {
  uint8_t want[64];
  int r;
  if (m == NULL || taglen < LWC_AUTH_MIN_TAG || taglen > m->outbytes || taglen > sizeof want)
    return LWC_ERR_ARG;
  r = lwc_auth_compute(m, want, taglen, in, inlen, key);
  if (r == LWC_OK) r = lwc_ct_compare(want, tag, taglen) == 0 ? LWC_OK : LWC_ERR_TAG;
  lwc_wipe(want, sizeof want);
  return r;
}

void lwc_auth_wipe(lwc_auth_ctx *ctx) { lwc_wipe(ctx, sizeof *ctx); }
