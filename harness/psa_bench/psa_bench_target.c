/*
 * lwc-psa-bench for a microcontroller target: the cost of the PSA Crypto
 * API layer (src/psa/) over the direct lwc call, counted by the target's
 * port (harness/firmware/bench.h: bench_read_counters; under QEMU the
 * instructions its plugin counts).  `./lwcbench psa-overhead --target T`
 * links it the way the target's firmware is linked and runs it.  Both paths
 * run the same implementation: the one psa_crypto_init picks,
 * lwc_*_find(scheme, NULL), the target's preferred one.
 *
 * Request (one line on the console): SAMPLES SIZE...
 * First the check: for messages of 0..64 bytes and of every SIZE, the PSA
 * call and the direct call must give the same bytes (Ascon-AEAD128
 * ciphertext and tag, Ascon-Hash256 digest); a difference prints
 * "differs OP BYTES" and the program stops having counted nothing.  Then
 *   check ok
 *   selected SCHEME IMPL          (both schemes)
 *   empty MEDIAN                  instructions of an empty counted region
 *   row OP SCHEME PATH SIZE MEDIAN MIN MAX
 * a row per (operation, path, size): the instructions of one call (the
 * empty region's subtracted), SAMPLES calls each; OP encrypt or hash,
 * PATH direct or psa.  The port's counts are exact under a simulator, so
 * MIN and MAX show that the samples agree.  "err MESSAGE" for a bad
 * request.  No heap: the buffers are fixed (sizes up to MAX_SIZE).
 */
#include <psa/crypto.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bench.h"
#include "lwc.h"

#define MAX_SIZE 32768u
#define MAX_SIZES 4
#define MAX_SAMPLES 31
#define TAG 16
#define DIGEST 32

static uint8_t key[16], nonce[16], msg[MAX_SIZE], out[MAX_SIZE + TAG + DIGEST];
static uint8_t want[MAX_SIZE + TAG];
static const lwc_aead *aead;
static const lwc_hash *hash;
static psa_key_id_t key_id;
static char line[128];

typedef struct {
  const char *op, *scheme, *path;
  size_t size;
} contestant;

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

/* ---- Output without printf ----------------------------------------------------------- */
static char *put_str(char *p, const char *s) {
  while (*s) *p++ = *s++;
  return p;
}

static char *put_u64(char *p, uint64_t v) {
  char tmp[20];
  int n = 0;
  do {
    tmp[n++] = (char)('0' + v % 10u);
    v /= 10u;
  } while (v);
  *p++ = ' ';
  while (n) *p++ = tmp[--n];
  return p;
}

static void say(const char *a, const char *b, const char *c) {
  char buf[96], *p = put_str(buf, a);
  if (b) p = put_str(put_str(p, " "), b);
  if (c) p = put_str(put_str(p, " "), c);
  *p = 0;
  bench_put_line(buf);
}

/* The PSA path's output against the direct call's: 1 when they agree. */
static int same(const char *op, size_t size) {
  contestant d = {op, "", "direct", size}, p = {op, "", "psa", size};
  size_t n = op[0] == 'h' ? DIGEST : size + TAG;
  int ok;
  char num[24];
  memset(out, 0x55, n);
  ok = run_once(&d) == 0;
  memcpy(want, out, n);
  memset(out, 0xaa, n);
  ok = ok && run_once(&p) == 0 && memcmp(want, out, n) == 0;
  if (!ok) {
    *put_u64(num, size) = 0;
    say("differs", op, num + 1);
  }
  return ok;
}

/* ---- Counting ------------------------------------------------------------------------ */
/* The instructions of one counted region (the counter reads included). */
static uint64_t count(const contestant *c) {
  uint64_t a[2] = {0, 0}, b[2] = {0, 0};
  bench_read_counters(a);
  if (c != NULL) run_once(c);
  bench_read_counters(b);
  return b[1] - a[1];
}

static void sort(uint64_t *v, unsigned n) { /* insertion sort: a few samples */
  unsigned i, j;
  for (i = 1; i < n; i++) {
    uint64_t x = v[i];
    for (j = i; j > 0 && v[j - 1] > x; j--) v[j] = v[j - 1];
    v[j] = x;
  }
}

/* Reads the request line; 0 when there is none. */
static int read_request(void) {
  size_t n = 0;
  int c;
  while ((c = bench_getc()) >= 0 && c != '\n')
    if (n + 1 < sizeof line) line[n++] = (char)c;
  line[n] = 0;
  return n > 0;
}

/* The next number of the request from *s; -1 when there is none. */
static long next_number(const char **s) {
  long v = -1;
  while (**s == ' ') (*s)++;
  while (**s >= '0' && **s <= '9') {
    v = (v < 0 ? 0 : v * 10) + (**s - '0');
    (*s)++;
    if (v > 1000000L) return -1;
  }
  return v;
}

void bench_serve(void) {
  static const char *ops[] = {"encrypt", "hash"}, *paths[] = {"direct", "psa"};
  static uint64_t samples_of[MAX_SAMPLES];
  psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
  contestant cs[MAX_SIZES * 4];
  size_t sizes[MAX_SIZES], k;
  unsigned nsizes = 0, nc = 0, i, j;
  long samples, v;
  const char *s = line;
  uint64_t empty;
  int ok = 1;
  char buf[128], *p;

  if (!read_request() || (samples = next_number(&s)) < 1 || samples > MAX_SAMPLES) {
    say("err", "request: SAMPLES (1..31) SIZE... (1..32768 bytes, at most 4)", NULL);
    return;
  }
  while ((v = next_number(&s)) >= 0) {
    if (v < 1 || v > (long)MAX_SIZE || nsizes == MAX_SIZES) {
      say("err", "sizes: 1..32768 bytes, at most 4", NULL);
      return;
    }
    sizes[nsizes++] = (size_t)v;
  }
  aead = lwc_aead_find("ascon-aead128", NULL);
  hash = lwc_hash_find("ascon-hash256", NULL);
  if (aead == NULL || hash == NULL || psa_crypto_init() != PSA_SUCCESS) {
    say("err", "ascon-aead128 or ascon-hash256 not in this build", NULL);
    return;
  }
  for (k = 0; k < 16; k++) key[k] = (uint8_t)k, nonce[k] = (uint8_t)(0x10 + k);
  /* the key imported once, outside the counting */
  psa_set_key_type(&attr, PSA_KEY_TYPE_ASCON);
  psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT);
  psa_set_key_algorithm(&attr, PSA_ALG_ASCON_AEAD128);
  if (psa_import_key(&attr, key, sizeof key, &key_id) != PSA_SUCCESS) {
    say("err", "psa_import_key failed", NULL);
    return;
  }
  for (k = 0; k < MAX_SIZE; k++) msg[k] = (uint8_t)(k * 7 + 3);
  for (k = 0; k <= 64; k++) ok = ok && same("encrypt", k) && same("hash", k);
  for (i = 0; i < nsizes; i++) ok = ok && same("encrypt", sizes[i]) && same("hash", sizes[i]);
  if (!ok) return;
  say("check", "ok", NULL);
  say("selected", "ascon-aead128", aead->impl);
  say("selected", "ascon-hash256", hash->impl);

  for (i = 0; i < (unsigned)samples; i++) samples_of[i] = count(NULL);
  sort(samples_of, (unsigned)samples);
  empty = samples_of[samples / 2];
  *put_u64(put_str(buf, "empty"), empty) = 0;
  bench_put_line(buf);

  for (i = 0; i < nsizes; i++)
    for (j = 0; j < 4; j++)
      cs[nc++] = (contestant){ops[j / 2], j / 2 ? "ascon-hash256" : "ascon-aead128",
                              paths[j % 2], sizes[i]};
  for (i = 0; i < nc; i++) {
    run_once(&cs[i]); /* once before counting, as the host warms its caches */
    for (j = 0; j < (unsigned)samples; j++) samples_of[j] = count(&cs[i]) - empty;
    sort(samples_of, (unsigned)samples);
    p = put_str(put_str(put_str(put_str(put_str(put_str(buf, "row "), cs[i].op), " "),
                                cs[i].scheme), " "), cs[i].path);
    p = put_u64(p, cs[i].size);
    p = put_u64(p, samples_of[samples / 2]);
    p = put_u64(p, samples_of[0]);
    p = put_u64(p, samples_of[samples - 1]);
    *p = 0;
    bench_put_line(buf);
  }
  psa_destroy_key(key_id);
}
