/*
 * psa/crypto_values.h -- status codes, key types, usage flags, lifetimes
 * and algorithm identifiers of the PSA Certified Crypto API 1.4 that lwc's
 * PSA layer uses or reports, with the values and encodings the
 * specification gives (its appendix "Algorithm and key type encoding").
 * Include <psa/crypto.h>, not this file.
 */
#ifndef PSA_CRYPTO_VALUES_H
#define PSA_CRYPTO_VALUES_H

#include "crypto_types.h"

/* ---- Status codes ------------------------------------------------------- */
#define PSA_SUCCESS ((psa_status_t)0)
#define PSA_ERROR_GENERIC_ERROR ((psa_status_t)-132)
#define PSA_ERROR_NOT_PERMITTED ((psa_status_t)-133)
#define PSA_ERROR_NOT_SUPPORTED ((psa_status_t)-134)
#define PSA_ERROR_INVALID_ARGUMENT ((psa_status_t)-135)
#define PSA_ERROR_INVALID_HANDLE ((psa_status_t)-136)
#define PSA_ERROR_BAD_STATE ((psa_status_t)-137)
#define PSA_ERROR_BUFFER_TOO_SMALL ((psa_status_t)-138)
#define PSA_ERROR_ALREADY_EXISTS ((psa_status_t)-139)
#define PSA_ERROR_DOES_NOT_EXIST ((psa_status_t)-140)
#define PSA_ERROR_INSUFFICIENT_MEMORY ((psa_status_t)-141)
#define PSA_ERROR_INSUFFICIENT_STORAGE ((psa_status_t)-142)
#define PSA_ERROR_INSUFFICIENT_DATA ((psa_status_t)-143)
#define PSA_ERROR_COMMUNICATION_FAILURE ((psa_status_t)-145)
#define PSA_ERROR_STORAGE_FAILURE ((psa_status_t)-146)
#define PSA_ERROR_HARDWARE_FAILURE ((psa_status_t)-147)
#define PSA_ERROR_INSUFFICIENT_ENTROPY ((psa_status_t)-148)
#define PSA_ERROR_INVALID_SIGNATURE ((psa_status_t)-149)
#define PSA_ERROR_INVALID_PADDING ((psa_status_t)-150)
#define PSA_ERROR_CORRUPTION_DETECTED ((psa_status_t)-151)
#define PSA_ERROR_DATA_CORRUPT ((psa_status_t)-152)
#define PSA_ERROR_DATA_INVALID ((psa_status_t)-153)

/* ---- Key types: bit 15 V, bit 14 A, bits 13:12 category, bit 0 parity --- */
#define PSA_KEY_TYPE_NONE ((psa_key_type_t)0x0000)
#define PSA_KEY_TYPE_RAW_DATA ((psa_key_type_t)0x1001)
#define PSA_KEY_TYPE_HMAC ((psa_key_type_t)0x1100)
#define PSA_KEY_TYPE_DERIVE ((psa_key_type_t)0x1200)
#define PSA_KEY_TYPE_CHACHA20 ((psa_key_type_t)0x2004)
#define PSA_KEY_TYPE_XCHACHA20 ((psa_key_type_t)0x2007)
#define PSA_KEY_TYPE_ASCON ((psa_key_type_t)0x2008) /* 128 bits; 256: nonce masking */
#define PSA_KEY_TYPE_AES ((psa_key_type_t)0x2400)
#define PSA_KEY_TYPE_IS_UNSTRUCTURED(type) \
  ((((type) & 0x7000) == 0x1000) || (((type) & 0x7000) == 0x2000))
#define PSA_KEY_TYPE_IS_ASYMMETRIC(type) (((type) & 0x4000) == 0x4000)
#define PSA_KEY_TYPE_IS_PUBLIC_KEY(type) (((type) & 0x7000) == 0x4000)
#define PSA_KEY_TYPE_IS_KEY_PAIR(type) (((type) & 0x7000) == 0x7000)

/* ---- Key usage flags ------------------------------------------------------ */
#define PSA_KEY_USAGE_EXPORT ((psa_key_usage_t)0x00000001)
#define PSA_KEY_USAGE_COPY ((psa_key_usage_t)0x00000002)
#define PSA_KEY_USAGE_CACHE ((psa_key_usage_t)0x00000004)
#define PSA_KEY_USAGE_ENCRYPT ((psa_key_usage_t)0x00000100)
#define PSA_KEY_USAGE_DECRYPT ((psa_key_usage_t)0x00000200)
#define PSA_KEY_USAGE_SIGN_MESSAGE ((psa_key_usage_t)0x00000400)
#define PSA_KEY_USAGE_VERIFY_MESSAGE ((psa_key_usage_t)0x00000800)
#define PSA_KEY_USAGE_SIGN_HASH ((psa_key_usage_t)0x00001000)
#define PSA_KEY_USAGE_VERIFY_HASH ((psa_key_usage_t)0x00002000)
#define PSA_KEY_USAGE_DERIVE ((psa_key_usage_t)0x00004000)
#define PSA_KEY_USAGE_VERIFY_DERIVATION ((psa_key_usage_t)0x00008000)

/* ---- Key identifiers and lifetimes ---------------------------------------- */
#define PSA_KEY_ID_NULL ((psa_key_id_t)0)
#define PSA_KEY_ID_USER_MIN ((psa_key_id_t)0x00000001)
#define PSA_KEY_ID_USER_MAX ((psa_key_id_t)0x3fffffff)
#define PSA_KEY_ID_VENDOR_MIN ((psa_key_id_t)0x40000000)
#define PSA_KEY_ID_VENDOR_MAX ((psa_key_id_t)0x7fffffff)
#define PSA_KEY_LIFETIME_VOLATILE ((psa_key_lifetime_t)0x00000000)
#define PSA_KEY_LIFETIME_PERSISTENT ((psa_key_lifetime_t)0x00000001)
#define PSA_KEY_PERSISTENCE_VOLATILE ((psa_key_persistence_t)0x00)
#define PSA_KEY_PERSISTENCE_DEFAULT ((psa_key_persistence_t)0x01)
#define PSA_KEY_PERSISTENCE_READ_ONLY ((psa_key_persistence_t)0xff)
#define PSA_KEY_LOCATION_LOCAL_STORAGE ((psa_key_location_t)0x000000)
#define PSA_KEY_LOCATION_PRIMARY_SECURE_ELEMENT ((psa_key_location_t)0x000001)
/* lwc's extension, a location of the vendor range (bit 23 set): a volatile
 * Ascon key kept in memory only as random shares (whose xor is the key) and
 * run by lwc's masked Ascon-AEAD128 implementation, so it is never whole in
 * memory or in a computation after import.  Select it with
 *   psa_set_key_lifetime(&attributes,
 *       PSA_KEY_LIFETIME_FROM_PERSISTENCE_AND_LOCATION(
 *           PSA_KEY_PERSISTENCE_VOLATILE, LWC_PSA_KEY_LOCATION_MASKED));
 * Such a key cannot be exported (PSA_ERROR_NOT_PERMITTED); docs/psa.md. */
#define LWC_PSA_KEY_LOCATION_MASKED ((psa_key_location_t)0x800001)
#define PSA_KEY_LIFETIME_GET_PERSISTENCE(lifetime) \
  ((psa_key_persistence_t)((lifetime) & 0x000000ff))
#define PSA_KEY_LIFETIME_GET_LOCATION(lifetime) ((psa_key_location_t)((lifetime) >> 8))
#define PSA_KEY_LIFETIME_IS_VOLATILE(lifetime) \
  (PSA_KEY_LIFETIME_GET_PERSISTENCE(lifetime) == PSA_KEY_PERSISTENCE_VOLATILE)
#define PSA_KEY_LIFETIME_FROM_PERSISTENCE_AND_LOCATION(persistence, location) \
  ((psa_key_lifetime_t)((location) << 8 | (persistence)))

/* ---- Algorithms: bit 31 V, bits 30:24 category (CAT) ------------------------ */
#define PSA_ALG_NONE ((psa_algorithm_t)0)
#define PSA_ALG_CATEGORY_MASK_ ((psa_algorithm_t)0x7f000000)
#define PSA_ALG_IS_HASH(alg) (((alg) & PSA_ALG_CATEGORY_MASK_) == 0x02000000)
#define PSA_ALG_IS_MAC(alg) (((alg) & PSA_ALG_CATEGORY_MASK_) == 0x03000000)
#define PSA_ALG_IS_CIPHER(alg) (((alg) & PSA_ALG_CATEGORY_MASK_) == 0x04000000)
#define PSA_ALG_IS_AEAD(alg) (((alg) & PSA_ALG_CATEGORY_MASK_) == 0x05000000)
#define PSA_ALG_IS_XOF(alg) (((alg) & PSA_ALG_CATEGORY_MASK_) == 0x0D000000)

/* Hash: CAT 0x02, HASH-TYPE in bits 7:0 (0xff: the wildcard ANY_HASH). */
#define PSA_ALG_SHA_256 ((psa_algorithm_t)0x02000009)
#define PSA_ALG_SHA3_256 ((psa_algorithm_t)0x02000011)
#define PSA_ALG_ASCON_HASH256 ((psa_algorithm_t)0x02000019)
#define PSA_ALG_ANY_HASH ((psa_algorithm_t)0x020000ff)
/* The hash of a hash-parameterized algorithm (0 when it has none). */
#define PSA_ALG_GET_HASH(alg) \
  (((alg) & 0xff) == 0 ? (psa_algorithm_t)0 : (psa_algorithm_t)(0x02000000 | ((alg) & 0xff)))

/* XOF: CAT 0x0D, C (has a context) bit 15, XOF-TYPE bits 14:8. */
#define PSA_ALG_SHAKE128 ((psa_algorithm_t)0x0D000100)
#define PSA_ALG_SHAKE256 ((psa_algorithm_t)0x0D000200)
#define PSA_ALG_ASCON_XOF128 ((psa_algorithm_t)0x0D000300)
#define PSA_ALG_ASCON_CXOF128 ((psa_algorithm_t)0x0D008300)
#define PSA_ALG_XOF_HAS_CONTEXT(alg) (((alg) & 0x00008000) != 0)

/* AEAD: CAT 0x05, B (block cipher) bit 22, LEN (tag bytes) bits 21:16,
 * W (at-least-this-length wildcard) bit 15, AEAD-TYPE bits 14:8. */
#define PSA_ALG_CCM ((psa_algorithm_t)0x05500100)
#define PSA_ALG_GCM ((psa_algorithm_t)0x05500200)
#define PSA_ALG_CHACHA20_POLY1305 ((psa_algorithm_t)0x05100500)
#define PSA_ALG_XCHACHA20_POLY1305 ((psa_algorithm_t)0x05100600)
#define PSA_ALG_ASCON_AEAD128 ((psa_algorithm_t)0x05100700)
#define PSA_ALG_AEAD_TAG_LENGTH_MASK_ ((psa_algorithm_t)0x003f0000)
#define PSA_ALG_AEAD_WILDCARD_FLAG_ ((psa_algorithm_t)0x00008000)
#define PSA_ALG_AEAD_GET_TAG_LENGTH_(alg) ((size_t)(((alg) >> 16) & 0x3f))
#define PSA_ALG_AEAD_WITH_SHORTENED_TAG(aead_alg, tag_length)                        \
  ((psa_algorithm_t)(((aead_alg) & ~(PSA_ALG_AEAD_TAG_LENGTH_MASK_ |                 \
                                     PSA_ALG_AEAD_WILDCARD_FLAG_)) |                 \
                     (((psa_algorithm_t)(tag_length) << 16) & PSA_ALG_AEAD_TAG_LENGTH_MASK_)))
/* Every AEAD algorithm of the specification has a 16-byte default tag. */
#define PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(aead_alg) PSA_ALG_AEAD_WITH_SHORTENED_TAG(aead_alg, 16)
#define PSA_ALG_AEAD_WITH_AT_LEAST_THIS_LENGTH_TAG(aead_alg, min_tag_length) \
  ((psa_algorithm_t)(PSA_ALG_AEAD_WITH_SHORTENED_TAG(aead_alg, min_tag_length) |  \
                     PSA_ALG_AEAD_WILDCARD_FLAG_))
#define PSA_ALG_IS_AEAD_ON_BLOCK_CIPHER(alg) \
  (((alg) & (PSA_ALG_CATEGORY_MASK_ | 0x00400000)) == 0x05400000)

/* A wildcard may name a key's permitted algorithm, never an operation's:
 * an AEAD's or a MAC's W flag, or ANY_HASH in a hash-parameterized one. */
#define PSA_ALG_IS_WILDCARD(alg)                                          \
  ((PSA_ALG_IS_AEAD(alg) || PSA_ALG_IS_MAC(alg))                          \
       ? (((alg) & PSA_ALG_AEAD_WILDCARD_FLAG_) != 0)                      \
       : (!PSA_ALG_IS_XOF(alg) && PSA_ALG_GET_HASH(alg) == PSA_ALG_ANY_HASH))

#endif
