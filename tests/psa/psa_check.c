/*
 * The PSA Certified Crypto API 1.4 as the specification states it, checked
 * against lwc's implementation through <psa/crypto.h> alone.  Run with one
 * group name (tests/lib/test_psa.py runs each in a fresh process):
 *   init values keys aead_oneshot aead_states aead_buffers hash xof
 *   masked (a build with a masked Ascon-AEAD128), masked_absent (one without)
 *   hash_absent (a build without Ascon-Hash256)
 * Prints one line per failed check (its source line) and "checks N failed F";
 * the exit status is 1 when a check failed.
 */
#include <psa/crypto.h>
#include <stdio.h>
#include <string.h>

static int checks, failed;
#define EXPECT(cond)                                             \
  do {                                                           \
    checks++;                                                    \
    if (!(cond)) {                                               \
      failed++;                                                  \
      printf("FAIL line %d: %s\n", __LINE__, #cond);             \
    }                                                            \
  } while (0)
#define IS(call, status) EXPECT((call) == (status))

#define AEAD PSA_ALG_ASCON_AEAD128
#define SHORT(n) PSA_ALG_AEAD_WITH_SHORTENED_TAG(AEAD, n)
static const uint8_t K[32] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                              16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};
static const uint8_t N[16] = {0xa0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
static const uint8_t MSG[40] = "a sensor record: 21.5 C at 12:00, ok.";
static const uint8_t AD[8] = "sensor 7";

static psa_key_id_t key_of(size_t len, psa_key_usage_t usage, psa_algorithm_t alg) {
  psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
  psa_key_id_t id = PSA_KEY_ID_NULL;
  psa_set_key_type(&a, PSA_KEY_TYPE_ASCON);
  psa_set_key_usage_flags(&a, usage);
  psa_set_key_algorithm(&a, alg);
  IS(psa_import_key(&a, K, len, &id), PSA_SUCCESS);
  return id;
}
#define BOTH (PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT)

/* ---- before psa_crypto_init: every call that needs it is BAD_STATE ------------------ */
static void init(void) {
  psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
  psa_hash_operation_t h = PSA_HASH_OPERATION_INIT;
  psa_xof_operation_t x = PSA_XOF_OPERATION_INIT;
  psa_aead_operation_t op = PSA_AEAD_OPERATION_INIT;
  psa_key_id_t id;
  uint8_t out[64];
  size_t n;
  psa_set_key_type(&a, PSA_KEY_TYPE_ASCON);
  IS(psa_import_key(&a, K, 16, &id), PSA_ERROR_BAD_STATE);
  IS(psa_hash_compute(PSA_ALG_ASCON_HASH256, MSG, 3, out, 32, &n), PSA_ERROR_BAD_STATE);
  IS(psa_hash_setup(&h, PSA_ALG_ASCON_HASH256), PSA_ERROR_BAD_STATE);
  IS(psa_xof_setup(&x, PSA_ALG_ASCON_XOF128), PSA_ERROR_BAD_STATE);
  IS(psa_aead_encrypt_setup(&op, 1, AEAD), PSA_ERROR_BAD_STATE);
  IS(psa_generate_random(out, 16), PSA_ERROR_BAD_STATE);
  IS(psa_crypto_init(), PSA_SUCCESS);
  IS(psa_crypto_init(), PSA_SUCCESS); /* again: no effect */
  IS(psa_hash_compute(PSA_ALG_ASCON_HASH256, MSG, 3, out, 32, &n), PSA_SUCCESS);
}

/* ---- identifiers and size macros (the specification's values) ------------------------ */
static void values(void) {
  EXPECT(PSA_KEY_TYPE_ASCON == 0x2008 && PSA_ALG_ASCON_AEAD128 == 0x05100700);
  EXPECT(PSA_ALG_ASCON_HASH256 == 0x02000019 && PSA_ALG_ASCON_XOF128 == 0x0D000300);
  EXPECT(PSA_ALG_ASCON_CXOF128 == 0x0D008300 && PSA_CRYPTO_API_VERSION_MAJOR == 1);
  EXPECT(PSA_SUCCESS == 0 && PSA_ERROR_NOT_SUPPORTED == -134 && PSA_ERROR_BAD_STATE == -137);
  EXPECT(PSA_ERROR_BUFFER_TOO_SMALL == -138 && PSA_ERROR_INVALID_SIGNATURE == -149);
  EXPECT(PSA_KEY_USAGE_ENCRYPT == 0x100 && PSA_KEY_USAGE_DECRYPT == 0x200);
  EXPECT(PSA_KEY_USAGE_EXPORT == 1 && PSA_KEY_LIFETIME_VOLATILE == 0);
  EXPECT(PSA_ALG_IS_AEAD(AEAD) && PSA_ALG_IS_HASH(PSA_ALG_ASCON_HASH256));
  EXPECT(PSA_ALG_IS_XOF(PSA_ALG_ASCON_XOF128) && PSA_ALG_IS_XOF(PSA_ALG_ASCON_CXOF128));
  EXPECT(!PSA_ALG_IS_AEAD(PSA_ALG_ASCON_HASH256) && !PSA_ALG_IS_HASH(PSA_ALG_ASCON_XOF128));
  EXPECT(PSA_ALG_XOF_HAS_CONTEXT(PSA_ALG_ASCON_CXOF128));
  EXPECT(!PSA_ALG_XOF_HAS_CONTEXT(PSA_ALG_ASCON_XOF128));
  EXPECT(!PSA_ALG_IS_AEAD_ON_BLOCK_CIPHER(AEAD) && PSA_ALG_IS_AEAD_ON_BLOCK_CIPHER(PSA_ALG_GCM));
  /* LEN in bits 21:16, W in bit 15 */
  EXPECT(SHORT(8) == 0x05080700 && SHORT(4) == 0x05040700 && SHORT(16) == AEAD);
  EXPECT(PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(SHORT(5)) == AEAD);
  EXPECT(PSA_ALG_AEAD_WITH_AT_LEAST_THIS_LENGTH_TAG(AEAD, 8) == 0x05088700);
  EXPECT(PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(
             PSA_ALG_AEAD_WITH_AT_LEAST_THIS_LENGTH_TAG(AEAD, 8)) == AEAD);
  EXPECT(SHORT(12) == PSA_ALG_AEAD_WITH_SHORTENED_TAG(
                          PSA_ALG_AEAD_WITH_AT_LEAST_THIS_LENGTH_TAG(AEAD, 4), 12));
  EXPECT(PSA_ALG_IS_WILDCARD(PSA_ALG_AEAD_WITH_AT_LEAST_THIS_LENGTH_TAG(AEAD, 4)));
  EXPECT(!PSA_ALG_IS_WILDCARD(AEAD) && !PSA_ALG_IS_WILDCARD(PSA_ALG_ASCON_HASH256));
  EXPECT(PSA_ALG_IS_WILDCARD(PSA_ALG_ANY_HASH) && !PSA_ALG_IS_WILDCARD(PSA_ALG_ASCON_XOF128));
  EXPECT(PSA_AEAD_TAG_LENGTH(PSA_KEY_TYPE_ASCON, 128, AEAD) == 16);
  EXPECT(PSA_AEAD_TAG_LENGTH(PSA_KEY_TYPE_ASCON, 256, SHORT(4)) == 4);
  EXPECT(PSA_AEAD_TAG_LENGTH(PSA_KEY_TYPE_ASCON, 128, PSA_ALG_ASCON_HASH256) == 0);
  EXPECT(PSA_AEAD_NONCE_LENGTH(PSA_KEY_TYPE_ASCON, AEAD) == 16 && PSA_AEAD_NONCE_MAX_SIZE == 16);
  EXPECT(PSA_AEAD_NONCE_LENGTH(PSA_KEY_TYPE_AES, AEAD) == 0);
  EXPECT(PSA_AEAD_ENCRYPT_OUTPUT_SIZE(PSA_KEY_TYPE_ASCON, AEAD, 10) == 26);
  EXPECT(PSA_AEAD_ENCRYPT_OUTPUT_SIZE(PSA_KEY_TYPE_ASCON, SHORT(8), 10) == 18);
  EXPECT(PSA_AEAD_ENCRYPT_OUTPUT_SIZE(PSA_KEY_TYPE_AES, AEAD, 10) == 0);
  EXPECT(PSA_AEAD_ENCRYPT_OUTPUT_MAX_SIZE(10) >= 26 && PSA_AEAD_TAG_MAX_SIZE == 16);
  EXPECT(PSA_AEAD_DECRYPT_OUTPUT_SIZE(PSA_KEY_TYPE_ASCON, AEAD, 26) == 10);
  EXPECT(PSA_AEAD_DECRYPT_OUTPUT_SIZE(PSA_KEY_TYPE_ASCON, SHORT(4), 26) == 22);
  EXPECT(PSA_AEAD_DECRYPT_OUTPUT_SIZE(PSA_KEY_TYPE_ASCON, AEAD, 15) == 0);
  EXPECT(PSA_AEAD_DECRYPT_OUTPUT_MAX_SIZE(26) >= 10);
  EXPECT(PSA_AEAD_UPDATE_OUTPUT_SIZE(PSA_KEY_TYPE_ASCON, AEAD, 7) == 7);
  EXPECT(PSA_AEAD_UPDATE_OUTPUT_MAX_SIZE(7) >= 7);
  EXPECT(PSA_AEAD_FINISH_OUTPUT_SIZE(PSA_KEY_TYPE_ASCON, AEAD) == 0);
  EXPECT(PSA_AEAD_VERIFY_OUTPUT_SIZE(PSA_KEY_TYPE_ASCON, AEAD) == 0);
  EXPECT(PSA_HASH_LENGTH(PSA_ALG_ASCON_HASH256) == 32 && PSA_HASH_MAX_SIZE >= 32);
  EXPECT(PSA_HASH_LENGTH(PSA_ALG_ASCON_XOF128) == 0);
  EXPECT(PSA_EXPORT_KEY_OUTPUT_SIZE(PSA_KEY_TYPE_ASCON, 256) == 32);
}

/* ---- keys: attributes, import, export, destroy, policy ---------------------------------- */
static void keys(void) {
  psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT, got = PSA_KEY_ATTRIBUTES_INIT;
  psa_key_id_t id, id2, ids[64];
  uint8_t out[64];
  size_t n, i;
  psa_set_key_type(&a, PSA_KEY_TYPE_ASCON);
  psa_set_key_usage_flags(&a, PSA_KEY_USAGE_EXPORT | PSA_KEY_USAGE_ENCRYPT);
  psa_set_key_algorithm(&a, AEAD);
  IS(psa_import_key(&a, K, 16, &id), PSA_SUCCESS);
  EXPECT(id >= PSA_KEY_ID_VENDOR_MIN && id <= PSA_KEY_ID_VENDOR_MAX); /* volatile: vendor range */
  IS(psa_get_key_attributes(id, &got), PSA_SUCCESS);
  EXPECT(psa_get_key_type(&got) == PSA_KEY_TYPE_ASCON && psa_get_key_bits(&got) == 128);
  EXPECT(psa_get_key_algorithm(&got) == AEAD && psa_get_key_id(&got) == id);
  EXPECT(psa_get_key_lifetime(&got) == PSA_KEY_LIFETIME_VOLATILE);
  EXPECT(psa_get_key_usage_flags(&got) == (PSA_KEY_USAGE_EXPORT | PSA_KEY_USAGE_ENCRYPT));
  psa_reset_key_attributes(&got);
  EXPECT(psa_get_key_type(&got) == PSA_KEY_TYPE_NONE && psa_get_key_bits(&got) == 0);
  IS(psa_export_key(id, out, 15, &n), PSA_ERROR_BUFFER_TOO_SMALL);
  IS(psa_export_key(id, out, sizeof out, &n), PSA_SUCCESS);
  EXPECT(n == 16 && memcmp(out, K, 16) == 0);
  IS(psa_destroy_key(id), PSA_SUCCESS);
  IS(psa_export_key(id, out, sizeof out, &n), PSA_ERROR_INVALID_HANDLE);
  IS(psa_get_key_attributes(id, &got), PSA_ERROR_INVALID_HANDLE);
  IS(psa_destroy_key(id), PSA_ERROR_INVALID_HANDLE);
  IS(psa_destroy_key(PSA_KEY_ID_NULL), PSA_SUCCESS);
  /* the slot's next key has another identifier: the old one stays invalid */
  IS(psa_import_key(&a, K, 32, &id2), PSA_SUCCESS);
  EXPECT(id2 != id && psa_export_key(id, out, sizeof out, &n) == PSA_ERROR_INVALID_HANDLE);
  IS(psa_export_key(id2, out, sizeof out, &n), PSA_SUCCESS);
  EXPECT(n == 32 && memcmp(out, K, 32) == 0);
  IS(psa_destroy_key(id2), PSA_SUCCESS);
  /* no EXPORT flag */
  psa_set_key_usage_flags(&a, PSA_KEY_USAGE_ENCRYPT);
  IS(psa_import_key(&a, K, 16, &id), PSA_SUCCESS);
  IS(psa_export_key(id, out, sizeof out, &n), PSA_ERROR_NOT_PERMITTED);
  IS(psa_destroy_key(id), PSA_SUCCESS);
  /* sizes: 128 or 256 bits, matching bits when given, never 0 */
  IS(psa_import_key(&a, K, 0, &id), PSA_ERROR_INVALID_ARGUMENT);
  EXPECT(id == PSA_KEY_ID_NULL);
  IS(psa_import_key(&a, K, 15, &id), PSA_ERROR_INVALID_ARGUMENT);
  IS(psa_import_key(&a, K, 24, &id), PSA_ERROR_INVALID_ARGUMENT);
  psa_set_key_bits(&a, 256);
  IS(psa_import_key(&a, K, 16, &id), PSA_ERROR_INVALID_ARGUMENT);
  psa_set_key_bits(&a, 128);
  IS(psa_import_key(&a, K, 16, &id), PSA_SUCCESS);
  IS(psa_destroy_key(id), PSA_SUCCESS);
  /* types: none is invalid; others are not supported here */
  psa_set_key_type(&a, PSA_KEY_TYPE_NONE);
  IS(psa_import_key(&a, K, 16, &id), PSA_ERROR_INVALID_ARGUMENT);
  psa_set_key_type(&a, PSA_KEY_TYPE_AES);
  IS(psa_import_key(&a, K, 16, &id), PSA_ERROR_NOT_SUPPORTED);
  psa_set_key_type(&a, PSA_KEY_TYPE_RAW_DATA);
  IS(psa_import_key(&a, K, 16, &id), PSA_ERROR_NOT_SUPPORTED);
  /* lifetimes: persistent keys are not supported (no storage) */
  psa_set_key_type(&a, PSA_KEY_TYPE_ASCON);
  psa_set_key_id(&a, 7);
  EXPECT(psa_get_key_lifetime(&a) == PSA_KEY_LIFETIME_PERSISTENT);
  IS(psa_import_key(&a, K, 16, &id), PSA_ERROR_NOT_SUPPORTED);
  psa_set_key_lifetime(&a, PSA_KEY_LIFETIME_VOLATILE);
  EXPECT(psa_get_key_id(&a) == PSA_KEY_ID_NULL);
  /* a generated key, and random bytes */
  psa_set_key_bits(&a, 128);
  IS(psa_generate_key(&a, &id), PSA_SUCCESS);
  IS(psa_get_key_attributes(id, &got), PSA_SUCCESS);
  EXPECT(psa_get_key_bits(&got) == 128);
  IS(psa_destroy_key(id), PSA_SUCCESS);
  psa_set_key_bits(&a, 0);
  IS(psa_generate_key(&a, &id), PSA_ERROR_INVALID_ARGUMENT);
  memset(out, 0, sizeof out);
  IS(psa_generate_random(out, sizeof out), PSA_SUCCESS);
  for (n = i = 0; i < sizeof out; i++) n += out[i] != 0;
  EXPECT(n > 32);
  /* the store is finite: INSUFFICIENT_MEMORY when full, a slot again once freed */
  psa_set_key_bits(&a, 0);
  for (n = 0; n < 64; n++)
    if (psa_import_key(&a, K, 16, &ids[n]) != PSA_SUCCESS) break;
  EXPECT(n >= 1 && n < 64);
  IS(psa_import_key(&a, K, 16, &id), PSA_ERROR_INSUFFICIENT_MEMORY);
  for (i = 0; i < n; i++) IS(psa_destroy_key(ids[i]), PSA_SUCCESS);
  IS(psa_import_key(&a, K, 16, &id), PSA_SUCCESS);
  IS(psa_purge_key(id), PSA_SUCCESS);
  IS(psa_destroy_key(id), PSA_SUCCESS);
  IS(psa_copy_key(id, &a, &id2), PSA_ERROR_NOT_SUPPORTED);
}

/* ---- AEAD one-shot: policy, algorithms, tags, masking, buffers ---------------------- */
static void aead_oneshot(void) {
  psa_key_id_t k = key_of(16, BOTH, AEAD), k2, enc_only = key_of(16, PSA_KEY_USAGE_ENCRYPT, AEAD);
  psa_key_id_t any4 = key_of(16, BOTH, PSA_ALG_AEAD_WITH_AT_LEAST_THIS_LENGTH_TAG(AEAD, 8));
  uint8_t ct[80], ct2[80], pt[80], n2[16];
  size_t n, m, t, i;
  IS(psa_aead_encrypt(k, AEAD, N, 16, AD, 8, MSG, 40, ct, sizeof ct, &n), PSA_SUCCESS);
  EXPECT(n == 56);
  /* usage flags and the permitted algorithm */
  IS(psa_aead_encrypt(enc_only, AEAD, N, 16, AD, 8, MSG, 40, ct2, sizeof ct2, &n), PSA_SUCCESS);
  IS(psa_aead_decrypt(enc_only, AEAD, N, 16, AD, 8, ct, 56, pt, sizeof pt, &m),
     PSA_ERROR_NOT_PERMITTED);
  IS(psa_aead_encrypt(k, SHORT(8), N, 16, AD, 8, MSG, 40, ct2, sizeof ct2, &n),
     PSA_ERROR_NOT_PERMITTED); /* the policy names the 16-byte tag only */
  IS(psa_aead_encrypt(k + 1000, AEAD, N, 16, AD, 8, MSG, 40, ct2, sizeof ct2, &n),
     PSA_ERROR_INVALID_HANDLE);
  /* algorithms: not an AEAD, a wildcard, another AEAD, a tag too short or long */
  IS(psa_aead_encrypt(k, PSA_ALG_ASCON_HASH256, N, 16, AD, 8, MSG, 40, ct2, 80, &n),
     PSA_ERROR_INVALID_ARGUMENT);
  IS(psa_aead_encrypt(any4, PSA_ALG_AEAD_WITH_AT_LEAST_THIS_LENGTH_TAG(AEAD, 8), N, 16, AD, 8,
                      MSG, 40, ct2, 80, &n), PSA_ERROR_INVALID_ARGUMENT);
  k2 = key_of(16, BOTH, PSA_ALG_GCM);
  IS(psa_aead_encrypt(k2, PSA_ALG_GCM, N, 12, AD, 8, MSG, 40, ct2, 80, &n),
     PSA_ERROR_NOT_SUPPORTED);
  IS(psa_destroy_key(k2), PSA_SUCCESS);
  k2 = key_of(16, BOTH, PSA_ALG_ASCON_HASH256);
  IS(psa_aead_encrypt(k2, PSA_ALG_ASCON_HASH256, N, 16, AD, 8, MSG, 40, ct2, 80, &n),
     PSA_ERROR_INVALID_ARGUMENT);
  IS(psa_destroy_key(k2), PSA_SUCCESS);
  for (t = 1; t <= 20; t++) { /* LEN 1..3 and 17.. are not Ascon-AEAD128 tags */
    k2 = key_of(16, BOTH, SHORT(t));
    IS(psa_aead_encrypt(k2, SHORT(t), N, 16, AD, 8, MSG, 40, ct2, 80, &n),
       t >= 4 && t <= 16 ? PSA_SUCCESS : PSA_ERROR_INVALID_ARGUMENT);
    if (t >= 4 && t <= 16) {
      /* a shortened tag is the full tag's first bytes; the ciphertext is the same */
      EXPECT(n == 40 + t && memcmp(ct2, ct, 40 + t) == 0);
      IS(psa_aead_decrypt(k2, SHORT(t), N, 16, AD, 8, ct2, n, pt, sizeof pt, &m), PSA_SUCCESS);
      EXPECT(m == 40 && memcmp(pt, MSG, 40) == 0);
      for (i = 0; i < 8 * t; i++) { /* every tag bit flipped: refused, nothing released */
        ct2[40 + i / 8] ^= (uint8_t)(1u << (i % 8));
        memset(pt, 0x77, sizeof pt);
        IS(psa_aead_decrypt(k2, SHORT(t), N, 16, AD, 8, ct2, n, pt, sizeof pt, &m),
           PSA_ERROR_INVALID_SIGNATURE);
        EXPECT(m == 0 && pt[0] == 0 && pt[39] == 0 && pt[40] == 0x77);
        ct2[40 + i / 8] ^= (uint8_t)(1u << (i % 8));
      }
      /* a wildcard policy of at least 8 bytes */
      IS(psa_aead_encrypt(any4, SHORT(t), N, 16, AD, 8, MSG, 40, ct2, 80, &n),
         t >= 8 ? PSA_SUCCESS : PSA_ERROR_NOT_PERMITTED);
    }
    IS(psa_destroy_key(k2), PSA_SUCCESS);
  }
  /* a flipped ciphertext, AD or nonce bit is refused too */
  ct[3] ^= 1;
  IS(psa_aead_decrypt(k, AEAD, N, 16, AD, 8, ct, 56, pt, sizeof pt, &m),
     PSA_ERROR_INVALID_SIGNATURE);
  ct[3] ^= 1;
  IS(psa_aead_decrypt(k, AEAD, N, 16, AD, 7, ct, 56, pt, sizeof pt, &m),
     PSA_ERROR_INVALID_SIGNATURE);
  memcpy(n2, N, 16);
  n2[15] ^= 0x80;
  IS(psa_aead_decrypt(k, AEAD, n2, 16, AD, 8, ct, 56, pt, sizeof pt, &m),
     PSA_ERROR_INVALID_SIGNATURE);
  /* nonce length; a ciphertext shorter than its tag */
  IS(psa_aead_encrypt(k, AEAD, N, 12, AD, 8, MSG, 40, ct2, 80, &n), PSA_ERROR_INVALID_ARGUMENT);
  IS(psa_aead_decrypt(k, AEAD, N, 15, AD, 8, ct, 56, pt, 80, &m), PSA_ERROR_INVALID_ARGUMENT);
  IS(psa_aead_decrypt(k, AEAD, N, 16, AD, 8, ct, 15, pt, 80, &m), PSA_ERROR_INVALID_SIGNATURE);
  /* buffers too small, by one byte */
  IS(psa_aead_encrypt(k, AEAD, N, 16, AD, 8, MSG, 40, ct2, 55, &n), PSA_ERROR_BUFFER_TOO_SMALL);
  IS(psa_aead_decrypt(k, AEAD, N, 16, AD, 8, ct, 56, pt, 39, &m), PSA_ERROR_BUFFER_TOO_SMALL);
  IS(psa_aead_decrypt(k, AEAD, N, 16, AD, 8, ct, 56, pt, 40, &m), PSA_SUCCESS);
  /* in place, and overlapping by a few bytes either way */
  for (i = 0; i <= 16; i += 4) {
    uint8_t buf[120];
    memcpy(buf + 20, MSG, 40);
    IS(psa_aead_encrypt(k, AEAD, N, 16, AD, 8, buf + 20, 40, buf + 12 + i, 60, &n), PSA_SUCCESS);
    EXPECT(n == 56 && memcmp(buf + 12 + i, ct, 56) == 0);
    memmove(buf + 20, buf + 12 + i, 56);
    memset(buf, 0, 20);
    IS(psa_aead_decrypt(k, AEAD, N, 16, AD, 8, buf + 20, 56, buf + 12 + i, 60, &m), PSA_SUCCESS);
    EXPECT(m == 40 && memcmp(buf + 12 + i, MSG, 40) == 0);
  }
  { /* the associated data and the nonce inside the output */
    uint8_t buf[80];
    memcpy(buf, N, 16);
    memcpy(buf + 16, AD, 8);
    memcpy(ct2, MSG, 40);
    IS(psa_aead_encrypt(k, AEAD, buf, 16, buf + 16, 8, ct2, 40, buf, 80, &n), PSA_SUCCESS);
    EXPECT(n == 56 && memcmp(buf, ct, 56) == 0);
  }
  /* 256 bits: SP 800-232's nonce masking (section 4.2.2: E(K || K2, N, A, P) =
   * Ascon-AEAD128.enc(K, N xor K2, A, P)), the 128-bit key K on the nonce N xor K2 */
  k2 = key_of(32, BOTH, AEAD);
  for (i = 0; i < 16; i++) n2[i] = (uint8_t)(N[i] ^ K[16 + i]);
  IS(psa_aead_encrypt(k2, AEAD, N, 16, AD, 8, MSG, 40, ct2, 80, &n), PSA_SUCCESS);
  IS(psa_aead_encrypt(k, AEAD, n2, 16, AD, 8, MSG, 40, pt, 80, &m), PSA_SUCCESS);
  EXPECT(n == 56 && m == 56 && memcmp(ct2, pt, 56) == 0 && memcmp(ct2, ct, 56) != 0);
  IS(psa_aead_decrypt(k2, AEAD, N, 16, AD, 8, ct2, 56, pt, 80, &m), PSA_SUCCESS);
  EXPECT(m == 40 && memcmp(pt, MSG, 40) == 0);
  IS(psa_aead_decrypt(k2, AEAD, N, 16, AD, 8, ct, 56, pt, 80, &m), PSA_ERROR_INVALID_SIGNATURE);
  IS(psa_destroy_key(k2), PSA_SUCCESS);
  /* empty message and AD (NULL buffers) */
  IS(psa_aead_encrypt(k, AEAD, N, 16, NULL, 0, NULL, 0, ct2, 16, &n), PSA_SUCCESS);
  IS(psa_aead_decrypt(k, AEAD, N, 16, NULL, 0, ct2, 16, NULL, 0, &m), PSA_SUCCESS);
  EXPECT(n == 16 && m == 0);
}

/* an AEAD operation set up to encrypt (or decrypt) with key k */
static void start(psa_aead_operation_t *op, psa_key_id_t k, int decrypt, int nonce) {
  *op = psa_aead_operation_init();
  IS(decrypt ? psa_aead_decrypt_setup(op, k, AEAD) : psa_aead_encrypt_setup(op, k, AEAD),
     PSA_SUCCESS);
  if (nonce) IS(psa_aead_set_nonce(op, N, 16), PSA_SUCCESS);
}

/* after a refused call: the operation is in the error state until aborted */
static void in_error(psa_aead_operation_t *op) {
  uint8_t out[64];
  size_t n;
  IS(psa_aead_update_ad(op, AD, 1), PSA_ERROR_BAD_STATE);
  IS(psa_aead_update(op, MSG, 1, out, 64, &n), PSA_ERROR_BAD_STATE);
  IS(psa_aead_set_nonce(op, N, 16), PSA_ERROR_BAD_STATE);
  IS(psa_aead_encrypt_setup(op, 1, AEAD), PSA_ERROR_BAD_STATE);
  IS(psa_aead_abort(op), PSA_SUCCESS);
  IS(psa_aead_abort(op), PSA_SUCCESS); /* twice: no effect */
}

/* ---- AEAD multi-part: the state machine, legal and illegal transitions ------------------ */
static void aead_states(void) {
  psa_key_id_t k = key_of(16, BOTH, AEAD);
  psa_aead_operation_t op = PSA_AEAD_OPERATION_INIT, fresh;
  uint8_t ct[80], out[80], tag[16], nonce[16];
  size_t n, t, m;
  IS(psa_aead_encrypt(k, AEAD, N, 16, AD, 8, MSG, 40, ct, sizeof ct, &n), PSA_SUCCESS);
  /* inactive: every call but setup and abort is BAD_STATE, and it stays inactive */
  IS(psa_aead_set_lengths(&op, 1, 1), PSA_ERROR_BAD_STATE);
  IS(psa_aead_set_nonce(&op, N, 16), PSA_ERROR_BAD_STATE);
  IS(psa_aead_generate_nonce(&op, nonce, 16, &n), PSA_ERROR_BAD_STATE);
  IS(psa_aead_update_ad(&op, AD, 8), PSA_ERROR_BAD_STATE);
  IS(psa_aead_update(&op, MSG, 8, out, 80, &n), PSA_ERROR_BAD_STATE);
  IS(psa_aead_finish(&op, out, 80, &n, tag, 16, &t), PSA_ERROR_BAD_STATE);
  IS(psa_aead_verify(&op, out, 80, &n, ct + 40, 16), PSA_ERROR_BAD_STATE);
  IS(psa_aead_abort(&op), PSA_SUCCESS);
  /* the whole legal path, lengths declared: setup, set_lengths, set_nonce, AD, text, finish */
  start(&op, k, 0, 0);
  IS(psa_aead_set_lengths(&op, 8, 40), PSA_SUCCESS);
  IS(psa_aead_set_nonce(&op, N, 16), PSA_SUCCESS);
  IS(psa_aead_update_ad(&op, AD, 3), PSA_SUCCESS);
  IS(psa_aead_update_ad(&op, AD + 3, 5), PSA_SUCCESS);
  IS(psa_aead_update(&op, MSG, 0, out, 0, &n), PSA_SUCCESS);
  IS(psa_aead_update(&op, MSG, 40, out, 40, &n), PSA_SUCCESS);
  IS(psa_aead_finish(&op, NULL, 0, &m, tag, 16, &t), PSA_SUCCESS);
  EXPECT(n == 40 && m == 0 && t == 16 && memcmp(out, ct, 40) == 0 && memcmp(tag, ct + 40, 16) == 0);
  /* finished: inactive again, and reusable without abort */
  IS(psa_aead_update(&op, MSG, 1, out, 80, &n), PSA_ERROR_BAD_STATE);
  start(&op, k, 1, 1);
  IS(psa_aead_update_ad(&op, AD, 8), PSA_SUCCESS);
  IS(psa_aead_update(&op, ct, 40, out, 40, &n), PSA_SUCCESS);
  IS(psa_aead_verify(&op, NULL, 0, &m, ct + 40, 16), PSA_SUCCESS);
  EXPECT(memcmp(out, MSG, 40) == 0);
  /* illegal transitions: each answers BAD_STATE, then only abort works */
  start(&op, k, 0, 0); /* no nonce yet */
  IS(psa_aead_update_ad(&op, AD, 8), PSA_ERROR_BAD_STATE);
  in_error(&op);
  start(&op, k, 0, 0);
  IS(psa_aead_update(&op, MSG, 8, out, 80, &n), PSA_ERROR_BAD_STATE);
  in_error(&op);
  start(&op, k, 0, 0);
  IS(psa_aead_finish(&op, out, 80, &n, tag, 16, &t), PSA_ERROR_BAD_STATE);
  in_error(&op);
  start(&op, k, 0, 1); /* nonce twice */
  IS(psa_aead_set_nonce(&op, N, 16), PSA_ERROR_BAD_STATE);
  in_error(&op);
  start(&op, k, 0, 1);
  IS(psa_aead_generate_nonce(&op, nonce, 16, &n), PSA_ERROR_BAD_STATE);
  in_error(&op);
  start(&op, k, 0, 1); /* lengths after the nonce */
  IS(psa_aead_set_lengths(&op, 8, 40), PSA_ERROR_BAD_STATE);
  in_error(&op);
  start(&op, k, 0, 1); /* AD after text */
  IS(psa_aead_update(&op, MSG, 8, out, 80, &n), PSA_SUCCESS);
  IS(psa_aead_update_ad(&op, AD, 8), PSA_ERROR_BAD_STATE);
  in_error(&op);
  start(&op, k, 0, 1); /* verify on an encryption */
  IS(psa_aead_verify(&op, out, 80, &n, ct + 40, 16), PSA_ERROR_BAD_STATE);
  in_error(&op);
  start(&op, k, 1, 1); /* finish on a decryption */
  IS(psa_aead_finish(&op, out, 80, &n, tag, 16, &t), PSA_ERROR_BAD_STATE);
  in_error(&op);
  start(&op, k, 1, 0); /* generate_nonce on a decryption */
  IS(psa_aead_generate_nonce(&op, nonce, 16, &n), PSA_ERROR_BAD_STATE);
  in_error(&op);
  start(&op, k, 0, 0); /* setup on an active operation: refused, the operation unchanged */
  IS(psa_aead_decrypt_setup(&op, k, AEAD), PSA_ERROR_BAD_STATE);
  IS(psa_aead_set_nonce(&op, N, 16), PSA_SUCCESS);
  IS(psa_aead_abort(&op), PSA_SUCCESS);
  /* a failed setup leaves an inactive operation inactive */
  fresh = psa_aead_operation_init();
  IS(psa_aead_encrypt_setup(&fresh, k, SHORT(8)), PSA_ERROR_NOT_PERMITTED);
  IS(psa_aead_encrypt_setup(&fresh, k, AEAD), PSA_SUCCESS);
  IS(psa_aead_abort(&fresh), PSA_SUCCESS);
  /* declared lengths are enforced */
  start(&op, k, 0, 0);
  IS(psa_aead_set_lengths(&op, 8, 40), PSA_SUCCESS);
  IS(psa_aead_set_nonce(&op, N, 16), PSA_SUCCESS);
  IS(psa_aead_update_ad(&op, AD, 9), PSA_ERROR_INVALID_ARGUMENT); /* excess AD */
  in_error(&op);
  start(&op, k, 0, 0);
  IS(psa_aead_set_lengths(&op, 8, 40), PSA_SUCCESS);
  IS(psa_aead_set_nonce(&op, N, 16), PSA_SUCCESS);
  IS(psa_aead_update_ad(&op, AD, 7), PSA_SUCCESS);
  IS(psa_aead_update(&op, MSG, 1, out, 80, &n), PSA_ERROR_INVALID_ARGUMENT); /* AD short */
  in_error(&op);
  start(&op, k, 0, 0);
  IS(psa_aead_set_lengths(&op, 0, 40), PSA_SUCCESS);
  IS(psa_aead_set_nonce(&op, N, 16), PSA_SUCCESS);
  IS(psa_aead_update(&op, MSG, 41, out, 80, &n), PSA_ERROR_INVALID_ARGUMENT); /* excess text */
  in_error(&op);
  start(&op, k, 0, 0);
  IS(psa_aead_set_lengths(&op, 0, 40), PSA_SUCCESS);
  IS(psa_aead_set_nonce(&op, N, 16), PSA_SUCCESS);
  IS(psa_aead_update(&op, MSG, 39, out, 80, &n), PSA_SUCCESS);
  IS(psa_aead_finish(&op, out, 80, &n, tag, 16, &t), PSA_ERROR_INVALID_ARGUMENT); /* short */
  in_error(&op);
  start(&op, k, 1, 0);
  IS(psa_aead_set_lengths(&op, 8, 40), PSA_SUCCESS);
  IS(psa_aead_set_nonce(&op, N, 16), PSA_SUCCESS);
  IS(psa_aead_update_ad(&op, AD, 8), PSA_SUCCESS);
  IS(psa_aead_verify(&op, out, 80, &n, ct + 40, 16), PSA_ERROR_INVALID_ARGUMENT);
  in_error(&op);
  /* a bad nonce length, a forged tag, a tag of another length: the error state */
  start(&op, k, 0, 0);
  IS(psa_aead_set_nonce(&op, N, 12), PSA_ERROR_INVALID_ARGUMENT);
  in_error(&op);
  start(&op, k, 1, 1);
  IS(psa_aead_update_ad(&op, AD, 8), PSA_SUCCESS);
  IS(psa_aead_update(&op, ct, 40, out, 40, &n), PSA_SUCCESS);
  ct[55] ^= 0x10;
  IS(psa_aead_verify(&op, out, 0, &n, ct + 40, 16), PSA_ERROR_INVALID_SIGNATURE);
  ct[55] ^= 0x10;
  in_error(&op);
  start(&op, k, 1, 1);
  IS(psa_aead_update_ad(&op, AD, 8), PSA_SUCCESS);
  IS(psa_aead_update(&op, ct, 40, out, 40, &n), PSA_SUCCESS);
  IS(psa_aead_verify(&op, out, 0, &n, ct + 40, 15), PSA_ERROR_INVALID_SIGNATURE);
  in_error(&op);
  /* generate_nonce: 16 fresh bytes, which decrypt with set_nonce */
  start(&op, k, 0, 0);
  IS(psa_aead_generate_nonce(&op, nonce, 15, &n), PSA_ERROR_BUFFER_TOO_SMALL);
  in_error(&op);
  start(&op, k, 0, 0);
  IS(psa_aead_generate_nonce(&op, nonce, 16, &n), PSA_SUCCESS);
  EXPECT(n == 16);
  IS(psa_aead_update(&op, MSG, 40, out, 40, &n), PSA_SUCCESS);
  IS(psa_aead_finish(&op, NULL, 0, &m, tag, 16, &t), PSA_SUCCESS);
  IS(psa_aead_decrypt_setup(&op, k, AEAD), PSA_SUCCESS);
  IS(psa_aead_set_nonce(&op, nonce, 16), PSA_SUCCESS);
  IS(psa_aead_update(&op, out, 40, out, 40, &n), PSA_SUCCESS); /* in place */
  IS(psa_aead_verify(&op, NULL, 0, &m, tag, 16), PSA_SUCCESS);
  EXPECT(memcmp(out, MSG, 40) == 0 && memcmp(nonce, N, 16) != 0);
  /* destroying the key fails the operation */
  start(&op, k, 0, 1);
  IS(psa_destroy_key(k), PSA_SUCCESS);
  IS(psa_aead_update(&op, MSG, 8, out, 80, &n), PSA_ERROR_INVALID_HANDLE);
  in_error(&op);
}

/* ---- AEAD multi-part: buffers, shortened tags ----------------------------------------------- */
static void aead_buffers(void) {
  psa_key_id_t k = key_of(16, BOTH, PSA_ALG_AEAD_WITH_AT_LEAST_THIS_LENGTH_TAG(AEAD, 4));
  psa_aead_operation_t op;
  uint8_t ct[80], out[80], tag[16], buf[100];
  size_t n, t, m, len, i;
  IS(psa_aead_encrypt(k, SHORT(16), N, 16, AD, 8, MSG, 40, ct, sizeof ct, &n), PSA_SUCCESS);
  start(&op, k, 0, 1);
  IS(psa_aead_update(&op, MSG, 8, out, 7, &n), PSA_ERROR_BUFFER_TOO_SMALL);
  in_error(&op);
  IS(psa_aead_encrypt_setup(&op, k, SHORT(16)), PSA_SUCCESS);
  IS(psa_aead_set_nonce(&op, N, 16), PSA_SUCCESS);
  IS(psa_aead_finish(&op, out, 80, &n, tag, 15, &t), PSA_ERROR_BUFFER_TOO_SMALL);
  in_error(&op);
  for (len = 4; len <= 16; len++) {
    IS(psa_aead_encrypt_setup(&op, k, SHORT(len)), PSA_SUCCESS);
    IS(psa_aead_set_nonce(&op, N, 16), PSA_SUCCESS);
    IS(psa_aead_update_ad(&op, AD, 8), PSA_SUCCESS);
    IS(psa_aead_update(&op, MSG, 40, out, 40, &n), PSA_SUCCESS);
    IS(psa_aead_finish(&op, NULL, 0, &m, tag, len, &t), PSA_SUCCESS);
    EXPECT(t == len && memcmp(tag, ct + 40, len) == 0 && memcmp(out, ct, 40) == 0);
    for (i = 0; i < 8 * len; i += 3) { /* flipped bits: verify refuses */
      tag[i / 8] ^= (uint8_t)(1u << (i % 8));
      IS(psa_aead_decrypt_setup(&op, k, SHORT(len)), PSA_SUCCESS);
      IS(psa_aead_set_nonce(&op, N, 16), PSA_SUCCESS);
      IS(psa_aead_update_ad(&op, AD, 8), PSA_SUCCESS);
      IS(psa_aead_update(&op, ct, 40, out, 40, &n), PSA_SUCCESS);
      IS(psa_aead_verify(&op, NULL, 0, &m, tag, len), PSA_ERROR_INVALID_SIGNATURE);
      IS(psa_aead_abort(&op), PSA_SUCCESS);
      tag[i / 8] ^= (uint8_t)(1u << (i % 8));
    }
  }
  /* update with overlapping buffers, either way */
  for (i = 0; i <= 8; i++) {
    start(&op, k, 0, 0);
    op = psa_aead_operation_init();
    IS(psa_aead_encrypt_setup(&op, k, SHORT(16)), PSA_SUCCESS);
    IS(psa_aead_set_nonce(&op, N, 16), PSA_SUCCESS);
    IS(psa_aead_update_ad(&op, AD, 8), PSA_SUCCESS);
    memcpy(buf + 4, MSG, 40);
    IS(psa_aead_update(&op, buf + 4, 40, buf + i, 40, &n), PSA_SUCCESS);
    IS(psa_aead_finish(&op, NULL, 0, &m, tag, 16, &t), PSA_SUCCESS);
    EXPECT(memcmp(buf + i, ct, 40) == 0 && memcmp(tag, ct + 40, 16) == 0);
  }
}

/* ---- Hash ------------------------------------------------------------------------------------- */
static void hash(void) {
  psa_hash_operation_t op = PSA_HASH_OPERATION_INIT, op2 = PSA_HASH_OPERATION_INIT;
  uint8_t md[32], md2[40], buf[64];
  size_t n;
  IS(psa_hash_compute(PSA_ALG_ASCON_HASH256, MSG, 40, md, 32, &n), PSA_SUCCESS);
  IS(psa_hash_compute(PSA_ALG_ASCON_HASH256, MSG, 40, md2, 31, &n), PSA_ERROR_BUFFER_TOO_SMALL);
  IS(psa_hash_compute(PSA_ALG_SHA_256, MSG, 40, md2, 32, &n), PSA_ERROR_NOT_SUPPORTED);
  IS(psa_hash_compute(PSA_ALG_ASCON_XOF128, MSG, 40, md2, 32, &n), PSA_ERROR_INVALID_ARGUMENT);
  IS(psa_hash_compute(AEAD, MSG, 40, md2, 32, &n), PSA_ERROR_INVALID_ARGUMENT);
  IS(psa_hash_compute(PSA_ALG_ANY_HASH, MSG, 40, md2, 32, &n), PSA_ERROR_INVALID_ARGUMENT);
  IS(psa_hash_compare(PSA_ALG_ASCON_HASH256, MSG, 40, md, 31), PSA_ERROR_INVALID_SIGNATURE);
  memcpy(buf, MSG, 40); /* the digest over its own input */
  IS(psa_hash_compute(PSA_ALG_ASCON_HASH256, buf, 40, buf + 8, 56, &n), PSA_SUCCESS);
  EXPECT(n == 32 && memcmp(buf + 8, md, 32) == 0);
  /* inactive */
  IS(psa_hash_update(&op, MSG, 1), PSA_ERROR_BAD_STATE);
  IS(psa_hash_finish(&op, md2, 32, &n), PSA_ERROR_BAD_STATE);
  IS(psa_hash_verify(&op, md, 32), PSA_ERROR_BAD_STATE);
  IS(psa_hash_clone(&op, &op2), PSA_ERROR_BAD_STATE);
  IS(psa_hash_setup(&op, PSA_ALG_SHA3_256), PSA_ERROR_NOT_SUPPORTED);
  IS(psa_hash_setup(&op, PSA_ALG_ASCON_HASH256), PSA_SUCCESS);
  IS(psa_hash_setup(&op, PSA_ALG_ASCON_HASH256), PSA_ERROR_BAD_STATE); /* active: unchanged */
  IS(psa_hash_update(&op, MSG, 40), PSA_SUCCESS);
  IS(psa_hash_clone(&op, &op2), PSA_SUCCESS);
  IS(psa_hash_clone(&op, &op2), PSA_ERROR_BAD_STATE); /* the target must be inactive */
  IS(psa_hash_finish(&op, md2, 31, &n), PSA_ERROR_BUFFER_TOO_SMALL);
  IS(psa_hash_update(&op, MSG, 1), PSA_ERROR_BAD_STATE); /* error state */
  IS(psa_hash_abort(&op), PSA_SUCCESS);
  IS(psa_hash_finish(&op2, md2, 40, &n), PSA_SUCCESS);
  EXPECT(n == 32 && memcmp(md, md2, 32) == 0);
  IS(psa_hash_setup(&op, PSA_ALG_ASCON_HASH256), PSA_SUCCESS); /* finished: reusable */
  IS(psa_hash_update(&op, MSG, 40), PSA_SUCCESS);
  md2[31] ^= 1;
  IS(psa_hash_verify(&op, md2, 32), PSA_ERROR_INVALID_SIGNATURE);
  IS(psa_hash_update(&op, MSG, 1), PSA_ERROR_BAD_STATE);
  IS(psa_hash_abort(&op), PSA_SUCCESS);
  IS(psa_hash_suspend(&op, buf, 64, &n), PSA_ERROR_NOT_SUPPORTED);
}

/* ---- XOF and CXOF ------------------------------------------------------------------------------ */
static void xof(void) {
  psa_xof_operation_t op = PSA_XOF_OPERATION_INIT, op2 = PSA_XOF_OPERATION_INIT;
  uint8_t one[200], parts[200], ctx[300];
  size_t i, at;
  IS(psa_xof_setup(&op, PSA_ALG_ASCON_HASH256), PSA_ERROR_INVALID_ARGUMENT);
  IS(psa_xof_setup(&op, PSA_ALG_SHAKE128), PSA_ERROR_NOT_SUPPORTED);
  IS(psa_xof_update(&op, MSG, 1), PSA_ERROR_BAD_STATE); /* inactive */
  IS(psa_xof_output(&op, one, 1), PSA_ERROR_BAD_STATE);
  IS(psa_xof_setup(&op, PSA_ALG_ASCON_XOF128), PSA_SUCCESS);
  IS(psa_xof_setup(&op, PSA_ALG_ASCON_XOF128), PSA_ERROR_BAD_STATE);
  IS(psa_xof_update(&op, MSG, 40), PSA_SUCCESS);
  IS(psa_xof_output(&op, one, sizeof one), PSA_SUCCESS);
  IS(psa_xof_update(&op, MSG, 1), PSA_ERROR_BAD_STATE); /* input after output */
  IS(psa_xof_output(&op, parts, 1), PSA_ERROR_BAD_STATE); /* error state */
  IS(psa_xof_abort(&op), PSA_SUCCESS);
  /* output in pieces equals one call, for pieces of every size */
  for (at = 1; at <= 40; at++) {
    IS(psa_xof_setup(&op, PSA_ALG_ASCON_XOF128), PSA_SUCCESS);
    IS(psa_xof_update(&op, MSG, 40), PSA_SUCCESS);
    for (i = 0; i < sizeof parts; i += at)
      IS(psa_xof_output(&op, parts + i, i + at <= sizeof parts ? at : sizeof parts - i),
         PSA_SUCCESS);
    IS(psa_xof_abort(&op), PSA_SUCCESS);
    EXPECT(memcmp(one, parts, sizeof one) == 0);
  }
  /* a context only for CXOF, only first */
  IS(psa_xof_setup(&op, PSA_ALG_ASCON_XOF128), PSA_SUCCESS);
  IS(psa_xof_set_context(&op, AD, 8), PSA_ERROR_INVALID_ARGUMENT);
  IS(psa_xof_update(&op, MSG, 1), PSA_ERROR_BAD_STATE);
  IS(psa_xof_abort(&op), PSA_SUCCESS);
  IS(psa_xof_setup(&op, PSA_ALG_ASCON_CXOF128), PSA_SUCCESS);
  IS(psa_xof_update(&op, MSG, 1), PSA_SUCCESS);
  IS(psa_xof_set_context(&op, AD, 8), PSA_ERROR_BAD_STATE);
  IS(psa_xof_abort(&op), PSA_SUCCESS);
  IS(psa_xof_setup(&op, PSA_ALG_ASCON_CXOF128), PSA_SUCCESS);
  IS(psa_xof_set_context(&op, AD, 8), PSA_SUCCESS);
  IS(psa_xof_set_context(&op, AD, 8), PSA_ERROR_BAD_STATE);
  IS(psa_xof_abort(&op), PSA_SUCCESS);
  /* at most 2048 bits of context (SP 800-232) */
  memset(ctx, 0x3c, sizeof ctx);
  IS(psa_xof_setup(&op, PSA_ALG_ASCON_CXOF128), PSA_SUCCESS);
  IS(psa_xof_set_context(&op, ctx, 256), PSA_SUCCESS);
  IS(psa_xof_abort(&op), PSA_SUCCESS);
  IS(psa_xof_setup(&op, PSA_ALG_ASCON_CXOF128), PSA_SUCCESS);
  IS(psa_xof_set_context(&op, ctx, 257), PSA_ERROR_INVALID_ARGUMENT);
  IS(psa_xof_abort(&op), PSA_SUCCESS);
  /* CXOF without a context is CXOF with the empty one; another context differs */
  IS(psa_xof_setup(&op, PSA_ALG_ASCON_CXOF128), PSA_SUCCESS);
  IS(psa_xof_output(&op, one, 32), PSA_SUCCESS);
  IS(psa_xof_setup(&op2, PSA_ALG_ASCON_CXOF128), PSA_SUCCESS);
  IS(psa_xof_set_context(&op2, NULL, 0), PSA_SUCCESS);
  IS(psa_xof_output(&op2, parts, 32), PSA_SUCCESS);
  EXPECT(memcmp(one, parts, 32) == 0);
  IS(psa_xof_abort(&op2), PSA_SUCCESS);
  IS(psa_xof_setup(&op2, PSA_ALG_ASCON_CXOF128), PSA_SUCCESS);
  IS(psa_xof_set_context(&op2, AD, 1), PSA_SUCCESS);
  IS(psa_xof_output(&op2, parts, 32), PSA_SUCCESS);
  EXPECT(memcmp(one, parts, 32) != 0);
  IS(psa_xof_abort(&op), PSA_SUCCESS);
  IS(psa_xof_abort(&op2), PSA_SUCCESS);
  IS(psa_xof_abort(&op2), PSA_SUCCESS);
}

/* ---- lwc's extension: keys in LWC_PSA_KEY_LOCATION_MASKED -------------------------- */
#define MASKED \
  PSA_KEY_LIFETIME_FROM_PERSISTENCE_AND_LOCATION(PSA_KEY_PERSISTENCE_VOLATILE, \
                                                 LWC_PSA_KEY_LOCATION_MASKED)

static psa_status_t import_at(psa_key_lifetime_t where, const uint8_t *key, size_t len,
                              psa_key_usage_t usage, psa_key_id_t *id) {
  psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
  psa_set_key_type(&a, PSA_KEY_TYPE_ASCON);
  psa_set_key_usage_flags(&a, usage);
  psa_set_key_algorithm(&a, AEAD);
  psa_set_key_lifetime(&a, where);
  return psa_import_key(&a, key, len, id);
}

/* 1 when the process's writable memory holds the 16 bytes whose
 * complements are flipped[] (the needle itself is never in memory).
 * Linux only (/proc/self/maps); elsewhere -1. */
static int memory_holds(const uint8_t *flipped) {
#ifdef __linux__
  char line[512], perm[8];
  unsigned long lo, hi;
  int found = 0;
  FILE *maps = fopen("/proc/self/maps", "r");
  if (maps == NULL) return -1;
  while (!found && fgets(line, sizeof line, maps)) {
    const volatile uint8_t *p;
    if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perm) != 3 || perm[0] != 'r' || perm[1] != 'w')
      continue;
    for (p = (const volatile uint8_t *)lo; !found && p + 16 <= (const volatile uint8_t *)hi; p++) {
      size_t i = 0;
      while (i < 16 && (p[i] ^ flipped[i]) == 0xff) i++;
      found = i == 16;
    }
  }
  fclose(maps);
  return found;
#else
  (void)flipped;
  return -1;
#endif
}

/* A fresh random key whose complement is flipped[], imported at `where`;
 * the caller's copy wiped before it returns. */
static psa_key_id_t secret_key(psa_key_lifetime_t where, uint8_t *flipped) {
  uint8_t key[16];
  volatile uint8_t *w = key;
  psa_key_id_t id = PSA_KEY_ID_NULL;
  size_t i;
  IS(psa_generate_random(flipped, 16), PSA_SUCCESS);
  for (i = 0; i < 16; i++) key[i] = (uint8_t)(flipped[i] ^ 0xff);
  IS(import_at(where, key, 16, BOTH | PSA_KEY_USAGE_EXPORT, &id), PSA_SUCCESS);
  for (i = 0; i < 16; i++) w[i] = 0;
  return id;
}

static void masked(void) {
  psa_key_attributes_t got = PSA_KEY_ATTRIBUTES_INIT, a = PSA_KEY_ATTRIBUTES_INIT;
  psa_aead_operation_t op = PSA_AEAD_OPERATION_INIT;
  psa_key_id_t plain, mk, id;
  uint8_t ct[64], ct2[64], back[64], flipped[16];
  size_t n, n2, len;
  EXPECT(LWC_PSA_KEY_LOCATION_MASKED == 0x800001); /* the vendor range: bit 23 */
  EXPECT(PSA_KEY_LIFETIME_GET_LOCATION(MASKED) == LWC_PSA_KEY_LOCATION_MASKED);
  EXPECT(PSA_KEY_LIFETIME_IS_VOLATILE(MASKED));
  /* the same answers as a plain key, one-shot and in parts, 128 and 256 bits */
  for (len = 16; len <= 32; len += 16) {
    IS(import_at(PSA_KEY_LIFETIME_VOLATILE, K, len, BOTH, &plain), PSA_SUCCESS);
    IS(psa_aead_encrypt(plain, AEAD, N, 16, AD, 8, MSG, 40, ct, sizeof ct, &n), PSA_SUCCESS);
    IS(import_at(MASKED, K, len, BOTH | PSA_KEY_USAGE_EXPORT, &mk), PSA_SUCCESS);
    IS(psa_get_key_attributes(mk, &got), PSA_SUCCESS);
    EXPECT(psa_get_key_lifetime(&got) == MASKED && psa_get_key_bits(&got) == 8 * len);
    memset(ct2, 0, sizeof ct2);
    IS(psa_aead_encrypt(mk, AEAD, N, 16, AD, 8, MSG, 40, ct2, sizeof ct2, &n2), PSA_SUCCESS);
    EXPECT(n2 == n && memcmp(ct, ct2, n) == 0);
    IS(psa_aead_decrypt(mk, AEAD, N, 16, AD, 8, ct, n, back, sizeof back, &n2), PSA_SUCCESS);
    EXPECT(n2 == 40 && memcmp(back, MSG, 40) == 0);
    /* in parts */
    memset(ct2, 0, sizeof ct2);
    IS(psa_aead_encrypt_setup(&op, mk, AEAD), PSA_SUCCESS);
    IS(psa_aead_set_nonce(&op, N, 16), PSA_SUCCESS);
    IS(psa_aead_update_ad(&op, AD, 3), PSA_SUCCESS);
    IS(psa_aead_update_ad(&op, AD + 3, 5), PSA_SUCCESS);
    IS(psa_aead_update(&op, MSG, 17, ct2, 17, &n2), PSA_SUCCESS);
    IS(psa_aead_update(&op, MSG + 17, 23, ct2 + 17, 23, &n2), PSA_SUCCESS);
    IS(psa_aead_finish(&op, NULL, 0, &n2, ct2 + 40, 16, &n2), PSA_SUCCESS);
    EXPECT(memcmp(ct, ct2, 56) == 0);
    IS(psa_aead_decrypt_setup(&op, mk, AEAD), PSA_SUCCESS);
    IS(psa_aead_set_nonce(&op, N, 16), PSA_SUCCESS);
    IS(psa_aead_update_ad(&op, AD, 8), PSA_SUCCESS);
    IS(psa_aead_update(&op, ct, 40, back, 40, &n2), PSA_SUCCESS);
    IS(psa_aead_verify(&op, NULL, 0, &n2, ct + 40, 16), PSA_SUCCESS);
    EXPECT(memcmp(back, MSG, 40) == 0);
    /* a bad tag releases nothing; in place (overlap) too */
    ct[45] ^= 4;
    memset(back, 0x5a, sizeof back);
    IS(psa_aead_decrypt(mk, AEAD, N, 16, AD, 8, ct, n, back, sizeof back, &n2),
       PSA_ERROR_INVALID_SIGNATURE);
    EXPECT(n2 == 0);
    for (n2 = 0; n2 < 40; n2++) EXPECT(back[n2] == 0);
    memcpy(ct2, ct, n);
    IS(psa_aead_decrypt(mk, AEAD, N, 16, AD, 8, ct2, n, ct2, sizeof ct2, &n2),
       PSA_ERROR_INVALID_SIGNATURE);
    for (n2 = 0; n2 < 40; n2++) EXPECT(ct2[n2] == 0);
    /* never exported, EXPORT or not; destroyed like any key */
    IS(psa_export_key(mk, back, sizeof back, &n2), PSA_ERROR_NOT_PERMITTED);
    EXPECT(n2 == 0);
    IS(psa_destroy_key(mk), PSA_SUCCESS);
    IS(psa_aead_encrypt(mk, AEAD, N, 16, AD, 8, MSG, 40, ct2, sizeof ct2, &n2),
       PSA_ERROR_INVALID_HANDLE);
    IS(psa_destroy_key(plain), PSA_SUCCESS);
  }
  /* a generated masked key works both ways */
  psa_set_key_type(&a, PSA_KEY_TYPE_ASCON);
  psa_set_key_usage_flags(&a, BOTH);
  psa_set_key_algorithm(&a, AEAD);
  psa_set_key_lifetime(&a, MASKED);
  psa_set_key_bits(&a, 128);
  IS(psa_generate_key(&a, &id), PSA_SUCCESS);
  IS(psa_aead_encrypt(id, AEAD, N, 16, AD, 8, MSG, 40, ct, sizeof ct, &n), PSA_SUCCESS);
  IS(psa_aead_decrypt(id, AEAD, N, 16, AD, 8, ct, n, back, sizeof back, &n2), PSA_SUCCESS);
  EXPECT(n2 == 40 && memcmp(back, MSG, 40) == 0);
  IS(psa_destroy_key(id), PSA_SUCCESS);
  /* only Ascon keys, only volatile */
  psa_set_key_type(&a, PSA_KEY_TYPE_AES);
  IS(psa_import_key(&a, K, 16, &id), PSA_ERROR_NOT_SUPPORTED);
  psa_set_key_type(&a, PSA_KEY_TYPE_ASCON);
  psa_set_key_bits(&a, 0);
  psa_set_key_lifetime(&a, PSA_KEY_LIFETIME_FROM_PERSISTENCE_AND_LOCATION(
                               PSA_KEY_PERSISTENCE_DEFAULT, LWC_PSA_KEY_LOCATION_MASKED));
  IS(psa_import_key(&a, K, 16, &id), PSA_ERROR_NOT_SUPPORTED);
  psa_set_key_lifetime(&a, PSA_KEY_LIFETIME_FROM_PERSISTENCE_AND_LOCATION(
                               PSA_KEY_PERSISTENCE_VOLATILE, 0x800002));
  IS(psa_import_key(&a, K, 16, &id), PSA_ERROR_NOT_SUPPORTED);
  /* the key is nowhere in memory once imported masked and used: the
   * plain store, for contrast, holds it until the key is destroyed */
  plain = secret_key(PSA_KEY_LIFETIME_VOLATILE, flipped);
  EXPECT(memory_holds(flipped) == 1);
  IS(psa_destroy_key(plain), PSA_SUCCESS);
  EXPECT(memory_holds(flipped) == 0);
  mk = secret_key(MASKED, flipped);
  IS(psa_aead_encrypt(mk, AEAD, N, 16, AD, 8, MSG, 40, ct, sizeof ct, &n), PSA_SUCCESS);
  IS(psa_aead_decrypt(mk, AEAD, N, 16, AD, 8, ct, n, back, sizeof back, &n2), PSA_SUCCESS);
  IS(psa_aead_encrypt_setup(&op, mk, AEAD), PSA_SUCCESS);
  IS(psa_aead_set_nonce(&op, N, 16), PSA_SUCCESS);
  EXPECT(memory_holds(flipped) == 0); /* the operation's context: shares too */
  IS(psa_aead_abort(&op), PSA_SUCCESS);
  IS(psa_destroy_key(mk), PSA_SUCCESS);
}

/* without a masked implementation built, the location is not supported */
static void masked_absent(void) {
  psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
  psa_key_id_t id;
  IS(import_at(MASKED, K, 16, BOTH, &id), PSA_ERROR_NOT_SUPPORTED);
  EXPECT(id == PSA_KEY_ID_NULL);
  psa_set_key_type(&a, PSA_KEY_TYPE_ASCON);
  psa_set_key_bits(&a, 128);
  psa_set_key_lifetime(&a, MASKED);
  IS(psa_generate_key(&a, &id), PSA_ERROR_NOT_SUPPORTED);
}

/* a build without Ascon-Hash256 (LWC_SCHEMES leaves it out): every hash
 * call for it is NOT_SUPPORTED, an operation refused stays inactive, the
 * size macros (constants of the API) are unchanged, and the algorithms
 * the build has still work */
static void hash_absent(void) {
  psa_hash_operation_t op = PSA_HASH_OPERATION_INIT, copy = PSA_HASH_OPERATION_INIT;
  psa_xof_operation_t x = PSA_XOF_OPERATION_INIT;
  uint8_t md[32], ct[56];
  size_t n = 99;
  psa_key_id_t k;
  IS(psa_hash_compute(PSA_ALG_ASCON_HASH256, MSG, 40, md, sizeof md, &n),
     PSA_ERROR_NOT_SUPPORTED);
  EXPECT(n == 0);
  IS(psa_hash_compare(PSA_ALG_ASCON_HASH256, MSG, 40, md, 32), PSA_ERROR_NOT_SUPPORTED);
  IS(psa_hash_setup(&op, PSA_ALG_ASCON_HASH256), PSA_ERROR_NOT_SUPPORTED);
  IS(psa_hash_update(&op, MSG, 40), PSA_ERROR_BAD_STATE); /* never set up */
  IS(psa_hash_clone(&op, &copy), PSA_ERROR_BAD_STATE);
  IS(psa_hash_abort(&op), PSA_SUCCESS);
  EXPECT(PSA_HASH_LENGTH(PSA_ALG_ASCON_HASH256) == 32);
  /* the XOF and the AEAD of the same build answer */
  IS(psa_xof_setup(&x, PSA_ALG_ASCON_XOF128), PSA_SUCCESS);
  IS(psa_xof_update(&x, MSG, 40), PSA_SUCCESS);
  IS(psa_xof_output(&x, md, sizeof md), PSA_SUCCESS);
  IS(psa_xof_abort(&x), PSA_SUCCESS);
  k = key_of(16, BOTH, AEAD);
  IS(psa_aead_encrypt(k, AEAD, N, 16, AD, 8, MSG, 40, ct, sizeof ct, &n), PSA_SUCCESS);
  EXPECT(n == 56);
  IS(psa_destroy_key(k), PSA_SUCCESS);
}

int main(int argc, char **argv) {
  static const struct { const char *name; void (*run)(void); } groups[] = {
      {"init", init}, {"values", values}, {"keys", keys}, {"aead_oneshot", aead_oneshot},
      {"aead_states", aead_states}, {"aead_buffers", aead_buffers}, {"hash", hash}, {"xof", xof},
      {"masked", masked}, {"masked_absent", masked_absent}, {"hash_absent", hash_absent}};
  size_t i;
  if (argc != 2) return 2;
  for (i = 0; i < sizeof groups / sizeof groups[0]; i++)
    if (strcmp(argv[1], groups[i].name) == 0) {
      if (strcmp(argv[1], "init") != 0 && psa_crypto_init() != PSA_SUCCESS) return 1;
      groups[i].run();
      printf("checks %d failed %d\n", checks, failed);
      return failed != 0;
    }
  return 2;
}
