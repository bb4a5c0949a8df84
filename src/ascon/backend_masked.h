/*
 * Masked backend (side-channel protection): the bit-interleaved state of
 * the bi32 backend kept in ASCON_SHARES Boolean shares, 2 to 4, chosen at
 * build time (default 2).
 *
 * Shares are stored rotated and share by share.  x[j][h][i] is share j of
 * lane i's even (h = 0) or odd (h = 1) word, rotated left by ASCON_ROT(j)
 * bits (0 for share 0); the word is the xor of the shares rotated back.
 * Whatever a compiler or a core then does with two shares of one word in
 * a register, on a bus or through the ALU, the transition it makes is
 * x_0 ^ (x_1 <<< r): each bit of that is uniform whatever x is, so its
 * Hamming weight, the power it draws, is 16 on average for every x (the
 * trick of ascon-c's protected implementations).  The loops run share by
 * share for the same reason: two shares of one word are never the next
 * value of the same register or bus by the order of the code.
 *
 * The round on shares:
 *   constant     into share 0 of x2 (a public value: one share suffices)
 *   S-box        its affine parts share by share (NOT: share 0 only);
 *                chi, x_i ^= ~x_{i+1} & x_{i+2}, with each AND a DOM
 *                (domain-oriented, "indep") gadget: c_j = a_j b_j ^
 *                sum over k != j of (a_j b_k ^ r_jk), r_jk = r_kj fresh,
 *                b_k rotated into share j's place for the product;
 *                ns(ns-1)/2 random words per AND: 10 per round with 2
 *                shares, 30 with 3, 60 with 4 (both halves)
 *   linear layer share by share (it is linear, and rotations commute)
 * so no value the C computes depends on more than ns - 1 shares of a
 * secret.  A compiler still chooses registers and order within those
 * rules: `./lwcbench leak` measures what this C leaks on the Ibex RTL
 * (docs/masking.md); the assembly variants fix every instruction.
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
/* the rotation of share j: distinct, and no two differ by a multiple of 32 */
#define ASCON_ROT(j) ((j) == 0 ? 0u : (j) == 1 ? 7u : (j) == 2 ? 13u : 22u)
/* a word of share k's rotation moved to share j's */
#define ASCON_ALIGN(w, k, j) lwc_rol32((w), (ASCON_ROT(j) - ASCON_ROT(k)) & 31u)

typedef struct { uint32_t x[ASCON_NS][2][5]; } perm_state_t;

#if defined(__GNUC__)
#define ASCON_MASKED_INLINE static inline __attribute__((always_inline))
#else
#define ASCON_MASKED_INLINE static inline
#endif

static inline void perm_zero(perm_state_t *s) {
  unsigned i, h, j;
  for (j = 0; j < ASCON_NS; j++)
    for (i = 0; i < 5; i++)
      for (h = 0; h < 2; h++) s->x[j][h][i] = 0;
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
  s->x[0][0][i] ^= e;
  s->x[0][1][i] ^= o;
}

static inline uint64_t ascon_lane_get(const perm_state_t *s, unsigned i) {
  uint32_t e = s->x[0][0][i], o = s->x[0][1][i];
  unsigned j;
  for (j = 1; j < ASCON_DATA_SHARES; j++) {
    e ^= ASCON_ALIGN(s->x[j][0][i], j, 0);
    o ^= ASCON_ALIGN(s->x[j][1][i], j, 0);
  }
  return ascon_masked_join(e, o);
}

static inline void ascon_lane_set(perm_state_t *s, unsigned i, uint64_t v) {
  uint32_t e, o;
  unsigned j;
  ascon_masked_split(v, &e, &o);
  for (j = 1; j < ASCON_DATA_SHARES; j++) {
    e ^= ASCON_ALIGN(s->x[j][0][i], j, 0);
    o ^= ASCON_ALIGN(s->x[j][1][i], j, 0);
  }
  s->x[0][0][i] = e;
  s->x[0][1][i] = o;
}

/* Fresh masks on every word of the state: share j (j > 0) ^= r, then
 * share 0 ^= r (two passes: the two shares of a word are not updated one
 * after the other).  After it all ns shares of every word are uniform. */
static void ascon_masked_refresh(perm_state_t *s) {
  uint32_t r[ASCON_NS - 1][5][2];
  unsigned i, h, j;
  ASCON_RANDOM(r, sizeof r);
  for (j = 1; j < ASCON_NS; j++)
    for (i = 0; i < 5; i++)
      for (h = 0; h < 2; h++) s->x[j][h][i] ^= ASCON_ALIGN(r[j - 1][i][h], 0, j);
  for (j = 1; j < ASCON_NS; j++)
    for (i = 0; i < 5; i++)
      for (h = 0; h < 2; h++) s->x[0][h][i] ^= r[j - 1][i][h];
}

/* a_j, with the NOT of a folded into share 0 */
#define ASCON_NOT0(a, j) ((j) == 0 ? ~(a)[0] : (a)[j])

/* Deliberate flaws, for the tests of the leakage assessment only (the
 * broken variants under tests/bench/leak/): 1, two shares recombined in one
 * register every S-box; 2, a share used where the gadget wants a fresh
 * random word.  Both still compute Ascon exactly. */
#ifndef ASCON_MASKED_FLAW
#define ASCON_MASKED_FLAW 0
#endif
#if ASCON_MASKED_FLAW == 1
static volatile uint32_t ascon_masked_sink;
#define ASCON_FLAW_RECOMBINE(a) (ascon_masked_sink = (a)[1][0] ^ ASCON_ALIGN((a)[1][1], 1, 0))
#else
#define ASCON_FLAW_RECOMBINE(a) ((void)0)
#endif
#if ASCON_MASKED_FLAW == 2
#define ASCON_FRESH(r, p, k, j) ASCON_ALIGN((p)[k], k, j)
#else
#define ASCON_FRESH(r, p, k, j) ASCON_ALIGN(*(r), 0, j)
#endif

/* t as computed, in a register, before the code goes on: a compiler may
 * not fold it into what follows.  XOR is associative, and a compiler that
 * turns c ^ ((a & b') ^ r) into (c ^ (a & b')) ^ r computes c ^ (a & b'),
 * an AND of one share with the whole other operand: what DOM must never
 * hold.  (Measured on rv32-ibex with gcc 12, docs/masking.md.) */
#if defined(__GNUC__)
#define ASCON_KEEP(t) __asm__("" : "+r"(t))
#else
#define ASCON_KEEP(t) ((void)0)
#endif

/* c = ~p & q on shares, a DOM gadget: c_j = ~p_j q_j (NOT on share 0),
 * then for each pair j < k one fresh word r: c_j ^= (p_j q_k ^ r),
 * c_k ^= (p_k q_j ^ r), each term whole before it joins c. */
ASCON_MASKED_INLINE void ascon_masked_and(uint32_t *c, const uint32_t *p, const uint32_t *q,
                                          unsigned ns, const uint32_t *r) {
  unsigned j, k;
  for (j = 0; j < ns; j++) c[j] = ASCON_NOT0(p, j) & q[j];
  for (j = 0; j < ns; j++)
    for (k = j + 1; k < ns; k++, r++) {
      uint32_t u = (ASCON_NOT0(p, j) & ASCON_ALIGN(q[k], k, j)) ^ ASCON_FRESH(r, p, k, j);
      uint32_t v = (ASCON_NOT0(p, k) & ASCON_ALIGN(q[j], j, k)) ^ ASCON_FRESH(r, p, k, k);
      ASCON_KEEP(u);
      ASCON_KEEP(v);
      c[j] ^= u;
      c[k] ^= v;
    }
}

/* One half (h: 0 even, 1 odd) of the S-box on ns shares; r: the fresh
 * words of this half, ns(ns-1)/2 for each of chi's five ANDs.  a[i][j]:
 * lane i's share j (share j's rotation). */
ASCON_MASKED_INLINE void ascon_masked_sbox(perm_state_t *s, unsigned h, unsigned ns,
                                           const uint32_t *r) {
  const unsigned pairs = ns * (ns - 1) / 2;
  uint32_t a[5][ASCON_NS], c[5][ASCON_NS];
  unsigned i, j;
  for (j = 0; j < ns; j++)
    for (i = 0; i < 5; i++) a[i][j] = s->x[j][h][i];
  ASCON_FLAW_RECOMBINE(a);
  for (j = 0; j < ns; j++) {
    a[0][j] ^= a[4][j];
    a[4][j] ^= a[3][j];
    a[2][j] ^= a[1][j];
  }
  /* c_i = ~a_{i+1} & a_{i+2} */
  ascon_masked_and(c[0], a[1], a[2], ns, r);
  ascon_masked_and(c[1], a[2], a[3], ns, r + pairs);
  ascon_masked_and(c[2], a[3], a[4], ns, r + 2 * pairs);
  ascon_masked_and(c[3], a[4], a[0], ns, r + 3 * pairs);
  ascon_masked_and(c[4], a[0], a[1], ns, r + 4 * pairs);
  for (j = 0; j < ns; j++) {
    for (i = 0; i < 5; i++) a[i][j] ^= c[i][j];
    a[1][j] ^= a[0][j];
    a[0][j] ^= a[4][j];
    a[3][j] ^= a[2][j];
  }
  a[2][0] = ~a[2][0];
  for (j = 0; j < ns; j++)
    for (i = 0; i < 5; i++) s->x[j][h][i] = a[i][j];
}

/* x ^= (x >>> r0) ^ (x >>> r1) on share j of lane i */
#define ASCON_MASKED_SIGMA(s, i, j, r0, r1)                                      \
  do {                                                                           \
    uint32_t e_ = (s)->x[j][0][i], o_ = (s)->x[j][1][i];                         \
    (s)->x[j][0][i] = e_ ^ ASCON_BI_ROT_E(e_, o_, r0) ^ ASCON_BI_ROT_E(e_, o_, r1); \
    (s)->x[j][1][i] = o_ ^ ASCON_BI_ROT_O(e_, o_, r0) ^ ASCON_BI_ROT_O(e_, o_, r1); \
  } while (0)

/* The last n rounds of p^12 on the first ns shares (ns constant at each
 * call: the loops unroll to straight code). */
ASCON_MASKED_INLINE void ascon_masked_rounds(perm_state_t *s, unsigned n, unsigned ns) {
  uint32_t r[ASCON_ROUND_RANDOM(ASCON_NS)];
  unsigned i, j;
  for (i = 12 - n; i < 12; i++) {
    if (ns > 1) ASCON_RANDOM(r, 4 * ASCON_ROUND_RANDOM(ns));
    s->x[0][0][2] ^= ascon_bi32_rc[i][0];
    s->x[0][1][2] ^= ascon_bi32_rc[i][1];
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

#ifdef ASCON_MASKED_PERMUTE_ASM
/* An implementation's assembly (src/ascon/<isa>/masked.py) for p^n on 2
 * or 3 shares: x[ns][2][5] as perm_state_t, n rounds, r: its fresh words,
 * a sharing of zero (ns - 1 words) a half and round.  Its chi needs no
 * more: five in-place Toffoli gates, the state's own shares masking their
 * terms (Gigerl et al., ePrint 2024/755).  That gadget leans on the order
 * of every instruction, which C cannot fix: gcc 12 on rv32-ibex reorders
 * its terms and moves shares between registers (|t| = 73 to 142 at 20,000
 * traces, docs/masking.md); the C below keeps DOM's fresh words. */
#if ASCON_NS > 3
#error "the masked assembly holds 2 or 3 shares"
#endif
/* its fresh words a round: a sharing of zero for each half, ns - 1 words */
#define ASCON_ASM_ROUND_WORDS (2u * (ASCON_NS - 1u))
void ASCON_MASKED_PERMUTE_ASM(uint32_t *x, unsigned rounds, const uint32_t *r);

static void ascon_masked_permute(perm_state_t *s, unsigned n) {
  uint32_t r[12 * ASCON_ASM_ROUND_WORDS];
  ASCON_RANDOM(r, 4 * ASCON_ASM_ROUND_WORDS * n);
  ASCON_MASKED_PERMUTE_ASM(&s->x[0][0][0], n, r);
}
#else
/* p^n on all shares: the key-dependent permutations. */
static void ascon_masked_permute(perm_state_t *s, unsigned n) {
  ascon_masked_rounds(s, n, ASCON_NS);
}
#endif

/* The data path's p^b: on all shares, or (leveled) on share 0 alone. */
#if defined(ASCON_LEVELED) && defined(ASCON_LEVELED_PERMUTE_ASM)
/* An unmasked assembly permutation of the bi32 layout (e[5], o[5]) on
 * share 0, and its runs of whole blocks (sponge.h's ASCON_BLOCKS): the
 * implementation's .S includes them. */
void ASCON_LEVELED_PERMUTE_ASM(uint32_t *x, unsigned rounds);
#define perm_permute(s, n) ASCON_LEVELED_PERMUTE_ASM(&(s)->x[0][0][0], (n))
#ifdef ASCON_LEVELED_BLOCKS_ASM
void ASCON_LEVELED_BLOCKS_ASM(uint32_t *x, uint8_t *out, const uint8_t *in, size_t n,
                              unsigned op);
#define ASCON_BLOCKS(s, out, in, n, op)                                        \
  ASCON_LEVELED_BLOCKS_ASM(&(s)->x[0][0][0], (out), (in), (n), (op))
#endif
#elif defined(ASCON_LEVELED)
/* The data phase's p^b on share 0 alone: the bi32 backend's rounds
 * (ascon/interleave.h) on share 0's words, which are laid out as the bi32
 * state (the shared rounds with one share took twice the time). */
static void perm_permute(perm_state_t *s, unsigned n) {
  uint32_t *e = s->x[0][0], *o = s->x[0][1];
  unsigned i;
  for (i = 12 - n; i < 12; i++) {
    e[2] ^= ascon_bi32_rc[i][0];
    o[2] ^= ascon_bi32_rc[i][1];
    ascon_sbox32(e);
    ascon_sbox32(o);
    ASCON_BI_SIGMA_WORDS(e, o, 0, 19, 28);
    ASCON_BI_SIGMA_WORDS(e, o, 1, 61, 39);
    ASCON_BI_SIGMA_WORDS(e, o, 2, 1, 6);
    ASCON_BI_SIGMA_WORDS(e, o, 3, 10, 17);
    ASCON_BI_SIGMA_WORDS(e, o, 4, 7, 41);
  }
}
#else
#define perm_permute ascon_masked_permute
#endif

#endif
