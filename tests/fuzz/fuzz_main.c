/*
 * lwc-fuzz entry points (libFuzzer) and the helpers of the runners: input
 * reader, split script, misaligned buffers, failure reports.  See fuzz.h
 * for the input format.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- the table of schemes --------------------------------------------- */

enum { KIND_AEAD, KIND_HASH, KIND_PERM, KIND_AUTH };
static const char *const kind_names[] = {"aead", "hash", "perm", "auth"};

typedef struct {
  const char *scheme;
  int kind;
} fz_scheme;

#define FZ_MAX_SCHEMES 128
static fz_scheme schemes[FZ_MAX_SCHEMES];
static size_t n_schemes;
static int print_cases; /* LWC_FUZZ_PRINT_CASES: describe every input */
static char case_desc[256];

static void add_scheme(const char *scheme, int kind) {
  size_t i;
  for (i = 0; i < n_schemes; i++)
    if (strcmp(schemes[i].scheme, scheme) == 0) return;
  if (n_schemes == FZ_MAX_SCHEMES) {
    fprintf(stderr, "lwc-fuzz: more than %d schemes\n", FZ_MAX_SCHEMES);
    abort();
  }
  schemes[n_schemes].scheme = scheme;
  schemes[n_schemes].kind = kind;
  n_schemes++;
}

static int by_name(const void *a, const void *b) {
  return strcmp(((const fz_scheme *)a)->scheme, ((const fz_scheme *)b)->scheme);
}

/* The implementations of a scheme in the build, space-separated. */
static void impl_list(const fz_scheme *s, char *out, size_t size) {
  size_t used = 0;
  out[0] = 0;
#define FZ_LIST(reg)                                                        \
  do {                                                                      \
    size_t i_;                                                              \
    for (i_ = 0; reg[i_] != NULL; i_++)                                     \
      if (strcmp(reg[i_]->scheme, s->scheme) == 0 && used + 1 < size)       \
        used += (size_t)snprintf(out + used, size - used, "%s%s",           \
                                 used ? "," : "", reg[i_]->impl);           \
  } while (0)
  if (s->kind == KIND_AEAD) FZ_LIST(lwc_aead_registry);
  if (s->kind == KIND_HASH) FZ_LIST(lwc_hash_registry);
  if (s->kind == KIND_PERM) FZ_LIST(lwc_perm_registry);
  if (s->kind == KIND_AUTH) FZ_LIST(lwc_auth_registry);
#undef FZ_LIST
}

/* One line per scheme: index, kind, name, then key=value parameters the
 * seed-corpus writer needs (harness/bench/fuzz.py parses them). */
static void print_table(FILE *f) {
  size_t i;
  char impls[512];
  for (i = 0; i < n_schemes; i++) {
    const fz_scheme *s = &schemes[i];
    impl_list(s, impls, sizeof impls);
    fprintf(f, "%zu %s %s", i, kind_names[s->kind], s->scheme);
    if (s->kind == KIND_AEAD) {
      const lwc_aead *a = lwc_aead_find(s->scheme, "ref");
      fprintf(f, " key=%u nonce=%u tag=%u min_tag=%u masking=%u", a->keybytes,
              a->noncebytes, a->tagbytes, a->min_tagbytes, a->nonce_masking);
    } else if (s->kind == KIND_HASH) {
      const lwc_hash *h = lwc_hash_find(s->scheme, "ref");
      fprintf(f, " hashkind=%u out=%u max_custom=%u", h->kind, h->outbytes,
              h->max_custombytes);
    } else if (s->kind == KIND_AUTH) {
      const lwc_auth *m = lwc_auth_find(s->scheme, "ref");
      fprintf(f, " authkind=%u key=%u out=%u max_out=%u max_in=%u", m->kind, m->keybytes,
              m->outbytes, m->max_outbytes, m->max_inbytes);
    } else {
      const lwc_perm *p = lwc_perm_find(s->scheme, "ref");
      fprintf(f, " state=%u rounds=%u max_rounds=%u", p->statebytes, p->rounds,
              p->max_rounds);
    }
    fprintf(f, " impls=%s\n", impls);
  }
}

/* Collect the schemes of the registries (never a hand-written list), sorted
 * by name so an index means the same scheme in every build of the tree.
 * Every scheme needs its ref implementation: it is the oracle. */
static void build_table(void) {
  size_t i, missing = 0;
  for (i = 0; lwc_aead_registry[i] != NULL; i++)
    add_scheme(lwc_aead_registry[i]->scheme, KIND_AEAD);
  for (i = 0; lwc_hash_registry[i] != NULL; i++)
    add_scheme(lwc_hash_registry[i]->scheme, KIND_HASH);
  for (i = 0; lwc_perm_registry[i] != NULL; i++)
    add_scheme(lwc_perm_registry[i]->scheme, KIND_PERM);
  for (i = 0; lwc_auth_registry[i] != NULL; i++)
    add_scheme(lwc_auth_registry[i]->scheme, KIND_AUTH);
  qsort(schemes, n_schemes, sizeof schemes[0], by_name);
  for (i = 0; i < n_schemes; i++) {
    const char *s = schemes[i].scheme;
    int have = schemes[i].kind == KIND_AEAD   ? lwc_aead_find(s, "ref") != NULL
               : schemes[i].kind == KIND_HASH ? lwc_hash_find(s, "ref") != NULL
               : schemes[i].kind == KIND_AUTH ? lwc_auth_find(s, "ref") != NULL
                                              : lwc_perm_find(s, "ref") != NULL;
    if (!have) {
      fprintf(stderr, "lwc-fuzz: %s has no ref implementation in this build\n", s);
      missing++;
    }
  }
  if (n_schemes == 0 || missing) {
    fprintf(stderr, "lwc-fuzz: nothing to compare (%zu schemes, %zu without ref)\n",
            n_schemes, missing);
    exit(2);
  }
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  build_table();
  if (getenv("LWC_FUZZ_SCHEMES") != NULL) { /* the table, for the seed writer */
    print_table(stdout);
    exit(0);
  }
  print_cases = getenv("LWC_FUZZ_PRINT_CASES") != NULL;
  fprintf(stderr, "lwc-fuzz: %zu schemes, each implementation compared with ref:\n",
          n_schemes);
  print_table(stderr);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_reader in;
  const fz_scheme *s;
  uint8_t options;
  fz_layout layout;
  in.p = data;
  in.n = size;
  if (size == 0) return 0;
  s = &schemes[fz_u8(&in) % n_schemes];
  options = fz_u8(&in);
  layout = fz_layout_of(fz_u8(&in));
  fz_case("%s", "");
  if (s->kind == KIND_AEAD) fuzz_aead(s->scheme, options, layout, &in);
  if (s->kind == KIND_HASH) fuzz_hash(s->scheme, options, layout, &in);
  if (s->kind == KIND_PERM) fuzz_perm(s->scheme, options, layout, &in);
  if (s->kind == KIND_AUTH) fuzz_auth(s->scheme, options, layout, &in);
  if (print_cases) fprintf(stderr, "lwc-fuzz: ok: %s: %s\n", s->scheme, case_desc);
  return 0;
}

/* ---- reading the input ------------------------------------------------ */

uint8_t fz_u8(fz_reader *r) {
  if (r->n == 0) return 0;
  r->n--;
  return *r->p++;
}

size_t fz_u16(fz_reader *r) {
  size_t lo = fz_u8(r);
  return lo | (size_t)fz_u8(r) << 8;
}

void fz_take(fz_reader *r, uint8_t *dst, size_t n) {
  size_t k = n < r->n ? n : r->n, i;
  if (k > 0) memcpy(dst, r->p, k);
  r->p += k;
  r->n -= k;
  for (i = k; i < n; i++) dst[i] = (uint8_t)i;
}

size_t fz_len(const fz_reader *r, size_t v, size_t max) {
  size_t len = (v & 0x7fffu) % (max + 1);
  if (!(v & 0x8000u) && len > r->n) len = r->n;
  return len;
}

size_t fz_piece(fz_reader *script, size_t left, unsigned pieces) {
  uint8_t b;
  if (pieces >= FZ_MAX_PIECES) return left > 0 ? left : FZ_END;
  if (script->n == 0) return left > 0 || pieces == 0 ? left : FZ_END;
  if (left == 0 && pieces > 0 && script->p[0] != 0) return FZ_END;
  b = fz_u8(script);
  if (b >= 0xf0) return left;
  return b < left ? b : left;
}

/* ---- buffers ---------------------------------------------------------- */

fz_layout fz_layout_of(uint8_t b) {
  fz_layout l;
  l.in_off = b & 7u;
  l.out_off = (b >> 3) & 7u;
  l.in_place = (b >> 6) & 1;
  l.null_empty = (b >> 7) & 1;
  return l;
}

uint8_t *fz_alloc(fz_buf *b, size_t off, size_t n, uint8_t fill) {
  b->block = (uint8_t *)malloc(off + n > 0 ? off + n : 1);
  if (b->block == NULL) {
    fprintf(stderr, "lwc-fuzz: out of memory\n");
    abort();
  }
  memset(b->block, FZ_GUARD, off);
  b->p = b->block + off;
  b->off = off;
  b->n = n;
  if (n > 0) memset(b->p, fill, n);
  return b->p;
}

uint8_t *fz_alloc_copy(fz_buf *b, size_t off, const uint8_t *src, size_t n) {
  fz_alloc(b, off, n, 0);
  if (n > 0) memcpy(b->p, src, n);
  return b->p;
}

void fz_free(fz_buf *b) {
  free(b->block);
  b->block = b->p = NULL;
}

const uint8_t *fz_ptr(const fz_layout *l, const uint8_t *p, size_t n) {
  return n == 0 && l->null_empty ? NULL : p;
}

/* ---- reporting -------------------------------------------------------- */

void fz_case(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(case_desc, sizeof case_desc, fmt, ap);
  va_end(ap);
}

void fz_fail(const char *scheme, const char *impl, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "\nlwc-fuzz: DIFFERENCE %s/%s: ", scheme, impl);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\nlwc-fuzz: case: %s\n", case_desc);
  fflush(stderr);
  abort();
}

void fz_expect_eq(const char *scheme, const char *impl, const char *what,
                  const uint8_t *got, const uint8_t *want, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) {
    uint8_t w = want != NULL ? want[i] : 0;
    if (got[i] != w)
      fz_fail(scheme, impl, "%s: byte %zu of %zu is %02x, want %02x%s", what, i, n,
              got[i], w, want != NULL ? " (ref's)" : " (wiped)");
  }
}

void fz_expect_guard(const char *scheme, const char *impl, const char *what,
                     const fz_buf *b) {
  size_t i;
  for (i = 0; i < b->off; i++)
    if (b->block[i] != FZ_GUARD)
      fz_fail(scheme, impl, "%s: wrote %zu bytes before its buffer", what, b->off - i);
}

const char *fz_rc(int r) {
  switch (r) {
    case LWC_OK: return "LWC_OK";
    case LWC_ERR_TAG: return "LWC_ERR_TAG";
    case LWC_ERR_ARG: return "LWC_ERR_ARG";
    default: return "an unknown code";
  }
}

void fz_expect_rc(const char *scheme, const char *impl, const char *what, int r,
                  int want) {
  if (r != want)
    fz_fail(scheme, impl, "%s returned %s (%d), want %s", what, fz_rc(r), r,
            fz_rc(want));
}
