/*
 * psa/crypto.h -- the PSA Certified Crypto API 1.4 (Arm IHI 0086), the
 * Ascon family, over lwc's implementations (library lwc::psa, liblwc_psa,
 * pkg-config lwc-psa).  Written from the specification; docs/psa.md says
 * how to use it.
 *
 * What works: volatile keys of type PSA_KEY_TYPE_ASCON (128 bits; 256 bits
 * for the nonce-masking variant of SP 800-232, section 4.2.2: key data
 * K || K2, the nonce is N xor K2); PSA_ALG_ASCON_AEAD128 one-shot and
 * multi-part, with shortened tags of 4 to 16 bytes; PSA_ALG_ASCON_HASH256
 * one-shot and multi-part; PSA_ALG_ASCON_XOF128 and PSA_ALG_ASCON_CXOF128
 * through psa_xof_*; random bytes.  Every other algorithm, key type or
 * lifetime answers PSA_ERROR_NOT_SUPPORTED, as do the functions declared
 * at the end.
 *
 * Random numbers (psa_aead_generate_nonce, psa_generate_random,
 * psa_generate_key) come from lwc's one source of randomness: the
 * operating system's generator on a hosted build; a microcontroller
 * installs its TRNG (or a DRBG seeded from it) with lwc_psa_set_random()
 * before asking.  Without a source those calls answer
 * PSA_ERROR_INSUFFICIENT_ENTROPY.
 *
 * Not thread-safe: a program calling from several threads serializes the
 * calls that touch the key store (import, destroy, and any call naming a
 * key).
 */
#ifndef PSA_CRYPTO_H
#define PSA_CRYPTO_H

#include <stddef.h>
#include <stdint.h>

#include "crypto_types.h"
#include "crypto_values.h"
#include "crypto_sizes.h"
#include "crypto_struct.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PSA_CRYPTO_API_VERSION_MAJOR 1
#define PSA_CRYPTO_API_VERSION_MINOR 4

/* ---- Library ---------------------------------------------------------------- */
psa_status_t psa_crypto_init(void);

/* lwc's extension: the random source, fill(arg, out, len) writing len random
 * bytes (it must not fail); NULL gives back the default (the system's, on a
 * hosted build).  The same source feeds lwc's masked implementations. */
typedef void (*lwc_psa_random_fn)(void *arg, uint8_t *out, size_t len);
void lwc_psa_set_random(lwc_psa_random_fn fill, void *arg);

/* ---- Key attributes ------------------------------------------------------------ */
psa_key_attributes_t psa_key_attributes_init(void);
void psa_set_key_id(psa_key_attributes_t *attributes, psa_key_id_t id);
void psa_set_key_lifetime(psa_key_attributes_t *attributes, psa_key_lifetime_t lifetime);
void psa_set_key_type(psa_key_attributes_t *attributes, psa_key_type_t type);
void psa_set_key_bits(psa_key_attributes_t *attributes, size_t bits);
void psa_set_key_usage_flags(psa_key_attributes_t *attributes, psa_key_usage_t usage_flags);
void psa_set_key_algorithm(psa_key_attributes_t *attributes, psa_algorithm_t alg);
psa_key_id_t psa_get_key_id(const psa_key_attributes_t *attributes);
psa_key_lifetime_t psa_get_key_lifetime(const psa_key_attributes_t *attributes);
psa_key_type_t psa_get_key_type(const psa_key_attributes_t *attributes);
size_t psa_get_key_bits(const psa_key_attributes_t *attributes);
psa_key_usage_t psa_get_key_usage_flags(const psa_key_attributes_t *attributes);
psa_algorithm_t psa_get_key_algorithm(const psa_key_attributes_t *attributes);
psa_status_t psa_get_key_attributes(psa_key_id_t key, psa_key_attributes_t *attributes);
void psa_reset_key_attributes(psa_key_attributes_t *attributes);

/* ---- Key management (volatile keys) ------------------------------------------- */
psa_status_t psa_import_key(const psa_key_attributes_t *attributes, const uint8_t *data,
                            size_t data_length, psa_key_id_t *key);
psa_status_t psa_generate_key(const psa_key_attributes_t *attributes, psa_key_id_t *key);
psa_status_t psa_destroy_key(psa_key_id_t key);
psa_status_t psa_purge_key(psa_key_id_t key);
psa_status_t psa_export_key(psa_key_id_t key, uint8_t *data, size_t data_size,
                            size_t *data_length);

/* ---- Random numbers ---------------------------------------------------------------- */
psa_status_t psa_generate_random(uint8_t *output, size_t output_size);

/* ---- Hash ------------------------------------------------------------------------- */
psa_status_t psa_hash_compute(psa_algorithm_t alg, const uint8_t *input, size_t input_length,
                              uint8_t *hash, size_t hash_size, size_t *hash_length);
psa_status_t psa_hash_compare(psa_algorithm_t alg, const uint8_t *input, size_t input_length,
                              const uint8_t *hash, size_t hash_length);
psa_hash_operation_t psa_hash_operation_init(void);
psa_status_t psa_hash_setup(psa_hash_operation_t *operation, psa_algorithm_t alg);
psa_status_t psa_hash_update(psa_hash_operation_t *operation, const uint8_t *input,
                             size_t input_length);
psa_status_t psa_hash_finish(psa_hash_operation_t *operation, uint8_t *hash, size_t hash_size,
                             size_t *hash_length);
psa_status_t psa_hash_verify(psa_hash_operation_t *operation, const uint8_t *hash,
                             size_t hash_length);
psa_status_t psa_hash_abort(psa_hash_operation_t *operation);
psa_status_t psa_hash_clone(const psa_hash_operation_t *source_operation,
                            psa_hash_operation_t *target_operation);

/* ---- XOF ----------------------------------------------------------------------------- */
psa_xof_operation_t psa_xof_operation_init(void);
psa_status_t psa_xof_setup(psa_xof_operation_t *operation, psa_algorithm_t alg);
psa_status_t psa_xof_set_context(psa_xof_operation_t *operation, const uint8_t *context,
                                 size_t context_length);
psa_status_t psa_xof_update(psa_xof_operation_t *operation, const uint8_t *input,
                            size_t input_length);
psa_status_t psa_xof_output(psa_xof_operation_t *operation, uint8_t *output,
                            size_t output_length);
psa_status_t psa_xof_abort(psa_xof_operation_t *operation);

/* ---- AEAD ------------------------------------------------------------------------------- */
psa_status_t psa_aead_encrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *nonce,
                              size_t nonce_length, const uint8_t *additional_data,
                              size_t additional_data_length, const uint8_t *plaintext,
                              size_t plaintext_length, uint8_t *ciphertext,
                              size_t ciphertext_size, size_t *ciphertext_length);
psa_status_t psa_aead_decrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *nonce,
                              size_t nonce_length, const uint8_t *additional_data,
                              size_t additional_data_length, const uint8_t *ciphertext,
                              size_t ciphertext_length, uint8_t *plaintext,
                              size_t plaintext_size, size_t *plaintext_length);
psa_aead_operation_t psa_aead_operation_init(void);
psa_status_t psa_aead_encrypt_setup(psa_aead_operation_t *operation, psa_key_id_t key,
                                    psa_algorithm_t alg);
psa_status_t psa_aead_decrypt_setup(psa_aead_operation_t *operation, psa_key_id_t key,
                                    psa_algorithm_t alg);
psa_status_t psa_aead_set_lengths(psa_aead_operation_t *operation, size_t ad_length,
                                  size_t plaintext_length);
psa_status_t psa_aead_generate_nonce(psa_aead_operation_t *operation, uint8_t *nonce,
                                     size_t nonce_size, size_t *nonce_length);
psa_status_t psa_aead_set_nonce(psa_aead_operation_t *operation, const uint8_t *nonce,
                                size_t nonce_length);
psa_status_t psa_aead_update_ad(psa_aead_operation_t *operation, const uint8_t *input,
                                size_t input_length);
psa_status_t psa_aead_update(psa_aead_operation_t *operation, const uint8_t *input,
                             size_t input_length, uint8_t *output, size_t output_size,
                             size_t *output_length);
psa_status_t psa_aead_finish(psa_aead_operation_t *operation, uint8_t *ciphertext,
                             size_t ciphertext_size, size_t *ciphertext_length, uint8_t *tag,
                             size_t tag_size, size_t *tag_length);
psa_status_t psa_aead_verify(psa_aead_operation_t *operation, uint8_t *plaintext,
                             size_t plaintext_size, size_t *plaintext_length,
                             const uint8_t *tag, size_t tag_length);
psa_status_t psa_aead_abort(psa_aead_operation_t *operation);

/* ---- Declared, not implemented: each answers PSA_ERROR_NOT_SUPPORTED -------------- */
psa_status_t psa_copy_key(psa_key_id_t source_key, const psa_key_attributes_t *attributes,
                          psa_key_id_t *target_key);
psa_status_t psa_hash_suspend(psa_hash_operation_t *operation, uint8_t *hash_state,
                              size_t hash_state_size, size_t *hash_state_length);
psa_status_t psa_hash_resume(psa_hash_operation_t *operation, const uint8_t *hash_state,
                             size_t hash_state_length);
psa_status_t psa_mac_compute(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                             size_t input_length, uint8_t *mac, size_t mac_size,
                             size_t *mac_length);
psa_status_t psa_mac_verify(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                            size_t input_length, const uint8_t *mac, size_t mac_length);
psa_status_t psa_cipher_encrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                                size_t input_length, uint8_t *output, size_t output_size,
                                size_t *output_length);
psa_status_t psa_cipher_decrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                                size_t input_length, uint8_t *output, size_t output_size,
                                size_t *output_length);

#ifdef __cplusplus
}
#endif
#endif
