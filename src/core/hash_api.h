/*
 * The SUPERCOP / NIST LWC functions and the lwc_hash descriptor of one hash,
 * XOF or CXOF implementation, whatever its family.  A family's mode header
 * defines its incremental functions, then includes this file with:
 *
 *   LWC_HASH_FN(name)      the name of the mode's function `name`, for init,
 *                          update, squeeze (lwc.h contracts)
 *   LWC_HASH_STATE         the mode's context type (held in lwc_hash_ctx)
 *   LWC_HASH_KIND          LWC_HASH, LWC_XOF or LWC_CXOF
 *   LWC_HASH_MAX_CUSTOM    longest customization string (0 but for a CXOF)
 *   CRYPTO_BYTES           the digest, or the XOF's usual output length
 *   LWC_SCHEME_NAME, LWC_IMPL_NAME   the descriptor's names
 *
 * crypto_xof and crypto_cxof are the XOF forms ascon-c exports.
 */
#ifndef LWC_CORE_HASH_API_H
#define LWC_CORE_HASH_API_H

#include "core/common.h"
#include "lwc.h"

_Static_assert(sizeof(LWC_HASH_STATE) <= LWC_CTX_ROOM(lwc_hash_ctx),
               "the mode's context does not fit its room (core/common.h)");

/* A mode over a permutation under test exports its descriptor only. */
#ifndef LWC_VIA
static int lwc_hash_oneshot(uint8_t *out, size_t outlen, const uint8_t *in,
                            size_t inlen, const uint8_t *custom,
                            size_t customlen) {
  lwc_hash_ctx ctx;
  int r = LWC_HASH_FN(init)(&ctx, custom, customlen);
  if (r == LWC_OK) {
    LWC_HASH_FN(update)(&ctx, in, inlen);
    LWC_HASH_FN(squeeze)(&ctx, out, outlen);
  }
  lwc_wipe_bytes(&ctx, sizeof ctx);
  return r;
}

int LWC_NS(crypto_hash)(unsigned char *out, const unsigned char *in,
                        unsigned long long inlen) {
  return lwc_hash_oneshot(out, CRYPTO_BYTES, in, (size_t)inlen, NULL, 0);
}

#if LWC_HASH_KIND != LWC_HASH
int LWC_NS(crypto_xof)(unsigned char *out, unsigned long long outlen,
                       const unsigned char *in, unsigned long long inlen) {
  return lwc_hash_oneshot(out, (size_t)outlen, in, (size_t)inlen, NULL, 0);
}
#endif

#if LWC_HASH_KIND == LWC_CXOF
int LWC_NS(crypto_cxof)(unsigned char *out, unsigned long long outlen,
                        const unsigned char *in, unsigned long long inlen,
                        const unsigned char *cs, unsigned long long cslen) {
  if (cslen > LWC_HASH_MAX_CUSTOM) return -1;
  return lwc_hash_oneshot(out, (size_t)outlen, in, (size_t)inlen, cs,
                          (size_t)cslen);
}
#endif
#endif /* LWC_VIA */

const lwc_hash LWC_NS(lwc_hash_desc) = {
    LWC_SCHEME_NAME,     LWC_IMPL_NAME,      LWC_HASH_KIND,
    CRYPTO_BYTES,        LWC_HASH_MAX_CUSTOM, LWC_HASH_FN(init),
    LWC_HASH_FN(update), LWC_HASH_FN(squeeze),
};

#endif
