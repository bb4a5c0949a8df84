/*
 * Portable core of lwc-bench (protocol in bench.h): the buffers, the
 * counted operations, request dispatch and the requests measure, once,
 * overhead, loop, rounds, list and hello; it hands "kat" to bench_kat.c.
 * Both take their answer lines, input sequences and CRC-32 from
 * bench_util.c, which calls neither.  No libc beyond mem* and str*
 * (mini_libc.c on the cross targets): no printf, no division of 64-bit
 * numbers, no allocation, so an 8- or 16-bit target compiles it as it is
 * next to its port.
 *
 * Statistics (bench_stats.c), constant-time traces (bench_trace.c) and
 * stack painting (bench_stack.c) have files of their own, included below
 * where their code stood.  They stay one translation unit with this file
 * on purpose: every measured operation runs under bench_handle's frame,
 * and the compiler builds that frame from what it inlines into
 * bench_handle (the requests and the statistics they call).  Compiled
 * apart, the same code moved the measured counts (cortex-m3-qemu: +1
 * instruction and +8 stack bytes per record; avr-atmega128: +2 cycles;
 * msp430: -4 stack bytes).  The text writer is compiled apart
 * (bench_util.c) without that effect: moving it changed only the layout,
 * which decides on which 4-byte boundaries src/lib/lwc.c falls, and with
 * them rv32-ibex's cycles for the one-shot AEAD calls.
 */
#include <string.h>

#include "bench.h"
#include "bench_util.h"
#include "lwc.h"

/* On a Linux host with valgrind's headers, `once` dumps callgrind's
 * counters after its operation (a no-op when not under valgrind). */
#if defined(__linux__) && defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define BENCH_DUMP_COUNTS() CALLGRIND_DUMP_STATS
#endif
#endif
#ifndef BENCH_DUMP_COUNTS
#define BENCH_DUMP_COUNTS() ((void)0)
#endif

#define MAX_FIELDS 8
#define MAX_TAG 32

static uint8_t key[32], nonce[32];
static volatile uint8_t sink; /* keeps the outputs observable */
static uint8_t msg[BENCH_MAX_LEN], ad[BENCH_MAX_LEN];
static uint8_t ct[BENCH_MAX_LEN + MAX_TAG], out[BENCH_MAX_LEN + MAX_TAG];
static uint8_t tag[MAX_TAG];
static uint64_t samples[2][BENCH_MAX_SAMPLES];
/* What ct[] holds (after_op): a one-shot ciphertext of these lengths, or
 * nothing (a == NULL). */
static struct {
  const lwc_aead *a;
  size_t adlen, mlen;
} ct_holds;

#if defined(__AVR__)
/* s (in RAM) equals the constant string lit (bench.h).  Beside the
 * dispatch that calls it: compiled apart, avr-gcc placed do_overhead among
 * the unlikely code, with 2 cycles less in the empty region it counts. */
int bench_str_eq(const char *s, const bench_str *lit) {
  const char *p = (const char *)lit;
  char c;
  do {
    c = (char)bench_rom_byte(p++);
    if (*s++ != c) return 0;
  } while (c != '\0');
  return 1;
}
#endif

/* ---- parsing ------------------------------------------------------------ */
static int parse_u32(const char *s, uint32_t max, uint32_t *v) {
  uint32_t x = 0;
  if (*s == '\0') return 0;
  for (; *s != '\0'; s++) {
    if (*s < '0' || *s > '9' || x > (max - (uint32_t)(*s - '0')) / 10u) return 0;
    x = x * 10u + (uint32_t)(*s - '0');
  }
  *v = x;
  return 1;
}

/* ---- Fresh randomness for the masked implementations (lwc.h) -----------
 * xoshiro128++ (Blackman and Vigna), installed with lwc_set_random():
 * statistically sound and a few instructions a word on a 32-bit core, but
 * predictable; it serves the KAT, the measurements and the leakage
 * assessment, whose masks must be independent of the key, not secret from
 * the evaluator.  A device installs its TRNG. */
static uint32_t rng[4] = {0x9e3779b9u, 0x243f6a88u, 0xb7e15162u, 0x6a09e667u};

/* One output of xoshiro128++ and the step of its state s (also the leak
 * request's input generator, bench_leak.c). */
static uint32_t xoshiro_next(uint32_t *s) {
  uint32_t x = s[0] + s[3], r = ((x << 7) | (x >> 25)) + s[0], t = s[1] << 9;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = (s[3] << 11) | (s[3] >> 21);
  return r;
}

/* Bytes drawn from it since count_ops() began counting: the measure
 * answer's random_bytes, per operation (absent where none are drawn). */
static uint32_t random_drawn, random_per_op;

static void bench_random(void *arg, uint8_t *dst, size_t len) {
  uint32_t w, st[4];
  (void)arg;
  random_drawn += (uint32_t)len;
  /* the generator's state in locals (registers) for the whole request, and
   * __builtin_memcpy: a store (or four) in line, where the freestanding
   * build's memcpy is a byte loop's call per word; the masked code's
   * buffers are words, a store a word */
  __builtin_memcpy(st, rng, sizeof st);
  if (((uintptr_t)dst & 3u) == 0) {
    for (; len >= 4; len -= 4, dst += 4) {
      w = xoshiro_next(st);
      __builtin_memcpy(__builtin_assume_aligned(dst, 4), &w, 4);
    }
  }
  for (; len >= 4; len -= 4, dst += 4) {
    w = xoshiro_next(st);
    __builtin_memcpy(dst, &w, 4);
  }
  if (len > 0) {
    w = xoshiro_next(st);
    memcpy(dst, &w, len);
  }
  __builtin_memcpy(rng, st, sizeof st);
}

#include "bench_stats.c"


/* ---- the operations ----------------------------------------------------- */
enum { OP_ENCRYPT, OP_DECRYPT, OP_HASH, OP_PERMUTE, OP_AUTH, OP_NONE };

typedef struct {
  int op;
  const lwc_aead *a;
  union { /* the one descriptor the operation has besides an AEAD's (op says which) */
    const lwc_hash *h;
    const lwc_perm *p;
    const lwc_auth *m; /* a MAC or PRF: its full output (outbytes) */
  };
  size_t adlen, mlen;
  int stream; /* longer than the buffers: incremental API in chunks */
  lwc_perm_state ps; /* a bare permutation's state (in the request's frame) */
} job_t;

/* Feed len bytes to f in chunks of at most BENCH_MAX_LEN from buf. */
#define CHUNKED(len, call)                          \
  do {                                              \
    size_t left_ = (len), n_;                       \
    while (left_ > 0 && r == LWC_OK) {              \
      n_ = left_ < BENCH_MAX_LEN ? left_ : BENCH_MAX_LEN; \
      r = (call);                                   \
      left_ -= n_;                                  \
    }                                               \
  } while (0)

/* A MAC's or PRF's operations, out of line: its context on a frame of its
 * own, not in run_op's, which every other implementation's requests use. */
static __attribute__((noinline)) int stream_auth(const job_t *j) {
  lwc_auth_ctx c;
  int r = j->m->init(&c, key);
  CHUNKED(j->mlen, j->m->update(&c, msg, n_));
  if (r == LWC_OK) r = j->m->squeeze(&c, out, j->m->outbytes);
  lwc_auth_wipe(&c);
  return r;
}

static __attribute__((noinline)) int oneshot_auth(const job_t *j) {
  return lwc_auth_compute(j->m, out, j->m->outbytes, msg, j->mlen, key);
}

/* The streamed operations (mode=stream): the same buffers over and over,
 * with c the implementation's context.  Inlined in run_op (and in
 * stream_op_masked), as it always was: run_op's frame, which the stack
 * probe counts, is then the same whatever the compiler's heuristics. */
static inline __attribute__((always_inline)) int stream_op(const job_t *j, lwc_aead_ctx *c) {
  lwc_hash_ctx hc;
  int r = LWC_OK;
  switch (j->op) {
    case OP_ENCRYPT:
      if (!BENCH_SERVES(AEAD)) return LWC_ERR_ARG;
      r = j->a->init(c, key, nonce, NULL);
      CHUNKED(j->adlen, j->a->absorb_ad(c, ad, n_));
      CHUNKED(j->mlen, j->a->encrypt_update(c, ct, msg, n_));
      if (r == LWC_OK) r = j->a->encrypt_final(c, tag, j->a->tagbytes);
      return r;
    case OP_DECRYPT:
      if (!BENCH_SERVES(AEAD)) return LWC_ERR_ARG;
      r = j->a->init(c, key, nonce, NULL);
      CHUNKED(j->adlen, j->a->absorb_ad(c, ad, n_));
      CHUNKED(j->mlen, j->a->decrypt_update(c, out, ct, n_));
      if (r == LWC_OK) r = j->a->decrypt_verify(c, tag, j->a->tagbytes);
      return r;
    case OP_HASH:
      if (!BENCH_SERVES(HASH)) return LWC_ERR_ARG;
      r = j->h->init(&hc, NULL, 0);
      CHUNKED(j->mlen, j->h->update(&hc, msg, n_));
      if (r == LWC_OK) r = j->h->squeeze(&hc, out, j->h->outbytes);
      return r;
    case OP_AUTH:
      if (!BENCH_SERVES(AUTH)) return LWC_ERR_ARG;
      return stream_auth(j);
    default:
      return LWC_ERR_ARG;
  }
}

/* A masked implementation's context is a whole lwc_aead_ctx (lwc.h); the
 * others get the small one, as before masking, on the frames measured. */
#define MASKED(j) (BENCH_SERVES(AEAD) && (j)->a != NULL && (j)->a->shares != 0)

static __attribute__((noinline)) int stream_op_masked(const job_t *j) {
  lwc_aead_ctx c;
  return stream_op(j, &c);
}

/* One operation, the way it is measured.  Not inlined, so that the counted
 * region and the stack probe see one call. */
static __attribute__((noinline)) int run_op(job_t *j) {
  if (j->stream) {
    lwc_aead_small_ctx c;
    if (MASKED(j)) return stream_op_masked(j);
    return stream_op(j, (lwc_aead_ctx *)(void *)&c);
  }
  switch (j->op) {
    case OP_ENCRYPT:
      if (!BENCH_SERVES(AEAD)) return LWC_ERR_ARG;
      return lwc_aead_encrypt(j->a, ct, msg, j->mlen, ad, j->adlen, nonce, key, NULL);
    case OP_DECRYPT:
      if (!BENCH_SERVES(AEAD)) return LWC_ERR_ARG;
      return lwc_aead_decrypt(j->a, out, ct, j->mlen + j->a->tagbytes, ad, j->adlen,
                              nonce, key, NULL);
    case OP_HASH:
      if (!BENCH_SERVES(HASH)) return LWC_ERR_ARG;
      return lwc_hash_compute(j->h, out, j->h->outbytes, msg, j->mlen, NULL, 0);
    case OP_PERMUTE:
      if (!BENCH_SERVES(PERM)) return LWC_ERR_ARG;
      j->p->permute(&j->ps);
      return LWC_OK;
    case OP_AUTH:
      if (!BENCH_SERVES(AUTH)) return LWC_ERR_ARG;
      return oneshot_auth(j);
    default:
      return LWC_ERR_ARG;
  }
}

/* The valid tag for a streamed decryption of ct[] repeated: decrypt each
 * chunk and re-encrypt what came out alongside; a deterministic AEAD gives
 * back the same ciphertext, and its final tag is the one decryption expects. */
static int stream_tag_in(const job_t *j, lwc_aead_ctx *d, lwc_aead_ctx *e, size_t size) {
  int r = j->a->init(d, key, nonce, NULL);
  if (r == LWC_OK) r = j->a->init(e, key, nonce, NULL);
  CHUNKED(j->adlen, j->a->absorb_ad(d, ad, n_));
  CHUNKED(j->adlen, j->a->absorb_ad(e, ad, n_));
  {
    size_t left = j->mlen, n;
    while (left > 0 && r == LWC_OK) {
      n = left < BENCH_MAX_LEN ? left : BENCH_MAX_LEN;
      r = j->a->decrypt_update(d, out, ct, n);
      if (r == LWC_OK) r = j->a->encrypt_update(e, msg, out, n);
      if (r == LWC_OK && memcmp(msg, ct, n) != 0) r = LWC_ERR_ARG;
      left -= n;
    }
  }
  if (r == LWC_OK) r = j->a->encrypt_final(e, tag, j->a->tagbytes);
  lwc_wipe(d, size);
  bench_fill(msg, BENCH_MAX_LEN, 0x30);
  return r;
}

static __attribute__((noinline)) int stream_tag_masked(const job_t *j) {
  lwc_aead_ctx d, e;
  return stream_tag_in(j, &d, &e, sizeof d);
}

static int stream_tag(const job_t *j) {
  lwc_aead_small_ctx d, e;
  if (MASKED(j)) return stream_tag_masked(j);
  return stream_tag_in(j, (lwc_aead_ctx *)(void *)&d, (lwc_aead_ctx *)(void *)&e, sizeof d);
}

/* Which secret the inputs carry: 0 for measurements; the "ct" request runs
 * the same operation with others (key and message bytes, a permutation's
 * state) and the port's tracer compares what executed. */
static unsigned secret;
#define SECRET_KEY(s) (0x5bu * (s))
#define SECRET_MSG(s) (0x30u + 0x29u * (s))

/* The null permutation: returns at once.  "null-permutation" measures it
 * through the very call a bare permutation's measurement makes (run_op's
 * j->p->permute), with the implementation's descriptor otherwise; ./lwcbench
 * subtracts it from that implementation's permutation, same run: the cost
 * of the function itself. */
static __attribute__((noinline)) void null_permute(lwc_perm_state *s) {
  __asm__ volatile("" : : "r"(s) : "memory");
}
static lwc_perm null_perm; /* the implementation's descriptor, permute null */

static const bench_str *setup(job_t *j, char **f) {
  uint32_t adlen, mlen;
  int reuse, null_op = 0;
  if (bench_kat_failed) return BENCH_STR("the KAT failed: not measured");
  j->op = OP_NONE;
  j->a = NULL;
  j->h = NULL; /* and p, m */
  if (bench_str_eq(f[3], BENCH_STR("encrypt"))) j->op = OP_ENCRYPT;
  if (bench_str_eq(f[3], BENCH_STR("decrypt"))) j->op = OP_DECRYPT;
  if (bench_str_eq(f[3], BENCH_STR("hash"))) j->op = OP_HASH;
  if (bench_str_eq(f[3], BENCH_STR("permutation"))) j->op = OP_PERMUTE;
  if (bench_str_eq(f[3], BENCH_STR("null-permutation"))) j->op = OP_PERMUTE, null_op = 1;
  if (bench_str_eq(f[3], BENCH_STR("auth"))) j->op = OP_AUTH;
  if (j->op == OP_NONE)
    return BENCH_STR("unknown operation (encrypt, decrypt, hash, permutation, "
                     "null-permutation, auth)");
  if ((j->op <= OP_DECRYPT && !BENCH_SERVES(AEAD)) ||
      (j->op == OP_HASH && !BENCH_SERVES(HASH)) ||
      (j->op == OP_PERMUTE && !BENCH_SERVES(PERM)) ||
      (j->op == OP_AUTH && !BENCH_SERVES(AUTH)))
    return BENCH_STR("not an operation of this image's kind");
  if (!parse_u32(f[4], 0x7fffffffu, &adlen) || !parse_u32(f[5], 0x7fffffffu, &mlen))
    return BENCH_STR("bad length");
  j->adlen = adlen;
  j->mlen = mlen;
  j->stream = adlen > BENCH_MAX_LEN || mlen > BENCH_MAX_LEN;
  if (j->op == OP_PERMUTE) {
    if ((j->p = lwc_perm_find(f[1], f[2])) == NULL) return BENCH_STR("no such permutation");
    if (adlen != 0 || mlen != 0) return BENCH_STR("a permutation takes no data");
    if (null_op) {
      null_perm = *j->p;
      null_perm.permute = null_permute;
      j->p = &null_perm;
    }
    bench_fill(msg, j->p->statebytes, SECRET_MSG(secret)); /* a nonzero starting state */
    j->p->init(&j->ps);
    if (j->p->add_bytes(&j->ps, msg, 0, j->p->statebytes) != LWC_OK)
      return BENCH_STR("bad state size");
    return NULL;
  }
  if (j->op == OP_HASH) {
    if ((j->h = lwc_hash_find(f[1], f[2])) == NULL)
      return BENCH_STR("no such hash implementation");
    if (adlen != 0) return BENCH_STR("hash takes no associated data");
  } else if (j->op == OP_AUTH) {
    if ((j->m = lwc_auth_find(f[1], f[2])) == NULL)
      return BENCH_STR("no such MAC or PRF implementation");
    if (adlen != 0) return BENCH_STR("a MAC takes no associated data");
    if (j->m->outbytes > sizeof out || j->m->keybytes > sizeof key)
      return BENCH_STR("parameters too large for lwc-bench");
    if ((j->m->max_inbytes != 0 && mlen > j->m->max_inbytes) ||
        (j->stream && j->m->init == NULL))
      return BENCH_STR("longer than the function takes");
    bench_fill(key, j->m->keybytes, SECRET_KEY(secret));
  } else if ((j->a = lwc_aead_find(f[1], f[2])) == NULL) {
    return BENCH_STR("no such AEAD implementation");
  } else if (j->a->tagbytes > MAX_TAG || j->a->keybytes > sizeof key ||
             j->a->noncebytes > sizeof nonce) {
    return BENCH_STR("parameters too large for lwc-bench");
  }
  /* the inputs: only the bytes the operation reads (a stream reads whole buffers) */
  bench_fill(msg, j->stream ? BENCH_MAX_LEN : mlen, SECRET_MSG(secret));
  bench_fill(ad, j->stream ? BENCH_MAX_LEN : adlen, 0x20);
  if (j->a != NULL) {
    bench_fill(key, j->a->keybytes, SECRET_KEY(secret));
    bench_fill(nonce, j->a->noncebytes, 0x10);
  }
  reuse = j->op == OP_DECRYPT && !j->stream && ct_holds.a == j->a &&
          ct_holds.adlen == j->adlen && ct_holds.mlen == j->mlen;
  ct_holds.a = NULL; /* any operation may write ct[] from here */
  if (BENCH_SERVES(AEAD) && j->op == OP_DECRYPT && !reuse) {
    /* a valid ciphertext to decrypt: encrypt once */
    size_t m = j->stream ? BENCH_MAX_LEN : j->mlen;
    if (lwc_aead_encrypt(j->a, ct, msg, m, ad, j->stream ? 0 : j->adlen, nonce, key,
                         NULL) != LWC_OK)
      return BENCH_STR("encryption failed");
    if (j->stream && stream_tag(j) != LWC_OK)
      return BENCH_STR("streamed decryption does not invert encryption");
  }
  return NULL;
}

/* After a measured operation (uncounted): a one-shot decryption must have
 * accepted the tag (run_op's result) and given the plaintext back; ct[]
 * then holds the ciphertext of this AEAD's inputs at these lengths (the
 * inputs are always the same patterns), which a decryption measured next
 * at the same lengths reuses instead of encrypting again. */
static int after_op(const job_t *j) {
  if (j->op == OP_DECRYPT && !j->stream && memcmp(out, msg, j->mlen) != 0) return 0;
  if ((j->op == OP_ENCRYPT || j->op == OP_DECRYPT) && !j->stream) {
    ct_holds.a = j->a;
    ct_holds.adlen = j->adlen;
    ct_holds.mlen = j->mlen;
  }
  return 1;
}

static void head_of(text_t *t, char **f) {
  /* the five names one after the other, each ended by its '\0' */
  static const char names[] BENCH_ROM = "scheme=\0 impl=\0 op=\0 adlen=\0 mlen=";
  const char *name = names;
  int i;
  for (i = 0; i < 5; i++) {
    t_rom(t, (const bench_str *)name);
    while (bench_rom_byte(name) != '\0') name++;
    name++;
    t_str(t, f[i + 1]);
  }
}

/* Count n single operations into samples[][]; 0 when one failed. */
static int count_ops(job_t *j, size_t n) {
  uint64_t v0[2] = {0, 0}, v1[2] = {0, 0};
  size_t i, warm = bench_exact ? 0 : 3; /* noisy clocks: warm caches, predictors */
  for (i = 0; i < warm; i++)
    if (run_op(j) != LWC_OK) return 0;
  random_drawn = 0;
  for (i = 0; i < n; i++) {
    int r;
    bench_read_counters(v0);
    r = run_op(j);
    bench_read_counters(v1);
    if (r != LWC_OK || !after_op(j)) return 0;
    samples[0][i] = v1[0] - v0[0];
    samples[1][i] = v1[1] - v0[1];
    sink ^= out[0] ^ ct[0] ^ (uint8_t)j->ps.opaque[0];
  }
  random_per_op = random_drawn / (uint32_t)n;
  return 1;
}

/* "ok scheme=S impl=I op=OP adlen=A mlen=M" and then either the counts of
 * n samples (measure), a field (stack) or the mode (once). */
static __attribute__((noinline)) void answer(char **f, size_t n, const bench_str *field,
                                             uint64_t v, const job_t *j) {
  char buf[OUT_LINE];
  text_t t = text_at(buf, sizeof buf);
  const bench_str *mode = j->stream ? BENCH_STR("stream") : BENCH_STR("oneshot");
  t_rom(&t, BENCH_STR("ok "));
  head_of(&t, f);
  if (n > 0) {
    if (random_per_op != 0) t_field(&t, BENCH_STR("random_bytes"), random_per_op);
    report(&t, n, mode);
    return;
  }
  if (field != NULL) {
    t_field(&t, field, v);
  } else {
    t_rom(&t, BENCH_STR(" mode="));
    t_rom(&t, mode);
  }
  bench_put_line(t.s);
}

static int do_measure(char **f, int nf, int *ok) {
  job_t j;
  uint32_t n;
  const bench_str *why;
  if (nf != 7) return bench_fail(ok, BENCH_STR("usage: measure SCHEME IMPL OP ADLEN MLEN SAMPLES"));
  if (!parse_u32(f[6], BENCH_MAX_SAMPLES, &n) || n == 0)
    return bench_fail(ok, BENCH_STR("bad sample count (1 .. BENCH_MAX_SAMPLES)"));
  if ((why = setup(&j, f)) != NULL) return bench_fail(ok, why);
  if (!count_ops(&j, n)) return bench_fail(ok, BENCH_STR("operation failed"));
  answer(f, n, NULL, 0, &j);
  *ok = 1;
  return 0;
}

/* One operation and nothing else, for an outside counter (valgrind's
 * callgrind on the host: --toggle-collect=bench_counted_op). */
int bench_counted_op(job_t *j);
__attribute__((noinline)) int bench_counted_op(job_t *j) { return run_op(j); }

static int do_once(char **f, int nf, int *ok) {
  job_t j;
  const bench_str *why;
  if (nf != 6) return bench_fail(ok, BENCH_STR("usage: once SCHEME IMPL OP ADLEN MLEN"));
  if ((why = setup(&j, f)) != NULL) return bench_fail(ok, why);
  if (bench_counted_op(&j) != LWC_OK) return bench_fail(ok, BENCH_STR("operation failed"));
  BENCH_DUMP_COUNTS();
  if (!after_op(&j)) return bench_fail(ok, BENCH_STR("operation failed"));
  answer(f, 0, NULL, 0, &j);
  *ok = 1;
  return 0;
}

#include "bench_trace.c"
#include "bench_leak.c"

#include "bench_stack.c"


/* ---- calibration requests ----------------------------------------------- */
static int do_overhead(char **f, int nf, int *ok) {
  uint32_t n, i;
  uint64_t v0[2] = {0, 0}, v1[2] = {0, 0};
  if (nf != 2 || !parse_u32(f[1], BENCH_MAX_SAMPLES, &n) || n == 0)
    return bench_fail(ok, BENCH_STR("usage: overhead SAMPLES"));
  for (i = 0; i < n; i++) {
    bench_read_counters(v0);
    bench_read_counters(v1);
    samples[0][i] = v1[0] - v0[0];
    samples[1][i] = v1[1] - v0[1];
  }
  {
    char buf[OUT_LINE];
    text_t t = text_at(buf, sizeof buf);
    t_rom(&t, BENCH_STR("ok op=overhead"));
    report(&t, n, NULL);
  }
  *ok = 1;
  return 0;
}

static int do_loop(char **f, int nf, int *ok) {
  uint32_t n, s, i;
  uint64_t v0[2] = {0, 0}, v1[2] = {0, 0};
  char buf[OUT_LINE];
  text_t head = text_at(buf, sizeof buf);
  if (nf != 3 || !parse_u32(f[1], 0x7fffffffu, &n) ||
      !parse_u32(f[2], BENCH_MAX_SAMPLES, &s) || s == 0)
    return bench_fail(ok, BENCH_STR("usage: loop N SAMPLES"));
  for (i = 0; i < s; i++) {
    bench_read_counters(v0);
    bench_known_loop(n);
    bench_read_counters(v1);
    samples[0][i] = v1[0] - v0[0];
    samples[1][i] = v1[1] - v0[1];
  }
  t_rom(&head, BENCH_STR("ok op=loop n="));
  t_str(&head, f[1]);
  t_field(&head, BENCH_STR("body"), bench_loop_body);
  t_field(&head, BENCH_STR("body_cycles"), bench_loop_body_cycles);
  report(&head, s, NULL);
  *ok = 1;
  return 0;
}


/* rounds SCHEME IMPL: for n = 1 .. max_rounds, the CRC-32 of the state
 * after permute_rounds(n) from a fixed state (bytes 0x30, 0x31, ...):
 * every round count of a bare permutation, compared by the host with
 * another implementation (the modes behind the KAT use only some). */
static int do_rounds(char **f, int nf, int *ok) {
  const lwc_perm *p;
  lwc_perm_state st;
  uint8_t b[sizeof st];
  unsigned n;
  if (nf != 3) return bench_fail(ok, BENCH_STR("usage: rounds SCHEME IMPL"));
  if (!BENCH_SERVES(PERM) || (p = lwc_perm_find(f[1], f[2])) == NULL)
    return bench_fail(ok, BENCH_STR("no such permutation"));
  if (p->statebytes > sizeof b) return bench_fail(ok, BENCH_STR("state too large"));
  for (n = 1; n <= p->max_rounds; n++) {
    bench_fill(b, p->statebytes, 0x30);
    p->init(&st);
    p->add_bytes(&st, b, 0, p->statebytes);
    if (p->permute_rounds(&st, n) != LWC_OK)
      return bench_fail(ok, BENCH_STR("permute_rounds refused"));
    p->extract_bytes(&st, b, 0, p->statebytes);
    bench_put_kat(n, bench_crc32(0, b, p->statebytes));
  }
  bench_put_ok_count(BENCH_STR("rounds"), p->max_rounds);
  *ok = 1;
  return 0;
}

static void list_line(const bench_str *kind, const char *scheme, const char *impl) {
  char buf[OUT_LINE];
  text_t t = text_at(buf, sizeof buf);
  t_rom(&t, BENCH_STR("impl "));
  t_rom(&t, kind);
  t_rom(&t, BENCH_STR(" "));
  t_str(&t, scheme);
  t_rom(&t, BENCH_STR(" "));
  t_str(&t, impl);
  bench_put_line(t.s);
}

static int do_list(int *ok) {
  const lwc_aead *const *a;
  const lwc_hash *const *h;
  const lwc_perm *const *p;
  uint64_t count = 0;
  for (a = lwc_aead_registry; *a != NULL; a++, count++)
    list_line(BENCH_STR("aead"), (*a)->scheme, (*a)->impl);
  for (h = lwc_hash_registry; *h != NULL; h++, count++)
    list_line(BENCH_STR("hash"), (*h)->scheme, (*h)->impl);
  for (p = lwc_perm_registry; *p != NULL; p++, count++)
    list_line(BENCH_STR("perm"), (*p)->scheme, (*p)->impl);
  bench_put_ok_count(BENCH_STR("count"), count);
  *ok = 1;
  return 0;
}

static int do_hello(int *ok) {
  char buf[OUT_LINE];
  text_t t = text_at(buf, sizeof buf);
  t_rom(&t, BENCH_STR("ok lwc-bench"));
  t_field(&t, BENCH_STR("protocol"), BENCH_PROTOCOL);
  t_rom(&t, BENCH_STR(" port="));
  t_str(&t, bench_port);
  t_rom(&t, BENCH_STR(" counters="));
  t_rom(&t, (bench_counters & BENCH_COUNTER_CYCLES) ? BENCH_STR("cycles") : BENCH_STR(""));
  t_rom(&t, (bench_counters & 3u) == 3u ? BENCH_STR(",") : BENCH_STR(""));
  t_rom(&t, (bench_counters & BENCH_COUNTER_INSTRUCTIONS) ? BENCH_STR("instructions")
                                                           : BENCH_STR(""));
  t_field(&t, BENCH_STR("exact"), (uint64_t)bench_exact);
  t_field(&t, BENCH_STR("max_len"), BENCH_MAX_LEN);
  t_field(&t, BENCH_STR("max_samples"), BENCH_MAX_SAMPLES);
  t_field(&t, BENCH_STR("stack_paint"), BENCH_STACK_PAINT);
  bench_put_line(t.s);
  *ok = 1;
  return 0;
}

int bench_handle(char *line, int *ok) {
  char *f[MAX_FIELDS + 1];
  int nf = 0;
  char *p = line;
  while (*p != '\0') {
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') *p++ = '\0';
    if (*p == '\0') break;
    if (nf == MAX_FIELDS) return bench_fail(ok, BENCH_STR("too many fields"));
    f[nf++] = p;
    while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') p++;
  }
  *ok = 0;
  if (nf == 0) return bench_fail(ok, BENCH_STR("empty request"));
  if (bench_str_eq(f[0], BENCH_STR("measure"))) return do_measure(f, nf, ok);
  if (bench_str_eq(f[0], BENCH_STR("stack"))) return do_stack(f, nf, ok);
  if (bench_str_eq(f[0], BENCH_STR("once"))) return do_once(f, nf, ok);
#if BENCH_CT
  if (bench_str_eq(f[0], BENCH_STR("ct"))) return do_ct(f, nf, ok);
#endif
#if BENCH_LEAK
  if (bench_str_eq(f[0], BENCH_STR("leak"))) return do_leak(f, nf, ok);
#endif
  if (bench_str_eq(f[0], BENCH_STR("kat"))) return bench_kat(f, nf, ok);
  if (bench_str_eq(f[0], BENCH_STR("overhead"))) return do_overhead(f, nf, ok);
  if (bench_str_eq(f[0], BENCH_STR("loop"))) return do_loop(f, nf, ok);
  if (bench_str_eq(f[0], BENCH_STR("list"))) return do_list(ok);
  if (bench_str_eq(f[0], BENCH_STR("rounds"))) return do_rounds(f, nf, ok);
  if (bench_str_eq(f[0], BENCH_STR("hello"))) return do_hello(ok);
  if (bench_str_eq(f[0], BENCH_STR("quit"))) {
    bench_reply(BENCH_STR("ok"), BENCH_STR("bye"));
    *ok = 1;
    return 1;
  }
  return bench_fail(ok, BENCH_STR("unknown request (hello, list, kat, rounds, overhead, loop, "
                                  "measure, stack, once, ct, quit)"));
}

void bench_serve(void) {
  char line[BENCH_LINE];
  size_t n = 0;
  int c, ok, overlong = 0;
  if (BENCH_SERVES(AEAD)) lwc_set_random(bench_random, NULL); /* a masked AEAD's draws */
  for (;;) {
    c = bench_getc();
    if (c < 0 || c == '\n') {
      if (overlong) {
        bench_reply(BENCH_STR("err"), BENCH_STR("request too long"));
      } else if (n > 0 || c == '\n') {
        line[n] = '\0';
        if (bench_handle(line, &ok)) return;
      }
      if (c < 0) return;
      n = 0;
      overlong = 0;
      continue;
    }
    if (n + 1 < sizeof line) {
      line[n++] = (char)c;
    } else {
      overlong = 1;
    }
  }
}
