/*
 * The SUPERCOP / NIST LWC functions and the lwc_aead descriptor of one AEAD
 * implementation, whatever its family.  A family's mode header defines its
 * incremental functions, then includes this file with:
 *
 *   LWC_AEAD_FN(name)        the name of the mode's function `name`, for
 *                            init, absorb_ad, encrypt_update, decrypt_update,
 *                            encrypt_final, decrypt_verify (lwc.h contracts)
 *   LWC_AEAD_STATE           the mode's context type (held in lwc_aead_ctx)
 *   LWC_AEAD_MIN_TAGBYTES    shortest truncated tag accepted (default:
 *                            CRYPTO_ABYTES, no truncation)
 *   LWC_AEAD_NONCE_MASKING   1 when init() accepts a mask key (default: 0)
 *   LWC_SCHEME_NAME, LWC_IMPL_NAME   the descriptor's names (the build
 *                            passes the folder names)
 *   CRYPTO_KEYBYTES, CRYPTO_NPUBBYTES, CRYPTO_ABYTES   from the scheme
 *
 * and optionally LWC_AEAD_WHOLE_ENCRYPT / LWC_AEAD_WHOLE_DECRYPT, a whole
 * message in one call with the descriptor's encrypt / decrypt signatures
 * (assembly that keeps the state in registers from the key to the tag):
 * the descriptor offers them and the SUPERCOP calls use them.  A masked
 * implementation (lwc.h, "Masking") also defines LWC_AEAD_SHARES and
 * LWC_AEAD_LEVELED, the descriptor's shares and leveled, and the function
 * LWC_AEAD_FN(init_shared).
 */
#ifndef LWC_CORE_AEAD_API_H
#define LWC_CORE_AEAD_API_H

#include "core/common.h"
#include "lwc.h"

#ifndef LWC_AEAD_MIN_TAGBYTES
#define LWC_AEAD_MIN_TAGBYTES CRYPTO_ABYTES
#endif
#ifndef LWC_AEAD_NONCE_MASKING
#define LWC_AEAD_NONCE_MASKING 0
#endif

#if defined(LWC_AEAD_SHARES) || defined(LWC_VIA)
_Static_assert(sizeof(LWC_AEAD_STATE) <= LWC_CTX_ROOM(lwc_aead_ctx),
               "the mode's context does not fit its room (core/common.h)");
#else
_Static_assert(sizeof(LWC_AEAD_STATE) <= LWC_AEAD_UNMASKED_BYTES,
               "an unmasked mode's context does not fit its room (core/common.h)");
#endif

/* A masked implementation's descriptor fields (lwc.h, "Masking") */
#ifdef LWC_AEAD_SHARES
#define LWC_AEAD_MASKING LWC_AEAD_SHARES, LWC_AEAD_LEVELED
#define LWC_AEAD_INIT_SHARED LWC_AEAD_FN(init_shared)
#else
#define LWC_AEAD_MASKING 0, 0
#define LWC_AEAD_INIT_SHARED NULL
#endif

#ifdef LWC_AEAD_WHOLE_ENCRYPT
#define LWC_AEAD_WHOLE_CALLS LWC_AEAD_WHOLE_ENCRYPT, LWC_AEAD_WHOLE_DECRYPT
#else
#define LWC_AEAD_WHOLE_CALLS NULL, NULL
#endif

/* A mode over a permutation under test exports its descriptor only. */
#ifndef LWC_VIA
int LWC_NS(crypto_aead_encrypt)(unsigned char *c, unsigned long long *clen,
                                const unsigned char *m,
                                unsigned long long mlen,
                                const unsigned char *ad,
                                unsigned long long adlen,
                                const unsigned char *nsec,
                                const unsigned char *npub,
                                const unsigned char *k) {
  (void)nsec;
#ifdef LWC_AEAD_WHOLE_ENCRYPT
  LWC_AEAD_WHOLE_ENCRYPT(c, m, (size_t)mlen, ad, (size_t)adlen, npub, k);
#else
  lwc_aead_small_ctx c_; /* an unmasked mode's (a masked one has whole calls) */
  lwc_aead_ctx *ctx = (lwc_aead_ctx *)(void *)&c_;
  LWC_AEAD_FN(init)(ctx, k, npub, NULL);
  LWC_AEAD_FN(absorb_ad)(ctx, ad, (size_t)adlen);
  LWC_AEAD_FN(encrypt_update)(ctx, c, m, (size_t)mlen);
  LWC_AEAD_FN(encrypt_final)(ctx, c + mlen, CRYPTO_ABYTES);
#endif
  *clen = mlen + CRYPTO_ABYTES;
  return 0;
}

int LWC_NS(crypto_aead_decrypt)(unsigned char *m, unsigned long long *mlen,
                                unsigned char *nsec, const unsigned char *c,
                                unsigned long long clen,
                                const unsigned char *ad,
                                unsigned long long adlen,
                                const unsigned char *npub,
                                const unsigned char *k) {
  unsigned long long n;
  (void)nsec;
  *mlen = 0;
  if (clen < CRYPTO_ABYTES) return -1;
  n = clen - CRYPTO_ABYTES;
#ifdef LWC_AEAD_WHOLE_ENCRYPT
  if (LWC_AEAD_WHOLE_DECRYPT(m, c, (size_t)clen, ad, (size_t)adlen, npub, k) != LWC_OK)
    return -1; /* the plaintext is wiped */
#else
  lwc_aead_small_ctx c_; /* an unmasked mode's (a masked one has whole calls) */
  lwc_aead_ctx *ctx = (lwc_aead_ctx *)(void *)&c_;
  LWC_AEAD_FN(init)(ctx, k, npub, NULL);
  LWC_AEAD_FN(absorb_ad)(ctx, ad, (size_t)adlen);
  LWC_AEAD_FN(decrypt_update)(ctx, m, c, (size_t)n);
  if (LWC_AEAD_FN(decrypt_verify)(ctx, c + n, CRYPTO_ABYTES) != LWC_OK) {
    lwc_wipe_bytes(m, (size_t)n); /* release no plaintext */
    return -1;
  }
#endif
  *mlen = n;
  return 0;
}
#endif

const lwc_aead LWC_NS(lwc_aead_desc) = {
    LWC_SCHEME_NAME,
    LWC_IMPL_NAME,
    CRYPTO_KEYBYTES,
    CRYPTO_NPUBBYTES,
    CRYPTO_ABYTES,
    LWC_AEAD_MIN_TAGBYTES,
    LWC_AEAD_NONCE_MASKING,
    LWC_AEAD_MASKING,
    LWC_AEAD_FN(init),
    LWC_AEAD_FN(absorb_ad),
    LWC_AEAD_FN(encrypt_update),
    LWC_AEAD_FN(decrypt_update),
    LWC_AEAD_FN(encrypt_final),
    LWC_AEAD_FN(decrypt_verify),
    LWC_AEAD_WHOLE_CALLS,
    LWC_AEAD_INIT_SHARED,
};

#endif
