/*
 * Portable core of lwc-bench: request parsing, the timed operations and
 * the statistics.  No file I/O, no allocation: a cross target compiles this
 * file as it is next to its own port (clock + line output).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "lwc.h"

#define MAX_FIELDS 8
/* responses echo request fields: room for a whole request plus numbers */
#define OUT_LINE (2 * BENCH_LINE + 128)

static uint8_t key[32], nonce[32];
static volatile uint8_t sink; /* keeps the outputs observable */
static uint8_t msg[BENCH_MAX_LEN], ad[BENCH_MAX_LEN];
static uint8_t ct[BENCH_MAX_LEN + 64], out[BENCH_MAX_LEN + 64];
static uint64_t samples[BENCH_MAX_SAMPLES];

static void reply(const char *status, const char *text) {
  char line[OUT_LINE];
  snprintf(line, sizeof line, "%s %s", status, text);
  bench_put_line(line);
}

static int fail(int *ok, const char *text) {
  *ok = 0;
  reply("err", text);
  return 0;
}

static void fill(uint8_t *p, size_t n, unsigned start) {
  size_t i;
  for (i = 0; i < n; i++) p[i] = (uint8_t)(start + i);
}

static int parse_len(const char *s, unsigned long max, unsigned long *v) {
  char *end;
  if (*s < '0' || *s > '9') return 0;
  *v = strtoul(s, &end, 10);
  return *end == '\0' && *v <= max;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* Sort the n samples; median (mean of the two middle ones when n is even). */
static uint64_t median(uint64_t *v, size_t n) {
  qsort(v, n, sizeof *v, cmp_u64);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

enum { OP_ENCRYPT, OP_DECRYPT, OP_HASH, OP_NONE };

/* One operation; returns LWC_OK or an error code. */
static int run_op(int op, const lwc_aead *a, const lwc_hash *h, size_t adlen,
                  size_t mlen) {
  switch (op) {
    case OP_ENCRYPT:
      return lwc_aead_encrypt(a, ct, msg, mlen, ad, adlen, nonce, key, NULL);
    case OP_DECRYPT:
      return lwc_aead_decrypt(a, out, ct, mlen + a->tagbytes, ad, adlen, nonce,
                              key, NULL);
    case OP_HASH:
      return lwc_hash_compute(h, out, h->outbytes, msg, mlen, NULL, 0);
    default:
      return LWC_ERR_ARG;
  }
}

/* Time n single operations into samples[]; 0 when an operation failed. */
static int sample(int op, const lwc_aead *a, const lwc_hash *h, size_t adlen,
                  size_t mlen, size_t n) {
  size_t i;
  uint64_t t0, t1;
  for (i = 0; i < 3; i++) /* warm caches and branch predictors */
    if (run_op(op, a, h, adlen, mlen) != LWC_OK) return 0;
  for (i = 0; i < n; i++) {
    int r;
    t0 = bench_clock_start();
    r = run_op(op, a, h, adlen, mlen);
    t1 = bench_clock_stop();
    if (r != LWC_OK) return 0;
    samples[i] = t1 - t0;
    sink ^= out[0] ^ ct[0];
  }
  return 1;
}

static void report(const char *head, size_t n) {
  char line[OUT_LINE];
  uint64_t med = median(samples, n);
  snprintf(line, sizeof line, "ok %s samples=%lu unit=%s median=%llu min=%llu max=%llu",
           head, (unsigned long)n, bench_unit, (unsigned long long)med,
           (unsigned long long)samples[0], (unsigned long long)samples[n - 1]);
  bench_put_line(line);
}

static int do_measure(char **f, int nf, int *ok) {
  const lwc_aead *a = NULL;
  const lwc_hash *h = NULL;
  unsigned long adlen, mlen, n;
  int op = OP_NONE;
  char head[OUT_LINE - 128];
  if (nf != 7) return fail(ok, "usage: measure SCHEME IMPL OP ADLEN MLEN SAMPLES");
  if (strcmp(f[3], "encrypt") == 0) op = OP_ENCRYPT;
  if (strcmp(f[3], "decrypt") == 0) op = OP_DECRYPT;
  if (strcmp(f[3], "hash") == 0) op = OP_HASH;
  if (op == OP_NONE) return fail(ok, "unknown operation (encrypt, decrypt, hash)");
  if (!parse_len(f[4], BENCH_MAX_LEN, &adlen) || !parse_len(f[5], BENCH_MAX_LEN, &mlen))
    return fail(ok, "bad length (0 .. BENCH_MAX_LEN)");
  if (!parse_len(f[6], BENCH_MAX_SAMPLES, &n) || n == 0)
    return fail(ok, "bad sample count (1 .. BENCH_MAX_SAMPLES)");
  if (op == OP_HASH) {
    if ((h = lwc_hash_find(f[1], f[2])) == NULL)
      return fail(ok, "no such hash implementation");
    if (adlen != 0) return fail(ok, "hash takes no associated data");
  } else if ((a = lwc_aead_find(f[1], f[2])) == NULL) {
    return fail(ok, "no such AEAD implementation");
  }
  fill(msg, mlen, 0x30);
  if (a != NULL) {
    fill(key, a->keybytes, 0);
    fill(nonce, a->noncebytes, 0x10);
    fill(ad, adlen, 0x20);
    /* decrypt needs a valid ciphertext: encrypt once, then check a decrypt */
    if (lwc_aead_encrypt(a, ct, msg, mlen, ad, adlen, nonce, key, NULL) != LWC_OK)
      return fail(ok, "encryption failed");
    if (lwc_aead_decrypt(a, out, ct, mlen + a->tagbytes, ad, adlen, nonce, key,
                         NULL) != LWC_OK ||
        memcmp(out, msg, mlen) != 0)
      return fail(ok, "decryption of a fresh ciphertext failed");
  }
  if (!sample(op, a, h, adlen, mlen, n)) return fail(ok, "operation failed");
  snprintf(head, sizeof head, "scheme=%s impl=%s op=%s adlen=%lu mlen=%lu", f[1],
           f[2], f[3], adlen, mlen);
  report(head, n);
  *ok = 1;
  return 0;
}

static int do_overhead(char **f, int nf, int *ok) {
  unsigned long n, i;
  if (nf != 2 || !parse_len(f[1], BENCH_MAX_SAMPLES, &n) || n == 0)
    return fail(ok, "usage: overhead SAMPLES");
  for (i = 0; i < n; i++) {
    uint64_t t0 = bench_clock_start();
    samples[i] = bench_clock_stop() - t0;
  }
  report("op=overhead", n);
  *ok = 1;
  return 0;
}

static int do_list(int *ok) {
  char line[OUT_LINE];
  const lwc_aead *const *a;
  const lwc_hash *const *h;
  unsigned count = 0;
  for (a = lwc_aead_registry; *a != NULL; a++, count++) {
    snprintf(line, sizeof line, "impl aead %s %s", (*a)->scheme, (*a)->impl);
    bench_put_line(line);
  }
  for (h = lwc_hash_registry; *h != NULL; h++, count++) {
    snprintf(line, sizeof line, "impl hash %s %s", (*h)->scheme, (*h)->impl);
    bench_put_line(line);
  }
  snprintf(line, sizeof line, "ok count=%u", count);
  bench_put_line(line);
  *ok = 1;
  return 0;
}

int bench_handle(char *line, int *ok) {
  char *f[MAX_FIELDS + 1];
  char text[BENCH_LINE];
  int nf = 0;
  char *p = line;
  while (*p != '\0') {
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') *p++ = '\0';
    if (*p == '\0') break;
    if (nf == MAX_FIELDS) return fail(ok, "too many fields");
    f[nf++] = p;
    while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') p++;
  }
  *ok = 0;
  if (nf == 0) return fail(ok, "empty request");
  if (strcmp(f[0], "measure") == 0) return do_measure(f, nf, ok);
  if (strcmp(f[0], "overhead") == 0) return do_overhead(f, nf, ok);
  if (strcmp(f[0], "list") == 0) return do_list(ok);
  if (strcmp(f[0], "hello") == 0) {
    snprintf(text, sizeof text, "lwc-bench protocol=%d clock=%s unit=%s max_len=%u max_samples=%u",
             BENCH_PROTOCOL, bench_clock_name, bench_unit, (unsigned)BENCH_MAX_LEN,
             (unsigned)BENCH_MAX_SAMPLES);
    reply("ok", text);
    *ok = 1;
    return 0;
  }
  if (strcmp(f[0], "quit") == 0) {
    reply("ok", "bye");
    *ok = 1;
    return 1;
  }
  return fail(ok, "unknown request (hello, list, overhead, measure, quit)");
}
