/*
 * Bare-permutation properties (see props.c): agreement with the ref
 * implementation of the same scheme for every round count, permute() ==
 * permute_rounds(rounds), the byte interface (the zero state, add is XOR,
 * extract reads back, any offset, unaligned buffers) and argument checks
 * that leave the state untouched.
 */
#include <string.h>

#include "props.h"

#define CASES 64

static void state_bytes(const lwc_perm *p, const lwc_perm_state *s, uint8_t *out) {
  prop_check(p->extract_bytes(s, out, 0, p->statebytes) == LWC_OK, "extract the whole state");
}

/* A random state of p and the same bytes loaded into q. */
static void random_pair(const lwc_perm *p, lwc_perm_state *sp, const lwc_perm *q,
                        lwc_perm_state *sq) {
  uint8_t b[256];
  prop_fill(b, p->statebytes);
  p->init(sp);
  q->init(sq);
  p->add_bytes(sp, b, 0, p->statebytes);
  q->add_bytes(sq, b, 0, q->statebytes);
}

static void against_ref(const lwc_perm *p, const lwc_perm *ref) {
  lwc_perm_state a, b;
  uint8_t x[256], y[256];
  unsigned n, i;
  for (i = 0; i < CASES; i++) {
    n = (unsigned)prop_range(1, p->max_rounds);
    random_pair(p, &a, ref, &b);
    prop_check(p->permute_rounds(&a, n) == LWC_OK && ref->permute_rounds(&b, n) == LWC_OK,
               "permute_rounds(%u) accepted", n);
    state_bytes(p, &a, x);
    state_bytes(ref, &b, y);
    prop_check_eq(x, y, p->statebytes, "p^%u equals ref's", n);
    random_pair(p, &a, ref, &b);
    p->permute(&a);
    ref->permute(&b);
    state_bytes(p, &a, x);
    state_bytes(ref, &b, y);
    prop_check_eq(x, y, p->statebytes, "permute() equals ref's");
  }
}

static void rounds_agree(const lwc_perm *p) {
  lwc_perm_state a, b;
  uint8_t x[256], y[256];
  unsigned i;
  for (i = 0; i < CASES; i++) {
    random_pair(p, &a, p, &b);
    p->permute(&a);
    p->permute_rounds(&b, p->rounds);
    state_bytes(p, &a, x);
    state_bytes(p, &b, y);
    prop_check_eq(x, y, p->statebytes, "permute() equals permute_rounds(%u)", p->rounds);
  }
  /* p^n is the last n rounds of the full permutation: the rounds differ */
  random_pair(p, &a, p, &b);
  p->permute_rounds(&a, 1);
  p->permute_rounds(&b, 2);
  state_bytes(p, &a, x);
  state_bytes(p, &b, y);
  prop_check(memcmp(x, y, p->statebytes) != 0, "p^1 and p^2 differ");
}

static void byte_interface(const lwc_perm *p) {
  lwc_perm_state s;
  uint8_t want[256], got[256 + 8], in[256 + 8];
  size_t i, k, off, len, sb = p->statebytes;
  p->init(&s);
  state_bytes(p, &s, got);
  prop_check(prop_is_zero(got, sb), "init gives the zero state");
  memset(want, 0, sb);
  for (i = 0; i < CASES; i++) { /* random add / extract at any offset, unaligned */
    size_t a = prop_below(8), e = prop_below(8);
    off = prop_below(sb + 1);
    len = prop_below(sb - off + 1);
    prop_fill(in + a, len);
    prop_check(p->add_bytes(&s, len == 0 && prop_below(2) ? NULL : in + a, off, len) == LWC_OK,
               "add_bytes(off %zu, len %zu) accepted", off, len);
    for (k = 0; k < len; k++) want[off + k] ^= in[a + k];
    off = prop_below(sb + 1);
    len = prop_below(sb - off + 1);
    memset(got, 0xa5, sizeof got);
    prop_check(p->extract_bytes(&s, got + e, off, len) == LWC_OK,
               "extract_bytes(off %zu, len %zu) accepted", off, len);
    prop_check_eq(got + e, want + off, len, "extract_bytes(off %zu, len %zu) reads back", off,
                  len);
    prop_check(prop_guard_ok(got, sizeof got, e, len, 0xa5), "extract writes nothing else");
  }
  /* out of range: refused, the state unchanged */
  prop_fill(in, sizeof in);
  prop_check(p->add_bytes(&s, in, sb, 1) == LWC_ERR_ARG, "add past the end refused");
  prop_check(p->add_bytes(&s, in, 1, sb) == LWC_ERR_ARG, "add overlapping the end refused");
  prop_check(p->add_bytes(&s, in, (size_t)-1, 2) == LWC_ERR_ARG, "add at a huge offset refused");
  prop_check(p->extract_bytes(&s, got, 0, sb + 1) == LWC_ERR_ARG, "extract past the end refused");
  prop_check(p->permute_rounds(&s, 0) == LWC_ERR_ARG, "0 rounds refused");
  prop_check(p->permute_rounds(&s, p->max_rounds + 1u) == LWC_ERR_ARG, "too many rounds refused");
  state_bytes(p, &s, got);
  prop_check_eq(got, want, sb, "refused calls leave the state");
}

void props_perm(const lwc_perm *p) {
  const lwc_perm *ref = lwc_perm_find(p->scheme, "ref");
  prop_check(p->statebytes > 0 && p->statebytes <= 256 && p->statebytes <= sizeof(lwc_perm_state),
             "state of %u bytes fits lwc_perm_state", (unsigned)p->statebytes);
  prop_check(p->rounds >= 1 && p->rounds <= p->max_rounds, "rounds within 1 .. max_rounds");
  if (ref != NULL && ref != p) {
    prop_check(ref->statebytes == p->statebytes && ref->rounds == p->rounds &&
                   ref->max_rounds == p->max_rounds,
               "same parameters as ref");
    against_ref(p, ref);
  }
  rounds_agree(p);
  byte_interface(p);
}
