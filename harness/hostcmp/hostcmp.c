/*
 * lwc-hostcmp: our Ascon-AEAD128 and Ascon-Hash256 beside other libraries
 * built into the same program (`./lwcbench host-compare` builds and runs
 * it): the RustCrypto crates (harness/hostcmp/rustcrypto, when built with
 * -DLWC_HOSTCMP_RUSTCRYPTO) and SUPERCOP folders given by the user (a
 * generated table, hostcmp_extra[]).  One clock (rdtsc, lfence-serialized),
 * the contestants interleaved round by round, medians.
 *
 *   lwc-hostcmp SAMPLES SIZE...
 *   lwc-hostcmp check
 *
 * check compares every contestant's output with our ref's (messages of
 * 0..64 and 1536 bytes, AEAD with associated data of several lengths) and
 * prints "differs WHO" for each that does not match, then "check ok".
 * Timing prints "selected SCHEME IMPL" (lwc_*_find(scheme, NULL) on this
 * CPU), then one line per (operation, contestant, size):
 *   row OP SCHEME WHO SIZE MESSAGES MEDIAN MIN
 * MEDIAN and MIN are rdtsc ticks for MESSAGES messages of SIZE bytes (one
 * call, or a batch call); then "tsc_hz N" (ticks per second, measured).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include "lwc.h"

/* a contestant: one message (batch == 0) or BATCH messages in one call */
typedef struct {
  const char *op, *scheme, *who;
  int (*aead)(uint8_t *, const uint8_t *, size_t, const uint8_t *, size_t, const uint8_t *,
              const uint8_t *);
  int (*hash)(uint8_t *, const uint8_t *, size_t);
  const lwc_aead *ours_aead;
  const lwc_hash *ours_hash;
  const lwc_batch *batch; /* with ours_aead: a batch call of BATCH messages */
  int singles;            /* with ours_aead: BATCH one-message calls in a row */
} contestant;

#define BATCH 8

#ifdef LWC_HOSTCMP_RUSTCRYPTO
int rc_ascon_aead128_encrypt(uint8_t *, const uint8_t *, size_t, const uint8_t *, size_t,
                             const uint8_t *, const uint8_t *);
int rc_ascon_hash256(uint8_t *, const uint8_t *, size_t);
#endif

/* SUPERCOP folders added by the user (generated: hostcmp_extra.c) */
typedef struct {
  const char *scheme, *who;
  int (*aead)(unsigned char *, unsigned long long *, const unsigned char *, unsigned long long,
              const unsigned char *, unsigned long long, const unsigned char *,
              const unsigned char *, const unsigned char *);
  int (*hash)(unsigned char *, const unsigned char *, unsigned long long);
} hostcmp_supercop;
extern const hostcmp_supercop hostcmp_extra[];

static uint8_t key[16], nonce[16], ad[64], *msg, *out;
static lwc_aead_job jobs[BATCH];

static uint64_t ticks(void) {
  _mm_lfence();
  return __rdtsc();
}

static size_t reps_for(size_t size) { /* calls per sample: samples of >= ~1 us */
  return size <= 64 ? 16 : size <= 2048 ? 2 : 1;
}

static int run_once(const contestant *c, size_t size, size_t adlen, int extra) {
  int i, r = 0;
  if (extra >= 0) {
    const hostcmp_supercop *x = &hostcmp_extra[extra];
    unsigned long long n;
    return x->aead ? x->aead(out, &n, msg, size, ad, adlen, NULL, nonce, key)
                   : x->hash(out, msg, size);
  }
  if (c->aead) return c->aead(out, msg, size, ad, adlen, nonce, key);
  if (c->hash) return c->hash(out, msg, size);
  if (c->ours_hash) return lwc_hash_compute(c->ours_hash, out, 32, msg, size, NULL, 0);
  if (!c->batch && !c->singles)
    return lwc_aead_encrypt(c->ours_aead, out, msg, size, ad, adlen, nonce, key, NULL);
  for (i = 0; i < BATCH; i++) {
    jobs[i].in = msg;
    jobs[i].inlen = size;
    jobs[i].ad = ad;
    jobs[i].adlen = adlen;
  }
  if (c->batch) return lwc_aead_encrypt_batch(c->ours_aead, c->batch, jobs, BATCH);
  for (i = 0; i < BATCH; i++)
    r |= lwc_aead_encrypt(c->ours_aead, jobs[i].out, msg, size, ad, adlen, nonce, key, NULL);
  return r;
}

/* Every contestant against ref, on outputs of one message (the batch
 * contestants: each of their BATCH outputs). */
static int check(const contestant *cs, int nc, int nx) {
  static const size_t adlens[] = {0, 1, 15, 16, 17, 33};
  const lwc_aead *ra = lwc_aead_find("ascon-aead128", "ref");
  const lwc_hash *rh = lwc_hash_find("ascon-hash256", "ref");
  uint8_t want[1536 + 16];
  size_t mlen, a, k;
  int i, bad = 0;
  msg = malloc(1536 + 64);
  out = malloc(BATCH * (1536 + 64));
  for (k = 0; k < 1536; k++) msg[k] = (uint8_t)(k * 7 + 3);
  for (k = 0; k < sizeof ad; k++) ad[k] = (uint8_t)(k + 100);
  for (i = 0; i < BATCH; i++) jobs[i] = (lwc_aead_job){out + i * (1536 + 64), 0, 0, 0, 0, nonce, key, 0};
  for (i = 0; i < nc + nx; i++) {
    const contestant *c = &cs[i < nc ? i : 0];
    int extra = i < nc ? -1 : i - nc, is_hash, ok = 1;
    is_hash = extra >= 0 ? hostcmp_extra[extra].hash != NULL : c->hash || c->ours_hash;
    for (mlen = 0; mlen <= 1536 && ok; mlen = mlen == 64 ? 1536 : mlen + 1)
      for (a = 0; a < (is_hash ? 1u : sizeof adlens / sizeof adlens[0]) && ok; a++) {
        size_t n = is_hash ? 32 : mlen + 16, j, copies = c->batch || c->singles ? BATCH : 1;
        if (is_hash)
          lwc_hash_compute(rh, want, 32, msg, mlen, NULL, 0);
        else
          lwc_aead_encrypt(ra, want, msg, mlen, ad, adlens[a], nonce, key, NULL);
        memset(out, 0, BATCH * (1536 + 64));
        if (run_once(c, mlen, is_hash ? 0 : adlens[a], extra) != 0) ok = 0;
        for (j = 0; j < (extra >= 0 ? 1 : copies); j++)
          if (memcmp(out + j * (1536 + 64), want, n) != 0) ok = 0;
      }
    if (!ok) {
      printf("differs %s/%s\n", i < nc ? c->op : "supercop",
             i < nc ? c->who : hostcmp_extra[extra].who);
      bad = 1;
    }
  }
  printf("check %s\n", bad ? "failed" : "ok");
  return bad;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static double tsc_hz(void) {
  struct timespec a, b;
  uint64_t t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &a);
  t0 = ticks();
  do clock_gettime(CLOCK_MONOTONIC, &b);
  while ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec) < 2e8);
  t1 = ticks();
  return (double)(t1 - t0) / ((b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) * 1e-9);
}

/* one more contestant in cs[], or a one-line error */
#define ADD(...)                                                               \
  do {                                                                         \
    if (nc == (int)(sizeof cs / sizeof cs[0])) {                               \
      fprintf(stderr, "lwc-hostcmp: more contestants than its table holds\n"); \
      return 2;                                                                \
    }                                                                          \
    cs[nc++] = (contestant){__VA_ARGS__};                                      \
  } while (0)

int main(int argc, char **argv) {
  contestant cs[64];
  int nc = 0, nx = 0, i, k;
  long samples;
  const lwc_aead *const *a;
  const lwc_hash *const *h;
  const char *engines[] = {"avx512", "avx2"};
  if (argc == 2 && strcmp(argv[1], "check") == 0) {
    samples = 0;
  } else if (argc < 3 || (samples = strtol(argv[1], NULL, 10)) < 1) {
    fprintf(stderr, "usage: lwc-hostcmp SAMPLES SIZE...\n       lwc-hostcmp check\n");
    return 2;
  }
  /* ours: every implementation of the two schemes in this build */
  for (a = lwc_aead_registry; *a; a++)
    if (strcmp((*a)->scheme, "ascon-aead128") == 0)
      ADD("encrypt", "ascon-aead128", (*a)->impl, .ours_aead = *a);
  for (h = lwc_hash_registry; *h; h++)
    if (strcmp((*h)->scheme, "ascon-hash256") == 0)
      ADD("hash", "ascon-hash256", (*h)->impl, .ours_hash = *h);
#ifdef LWC_HOSTCMP_RUSTCRYPTO
  ADD("encrypt", "ascon-aead128", "rustcrypto", .aead = rc_ascon_aead128_encrypt);
  ADD("hash", "ascon-hash256", "rustcrypto", .hash = rc_ascon_hash256);
#endif
  /* the batch calls: BATCH messages per call, and BATCH one-message calls */
  {
    const lwc_aead *best = lwc_aead_find("ascon-aead128", NULL);
    ADD("encrypt-x8", "ascon-aead128", "single-calls", .ours_aead = best,
                            .singles = 1);
    for (k = 0; k < 2; k++) {
      const lwc_batch *b = lwc_batch_find("ascon-aead128", engines[k]);
      if (b != NULL)
        ADD("encrypt-x8", "ascon-aead128", engines[k], .ours_aead = best,
                                .batch = b);
    }
  }
  while (hostcmp_extra[nx].who != NULL) nx++;
  for (k = 0; k < 16; k++) key[k] = (uint8_t)k, nonce[k] = (uint8_t)(0x10 + k);
  if (samples == 0) return check(cs, nc, nx);
  printf("selected ascon-aead128 %s\n", lwc_aead_find("ascon-aead128", NULL)->impl);
  printf("selected ascon-hash256 %s\n", lwc_hash_find("ascon-hash256", NULL)->impl);

  for (k = 2; k < argc; k++) {
    size_t size = strtoul(argv[k], NULL, 10), reps = reps_for(size), r;
    int total = nc + nx;
    uint64_t *t = calloc((size_t)total * (size_t)samples, sizeof *t);
    long s;
    msg = malloc(size + 64);
    out = malloc(BATCH * (size + 64));
    for (r = 0; r < size; r++) msg[r] = (uint8_t)r;
    for (i = 0; i < BATCH; i++)
      jobs[i] = (lwc_aead_job){out + i * (size + 64), msg, size, NULL, 0, nonce, key, 0};
    for (i = 0; i < total; i++) run_once(&cs[i < nc ? i : 0], size, 0, i < nc ? -1 : i - nc);
    /* round by round, each contestant once per round, in a rotating order */
    for (s = 0; s < samples; s++)
      for (i = 0; i < total; i++) {
        int j = (int)((i + s) % total);
        uint64_t t0 = ticks();
        for (r = 0; r < reps; r++) run_once(&cs[j < nc ? j : 0], size, 0, j < nc ? -1 : j - nc);
        t[(size_t)j * (size_t)samples + (size_t)s] = (ticks() - t0) / reps;
      }
    for (i = 0; i < total; i++) {
      uint64_t *v = t + (size_t)i * (size_t)samples;
      const char *op = i < nc ? cs[i].op : hostcmp_extra[i - nc].aead ? "encrypt" : "hash";
      const char *scheme = i < nc ? cs[i].scheme : hostcmp_extra[i - nc].scheme;
      const char *who = i < nc ? cs[i].who : hostcmp_extra[i - nc].who;
      int messages = i < nc && (cs[i].batch || cs[i].singles) ? BATCH : 1;
      qsort(v, (size_t)samples, sizeof *v, cmp_u64);
      printf("row %s %s %s %zu %d %llu %llu\n", op, scheme, who, size, messages,
             (unsigned long long)v[samples / 2], (unsigned long long)v[0]);
    }
    free(t);
    free(msg);
    free(out);
  }
  printf("tsc_hz %.0f\n", tsc_hz());
  return 0;
}
