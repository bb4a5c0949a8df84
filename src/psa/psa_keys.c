/*
 * lwc's PSA layer: initialization, the random source, key attributes and
 * the volatile key store (src/psa/psa_internal.h).
 *
 * The store is a fixed array of LWC_PSA_KEY_SLOTS slots (8 unless the
 * build defines another count): no allocation, as firmware wants.  A
 * volatile key's identifier is PSA_KEY_ID_VENDOR_MIN | generation << 8 |
 * slot, the generation counting the slot's keys, so an identifier
 * destroyed stays invalid when its slot holds a new key.  Keys are wiped
 * from the slot when destroyed.
 *
 * A key in LWC_PSA_KEY_LOCATION_MASKED is split at once into the shares of
 * the masked Ascon-AEAD128 implementation psa_crypto_init() chose (the first
 * one of the registry, in its order of preference, with shares > 0): share
 * 1.. fresh random bytes, share 0 the key xor the others, written into the
 * slot directly, so the store never holds the key itself (a generated key
 * is all random shares).  It cannot be exported.
 */
#include "psa_internal.h"

#ifndef LWC_PSA_KEY_SLOTS
#define LWC_PSA_KEY_SLOTS 8
#endif
#if LWC_PSA_KEY_SLOTS < 1 || LWC_PSA_KEY_SLOTS > 256
#error "LWC_PSA_KEY_SLOTS: 1 to 256"
#endif

lwc_psa_lib lwc_psa;
static lwc_psa_key slots[LWC_PSA_KEY_SLOTS];
static uint32_t generations[LWC_PSA_KEY_SLOTS];

/* The preferred masked Ascon-AEAD128 of this build that runs here, or NULL. */
static const lwc_aead *first_masked(void) {
  const lwc_aead *const *r;
  for (r = lwc_aead_registry; *r != NULL; r++)
    if (strcmp((*r)->scheme, "ascon-aead128") == 0 && (*r)->shares > 0 &&
        (*r)->shares <= LWC_PSA_MAX_SHARES && (*r)->init_shared != NULL &&
        lwc_aead_find("ascon-aead128", (*r)->impl) == *r)
      return *r;
  return NULL;
}

psa_status_t psa_crypto_init(void) {
  if (!lwc_psa.ready) {
    lwc_psa.aead = lwc_aead_find("ascon-aead128", NULL);
    lwc_psa.hash = lwc_hash_find("ascon-hash256", NULL);
    lwc_psa.xof = lwc_hash_find("ascon-xof128", NULL);
    lwc_psa.cxof = lwc_hash_find("ascon-cxof128", NULL);
    lwc_psa.masked = first_masked();
    lwc_psa.ready = 1;
  }
  return PSA_SUCCESS;
}

void lwc_psa_set_random(lwc_psa_random_fn fill, void *arg) { lwc_set_random(fill, arg); }

psa_status_t lwc_psa_random(uint8_t *out, size_t len) {
  if (!lwc_random_ready()) return PSA_ERROR_INSUFFICIENT_ENTROPY;
  if (len > 0) lwc_random(out, len);
  return PSA_SUCCESS;
}

psa_status_t psa_generate_random(uint8_t *output, size_t output_size) {
  if (!lwc_psa.ready) return PSA_ERROR_BAD_STATE;
  return lwc_psa_random(output, output_size);
}

/* ---- Attributes ------------------------------------------------------------- */
psa_key_attributes_t psa_key_attributes_init(void) {
  psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
  return a;
}

/* An identifier makes the key persistent; a volatile lifetime drops it. */
void psa_set_key_id(psa_key_attributes_t *attributes, psa_key_id_t id) {
  attributes->id = id;
  if (PSA_KEY_LIFETIME_IS_VOLATILE(attributes->lifetime))
    attributes->lifetime = PSA_KEY_LIFETIME_FROM_PERSISTENCE_AND_LOCATION(
        PSA_KEY_PERSISTENCE_DEFAULT, PSA_KEY_LIFETIME_GET_LOCATION(attributes->lifetime));
}
void psa_set_key_lifetime(psa_key_attributes_t *attributes, psa_key_lifetime_t lifetime) {
  attributes->lifetime = lifetime;
  if (PSA_KEY_LIFETIME_IS_VOLATILE(lifetime)) attributes->id = PSA_KEY_ID_NULL;
}
void psa_set_key_type(psa_key_attributes_t *attributes, psa_key_type_t type) {
  attributes->type = type;
}
void psa_set_key_bits(psa_key_attributes_t *attributes, size_t bits) { attributes->bits = bits; }
void psa_set_key_usage_flags(psa_key_attributes_t *attributes, psa_key_usage_t usage_flags) {
  attributes->usage = usage_flags;
}
void psa_set_key_algorithm(psa_key_attributes_t *attributes, psa_algorithm_t alg) {
  attributes->alg = alg;
}
psa_key_id_t psa_get_key_id(const psa_key_attributes_t *attributes) { return attributes->id; }
psa_key_lifetime_t psa_get_key_lifetime(const psa_key_attributes_t *attributes) {
  return attributes->lifetime;
}
psa_key_type_t psa_get_key_type(const psa_key_attributes_t *attributes) { return attributes->type; }
size_t psa_get_key_bits(const psa_key_attributes_t *attributes) { return attributes->bits; }
psa_key_usage_t psa_get_key_usage_flags(const psa_key_attributes_t *attributes) {
  return attributes->usage;
}
psa_algorithm_t psa_get_key_algorithm(const psa_key_attributes_t *attributes) {
  return attributes->alg;
}
void psa_reset_key_attributes(psa_key_attributes_t *attributes) {
  memset(attributes, 0, sizeof *attributes);
}

/* ---- The store ------------------------------------------------------------------ */
const lwc_psa_key *lwc_psa_key_find(psa_key_id_t id) {
  uint32_t slot = id & 0xffu;
  if (slot >= LWC_PSA_KEY_SLOTS || slots[slot].attr.type == PSA_KEY_TYPE_NONE ||
      slots[slot].attr.id != id)
    return NULL;
  return &slots[slot];
}

psa_status_t psa_get_key_attributes(psa_key_id_t key, psa_key_attributes_t *attributes) {
  const lwc_psa_key *k;
  if (!lwc_psa.ready) return PSA_ERROR_BAD_STATE;
  if ((k = lwc_psa_key_find(key)) == NULL) return PSA_ERROR_INVALID_HANDLE;
  *attributes = k->attr;
  return PSA_SUCCESS;
}

/* What an imported or generated key of `bits` must satisfy here: a
 * volatile key in local storage (or, with a masked implementation built,
 * in LWC_PSA_KEY_LOCATION_MASKED), of type Ascon, 128 or 256 bits (masked:
 * 256 only when the masked implementation has nonce masking). */
static psa_status_t check_attributes(const psa_key_attributes_t *a, size_t bits) {
  psa_key_location_t where = PSA_KEY_LIFETIME_GET_LOCATION(a->lifetime);
  if (a->type == PSA_KEY_TYPE_NONE) return PSA_ERROR_INVALID_ARGUMENT;
  if (!PSA_KEY_LIFETIME_IS_VOLATILE(a->lifetime) ||
      (where != PSA_KEY_LOCATION_LOCAL_STORAGE &&
       (where != LWC_PSA_KEY_LOCATION_MASKED || lwc_psa.masked == NULL)))
    return PSA_ERROR_NOT_SUPPORTED; /* no persistent storage, no secure element */
  if (a->id != PSA_KEY_ID_NULL) return PSA_ERROR_INVALID_ARGUMENT;
  if (a->type != PSA_KEY_TYPE_ASCON) return PSA_ERROR_NOT_SUPPORTED;
  if (bits != 128 && bits != 256) return PSA_ERROR_INVALID_ARGUMENT;
  if (a->bits != 0 && a->bits != bits) return PSA_ERROR_INVALID_ARGUMENT;
  if (where == LWC_PSA_KEY_LOCATION_MASKED) {
    if (bits == 256 && !lwc_psa.masked->nonce_masking) return PSA_ERROR_NOT_SUPPORTED;
    if (!lwc_random_ready()) return PSA_ERROR_INSUFFICIENT_ENTROPY;
  }
  return PSA_SUCCESS;
}

/* k's shares of the key `key` (bits/8 bytes), or, with key NULL, random
 * shares (a generated key).  Share 0 is written byte by byte as the key
 * xor the random shares: no copy of the key on the way. */
static void split(lwc_psa_key *k, const uint8_t *key) {
  unsigned ns = lwc_psa.masked->shares, halves = k->attr.bits == 256 ? 2 : 1, h, i, j;
  for (h = 0; h < halves; h++) {
    uint8_t *s = k->data + h * ns * 16;
    lwc_random(key != NULL ? s + 16 : s, (key != NULL ? ns - 1 : ns) * 16);
    if (key == NULL) continue;
    for (i = 0; i < 16; i++) {
      uint8_t b = key[h * 16 + i];
      for (j = 1; j < ns; j++) b ^= s[j * 16 + i];
      s[i] = b;
    }
  }
}

/* A free slot's key: its identifier given, the bytes the caller's to write. */
static lwc_psa_key *new_key(const psa_key_attributes_t *a, size_t bits) {
  uint32_t slot;
  for (slot = 0; slot < LWC_PSA_KEY_SLOTS; slot++) {
    if (slots[slot].attr.type == PSA_KEY_TYPE_NONE) {
      generations[slot] = (generations[slot] + 1u) & 0x3fffffu; /* 22 bits */
      if (generations[slot] == 0) generations[slot] = 1;
      slots[slot].attr = *a;
      slots[slot].attr.bits = bits;
      slots[slot].attr.id = PSA_KEY_ID_VENDOR_MIN | generations[slot] << 8 | slot;
      return &slots[slot];
    }
  }
  return NULL;
}

psa_status_t psa_import_key(const psa_key_attributes_t *attributes, const uint8_t *data,
                            size_t data_length, psa_key_id_t *key) {
  lwc_psa_key *k;
  psa_status_t st;
  *key = PSA_KEY_ID_NULL;
  if (!lwc_psa.ready) return PSA_ERROR_BAD_STATE;
  if (data_length == 0 || data_length > LWC_PSA_KEY_MAX_BYTES) {
    st = check_attributes(attributes, 128); /* its own error first, if any */
    return st != PSA_SUCCESS ? st : PSA_ERROR_INVALID_ARGUMENT;
  }
  if ((st = check_attributes(attributes, PSA_BYTES_TO_BITS(data_length))) != PSA_SUCCESS)
    return st;
  if ((k = new_key(attributes, PSA_BYTES_TO_BITS(data_length))) == NULL)
    return PSA_ERROR_INSUFFICIENT_MEMORY;
  if (lwc_psa_key_masked(k))
    split(k, data);
  else
    memcpy(k->data, data, data_length);
  *key = k->attr.id;
  return PSA_SUCCESS;
}

psa_status_t psa_generate_key(const psa_key_attributes_t *attributes, psa_key_id_t *key) {
  lwc_psa_key *k;
  psa_status_t st;
  *key = PSA_KEY_ID_NULL;
  if (!lwc_psa.ready) return PSA_ERROR_BAD_STATE;
  if ((st = check_attributes(attributes, attributes->bits)) != PSA_SUCCESS) return st;
  if (!lwc_random_ready()) return PSA_ERROR_INSUFFICIENT_ENTROPY;
  if ((k = new_key(attributes, attributes->bits)) == NULL) return PSA_ERROR_INSUFFICIENT_MEMORY;
  if (lwc_psa_key_masked(k))
    split(k, NULL);
  else
    lwc_random(k->data, PSA_BITS_TO_BYTES(k->attr.bits));
  *key = k->attr.id;
  return PSA_SUCCESS;
}

psa_status_t psa_destroy_key(psa_key_id_t key) {
  lwc_psa_key *k;
  if (!lwc_psa.ready) return PSA_ERROR_BAD_STATE;
  if (key == PSA_KEY_ID_NULL) return PSA_SUCCESS;
  if ((k = (lwc_psa_key *)lwc_psa_key_find(key)) == NULL) return PSA_ERROR_INVALID_HANDLE;
  lwc_wipe(k, sizeof *k); /* the bytes or shares, the attributes: the slot is free */
  return PSA_SUCCESS;
}

/* A volatile key has no copy to purge. */
psa_status_t psa_purge_key(psa_key_id_t key) {
  if (!lwc_psa.ready) return PSA_ERROR_BAD_STATE;
  return lwc_psa_key_find(key) != NULL ? PSA_SUCCESS : PSA_ERROR_INVALID_HANDLE;
}

psa_status_t psa_export_key(psa_key_id_t key, uint8_t *data, size_t data_size,
                            size_t *data_length) {
  const lwc_psa_key *k;
  size_t n;
  *data_length = 0;
  if (!lwc_psa.ready) return PSA_ERROR_BAD_STATE;
  if ((k = lwc_psa_key_find(key)) == NULL) return PSA_ERROR_INVALID_HANDLE;
  /* a masked key is never put together again, EXPORT or not */
  if ((k->attr.usage & PSA_KEY_USAGE_EXPORT) == 0 || lwc_psa_key_masked(k))
    return PSA_ERROR_NOT_PERMITTED;
  n = PSA_BITS_TO_BYTES(k->attr.bits);
  if (data_size < n) return PSA_ERROR_BUFFER_TOO_SMALL;
  memcpy(data, k->data, n);
  *data_length = n;
  return PSA_SUCCESS;
}

/* ---- Declared in <psa/crypto.h>, not implemented -------------------------------- */
psa_status_t psa_copy_key(psa_key_id_t source_key, const psa_key_attributes_t *attributes,
                          psa_key_id_t *target_key) {
  (void)source_key, (void)attributes;
  *target_key = PSA_KEY_ID_NULL;
  return PSA_ERROR_NOT_SUPPORTED;
}
/* an operation writing output_length: nothing written */
static psa_status_t none(size_t *output_length) {
  *output_length = 0;
  return PSA_ERROR_NOT_SUPPORTED;
}
psa_status_t psa_mac_compute(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                             size_t input_length, uint8_t *mac, size_t mac_size,
                             size_t *mac_length) {
  (void)key, (void)alg, (void)input, (void)input_length, (void)mac, (void)mac_size;
  return none(mac_length);
}
psa_status_t psa_mac_verify(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                            size_t input_length, const uint8_t *mac, size_t mac_length) {
  (void)key, (void)alg, (void)input, (void)input_length, (void)mac, (void)mac_length;
  return PSA_ERROR_NOT_SUPPORTED;
}
psa_status_t psa_cipher_encrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                                size_t input_length, uint8_t *output, size_t output_size,
                                size_t *output_length) {
  (void)key, (void)alg, (void)input, (void)input_length, (void)output, (void)output_size;
  return none(output_length);
}
psa_status_t psa_cipher_decrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *input,
                                size_t input_length, uint8_t *output, size_t output_size,
                                size_t *output_length) {
  return psa_cipher_encrypt(key, alg, input, input_length, output, output_size, output_length);
}
