/*
 * psa/crypto_sizes.h -- the buffer-size macros of the PSA Crypto API 1.4
 * for what lwc's PSA layer implements: Ascon-AEAD128 (16-byte nonce, tags
 * of 4 to 16 bytes, output as long as the input: nothing is held back, so
 * finish and verify write no data) and Ascon-Hash256 (32 bytes).  Where the
 * specification says so, a size macro gives 0 for a key type or algorithm
 * it does not know.  Include <psa/crypto.h>, not this file.
 */
#ifndef PSA_CRYPTO_SIZES_H
#define PSA_CRYPTO_SIZES_H

#include "crypto_values.h"

#define PSA_BITS_TO_BYTES(bits) (((size_t)(bits) + 7u) / 8u)
#define PSA_BYTES_TO_BITS(bytes) ((size_t)(bytes) * 8u)

/* ---- Hash ------------------------------------------------------------------ */
#define PSA_HASH_LENGTH(alg) \
  (PSA_ALG_GET_HASH(alg) == PSA_ALG_ASCON_HASH256 ? (size_t)32 : (size_t)0)
#define PSA_HASH_MAX_SIZE ((size_t)32)
/* Ascon-Hash256 absorbs 8 bytes a permutation call */
#define PSA_HASH_BLOCK_LENGTH(alg) \
  (PSA_ALG_GET_HASH(alg) == PSA_ALG_ASCON_HASH256 ? (size_t)8 : (size_t)0)

/* ---- AEAD ------------------------------------------------------------------ */
/* 1 when (key_type, alg) is Ascon-AEAD128 with any tag length field */
#define PSA_AEAD_IS_ASCON_(key_type, alg) \
  ((key_type) == PSA_KEY_TYPE_ASCON &&    \
   PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(alg) == PSA_ALG_ASCON_AEAD128)

#define PSA_AEAD_TAG_LENGTH(key_type, key_bits, alg) \
  (PSA_ALG_IS_AEAD(alg) ? PSA_ALG_AEAD_GET_TAG_LENGTH_(alg) : (size_t)0)
#define PSA_AEAD_TAG_MAX_SIZE ((size_t)16)
#define PSA_AEAD_NONCE_LENGTH(key_type, alg) \
  (PSA_AEAD_IS_ASCON_(key_type, alg) ? (size_t)16 : (size_t)0)
#define PSA_AEAD_NONCE_MAX_SIZE ((size_t)16)
#define PSA_AEAD_ENCRYPT_OUTPUT_SIZE(key_type, alg, plaintext_length) \
  (PSA_AEAD_IS_ASCON_(key_type, alg)                                  \
       ? (size_t)(plaintext_length) + PSA_ALG_AEAD_GET_TAG_LENGTH_(alg) \
       : (size_t)0)
#define PSA_AEAD_ENCRYPT_OUTPUT_MAX_SIZE(plaintext_length) \
  ((size_t)(plaintext_length) + PSA_AEAD_TAG_MAX_SIZE)
#define PSA_AEAD_DECRYPT_OUTPUT_SIZE(key_type, alg, ciphertext_length)        \
  (PSA_AEAD_IS_ASCON_(key_type, alg) &&                                      \
           (size_t)(ciphertext_length) >= PSA_ALG_AEAD_GET_TAG_LENGTH_(alg)  \
       ? (size_t)(ciphertext_length) - PSA_ALG_AEAD_GET_TAG_LENGTH_(alg)     \
       : (size_t)0)
#define PSA_AEAD_DECRYPT_OUTPUT_MAX_SIZE(ciphertext_length) ((size_t)(ciphertext_length))
#define PSA_AEAD_UPDATE_OUTPUT_SIZE(key_type, alg, input_length) \
  (PSA_AEAD_IS_ASCON_(key_type, alg) ? (size_t)(input_length) : (size_t)0)
#define PSA_AEAD_UPDATE_OUTPUT_MAX_SIZE(input_length) ((size_t)(input_length))
#define PSA_AEAD_FINISH_OUTPUT_SIZE(key_type, alg) ((size_t)0)
#define PSA_AEAD_FINISH_OUTPUT_MAX_SIZE ((size_t)0)
#define PSA_AEAD_VERIFY_OUTPUT_SIZE(key_type, alg) ((size_t)0)
#define PSA_AEAD_VERIFY_OUTPUT_MAX_SIZE ((size_t)0)

/* ---- Keys ------------------------------------------------------------------- */
/* Symmetric keys export as their raw bytes. */
#define PSA_EXPORT_KEY_OUTPUT_SIZE(key_type, key_bits) \
  (PSA_KEY_TYPE_IS_UNSTRUCTURED(key_type) ? PSA_BITS_TO_BYTES(key_bits) : (size_t)0)

#endif
