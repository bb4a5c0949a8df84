/*
 * opt32 backend: Xoodoo for 32-bit cores.  The twelve lanes live in local
 * variables (registers where the core has enough), the round is written
 * out lane by lane, and the lane moves of rho-west and rho-east are
 * renamings of those variables rather than copies.  theta's
 * E = P <<< 5 + P <<< 14 is computed as (P + P <<< 9) <<< 5: one rotation
 * fewer per column.  Lanes as in the ref backend: a[x + 4y].
 */
#ifndef XOODOO_BACKEND_H
#define XOODOO_BACKEND_H

#define LWC_FORCE_INLINE 1 /* core/common.h: every routine inlined */
#include "xoodoo/common.h"
#define PERM_VIEW_WORDS32
#include "core/perm.h"

#define XOODOO_BACKEND_NAME "opt32"

#define XOODOO_ROL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

static const uint32_t xoodoo_opt32_rc[12] = {
    0x00000058, 0x00000038, 0x000003c0, 0x000000d0, 0x00000120, 0x00000014,
    0x00000060, 0x0000002c, 0x00000380, 0x000000f0, 0x000001a0, 0x00000012};

/* chi on one column (A0[x], A1[x], A2[x]) = (u, v, w), in place. */
#define XOODOO_CHI(u, v, w)                                      \
  do {                                                           \
    uint32_t cu_ = ~(v) & (w), cv_ = ~(w) & (u), cw_ = ~(u) & (v); \
    (u) ^= cu_;                                                  \
    (v) ^= cv_;                                                  \
    (w) ^= cw_;                                                  \
  } while (0)

/* theta's effect on column x: E from the parity of column x - 1. */
#define XOODOO_THETA_COL(p, u, v, w)              \
  do {                                            \
    uint32_t e_ = (p) ^ XOODOO_ROL((p), 9);       \
    e_ = XOODOO_ROL(e_, 5);                       \
    (u) ^= e_;                                    \
    (v) ^= e_;                                    \
    (w) ^= e_;                                    \
  } while (0)

/* Xoodoo[n]: the last n of the 12 rounds (1 <= n <= 12). */
static void perm_permute(perm_state_t *s, unsigned n) {
  uint32_t a0 = s->w[0], a1 = s->w[1], a2 = s->w[2], a3 = s->w[3];
  uint32_t a4 = s->w[4], a5 = s->w[5], a6 = s->w[6], a7 = s->w[7];
  uint32_t a8 = s->w[8], a9 = s->w[9], a10 = s->w[10], a11 = s->w[11];
  const uint32_t *rc = xoodoo_opt32_rc + (12 - n);
  const uint32_t *end = xoodoo_opt32_rc + 12;
  uint32_t p0, p1, p2, p3, t;
  do {
    /* theta */
    p0 = a0 ^ a4 ^ a8;
    p1 = a1 ^ a5 ^ a9;
    p2 = a2 ^ a6 ^ a10;
    p3 = a3 ^ a7 ^ a11;
    XOODOO_THETA_COL(p3, a0, a4, a8);
    XOODOO_THETA_COL(p0, a1, a5, a9);
    XOODOO_THETA_COL(p1, a2, a6, a10);
    XOODOO_THETA_COL(p2, a3, a7, a11);
    /* rho-west: A1[x] is now the variable of lane x - 1 (a7, a4, a5, a6
     * for x = 0..3); A2 <<< 11 */
    a8 = XOODOO_ROL(a8, 11);
    a9 = XOODOO_ROL(a9, 11);
    a10 = XOODOO_ROL(a10, 11);
    a11 = XOODOO_ROL(a11, 11);
    /* iota */
    a0 ^= *rc++;
    /* chi, column by column */
    XOODOO_CHI(a0, a7, a8);
    XOODOO_CHI(a1, a4, a9);
    XOODOO_CHI(a2, a5, a10);
    XOODOO_CHI(a3, a6, a11);
    /* rho-east: A1 <<< 1 back into lane order; A2[x] = A2[x - 2] <<< 8 */
    t = a7;
    a7 = XOODOO_ROL(a6, 1);
    a6 = XOODOO_ROL(a5, 1);
    a5 = XOODOO_ROL(a4, 1);
    a4 = XOODOO_ROL(t, 1);
    t = a8;
    a8 = XOODOO_ROL(a10, 8);
    a10 = XOODOO_ROL(t, 8);
    t = a9;
    a9 = XOODOO_ROL(a11, 8);
    a11 = XOODOO_ROL(t, 8);
  } while (rc != end);
  /* the three planes back, one a line as they were read */
  s->w[0] = a0, s->w[1] = a1, s->w[2] = a2, s->w[3] = a3;
  s->w[4] = a4, s->w[5] = a5, s->w[6] = a6, s->w[7] = a7;
  s->w[8] = a8, s->w[9] = a9, s->w[10] = a10, s->w[11] = a11;
}

#endif
