/*
 * lowsize backend: the smallest code, not the fastest.  The round is one
 * loop body over the lanes in memory, every rotation goes through one
 * rotate routine with the amount as an argument, the round constants are
 * a table of 16-bit entries, bytes go in and out one at a time, and no
 * routine is inlined (LWC_INLINE is a plain static function here), so
 * each exists once in the binary; the mode code above it is compiled the
 * same way.  Lanes as in the ref backend: a[x + 4y].
 */
#ifndef XOODOO_BACKEND_H
#define XOODOO_BACKEND_H

#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#include "xoodoo/common.h"
#define PERM_VIEW_WORDS32
#define PERM_VIEW_BYTEWISE 1 /* add and extract: the byte path alone */
#include "core/perm.h"

#define XOODOO_BACKEND_NAME "lowsize"

static const uint16_t xoodoo_lowsize_rc[12] = {0x058, 0x038, 0x3c0, 0x0d0, 0x120, 0x014,
                                               0x060, 0x02c, 0x380, 0x0f0, 0x1a0, 0x012};

LWC_INLINE uint32_t xoodoo_lowsize_rol(uint32_t x, unsigned n) {
  return (x << n) | (x >> (32u - n));
}

LWC_INLINE void perm_permute(perm_state_t *s, unsigned n) {
  uint32_t *a = s->w, e[4], t, u, v, w;
  unsigned r, x;
  for (r = 12 - n; r < 12; r++) {
    /* theta: E[x] from the parity of column x - 1 */
    for (x = 0; x < 4; x++) {
      t = a[(x + 3) & 3] ^ a[((x + 3) & 3) + 4] ^ a[((x + 3) & 3) + 8];
      e[x] = xoodoo_lowsize_rol(t ^ xoodoo_lowsize_rol(t, 9), 5);
    }
    for (x = 0; x < 12; x++) a[x] ^= e[x & 3];
    /* rho-west: A1 <<< (1, 0) */
    t = a[7];
    for (x = 7; x > 4; x--) a[x] = a[x - 1];
    a[4] = t;
    /* iota */
    a[0] ^= xoodoo_lowsize_rc[r];
    /* rho-west's A2 <<< (0, 11), chi, rho-east's A1 <<< (0, 1) */
    for (x = 0; x < 4; x++) {
      u = a[x];
      v = a[x + 4];
      w = xoodoo_lowsize_rol(a[x + 8], 11);
      a[x] = u ^ (~v & w);
      a[x + 4] = xoodoo_lowsize_rol(v ^ (~w & u), 1);
      a[x + 8] = w ^ (~u & v);
    }
    /* rho-east: A2 <<< (2, 8) */
    for (x = 8; x < 10; x++) {
      t = a[x];
      a[x] = xoodoo_lowsize_rol(a[x + 2], 8);
      a[x + 2] = xoodoo_lowsize_rol(t, 8);
    }
  }
}

#endif
