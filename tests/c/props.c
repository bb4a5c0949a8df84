/*
 * lwc-test props [SCHEME [IMPL]]: property tests of every implementation in
 * the build (or of the selected ones).
 *
 * Cases come from a splitmix64 PRNG.  The seed is fixed (printed at the
 * start) and LWC_PROPS_SEED=N overrides it; each implementation's stream is
 * derived from the seed and its name, so running one implementation alone
 * reproduces exactly the cases of a full run.
 *
 * Output: a line per failed check ("FAIL scheme/impl: ..."), a summary line
 * per implementation, and finally "props: N passed, M failed" counting
 * individual checks.  Exit status 0 only when M == 0.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "props.h"
#include "tests.h"

#define PROP_DEFAULT_SEED 0x4c57432d50524f50ull /* "LWC-PROP" */
#define PROP_MAX_SHOWN 25                       /* failures printed per impl */

static uint64_t rng_state;
static const char *cur_scheme = "", *cur_impl = "";
static unsigned long impl_pass, impl_fail;
static uint8_t *big_data;
static size_t big_len = PROP_BIG_DEFAULT;

/* ---- PRNG ---------------------------------------------------------------- */

static uint64_t splitmix64(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

uint64_t prop_rand(void) { return splitmix64(&rng_state); }

size_t prop_below(size_t n) { return n == 0 ? 0 : (size_t)(prop_rand() % n); }

size_t prop_range(size_t lo, size_t hi) { return lo + prop_below(hi - lo + 1); }

size_t prop_len(size_t max) {
  static const size_t edges[] = {0,  1,  2,  7,  8,  9,   15,  16,  17,  23,
                                 24, 25, 31, 32, 33, 47,  48,  63,  64,  65,
                                 95, 96, 97, 127, 128, 129, 255, 256, 257, 300};
  size_t n = 0;
  if (prop_below(2) == 0) return prop_range(0, max);
  while (n < sizeof edges / sizeof edges[0] && edges[n] <= max) n++;
  return edges[prop_below(n)];
}

void prop_fill(uint8_t *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) p[i] = (uint8_t)prop_rand();
}

size_t prop_chunk(size_t left, size_t maxchunk) {
  size_t k = prop_below(6), lim = left < maxchunk ? left : maxchunk;
  if (k == 0) return 0;
  if (k <= 2) {
    size_t small = prop_range(1, 17);
    return small < lim ? small : lim;
  }
  return prop_range(0, lim);
}

/* ---- buffers ------------------------------------------------------------- */

uint8_t *prop_alloc(size_t n) {
  uint8_t *p = (uint8_t *)malloc(n ? n : 1);
  if (p == NULL) {
    fprintf(stderr, "props: out of memory (%zu bytes)\n", n);
    exit(2);
  }
  return p;
}

uint8_t *prop_dup(const uint8_t *p, size_t n) {
  uint8_t *q = prop_alloc(n);
  if (n) memcpy(q, p, n);
  return q;
}

int prop_is_zero(const uint8_t *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++)
    if (p[i] != 0) return 0;
  return 1;
}

int prop_guard_ok(const uint8_t *buf, size_t total, size_t start, size_t len,
                  uint8_t pat) {
  size_t i;
  for (i = 0; i < total; i++)
    if ((i < start || i >= start + len) && buf[i] != pat) return 0;
  return 1;
}

int prop_contains(const uint8_t *hay, size_t hn, const uint8_t *needle,
                  size_t n) {
  size_t i;
  for (i = 0; i + n <= hn; i++)
    if (memcmp(hay + i, needle, n) == 0) return 1;
  return 0;
}

const uint8_t *prop_big_data(void) { return big_data; }
size_t prop_big_len(void) { return big_len; }

/* ---- checks -------------------------------------------------------------- */

static void report_failure(const char *extra, const char *fmt, va_list ap) {
  impl_fail++;
  if (impl_fail > PROP_MAX_SHOWN) return;
  printf("FAIL %s/%s: ", cur_scheme, cur_impl);
  vprintf(fmt, ap);
  if (extra != NULL) printf("%s", extra);
  printf("\n");
}

int prop_check(int ok, const char *fmt, ...) {
  va_list ap;
  if (ok) {
    impl_pass++;
    return 1;
  }
  va_start(ap, fmt);
  report_failure(NULL, fmt, ap);
  va_end(ap);
  return 0;
}

int prop_check_eq(const void *got, const void *want, size_t n,
                  const char *fmt, ...) {
  const uint8_t *g = (const uint8_t *)got, *w = (const uint8_t *)want;
  char extra[96];
  size_t i;
  va_list ap;
  for (i = 0; i < n && g[i] == w[i]; i++) {
  }
  if (i == n) {
    impl_pass++;
    return 1;
  }
  snprintf(extra, sizeof extra, " [first difference at byte %zu of %zu: %02x, "
           "want %02x]", i, n, g[i], w[i]);
  va_start(ap, fmt);
  report_failure(extra, fmt, ap);
  va_end(ap);
  return 0;
}

void prop_check_out(int r, int want_r, const uint8_t *buf, size_t total,
                    size_t off, const uint8_t *want, size_t n, uint8_t pat,
                    const char *fmt, ...) {
  char what[256], bad[128];
  size_t i = 0;
  va_list ap;
  if (r == want_r) {
    for (i = 0; i < n; i++)
      if (buf[off + i] != (want != NULL ? want[i] : 0)) break;
    if (i == n && prop_guard_ok(buf, total, off, n, pat)) {
      prop_check(1, "-");
      return;
    }
  }
  if (r != want_r)
    snprintf(bad, sizeof bad, "returned %s (%d), want %s", prop_rc(r), r,
             prop_rc(want_r));
  else if (i < n)
    snprintf(bad, sizeof bad, "output byte %zu of %zu is %02x, want %02x%s", i,
             n, buf[off + i], want != NULL ? want[i] : 0,
             want == NULL ? " (output not wiped)" : "");
  else
    snprintf(bad, sizeof bad, "bytes outside the %zu-byte output were modified",
             n);
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  prop_check(0, "%s: %s", what, bad);
}

const char *prop_rc(int r) {
  switch (r) {
    case LWC_OK: return "LWC_OK";
    case LWC_ERR_TAG: return "LWC_ERR_TAG";
    case LWC_ERR_ARG: return "LWC_ERR_ARG";
    default: return "unknown code";
  }
}

/* ---- driver -------------------------------------------------------------- */

static uint64_t name_hash(const char *scheme, const char *impl) {
  uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a over "scheme/impl" */
  const char *p;
  for (p = scheme; *p; p++) h = (h ^ (uint8_t)*p) * 0x100000001b3ull;
  h = (h ^ '/') * 0x100000001b3ull;
  for (p = impl; *p; p++) h = (h ^ (uint8_t)*p) * 0x100000001b3ull;
  return h;
}

/* The number in the environment variable name into *v when it is set: 1,
 * or 0 and a message on stderr when it is not a number from lo to hi
 * (unset or empty: 1, *v unchanged). */
static int env_number(const char *name, unsigned long long lo, unsigned long long hi,
                      unsigned long long *v) {
  const char *env = getenv(name);
  char *end;
  unsigned long long got;
  if (env == NULL || *env == '\0') return 1;
  got = strtoull(env, &end, 0);
  if (*end != '\0' || got < lo || got > hi) {
    fprintf(stderr, "lwc-test: bad %s '%s' (a number from %llu to %llu)\n", name, env, lo, hi);
    return 0;
  }
  *v = got;
  return 1;
}

int prop_big_env(size_t *len) {
  unsigned long long v = PROP_BIG_DEFAULT;
  int ok = env_number("LWC_PROPS_BIG", PROP_BIG_MIN, PROP_BIG_MAX, &v);
  *len = (size_t)v;
  return ok;
}

int prop_seed_env(uint64_t *seed) {
  unsigned long long v = PROP_DEFAULT_SEED;
  int ok = env_number("LWC_PROPS_SEED", 0, ~0ull, &v);
  *seed = (uint64_t)v;
  return ok;
}

void prop_begin(uint64_t seed, const char *scheme, const char *impl) {
  uint64_t s = seed ^ name_hash(scheme, impl);
  rng_state = splitmix64(&s);
  cur_scheme = scheme;
  cur_impl = impl;
  impl_pass = impl_fail = 0;
}

static void end_impl(clock_t t0, unsigned long *pass, unsigned long *fail) {
  double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
  if (impl_fail > PROP_MAX_SHOWN)
    printf("FAIL %s/%s: ... %lu more failures not shown\n", cur_scheme, cur_impl,
           impl_fail - PROP_MAX_SHOWN);
  printf("%s %s/%s: %lu passed, %lu failed (%.2f s)\n",
         impl_fail ? "FAIL" : "ok  ", cur_scheme, cur_impl, impl_pass, impl_fail,
         secs);
  fflush(stdout);
  *pass += impl_pass;
  *fail += impl_fail;
}

static int selected(const char *scheme, const char *impl, int argc, char **argv) {
  return (argc < 1 || strcmp(argv[0], scheme) == 0) &&
         (argc < 2 || strcmp(argv[1], impl) == 0);
}

int props_main(int argc, char **argv) {
  uint64_t seed, s;
  unsigned long pass = 0, fail = 0, count = 0;
  const lwc_aead *const *a;
  const lwc_hash *const *h;
  const lwc_perm *const *pm;
  const lwc_auth *const *m;
  if (argc > 2) {
    fprintf(stderr, "usage: lwc-test props [SCHEME [IMPL]]\n");
    return 2;
  }
  if (!prop_seed_env(&seed) || !prop_big_env(&big_len)) return 2;
  printf("props: seed 0x%016llx (set LWC_PROPS_SEED to change), big message %zu bytes "
         "(LWC_PROPS_BIG)\n", (unsigned long long)seed, big_len);
  s = seed;
  big_data = prop_alloc(big_len);
  for (count = 0; count < big_len; count += 8) {
    uint64_t w = splitmix64(&s);
    memcpy(big_data + count, &w, big_len - count < 8 ? big_len - count : 8);
  }
  count = 0;
  for (a = lwc_aead_registry; *a != NULL; a++) {
    clock_t t0 = clock();
    if (!selected((*a)->scheme, (*a)->impl, argc, argv)) continue;
    prop_begin(seed, (*a)->scheme, (*a)->impl);
    props_aead(*a);
    props_hostile_aead(*a);
    end_impl(t0, &pass, &fail);
    count++;
  }
  for (h = lwc_hash_registry; *h != NULL; h++) {
    clock_t t0 = clock();
    if (!selected((*h)->scheme, (*h)->impl, argc, argv)) continue;
    prop_begin(seed, (*h)->scheme, (*h)->impl);
    props_hash(*h);
    props_hostile_hash(*h);
    end_impl(t0, &pass, &fail);
    count++;
  }
  for (pm = lwc_perm_registry; *pm != NULL; pm++) {
    clock_t t0 = clock();
    if (!selected((*pm)->scheme, (*pm)->impl, argc, argv)) continue;
    prop_begin(seed, (*pm)->scheme, (*pm)->impl);
    props_perm(*pm);
    props_hostile_perm(*pm);
    end_impl(t0, &pass, &fail);
    count++;
  }
  for (m = lwc_auth_registry; *m != NULL; m++) {
    clock_t t0 = clock();
    if (!selected((*m)->scheme, (*m)->impl, argc, argv)) continue;
    prop_begin(seed, (*m)->scheme, (*m)->impl);
    props_auth(*m);
    end_impl(t0, &pass, &fail);
    count++;
  }
  free(big_data);
  big_data = NULL;
  if (count == 0) {
    fprintf(stderr, "props: no implementation matches%s%s%s%s\n",
            argc > 0 ? " " : "", argc > 0 ? argv[0] : "", argc > 1 ? " " : "",
            argc > 1 ? argv[1] : "");
    return 2;
  }
  printf("props: %lu implementation(s), seed 0x%016llx\n", count,
         (unsigned long long)seed);
  printf("props: %lu passed, %lu failed\n", pass, fail);
  return fail == 0 ? 0 : 1;
}
