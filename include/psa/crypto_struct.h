/*
 * psa/crypto_struct.h -- lwc's definitions of the PSA Crypto API's
 * implementation-defined objects: key attributes and the multi-part
 * operations.  All-bits-zero is each one's initial value (the
 * specification's PSA_xxx_INIT, a static object, memset 0; the
 * initializers name every field, so C++ -Wextra has nothing to say).  Their fields
 * are lwc's to change: a program uses the API's functions only.  The
 * context arrays hold lwc's incremental contexts (lwc_aead_ctx 232 bytes,
 * lwc_hash_ctx 64; src/psa/ checks the sizes when it is compiled).
 * Include <psa/crypto.h>, not this file.
 */
#ifndef PSA_CRYPTO_STRUCT_H
#define PSA_CRYPTO_STRUCT_H

#include "crypto_types.h"

typedef struct psa_key_attributes_s {
  psa_key_type_t type;
  size_t bits;
  psa_key_lifetime_t lifetime;
  psa_key_id_t id;
  psa_key_usage_t usage;
  psa_algorithm_t alg;
} psa_key_attributes_t;
#define PSA_KEY_ATTRIBUTES_INIT {0, 0, 0, 0, 0, 0}

typedef struct psa_hash_operation_s {
  psa_algorithm_t alg; /* 0: inactive */
  uint8_t state;
  uint64_t ctx[8];
} psa_hash_operation_t;
#define PSA_HASH_OPERATION_INIT {0, 0, {0}}

typedef struct psa_xof_operation_s {
  psa_algorithm_t alg;
  uint8_t state;
  uint64_t ctx[8];
} psa_xof_operation_t;
#define PSA_XOF_OPERATION_INIT {0, 0, {0}}

typedef struct psa_aead_operation_s {
  psa_algorithm_t alg;
  psa_key_id_t key;    /* checked at each call: destroying it fails the operation */
  uint8_t state;
  uint8_t decrypt;
  uint8_t tag_length;
  uint8_t lengths_set;
  size_t ad_left;      /* with psa_aead_set_lengths: what is still to come */
  size_t text_left;
  uint64_t ctx[29];
} psa_aead_operation_t;
#define PSA_AEAD_OPERATION_INIT {0, 0, 0, 0, 0, 0, 0, 0, {0}}

#endif
