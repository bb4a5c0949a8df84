/*
 * psa/crypto_types.h -- the integer types of the PSA Certified Crypto API
 * (version 1.4), as the specification defines them.  Part of lwc's PSA
 * layer (lwc::psa); include <psa/crypto.h>, not this file.
 */
#ifndef PSA_CRYPTO_TYPES_H
#define PSA_CRYPTO_TYPES_H

#include <stddef.h>
#include <stdint.h>

typedef int32_t psa_status_t;          /* PSA_SUCCESS or a PSA_ERROR_xxx */
typedef uint16_t psa_key_type_t;       /* PSA_KEY_TYPE_xxx */
typedef uint32_t psa_algorithm_t;      /* PSA_ALG_xxx */
typedef uint32_t psa_key_id_t;         /* a key's identifier; 0 is none */
typedef uint32_t psa_key_lifetime_t;   /* persistence | location << 8 */
typedef uint8_t psa_key_persistence_t;
typedef uint32_t psa_key_location_t;   /* 24 bits */
typedef uint32_t psa_key_usage_t;      /* PSA_KEY_USAGE_xxx flags */
typedef uint8_t psa_ecc_family_t;      /* declared for source compatibility */
typedef uint8_t psa_dh_family_t;

#endif
