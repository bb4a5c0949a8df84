/*
 * lwc-test batch SCHEME ENGINE: the batch calls (lwc_aead_encrypt_batch,
 * lwc_aead_decrypt_batch, lwc_hash_batch) with one engine against the
 * one-message calls of the scheme's ref implementation, on random sets of
 * jobs: counts around the lane width, lengths equal and different (block
 * boundaries, a long message among short ones), in place or not, unaligned
 * buffers, canaries after every output; a forged tag in one job fails that
 * job only and zeroes its plaintext only; refused jobs write nothing.
 * Prints "batch: P passed, F failed"; exit status 1 on any failure.
 * LWC_PROPS_SEED in the environment changes the random cases.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "props.h"
#include "tests.h"
#ifdef LWC_CT_VALGRIND
#include <valgrind/memcheck.h>
#define SECRET(p, n) ((void)VALGRIND_MAKE_MEM_UNDEFINED((p), (n)))
#define PUBLIC(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#else
#define SECRET(p, n) ((void)(p), (void)(n))
#define PUBLIC(p, n) ((void)(p), (void)(n))
#endif

#define MAXJ 72
#define MAXLEN 1600
#define CANARY 0xa5

/* 0 .. n-1 from the property tests' stream (props.h) */
static unsigned rnd(unsigned n) { return (unsigned)prop_below(n); }

static int passed, failed;
static void check(int ok, const char *what, unsigned round) {
  if (ok) {
    passed++;
  } else {
    failed++;
    printf("FAIL round %u: %s\n", round, what);
  }
}

/* A length: small, at block boundaries, or long (one case in ten). */
static size_t rlen(void) {
  static const size_t edge[] = {0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64};
  switch (rnd(4)) {
    case 0: return edge[rnd(sizeof edge / sizeof edge[0])];
    case 1: return rnd(10) == 0 ? 1536 : rnd(200);
    default: return rnd(80);
  }
}

/* Per job: its own buffers (one byte of slack before, for misalignment,
 * and canaries after), so that any stray write shows. */
typedef struct {
  uint8_t key[32], nonce[32], ad[MAXLEN + 1], in[MAXLEN + 64], out[MAXLEN + 64];
  uint8_t want[MAXLEN + 64];
  size_t adlen, mlen;
  int inplace, off;
} job_bufs;

static job_bufs bufs[MAXJ];

/* every byte of p[0..total) outside [start, start + len) still the canary */
#define GUARD_OK(p, start, len) prop_guard_ok((p), sizeof(p), (start), (len), CANARY)

static void aead_round(const lwc_aead *ref, const lwc_aead *a, const lwc_batch *b,
                       unsigned round) {
  lwc_aead_job jobs[MAXJ];
  static const unsigned counts[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33, 64, 65, MAXJ};
  unsigned n = counts[rnd(sizeof counts / sizeof counts[0])], i, forged = rnd(n);
  size_t same = rnd(3) == 0 ? rlen() : (size_t)-1; /* all one length, sometimes */
  size_t tb = a->tagbytes;
  int r;
  char what[160];
  for (i = 0; i < n; i++) {
    job_bufs *q = &bufs[i];
    q->mlen = same != (size_t)-1 ? same : rlen();
    q->adlen = same != (size_t)-1 && rnd(2) ? same : rlen();
    q->inplace = rnd(3) == 0;
    q->off = (int)rnd(2);
    prop_fill(q->key, a->keybytes);
    prop_fill(q->nonce, a->noncebytes);
    prop_fill(q->ad, q->adlen + 1);
    prop_fill(q->in, q->mlen + 1);
    memset(q->out, CANARY, sizeof q->out);
    /* the oracle: ref, one message */
    if (lwc_aead_encrypt(ref, q->want, q->in + q->off, q->mlen, q->ad + q->off, q->adlen,
                         q->nonce, q->key, NULL) != LWC_OK)
      check(0, "ref encrypt", round);
    if (q->inplace) { /* the output over the input (room for the tag after it) */
      memset(q->out, CANARY, sizeof q->out);
      memcpy(q->out + q->off, q->in + q->off, q->mlen);
    }
    jobs[i].out = q->out + q->off;
    jobs[i].in = q->inplace ? q->out + q->off : q->in + q->off;
    jobs[i].inlen = q->mlen;
    jobs[i].ad = q->ad + q->off;
    jobs[i].adlen = q->adlen;
    jobs[i].nonce = q->nonce;
    jobs[i].key = q->key;
    jobs[i].status = 12345;
  }
  r = lwc_aead_encrypt_batch(a, b, jobs, n);
  check(r == LWC_OK, "encrypt batch returned an error", round);
  for (i = 0; i < n; i++) {
    job_bufs *q = &bufs[i];
    snprintf(what, sizeof what, "encrypt job %u of %u (mlen %zu, adlen %zu, %s)", i, n, q->mlen,
             q->adlen, q->inplace ? "in place" : "apart");
    check(jobs[i].status == LWC_OK && memcmp(q->out + q->off, q->want, q->mlen + tb) == 0 &&
              GUARD_OK(q->out, q->off, q->mlen + tb),
          what, round);
  }
  /* decrypt: the ciphertexts back (in place or into a fresh buffer); one forged */
  for (i = 0; i < n; i++) {
    job_bufs *q = &bufs[i];
    memcpy(q->in + q->off, q->want, q->mlen + tb);
    if (i == forged) q->in[q->off + rnd((unsigned)(q->mlen + tb))] ^= (uint8_t)(1u << rnd(8));
    memset(q->out, CANARY, sizeof q->out);
    if (q->inplace) memcpy(q->out + q->off, q->in + q->off, q->mlen + tb);
    jobs[i].in = q->inplace ? q->out + q->off : q->in + q->off;
    jobs[i].inlen = q->mlen + tb;
    jobs[i].status = 12345;
  }
  r = lwc_aead_decrypt_batch(a, b, jobs, n);
  check(r == LWC_ERR_TAG, "decrypt batch with a forgery did not return LWC_ERR_TAG", round);
  for (i = 0; i < n; i++) {
    job_bufs *q = &bufs[i];
    uint8_t want[MAXLEN];
    int ok;
    if (i == forged) {
      memset(want, 0, q->mlen);
    } else if (lwc_aead_decrypt(ref, want, q->want, q->mlen + tb, q->ad + q->off, q->adlen,
                                q->nonce, q->key, NULL) != LWC_OK) {
      check(0, "ref decrypt", round);
    }
    snprintf(what, sizeof what, "decrypt job %u of %u (mlen %zu, adlen %zu, %s%s)", i, n,
             q->mlen, q->adlen, q->inplace ? "in place" : "apart", i == forged ? ", forged" : "");
    ok = jobs[i].status == (i == forged ? LWC_ERR_TAG : LWC_OK) &&
         memcmp(q->out + q->off, want, q->mlen) == 0;
    /* past the plaintext: the untouched tag (in place), then canaries */
    if (q->inplace)
      ok = ok && memcmp(q->out + q->off + q->mlen, q->in + q->off + q->mlen, tb) == 0 &&
           GUARD_OK(q->out, q->off, q->mlen + tb);
    else
      ok = ok && GUARD_OK(q->out, q->off, q->mlen);
    check(ok, what, round);
  }
}

/* Refused jobs (a ciphertext shorter than the tag; an engine of another
 * scheme) are reported and write nothing; the others go on. */
static void aead_refusals(const lwc_aead *a, const lwc_batch *b) {
  lwc_aead_job jobs[3];
  uint8_t key[32] = {1}, nonce[32] = {2}, out[3][64], in[64] = {3};
  const lwc_batch *other = lwc_batch_find("ascon-hash256", NULL);
  unsigned i;
  int r;
  memset(out, CANARY, sizeof out);
  for (i = 0; i < 3; i++) {
    jobs[i].out = out[i];
    jobs[i].in = in;
    jobs[i].inlen = i == 1 ? a->tagbytes - 1u : 40;
    jobs[i].ad = NULL;
    jobs[i].adlen = 0;
    jobs[i].nonce = nonce;
    jobs[i].key = key;
  }
  r = lwc_aead_decrypt_batch(a, b, jobs, 3);
  check(r == LWC_ERR_ARG && jobs[1].status == LWC_ERR_ARG && jobs[0].status == LWC_ERR_TAG &&
            jobs[2].status == LWC_ERR_TAG && GUARD_OK(out[1], 0, 0),
        "a short ciphertext is refused, the other jobs run", 0);
  if (other != NULL) {
    memset(out, CANARY, sizeof out);
    r = lwc_aead_encrypt_batch(a, other, jobs, 3);
    check(r == LWC_ERR_ARG && jobs[0].status == LWC_ERR_ARG &&
              GUARD_OK(out[0], 0, 0) && GUARD_OK(out[2], 0, 0),
          "an engine of another scheme is refused", 0);
  }
  check(lwc_aead_encrypt_batch(a, b, NULL, 0) == LWC_OK, "no jobs", 0);
}

static void hash_round(const lwc_hash *ref, const lwc_hash *h, const lwc_batch *b,
                       unsigned round) {
  lwc_hash_job jobs[MAXJ];
  static const unsigned counts[] = {1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 64, 65, MAXJ};
  unsigned n = counts[rnd(sizeof counts / sizeof counts[0])], i;
  size_t same = rnd(3) == 0 ? rlen() : (size_t)-1;
  char what[160];
  for (i = 0; i < n; i++) {
    job_bufs *q = &bufs[i];
    size_t outlen = h->kind == LWC_HASH ? h->outbytes : rnd(4) == 0 ? rnd(3) : 1 + rnd(100);
    q->mlen = same != (size_t)-1 ? same : rlen();
    q->adlen = h->kind == LWC_CXOF ? rnd(4) == 0 ? h->max_custombytes : rnd(40) : 0;
    q->off = (int)rnd(2);
    prop_fill(q->in, q->mlen + 1);
    prop_fill(q->ad, q->adlen + 1);
    memset(q->out, CANARY, sizeof q->out);
    if (lwc_hash_compute(ref, q->want, outlen, q->in + q->off, q->mlen,
                         h->kind == LWC_CXOF ? q->ad + q->off : NULL, q->adlen) != LWC_OK)
      check(0, "ref hash", round);
    jobs[i].out = q->out + q->off;
    jobs[i].outlen = outlen;
    jobs[i].in = q->in + q->off;
    jobs[i].inlen = q->mlen;
    jobs[i].custom = h->kind == LWC_CXOF ? q->ad + q->off : NULL;
    jobs[i].customlen = q->adlen;
    jobs[i].status = 12345;
  }
  check(lwc_hash_batch(h, b, jobs, n) == LWC_OK, "hash batch returned an error", round);
  for (i = 0; i < n; i++) {
    job_bufs *q = &bufs[i];
    snprintf(what, sizeof what, "hash job %u of %u (inlen %zu, outlen %zu, custom %zu)", i, n,
             q->mlen, jobs[i].outlen, q->adlen);
    check(jobs[i].status == LWC_OK && memcmp(q->out + q->off, q->want, jobs[i].outlen) == 0 &&
              GUARD_OK(q->out, q->off, jobs[i].outlen),
          what, round);
  }
}

static void hash_refusals(const lwc_hash *h, const lwc_batch *b) {
  lwc_hash_job jobs[2];
  uint8_t out[2][300], in[8] = {0};
  int r;
  memset(out, CANARY, sizeof out);
  jobs[0].out = out[0];
  jobs[0].outlen = h->kind == LWC_HASH ? h->outbytes + 1u : 16;
  jobs[0].in = in;
  jobs[0].inlen = 8;
  jobs[0].custom = in;
  jobs[0].customlen = h->max_custombytes + 1u; /* too long (or any, for non-CXOF) */
  jobs[1] = jobs[0];
  jobs[1].out = out[1];
  jobs[1].outlen = h->kind == LWC_HASH ? h->outbytes : 16;
  jobs[1].custom = NULL;
  jobs[1].customlen = 0;
  r = lwc_hash_batch(h, b, jobs, 2);
  check(r == LWC_ERR_ARG && jobs[0].status == LWC_ERR_ARG && jobs[1].status == LWC_OK &&
            GUARD_OK(out[0], 0, 0),
        "a bad job is refused and writes nothing, the other runs", 0);
}

/* lwc-test batch-ct SCHEME ENGINE (built with LWC_CT_VALGRIND, run under
 * valgrind's memcheck): keys, nonces, messages and custom strings marked
 * undefined, so that a branch or a table index that depends on them is an
 * error; outputs (public once computed) declassified.  Lengths differ per
 * job and are public. */
static int batch_ct(const lwc_aead *a, const lwc_hash *h, const lwc_batch *b) {
  enum { N = 11 };
  lwc_aead_job aj[N];
  lwc_hash_job hj[N];
  unsigned i;
  for (i = 0; i < N; i++) {
    job_bufs *q = &bufs[i];
    q->mlen = 13u * i + (i % 3) * 16u;
    q->adlen = 7u * i;
    prop_fill(q->key, sizeof q->key);
    prop_fill(q->nonce, sizeof q->nonce);
    prop_fill(q->in, q->mlen + 16);
    prop_fill(q->ad, q->adlen);
    SECRET(q->key, sizeof q->key);
    SECRET(q->nonce, sizeof q->nonce);
    SECRET(q->in, q->mlen);
    SECRET(q->ad, q->adlen);
  }
  if (a != NULL) {
    for (i = 0; i < N; i++) {
      job_bufs *q = &bufs[i];
      aj[i] = (lwc_aead_job){q->out, q->in, q->mlen, q->ad, q->adlen, q->nonce, q->key, 0};
    }
    if (lwc_aead_encrypt_batch(a, b, aj, N) != LWC_OK) return 1;
    for (i = 0; i < N; i++) { /* the ciphertexts back, one forged */
      job_bufs *q = &bufs[i];
      PUBLIC(q->out, q->mlen + a->tagbytes);
      memcpy(q->want, q->out, q->mlen + a->tagbytes);
      if (i == 5) q->want[q->mlen] ^= 1;
      aj[i] = (lwc_aead_job){q->out, q->want, q->mlen + a->tagbytes, q->ad, q->adlen, q->nonce,
                             q->key, 0};
    }
    if (lwc_aead_decrypt_batch(a, b, aj, N) != LWC_ERR_TAG) return 1;
  } else {
    for (i = 0; i < N; i++) {
      job_bufs *q = &bufs[i];
      size_t zl = h->kind == LWC_CXOF ? q->adlen : 0;
      hj[i] = (lwc_hash_job){q->out, h->kind == LWC_HASH ? h->outbytes : 40u, q->in, q->mlen,
                             zl ? q->ad : NULL, zl, 0};
    }
    if (lwc_hash_batch(h, b, hj, N) != LWC_OK) return 1;
  }
  printf("batch-ct %s %s: done\n", a ? a->scheme : h->scheme, b->engine);
  return 0;
}

/* lwc_batch_engine lists what lwc_batch_find finds: the fastest first,
 * the engine under test among them (but "single"), no "single", an end. */
static void engine_listing(const char *scheme, const lwc_batch *b) {
  const lwc_batch *e;
  unsigned n, found = 0, singles = 0;
  for (n = 0; n < 16 && (e = lwc_batch_engine(scheme, n)) != NULL; n++) {
    found += e == b;
    singles += strcmp(e->engine, "single") == 0;
    check(lwc_batch_find(scheme, e->engine) == e, "a listed engine is found by its name", n);
  }
  check(n < 16 && lwc_batch_engine(scheme, n) == NULL, "the listing ends", 0);
  check(lwc_batch_engine(scheme, 0) == lwc_batch_find(scheme, NULL), "the fastest first", 0);
  check(singles == 0 && found == (strcmp(b->engine, "single") != 0),
        "the engine under test listed, 'single' not", 0);
}

int batch_main(int argc, char **argv) {
  uint64_t seed;
  const lwc_aead *a;
  const lwc_hash *h;
  const lwc_batch *b;
  unsigned round;
  int ct = argc == 3 && strcmp(argv[2], "ct") == 0;
  if (argc != 2 && !ct) {
    fprintf(stderr, "usage: lwc-test batch SCHEME ENGINE [ct]\n");
    return 2;
  }
  if (!prop_seed_env(&seed)) return 2;
  prop_begin(seed, argv[0], argv[1]);
  b = lwc_batch_find(argv[0], argv[1]);
  if (b == NULL) {
    fprintf(stderr, "lwc-test: no batch engine %s for %s on this CPU\n", argv[1], argv[0]);
    return 2;
  }
  a = lwc_aead_find(argv[0], NULL);
  h = lwc_hash_find(argv[0], NULL);
  if (ct && (a != NULL || h != NULL)) return batch_ct(a, h, b);
  engine_listing(argv[0], b);
  if (a != NULL) {
    const lwc_aead *ref = lwc_aead_find(argv[0], "ref");
    if (ref == NULL) return fprintf(stderr, "lwc-test: no ref of %s\n", argv[0]), 2;
    for (round = 1; round <= 60; round++) aead_round(ref, a, b, round);
    aead_refusals(a, b);
  } else if (h != NULL) {
    const lwc_hash *ref = lwc_hash_find(argv[0], "ref");
    if (ref == NULL) return fprintf(stderr, "lwc-test: no ref of %s\n", argv[0]), 2;
    for (round = 1; round <= 60; round++) hash_round(ref, h, b, round);
    hash_refusals(h, b);
  } else {
    fprintf(stderr, "lwc-test: unknown scheme %s\n", argv[0]);
    return 2;
  }
  printf("batch %s %s (%u lanes): %d passed, %d failed\n", argv[0], b->engine, b->lanes,
         passed, failed);
  return failed ? 1 : 0;
}
