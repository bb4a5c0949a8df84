/*
 * Masked backend (side-channel protection): the bit-interleaved state of
 * the bi32 backend kept in ASCON_SHARES Boolean shares, 2 to 4, chosen at
 * build time (default 2).  Lane i's even-bit word is the xor of
 * x[i][0][0..ns) and its odd-bit word that of x[i][1][0..ns).
 *
 * The round on shares:
 *   constant     into share 0 of x2 (a public value: one share suffices)
 *   S-box        its affine parts share by share (NOT: share 0 only);
 *                chi, x_i ^= ~x_{i+1} & x_{i+2}, with each AND a DOM
 *                (domain-oriented, "indep") gadget: c_j = a_j b_j ^
 *                sum over k != j of (a_j b_k ^ r_jk), r_jk = r_kj fresh,
 *                ns(ns-1)/2 random words per AND: 10 per round with 2
 *                shares, 30 with 3, 60 with 4 (both halves)
 *   linear layer share by share (it is linear)
 * so no value the C computes depends on more than ns - 1 shares of a
 * secret.  A compiler may still put two shares in one register or let
 * one overwrite the other, which a power trace sees (the Hamming distance
 * of the transition): this C is the portable reference of the scheme; the
 * assembly variants fix the order of every instruction.
 *
 * ASCON_LEVELED: only the key-dependent steps (initialization and
 * finalization, the two p^a with the key additions) run on ns shares; the
 * data in between go through share 0 alone at the speed of one share.
 * What the data phase leaks is the state, from which the key does not
 * follow (it is added again after p^a at both ends).
 *
 * The data path (bytes in and out of the rate, the modes' duplex.h and
 * sponge.h) is the unmasked one: data enter share 0, and what leaves is
 * the xor of the shares of the rate, which is ciphertext or keystream,
 * public or derived from public values.  The key's steps are masked_mode.h's.
 */
#ifndef ASCON_BACKEND_H
#define ASCON_BACKEND_H

#include "ascon/interleave.h"
#include "lwc.h"

#define ASCON_BACKEND_NAME "masked"
#define ASCON_MASKED 1

/* Fresh random bytes: in lwc, the library's source (lwc.h: lwc_random);
 * in a stand-alone SUPERCOP folder, the framework's randombytes(). */
#ifdef LWC_NAMESPACE
#define ASCON_RANDOM(p, n) lwc_random((uint8_t *)(p), (n))
#define ASCON_RANDOM_READY() lwc_random_ready()
#else
#include "randombytes.h"
#define ASCON_RANDOM(p, n) randombytes((unsigned char *)(p), (unsigned long long)(n))
#define ASCON_RANDOM_READY() 1
#endif

#ifndef ASCON_SHARES
#define ASCON_SHARES 2
#endif
#if ASCON_SHARES < 2 || ASCON_SHARES > 4
#error "ASCON_SHARES: 2, 3 or 4"
#endif
#define ASCON_NS ASCON_SHARES
#ifdef ASCON_LEVELED
#define ASCON_DATA_SHARES 1u
#else
#define ASCON_DATA_SHARES ASCON_NS
#endif
/* random words one round draws on ns shares: 5 ANDs in each half */
#define ASCON_ROUND_RANDOM(ns) (10u * (ns) * ((ns) - 1u) / 2u)

typedef struct { uint32_t x[5][2][ASCON_NS]; } perm_state_t;

#if defined(__GNUC__)
#define ASCON_MASKED_INLINE static inline __attribute__((always_inline))
#else
#define ASCON_MASKED_INLINE static inline
#endif

static inline void perm_zero(perm_state_t *s) {
  unsigned i, h, j;
  for (i = 0; i < 5; i++)
    for (h = 0; h < 2; h++)
      for (j = 0; j < ASCON_NS; j++) s->x[i][h][j] = 0;
}

/* A lane value as its even and odd words. */
static inline void ascon_masked_split(uint64_t v, uint32_t *e, uint32_t *o) {
  uint32_t lo = ascon_unzip32((uint32_t)v);
  uint32_t hi = ascon_unzip32((uint32_t)(v >> 32));
  *e = (lo & 0xffffu) | (hi << 16);
  *o = (lo >> 16) | (hi & 0xffff0000u);
}

static inline uint64_t ascon_masked_join(uint32_t e, uint32_t o) {
  uint32_t lo = (e & 0xffffu) | (o << 16);
  uint32_t hi = (e >> 16) | (o & 0xffff0000u);
  return (uint64_t)ascon_zip32(lo) | (uint64_t)ascon_zip32(hi) << 32;
}

/* The lanes as the data path sees them (duplex.h): public data enter share
 * 0; a lane read is the xor of its data shares (rate lanes only: the
 * ciphertext or keystream); a lane set keeps the other shares. */
static inline void ascon_lane_xor(perm_state_t *s, unsigned i, uint64_t v) {
  uint32_t e, o;
  ascon_masked_split(v, &e, &o);
  s->x[i][0][0] ^= e;
  s->x[i][1][0] ^= o;
}

static inline uint64_t ascon_lane_get(const perm_state_t *s, unsigned i) {
  uint32_t e = s->x[i][0][0], o = s->x[i][1][0];
  unsigned j;
  for (j = 1; j < ASCON_DATA_SHARES; j++) {
    e ^= s->x[i][0][j];
    o ^= s->x[i][1][j];
  }
  return ascon_masked_join(e, o);
}

static inline void ascon_lane_set(perm_state_t *s, unsigned i, uint64_t v) {
  uint32_t e, o;
  unsigned j;
  ascon_masked_split(v, &e, &o);
  for (j = 1; j < ASCON_DATA_SHARES; j++) {
    e ^= s->x[i][0][j];
    o ^= s->x[i][1][j];
  }
  s->x[i][0][0] = e;
  s->x[i][1][0] = o;
}

/* Fresh masks on every word of the state: share j (j > 0) ^= r, share 0
 * ^= r.  After it all ns shares of every word are uniform. */
static void ascon_masked_refresh(perm_state_t *s) {
  uint32_t r[10 * (ASCON_NS - 1)];
  unsigned i, h, j, n = 0;
  ASCON_RANDOM(r, sizeof r);
  for (i = 0; i < 5; i++)
    for (h = 0; h < 2; h++)
      for (j = 1; j < ASCON_NS; j++, n++) {
        s->x[i][h][j] ^= r[n];
        s->x[i][h][0] ^= r[n];
      }
}

/* a_j, with the NOT of a folded into share 0 */
#define ASCON_NOT0(a, j) ((j) == 0 ? ~(a)[0] : (a)[j])

/* One half (h: 0 even, 1 odd) of the S-box on ns shares; r: the fresh
 * words of this half, ns(ns-1)/2 for each of chi's five ANDs. */
ASCON_MASKED_INLINE void ascon_masked_sbox(perm_state_t *s, unsigned h, unsigned ns,
                                           const uint32_t *r) {
  uint32_t a[5][ASCON_NS], c[5][ASCON_NS];
  unsigned i, j, k;
  for (i = 0; i < 5; i++)
    for (j = 0; j < ns; j++) a[i][j] = s->x[i][h][j];
  for (j = 0; j < ns; j++) {
    a[0][j] ^= a[4][j];
    a[4][j] ^= a[3][j];
    a[2][j] ^= a[1][j];
  }
  /* c_i = ~a_{i+1} & a_{i+2}, every AND a DOM gadget */
  for (i = 0; i < 5; i++) {
    const uint32_t *p = a[(i + 1) % 5], *q = a[(i + 2) % 5];
    for (j = 0; j < ns; j++) c[i][j] = ASCON_NOT0(p, j) & q[j];
    for (j = 0; j < ns; j++)
      for (k = j + 1; k < ns; k++, r++) {
        c[i][j] ^= (ASCON_NOT0(p, j) & q[k]) ^ *r;
        c[i][k] ^= (ASCON_NOT0(p, k) & q[j]) ^ *r;
      }
  }
  for (i = 0; i < 5; i++)
    for (j = 0; j < ns; j++) a[i][j] ^= c[i][j];
  for (j = 0; j < ns; j++) {
    a[1][j] ^= a[0][j];
    a[0][j] ^= a[4][j];
    a[3][j] ^= a[2][j];
  }
  a[2][0] = ~a[2][0];
  for (i = 0; i < 5; i++)
    for (j = 0; j < ns; j++) s->x[i][h][j] = a[i][j];
}

/* x ^= (x >>> r0) ^ (x >>> r1) on share j of lane i */
#define ASCON_MASKED_SIGMA(s, i, j, r0, r1)                                      \
  do {                                                                           \
    uint32_t e_ = (s)->x[i][0][j], o_ = (s)->x[i][1][j];                         \
    (s)->x[i][0][j] = e_ ^ ASCON_BI_ROT_E(e_, o_, r0) ^ ASCON_BI_ROT_E(e_, o_, r1); \
    (s)->x[i][1][j] = o_ ^ ASCON_BI_ROT_O(e_, o_, r0) ^ ASCON_BI_ROT_O(e_, o_, r1); \
  } while (0)

/* The last n rounds of p^12 on the first ns shares (ns constant at each
 * call: the loops unroll to straight code). */
ASCON_MASKED_INLINE void ascon_masked_rounds(perm_state_t *s, unsigned n, unsigned ns) {
  uint32_t r[ASCON_ROUND_RANDOM(ASCON_NS)];
  unsigned i, j;
  for (i = 12 - n; i < 12; i++) {
    if (ns > 1) ASCON_RANDOM(r, 4 * ASCON_ROUND_RANDOM(ns));
    s->x[2][0][0] ^= ascon_bi32_rc[i][0];
    s->x[2][1][0] ^= ascon_bi32_rc[i][1];
    ascon_masked_sbox(s, 0, ns, r);
    ascon_masked_sbox(s, 1, ns, r + ASCON_ROUND_RANDOM(ns) / 2);
    for (j = 0; j < ns; j++) {
      ASCON_MASKED_SIGMA(s, 0, j, 19, 28);
      ASCON_MASKED_SIGMA(s, 1, j, 61, 39);
      ASCON_MASKED_SIGMA(s, 2, j, 1, 6);
      ASCON_MASKED_SIGMA(s, 3, j, 10, 17);
      ASCON_MASKED_SIGMA(s, 4, j, 7, 41);
    }
  }
}

/* p^n on all shares: the key-dependent permutations. */
static void ascon_masked_permute(perm_state_t *s, unsigned n) {
  ascon_masked_rounds(s, n, ASCON_NS);
}

/* The data path's p^b: on all shares, or (leveled) on share 0 alone. */
#ifdef ASCON_LEVELED
static void perm_permute(perm_state_t *s, unsigned n) { ascon_masked_rounds(s, n, 1); }
#else
#define perm_permute ascon_masked_permute
#endif

#endif
