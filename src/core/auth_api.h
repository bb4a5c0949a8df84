/*
 * The SUPERCOP functions and the lwc_auth descriptor of one MAC or PRF
 * implementation, whatever its family.  A mode header defines
 *
 *   LWC_AUTH_FN(compute)   its one-shot call (lwc_auth.compute's contract)
 *   LWC_AUTH_INIT, _UPDATE, _SQUEEZE   its incremental calls, or NULL
 *                          (PrfShort: one call only)
 *   LWC_AUTH_KIND          LWC_MAC, LWC_PRF or LWC_PRF_SHORT
 *   LWC_AUTH_KEYBYTES, LWC_AUTH_MAX_OUT, LWC_AUTH_MAX_IN   (0: no limit)
 *   CRYPTO_BYTES           the full tag (crypto_auth's output)
 *
 * then includes this file.  crypto_auth and crypto_auth_verify are
 * SUPERCOP's; crypto_prf (any output length the function allows) is
 * ascon-c's.
 */
#ifndef LWC_CORE_AUTH_API_H
#define LWC_CORE_AUTH_API_H

#include "core/common.h"
#include "lwc.h"

int LWC_NS(crypto_auth)(unsigned char *out, const unsigned char *in, unsigned long long inlen,
                        const unsigned char *k) {
  return LWC_AUTH_FN(compute)(out, CRYPTO_BYTES, in, (size_t)inlen, k) == LWC_OK ? 0 : -1;
}

int LWC_NS(crypto_auth_verify)(const unsigned char *h, const unsigned char *in,
                               unsigned long long inlen, const unsigned char *k) {
  uint8_t tag[CRYPTO_BYTES];
  int r = LWC_AUTH_FN(compute)(tag, CRYPTO_BYTES, in, (size_t)inlen, k);
  if (r == LWC_OK) r = lwc_ct_compare(tag, h, CRYPTO_BYTES);
  lwc_wipe_bytes(tag, sizeof tag);
  return r == LWC_OK ? 0 : -1;
}

int LWC_NS(crypto_prf)(unsigned char *out, unsigned long long outlen, const unsigned char *in,
                       unsigned long long inlen, const unsigned char *k) {
  return LWC_AUTH_FN(compute)(out, (size_t)outlen, in, (size_t)inlen, k) == LWC_OK ? 0 : -1;
}

const lwc_auth LWC_NS(lwc_auth_desc) = {
    LWC_SCHEME_NAME,   LWC_IMPL_NAME,    LWC_AUTH_KIND,       LWC_AUTH_KEYBYTES,
    CRYPTO_BYTES,      LWC_AUTH_MAX_OUT, LWC_AUTH_MAX_IN,     LWC_AUTH_INIT,
    LWC_AUTH_UPDATE, LWC_AUTH_SQUEEZE, LWC_AUTH_FN(compute),
};

#endif
