/*
 * opt32 backend: speed on 32-bit cores.  The 12 words live in locals for
 * the whole permutation (registers where the core has enough), the rounds
 * are unrolled four at a time so that the small and big swaps are renamings
 * of the row-0 words rather than moves, and the rotations are shifts the
 * compiler turns into rotate instructions.
 */
#ifndef GIMLI_BACKEND_H
#define GIMLI_BACKEND_H

#include "gimli/common.h"
#define PERM_VIEW_WORDS32
#include "core/perm.h"

#define GIMLI_BACKEND_NAME "opt32"

/* An empty asm that takes and gives back two columns' words: everything
 * computed for the first column is done before anything of the second
 * starts, so the compiler finishes one column before the next instead of
 * interleaving all four (on ARMv7-M that ran out of registers and spilled
 * to the stack).  Only where six words fit in registers at once. */
#if defined(__GNUC__) && UINTPTR_MAX > 0xffffu
#define GIMLI_OPT32_PIN(a, b, c, d, e, f) \
  __asm__("" : "+r"(a), "+r"(b), "+r"(c), "+r"(d), "+r"(e), "+r"(f))
#else
#define GIMLI_OPT32_PIN(a, b, c, d, e, f) ((void)0)
#endif

/* The SP-box on one column (x, y, z: its words in rows 0, 1, 2), ordered
 * so that two temporaries suffice: with all 12 words in registers, a
 * 16-register core such as ARMv7-M then needs no spill. */
#define GIMLI_OPT32_SP(x, y, z)                 \
  do {                                          \
    uint32_t b_ = lwc_rol32(y, 9), t_;          \
    x = lwc_rol32(x, 24);                       \
    y = z | x;                                  \
    y = (b_ ^ x) ^ (y << 1);                    \
    t_ = b_ & x;                                \
    t_ = b_ ^ (t_ << 3);                        \
    b_ &= z;                                    \
    t_ ^= z;                                    \
    z = (x ^ (b_ << 2)) ^ (z << 1);             \
    x = t_;                                     \
  } while (0)

/* One round's SP-boxes, row-0 words named in column order. */
#define GIMLI_OPT32_ROUND(p, q, r, t)  \
  do {                                 \
    GIMLI_OPT32_SP(p, y0, z0);         \
    GIMLI_OPT32_PIN(p, y0, z0, q, y1, z1); \
    GIMLI_OPT32_SP(q, y1, z1);         \
    GIMLI_OPT32_PIN(q, y1, z1, r, y2, z2); \
    GIMLI_OPT32_SP(r, y2, z2);         \
    GIMLI_OPT32_PIN(r, y2, z2, t, y3, z3); \
    GIMLI_OPT32_SP(t, y3, z3);         \
    GIMLI_OPT32_PIN(t, y3, z3, p, y0, z0); \
  } while (0)

static void perm_permute(perm_state_t *s, unsigned rounds) {
  uint32_t x0 = s->w[0], x1 = s->w[1], x2 = s->w[2], x3 = s->w[3];
  uint32_t y0 = s->w[4], y1 = s->w[5], y2 = s->w[6], y3 = s->w[7];
  uint32_t z0 = s->w[8], z1 = s->w[9], z2 = s->w[10], z3 = s->w[11];
  uint32_t t;
  unsigned r = rounds & ~3u;
  /* rounds above the last multiple of 4 (a call of fewer than 24 rounds):
   * r mod 4 = 3, 2 (big swap), 1 */
  switch (rounds & 3u) {
  case 3:
    GIMLI_OPT32_ROUND(x0, x1, x2, x3);
    /* fall through */
  case 2:
    GIMLI_OPT32_ROUND(x0, x1, x2, x3);
    t = x0, x0 = x2, x2 = t;
    t = x1, x1 = x3, x3 = t;
    /* fall through */
  case 1:
    GIMLI_OPT32_ROUND(x0, x1, x2, x3);
    /* fall through */
  default:
    break;
  }
  /* four rounds r, r-1, r-2, r-3 with r mod 4 = 0: after the small swap
   * column order of row 0 is x1 x0 x3 x2, after the big swap x3 x2 x1 x0;
   * the exchange at the end restores the names */
  for (; r > 0; r -= 4) {
    GIMLI_OPT32_ROUND(x0, x1, x2, x3);
    x1 ^= GIMLI_RC ^ (uint32_t)r; /* s[0][0] after the small swap */
    GIMLI_OPT32_ROUND(x1, x0, x3, x2);
    GIMLI_OPT32_ROUND(x1, x0, x3, x2);
    GIMLI_OPT32_ROUND(x3, x2, x1, x0);
    t = x0, x0 = x3, x3 = t;
    t = x1, x1 = x2, x2 = t;
  }
  s->w[0] = x0, s->w[1] = x1, s->w[2] = x2, s->w[3] = x3;
  s->w[4] = y0, s->w[5] = y1, s->w[6] = y2, s->w[7] = y3;
  s->w[8] = z0, s->w[9] = z1, s->w[10] = z2, s->w[11] = z3;
}

#endif
