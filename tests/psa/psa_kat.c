/*
 * Known answers through the PSA Certified Crypto API 1.4, written against
 * <psa/crypto.h> alone (tests/lib/test_psa.py builds it with pkg-config
 * lwc-psa and with find_package(lwc) + lwc::psa).  One request a line on
 * standard input, hex fields, "-" for an empty one:
 *   A KEY NONCE PT AD   Ascon-AEAD128: prints hex(CT || tag)
 *   M KEY NONCE PT AD   the same with the key in LWC_PSA_KEY_LOCATION_MASKED
 *   H MSG               Ascon-Hash256: prints the digest
 *   X MSG               Ascon-XOF128: prints 64 bytes of output
 *   C MSG Z             Ascon-CXOF128 with context Z: 64 bytes
 * Each answer is computed by the one-shot call and by the multi-part calls
 * with the inputs split at every position (for the AEAD: the associated
 * data, then the message; the XOF's output also in two pieces at every
 * position), decrypted back, and with a flipped tag bit refused; the line
 * ends "ok" when every way agreed, else names the first that did not.
 */
#include <psa/crypto.h>
#include <stdio.h>
#include <string.h>

#define MAX 1024
static const char *bad; /* the first way that disagreed */
#define CHECK(cond, what) \
  do {                    \
    if (!(cond) && !bad) bad = (what); \
  } while (0)

static size_t unhex(const char *s, uint8_t *out) {
  size_t n = 0;
  unsigned v;
  if (strcmp(s, "-") == 0) return 0;
  while (s[2 * n] && sscanf(s + 2 * n, "%2x", &v) == 1) out[n++] = (uint8_t)v;
  return n;
}

static void hex(const uint8_t *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) printf("%02x", p[i]);
}

/* multi-part AEAD, AD split at a, message at m; out: CT || tag (encrypt)
 * or the plaintext (decrypt, in = CT || tag); returns the status. */
static psa_status_t aead_parts(psa_key_id_t key, int decrypt, const uint8_t *nonce,
                               const uint8_t *ad, size_t adlen, size_t a, const uint8_t *in,
                               size_t len, size_t m, uint8_t *out) {
  psa_aead_operation_t op = PSA_AEAD_OPERATION_INIT;
  size_t n1 = 0, n2 = 0, n3 = 0, tl = 0;
  psa_status_t st = decrypt ? psa_aead_decrypt_setup(&op, key, PSA_ALG_ASCON_AEAD128)
                            : psa_aead_encrypt_setup(&op, key, PSA_ALG_ASCON_AEAD128);
  if (st == PSA_SUCCESS) st = psa_aead_set_nonce(&op, nonce, 16);
  if (st == PSA_SUCCESS) st = psa_aead_update_ad(&op, ad, a);
  if (st == PSA_SUCCESS) st = psa_aead_update_ad(&op, ad + a, adlen - a);
  if (st == PSA_SUCCESS) st = psa_aead_update(&op, in, m, out, m, &n1);
  if (st == PSA_SUCCESS) st = psa_aead_update(&op, in + m, len - m, out + n1, len - m, &n2);
  if (st == PSA_SUCCESS && decrypt) st = psa_aead_verify(&op, out + n1 + n2, 0, &n3, in + len, 16);
  if (st == PSA_SUCCESS && !decrypt)
    st = psa_aead_finish(&op, out + n1 + n2, 0, &n3, out + len, 16, &tl);
  if (st == PSA_SUCCESS && n1 + n2 + n3 != len) st = PSA_ERROR_GENERIC_ERROR;
  psa_aead_abort(&op);
  return st;
}

static void aead(char **f) {
  static uint8_t k[32], nonce[16], pt[MAX], ad[MAX], ct[MAX + 16], ct2[MAX + 16], back[MAX];
  psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
  psa_key_id_t key;
  size_t klen = unhex(f[1], k), ptlen, adlen, n, a, m;
  unhex(f[2], nonce);
  ptlen = unhex(f[3], pt);
  adlen = unhex(f[4], ad);
  psa_set_key_type(&attr, PSA_KEY_TYPE_ASCON);
  psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
  psa_set_key_algorithm(&attr, PSA_ALG_ASCON_AEAD128);
  if (f[0][0] == 'M') /* the key in shares, run by the masked implementation */
    psa_set_key_lifetime(&attr, PSA_KEY_LIFETIME_FROM_PERSISTENCE_AND_LOCATION(
                                    PSA_KEY_PERSISTENCE_VOLATILE, LWC_PSA_KEY_LOCATION_MASKED));
  CHECK(psa_import_key(&attr, k, klen, &key) == PSA_SUCCESS, "import");
  CHECK(psa_aead_encrypt(key, PSA_ALG_ASCON_AEAD128, nonce, 16, ad, adlen, pt, ptlen, ct,
                         sizeof ct, &n) == PSA_SUCCESS && n == ptlen + 16, "encrypt");
  CHECK(psa_aead_decrypt(key, PSA_ALG_ASCON_AEAD128, nonce, 16, ad, adlen, ct, n, back,
                         sizeof back, &n) == PSA_SUCCESS && n == ptlen &&
            memcmp(back, pt, ptlen) == 0, "decrypt");
  for (a = 0; a <= adlen; a++)
    for (m = 0; m <= ptlen; m++) {
      if (adlen + ptlen > 64 && a != adlen / 2 && m != ptlen / 3) continue; /* long: a few */
      memset(ct2, 0xa5, sizeof ct2);
      CHECK(aead_parts(key, 0, nonce, ad, adlen, a, pt, ptlen, m, ct2) == PSA_SUCCESS &&
                memcmp(ct2, ct, ptlen + 16) == 0, "multi-part encrypt");
      CHECK(aead_parts(key, 1, nonce, ad, adlen, a, ct, ptlen, m, back) == PSA_SUCCESS &&
                memcmp(back, pt, ptlen) == 0, "multi-part decrypt");
    }
  ct[ptlen + (ptlen + adlen) % 16] ^= (uint8_t)(1u << (ptlen % 8)); /* a flipped tag bit */
  memset(back, 0x5a, sizeof back);
  CHECK(psa_aead_decrypt(key, PSA_ALG_ASCON_AEAD128, nonce, 16, ad, adlen, ct, ptlen + 16, back,
                         sizeof back, &n) == PSA_ERROR_INVALID_SIGNATURE, "forged tag refused");
  for (n = 0; n < ptlen; n++) CHECK(back[n] == 0, "forged tag: plaintext wiped");
  CHECK(aead_parts(key, 1, nonce, ad, adlen, 0, ct, ptlen, 0, back) ==
            PSA_ERROR_INVALID_SIGNATURE, "forged tag refused (multi-part)");
  ct[ptlen + (ptlen + adlen) % 16] ^= (uint8_t)(1u << (ptlen % 8));
  CHECK(psa_destroy_key(key) == PSA_SUCCESS, "destroy");
  hex(ct, ptlen + 16);
}

/* the hash or XOF of msg split at s (and the output at o), into out */
static void digest(char kind, const uint8_t *z, size_t zlen, const uint8_t *msg, size_t len,
                   size_t s, size_t o, uint8_t *out, size_t outlen) {
  if (kind == 'H') {
    psa_hash_operation_t op = PSA_HASH_OPERATION_INIT, copy = PSA_HASH_OPERATION_INIT;
    size_t n = 0;
    CHECK(psa_hash_setup(&op, PSA_ALG_ASCON_HASH256) == PSA_SUCCESS &&
              psa_hash_update(&op, msg, s) == PSA_SUCCESS &&
              psa_hash_clone(&op, &copy) == PSA_SUCCESS &&
              psa_hash_update(&op, msg + s, len - s) == PSA_SUCCESS &&
              psa_hash_update(&copy, msg + s, len - s) == PSA_SUCCESS &&
              psa_hash_finish(&op, out, outlen, &n) == PSA_SUCCESS && n == 32 &&
              psa_hash_verify(&copy, out, 32) == PSA_SUCCESS, "multi-part hash");
  } else {
    psa_xof_operation_t op = PSA_XOF_OPERATION_INIT;
    psa_algorithm_t alg = kind == 'C' ? PSA_ALG_ASCON_CXOF128 : PSA_ALG_ASCON_XOF128;
    CHECK(psa_xof_setup(&op, alg) == PSA_SUCCESS &&
              (kind != 'C' || psa_xof_set_context(&op, z, zlen) == PSA_SUCCESS) &&
              psa_xof_update(&op, msg, s) == PSA_SUCCESS &&
              psa_xof_update(&op, msg + s, len - s) == PSA_SUCCESS &&
              psa_xof_output(&op, out, o) == PSA_SUCCESS &&
              psa_xof_output(&op, out + o, outlen - o) == PSA_SUCCESS &&
              psa_xof_abort(&op) == PSA_SUCCESS, "multi-part XOF");
  }
}

static void hash(char kind, char **f) {
  static uint8_t msg[MAX], z[MAX], md[64], md2[64];
  size_t len = unhex(f[1], msg), zlen = kind == 'C' ? unhex(f[2], z) : 0;
  size_t outlen = kind == 'H' ? 32 : 64, s, n;
  digest(kind, z, zlen, msg, len, len, outlen, md, outlen);
  if (kind == 'H') {
    CHECK(psa_hash_compute(PSA_ALG_ASCON_HASH256, msg, len, md2, sizeof md2, &n) ==
              PSA_SUCCESS && n == 32 && memcmp(md, md2, 32) == 0, "hash compute");
    CHECK(psa_hash_compare(PSA_ALG_ASCON_HASH256, msg, len, md, 32) == PSA_SUCCESS, "compare");
    md2[n - 1 - len % 32] ^= 0x80;
    CHECK(psa_hash_compare(PSA_ALG_ASCON_HASH256, msg, len, md2, 32) ==
              PSA_ERROR_INVALID_SIGNATURE, "compare refuses a flipped bit");
  }
  for (s = 0; s <= len; s++) {
    if (len > 64 && s % 17 != 0) continue; /* long: a few splits */
    memset(md2, 0, sizeof md2);
    digest(kind, z, zlen, msg, len, s, s % (outlen + 1), md2, outlen);
    CHECK(memcmp(md, md2, outlen) == 0, "split input or output");
  }
  hex(md, outlen);
}

int main(void) {
  static char line[8 * MAX];
  char *f[8];
  if (psa_crypto_init() != PSA_SUCCESS) return 1;
  while (fgets(line, sizeof line, stdin)) {
    int n = 0;
    char *t = strtok(line, " \r\n");
    while (t && n < 8) {
      f[n++] = t;
      t = strtok(NULL, " \r\n");
    }
    if (n == 0) continue;
    bad = NULL;
    if ((f[0][0] == 'A' || f[0][0] == 'M') && n == 5) aead(f);
    else if ((f[0][0] == 'H' || f[0][0] == 'X') && n == 2) hash(f[0][0], f);
    else if (f[0][0] == 'C' && n == 3) hash('C', f);
    else bad = "bad request";
    printf(" %s\n", bad ? bad : "ok");
  }
  return 0;
}
