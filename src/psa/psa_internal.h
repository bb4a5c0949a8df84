/*
 * What the files of lwc's PSA layer (src/psa/) share: the state of the
 * library (initialized, the descriptors it runs), the volatile key store,
 * and a few buffer helpers.  Not installed.
 */
#ifndef LWC_PSA_INTERNAL_H
#define LWC_PSA_INTERNAL_H

#include <psa/crypto.h>
#include <string.h>

#include "core/common.h" /* lwc_ct_compare, lwc_wipe_bytes */
#include "lwc.h"

/* The implementations psa_crypto_init() chose: lwc_*_find(scheme, NULL),
 * the preferred one of this build; NULL for a scheme the build left out
 * (its algorithm then answers PSA_ERROR_NOT_SUPPORTED). */
typedef struct {
  int ready; /* psa_crypto_init() succeeded */
  const lwc_aead *aead;
  const lwc_aead *masked; /* for LWC_PSA_KEY_LOCATION_MASKED keys, or NULL */
  const lwc_hash *hash, *xof, *cxof;
} lwc_psa_lib;
extern lwc_psa_lib lwc_psa;

/* A key in the store: its attributes (attr.id is its identifier; type
 * PSA_KEY_TYPE_NONE marks a free slot) and its bytes.  A key in
 * LWC_PSA_KEY_LOCATION_MASKED holds shares instead (ns = lwc_psa.masked's
 * share count, at most LWC_PSA_MAX_SHARES): the key's ns shares of 16
 * bytes, share after share, then for a 256-bit key the mask key's ns. */
#define LWC_PSA_KEY_MAX_BYTES 32
#define LWC_PSA_MAX_SHARES 4
typedef struct {
  psa_key_attributes_t attr;
  uint8_t data[2 * LWC_PSA_MAX_SHARES * 16];
} lwc_psa_key;

/* 1 when k is kept in shares (LWC_PSA_KEY_LOCATION_MASKED). */
static inline int lwc_psa_key_masked(const lwc_psa_key *k) {
  return PSA_KEY_LIFETIME_GET_LOCATION(k->attr.lifetime) == LWC_PSA_KEY_LOCATION_MASKED;
}

/* The key named `id`, or NULL when no key has that identifier (never
 * created, or destroyed since). */
const lwc_psa_key *lwc_psa_key_find(psa_key_id_t id);

/* PSA_SUCCESS and len random bytes, or PSA_ERROR_INSUFFICIENT_ENTROPY
 * (and nothing written) when this build has no random source. */
psa_status_t lwc_psa_random(uint8_t *out, size_t len);

/* 1 when a[0..alen) and b[0..blen) share a byte. */
static inline int lwc_psa_overlap(const void *a, size_t alen, const void *b, size_t blen) {
  uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
  return alen != 0 && blen != 0 && x < y + blen && y < x + alen;
}

#endif
