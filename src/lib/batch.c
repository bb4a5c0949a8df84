/*
 * The batch calls of include/lwc.h: checking each job, choosing an engine,
 * grouping the jobs by length into the engine's lanes.  The engines are made
 * by src/lib/batch_<scheme>.c from src/ascon/batch_mode.h.
 */
#include <string.h>

#include "batch_engines.h"
#include "core/common.h"
#include "internal.h"
#include "lwc.h"

/* Every scheme's engines (one file src/lib/batch_<sym>.c each; a test
 * checks that no file is left out of this list).  A build of some schemes
 * only (CMake's LWC_SCHEMES) names its own list in LWC_BATCH_LIST_H. */
#ifdef LWC_BATCH_LIST_H
#include LWC_BATCH_LIST_H
#else
#define LWC_BATCH_SCHEMES(X) \
  X(ascon_aead128) X(ascon128_v12) X(ascon128a_v12) X(ascon_hash256) \
  X(ascon_xof128) X(ascon_cxof128) X(asconhash_v12) X(asconxof_v12)
#endif

static const lwc_batch single = {"*", "single", 1, NULL, NULL};

#if LWC_BATCH_X86
#define DECLARE(sym) extern const lwc_batch lwc_batch_##sym[2];
LWC_BATCH_SCHEMES(DECLARE)
#define ENTRY(sym) lwc_batch_##sym,
static const lwc_batch *const engines[] = {LWC_BATCH_SCHEMES(ENTRY) NULL};

#endif

const lwc_batch *lwc_batch_find(const char *scheme, const char *engine) {
  if (scheme == NULL) return NULL;
  if (engine != NULL && strcmp(engine, "single") == 0) return &single;
#if LWC_BATCH_X86
  {
    size_t i, e;
    for (i = 0; engines[i] != NULL; i++)
      for (e = 0; e < 2; e++) {
        const lwc_batch *b = &engines[i][e];
        if (strcmp(b->scheme, scheme) == 0 &&
            (engine == NULL || strcmp(b->engine, engine) == 0) && lwc_cpu_has(b->engine))
          return b;
      }
  }
#endif
  return NULL;
}

const lwc_batch *lwc_batch_engine(const char *scheme, unsigned n) {
  if (scheme == NULL) return NULL;
#if LWC_BATCH_X86
  {
    size_t i, e;
    for (i = 0; engines[i] != NULL; i++)
      for (e = 0; e < 2; e++) {
        const lwc_batch *b = &engines[i][e];
        if (strcmp(b->scheme, scheme) == 0 && lwc_cpu_has(b->engine) && n-- == 0) return b;
      }
  }
#else
  (void)n;
#endif
  return NULL;
}

/* The engine to use: b as given (it must be of the scheme), the fastest
 * this CPU runs, or "single" (the only one off x86-64: the grouping below
 * is compiled there only). */
static const lwc_batch *engine_for(const char *scheme, const lwc_batch *b) {
  if (b == NULL) b = lwc_batch_find(scheme, NULL);
  if (b == NULL) return &single;
  if (b != &single && (!LWC_BATCH_X86 || strcmp(b->scheme, scheme) != 0)) return NULL;
  return b;
}

/* Jobs are taken CHUNK at a time, sorted by length (descending) within the
 * chunk, and handed to the engine `lanes` at a time: messages of similar
 * length share a group and few lanes idle.  Off x86-64 there is no engine
 * to group for: all n jobs in one pass (gcc 12 for RV32 with Zbs also
 * fails on the constant 64-job stride: "unrecognizable insn"). */
#if LWC_BATCH_X86
#define CHUNK 64
#else
#define CHUNK n
#endif

#if LWC_BATCH_X86
static size_t aead_steps(const lwc_aead_job *j) { return j->adlen / 16 + j->inlen / 16; }
static size_t hash_steps(const lwc_hash_job *j) {
  return j->inlen / 8 + j->customlen / 8 + j->outlen / 8;
}
#endif

#define SORT_BY(v, n, key)                                       \
  do {                                                           \
    size_t s_i, s_k;                                             \
    for (s_i = 1; s_i < (n); s_i++)                              \
      for (s_k = s_i; s_k > 0 && key(v[s_k - 1]) < key(v[s_k]); s_k--) { \
        void *s_t = (void *)v[s_k];                              \
        v[s_k] = v[s_k - 1];                                     \
        v[s_k - 1] = s_t;                                        \
      }                                                          \
  } while (0)

static int summary(int any_arg, int any_tag) {
  return any_arg ? LWC_ERR_ARG : any_tag ? LWC_ERR_TAG : LWC_OK;
}

/* The loop of both batch calls, over jobs of type J: CHUNK at a time, each
 * job refused (b NULL, or REFUSED(j): status LWC_ERR_ARG), run alone
 * (b == &single: status ALONE(j)) or kept for the engine; the kept ones
 * sorted by STEPS and handed to GROUP(jobs, count) `lanes` at a time; then
 * each job's status is counted in the caller's any_arg / any_tag. */
#if LWC_BATCH_X86
#define KEEP_ROOM(J) \
  J *todo[CHUNK];    \
  size_t m = 0
#define KEEP(j) todo[m++] = (j)
#define GROUPS(STEPS, GROUP)                                                  \
  do {                                                                        \
    SORT_BY(todo, m, STEPS);                                                  \
    for (i = 0; i < m; i += b->lanes)                                         \
      GROUP(todo + i, m - i < b->lanes ? (unsigned)(m - i) : b->lanes);       \
  } while (0)
#else /* no engine to keep jobs for */
#define KEEP_ROOM(J) (void)0
#define KEEP(j) (void)(j)
#define GROUPS(STEPS, GROUP) (void)0
#endif
#define BATCH_LOOP(J, jobs, n, REFUSED, ALONE, STEPS, GROUP)           \
  do {                                                                 \
    size_t i, start, end;                                              \
    for (start = 0; start < (n); start = end) {                        \
      KEEP_ROOM(J);                                                    \
      end = (n) - start < CHUNK ? (n) : start + CHUNK;                 \
      for (i = start; i < end; i++) {                                  \
        J *j = &(jobs)[i];                                             \
        if (b == NULL || (REFUSED)) j->status = LWC_ERR_ARG;           \
        else if (b == &single) j->status = (ALONE);                    \
        else KEEP(j);                                                  \
      }                                                                \
      GROUPS(STEPS, GROUP);                                            \
      for (i = start; i < end; i++) {                                  \
        any_arg |= (jobs)[i].status == LWC_ERR_ARG;                    \
        any_tag |= (jobs)[i].status == LWC_ERR_TAG;                    \
      }                                                                \
    }                                                                  \
  } while (0)

static int aead_batch(const lwc_aead *a, const lwc_batch *b, lwc_aead_job *jobs,
                      size_t n, int decrypt) {
  int any_arg = a == NULL, any_tag = 0;
  /* a NULL descriptor (an unknown name's find()): every job refused */
  b = a != NULL ? engine_for(a->scheme, b) : NULL;
  if (b != NULL && b->aead_group == NULL && b != &single) b = NULL;
#define AEAD_GROUP(v, k) b->aead_group(v, k, decrypt)
  BATCH_LOOP(lwc_aead_job, jobs, n,
             ((j->inlen | j->adlen) > LWC_LEN_MAX) || (decrypt && j->inlen < a->tagbytes),
             decrypt ? lwc_aead_decrypt(a, j->out, j->in, j->inlen, j->ad, j->adlen, j->nonce,
                                        j->key, NULL)
                     : lwc_aead_encrypt(a, j->out, j->in, j->inlen, j->ad, j->adlen, j->nonce,
                                        j->key, NULL),
             aead_steps, AEAD_GROUP);
  return summary(any_arg, any_tag);
}

int lwc_aead_encrypt_batch(const lwc_aead *a, const lwc_batch *b,
                           lwc_aead_job *jobs, size_t n) {
  return aead_batch(a, b, jobs, n, 0);
}

int lwc_aead_decrypt_batch(const lwc_aead *a, const lwc_batch *b,
                           lwc_aead_job *jobs, size_t n) {
  return aead_batch(a, b, jobs, n, 1);
}

int lwc_hash_batch(const lwc_hash *h, const lwc_batch *b, lwc_hash_job *jobs,
                   size_t n) {
  int any_arg = h == NULL, any_tag = 0;
  b = h != NULL ? engine_for(h->scheme, b) : NULL; /* NULL h: every job refused */
  if (b != NULL && b->hash_group == NULL && b != &single) b = NULL;
#define HASH_GROUP(v, k) b->hash_group(v, k)
  BATCH_LOOP(lwc_hash_job, jobs, n,
             (h->kind == LWC_HASH && j->outlen != h->outbytes) ||
                 ((j->inlen | j->outlen) > LWC_LEN_MAX) || j->customlen > h->max_custombytes,
             lwc_hash_compute(h, j->out, j->outlen, j->in, j->inlen, j->custom, j->customlen),
             hash_steps, HASH_GROUP);
  return summary(any_arg, any_tag);
}
