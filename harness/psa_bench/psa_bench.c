/*
 * lwc-psa-bench: the cost of the PSA Crypto API layer (src/psa/) over the
 * direct lwc call, on the host (`./lwcbench psa-overhead` builds and runs
 * it).  Both paths run the same implementation: the one psa_crypto_init
 * picks, lwc_*_find(scheme, NULL).
 *
 *   lwc-psa-bench SAMPLES SIZE...
 *
 * First the check: for messages of 0..64 bytes and of every SIZE, the PSA
 * call and the direct call must give the same bytes (Ascon-AEAD128
 * ciphertext and tag, Ascon-Hash256 digest); a difference prints
 * "differs OP BYTES" and the program exits 1 having timed nothing.
 * Then "selected SCHEME IMPL" for both schemes, and the timing: every
 * (operation, path, size) contestant once per round, in a rotating order,
 * SAMPLES rounds; a sample is the wall-clock time (clock_gettime,
 * CLOCK_MONOTONIC) of REPS calls in a row divided by REPS.  One line per
 * contestant:
 *   row OP SCHEME PATH SIZE REPS MEDIAN_NS MIN_NS
 * with OP encrypt or hash, PATH direct or psa, nanoseconds per call.
 */
#include <psa/crypto.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lwc.h"

#define TAG 16
#define DIGEST 32

typedef struct {
  const char *op, *scheme, *path;
  size_t size, reps;
} contestant;

static const lwc_aead *aead;
static const lwc_hash *hash;
static psa_key_id_t key_id;
static uint8_t key[16], nonce[16], *msg, *out;

static int run_once(const contestant *c) {
  size_t n;
  int hashing = c->op[0] == 'h', psa = c->path[0] == 'p';
  if (hashing && psa)
    return psa_hash_compute(PSA_ALG_ASCON_HASH256, msg, c->size, out, DIGEST, &n) !=
           PSA_SUCCESS;
  if (hashing) return lwc_hash_compute(hash, out, DIGEST, msg, c->size, NULL, 0) != LWC_OK;
  if (psa)
    return psa_aead_encrypt(key_id, PSA_ALG_ASCON_AEAD128, nonce, sizeof nonce, NULL, 0, msg,
                            c->size, out, c->size + TAG, &n) != PSA_SUCCESS;
  return lwc_aead_encrypt(aead, out, msg, c->size, NULL, 0, nonce, key, NULL) != LWC_OK;
}

/* The PSA path's output against the direct call's, message by message. */
static int same(const char *op, size_t size) {
  contestant d = {op, "", "direct", size, 1}, p = {op, "", "psa", size, 1};
  size_t n = op[0] == 'h' ? DIGEST : size + TAG;
  uint8_t *want = malloc(n);
  int ok;
  memset(out, 0x55, n);
  ok = run_once(&d) == 0;
  memcpy(want, out, n);
  memset(out, 0xaa, n);
  ok = ok && run_once(&p) == 0 && memcmp(want, out, n) == 0;
  free(want);
  if (!ok) printf("differs %s %zu\n", op, size);
  return ok;
}

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static size_t reps_for(size_t size) { /* samples of a few microseconds at least */
  return size <= 64 ? 64 : size <= 2048 ? 8 : 1;
}

int main(int argc, char **argv) {
  static const char *ops[] = {"encrypt", "hash"}, *paths[] = {"direct", "psa"};
  psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
  contestant cs[64];
  size_t maxsize = 64, size, k;
  long samples;
  int nc = 0, i, j, ok = 1;
  double *t;
  if (argc < 3 || (samples = strtol(argv[1], NULL, 10)) < 1) {
    fprintf(stderr, "usage: lwc-psa-bench SAMPLES SIZE...\n");
    return 2;
  }
  for (i = 2; i < argc; i++) {
    size = strtoul(argv[i], NULL, 10);
    if (size < 1 || nc + 4 > (int)(sizeof cs / sizeof cs[0])) {
      fprintf(stderr, "lwc-psa-bench: sizes from 1 byte, at most 16 of them\n");
      return 2;
    }
    if (size > maxsize) maxsize = size;
    for (j = 0; j < 4; j++)
      cs[nc++] = (contestant){ops[j / 2], j / 2 ? "ascon-hash256" : "ascon-aead128",
                              paths[j % 2], size, reps_for(size)};
  }
  aead = lwc_aead_find("ascon-aead128", NULL);
  hash = lwc_hash_find("ascon-hash256", NULL);
  if (aead == NULL || hash == NULL || psa_crypto_init() != PSA_SUCCESS) {
    fprintf(stderr, "lwc-psa-bench: ascon-aead128 or ascon-hash256 not in this build\n");
    return 2;
  }
  for (k = 0; k < 16; k++) key[k] = (uint8_t)k, nonce[k] = (uint8_t)(0x10 + k);
  /* the key imported once, outside the timing */
  psa_set_key_type(&attr, PSA_KEY_TYPE_ASCON);
  psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT);
  psa_set_key_algorithm(&attr, PSA_ALG_ASCON_AEAD128);
  if (psa_import_key(&attr, key, sizeof key, &key_id) != PSA_SUCCESS) {
    fprintf(stderr, "lwc-psa-bench: psa_import_key failed\n");
    return 2;
  }
  msg = malloc(maxsize);
  out = malloc(maxsize + TAG + DIGEST);
  for (k = 0; k < maxsize; k++) msg[k] = (uint8_t)(k * 7 + 3);

  for (k = 0; k <= 64; k++) ok &= same("encrypt", k) & same("hash", k);
  for (i = 0; i < nc; i += 4) ok &= same("encrypt", cs[i].size) & same("hash", cs[i].size);
  printf("check %s\n", ok ? "ok" : "failed");
  if (!ok) return 1;
  printf("selected ascon-aead128 %s\n", aead->impl);
  printf("selected ascon-hash256 %s\n", hash->impl);
  fflush(stdout);

  t = calloc((size_t)nc * (size_t)samples, sizeof *t);
  for (i = 0; i < nc; i++) run_once(&cs[i]); /* warm the caches */
  for (long s = 0; s < samples; s++)
    for (i = 0; i < nc; i++) {
      const contestant *c = &cs[(i + s) % nc];
      double t0 = now_ns();
      for (k = 0; k < c->reps; k++) run_once(c);
      t[(size_t)((i + s) % nc) * (size_t)samples + (size_t)s] = (now_ns() - t0) / (double)c->reps;
    }
  for (i = 0; i < nc; i++) {
    double *v = t + (size_t)i * (size_t)samples;
    qsort(v, (size_t)samples, sizeof *v, cmp_double);
    printf("row %s %s %s %zu %zu %.2f %.2f\n", cs[i].op, cs[i].scheme, cs[i].path, cs[i].size,
           cs[i].reps, v[samples / 2], v[0]);
  }
  free(t);
  free(msg);
  free(out);
  psa_destroy_key(key_id);
  return 0;
}
