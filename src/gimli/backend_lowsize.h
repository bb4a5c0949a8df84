/*
 * lowsize backend: the smallest code, not the fastest.  The state is kept
 * as its 48-byte string (so adding and extracting bytes are plain byte
 * loops, with no shifts), each column's words are loaded and stored
 * little-endian inside a single looped SP-box, the swaps are one byte
 * loop, and no routine is inlined: each exists once in the binary, mode
 * code included (LWC_INLINE is a plain static function here).
 */
#ifndef GIMLI_BACKEND_H
#define GIMLI_BACKEND_H

#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#include "gimli/common.h"

#define GIMLI_BACKEND_NAME "lowsize"

#define PERM_VIEW_BYTES
#include "core/perm.h"

/* The last `rounds` of the 24 rounds (1 <= rounds <= 24). */
LWC_INLINE void perm_permute(perm_state_t *s, unsigned rounds) {
  uint8_t *p = s->b, t;
  unsigned r, j;
  for (r = rounds; r > 0; r--) {
    for (j = 0; j < 16; j += 4) { /* the SP-box on column j / 4 */
      uint32_t x = lwc_rol32(lwc_load32le(p + j), 24);
      uint32_t y = lwc_rol32(lwc_load32le(p + 16 + j), 9);
      uint32_t z = lwc_load32le(p + 32 + j);
      lwc_store32le(p + 32 + j, x ^ (z << 1) ^ ((y & z) << 2));
      lwc_store32le(p + 16 + j, y ^ x ^ ((x | z) << 1));
      lwc_store32le(p + j, z ^ y ^ ((x & y) << 3));
    }
    if ((r & 1) == 0) {
      /* r mod 4 = 0: small swap (row-0 words 0-1, 2-3), bytes 4 apart;
       * r mod 4 = 2: big swap (words 0-2, 1-3), bytes 8 apart */
      unsigned d = (r & 2) ? 8 : 4;
      for (j = 0; j < 16; j++) {
        if (j & d) continue;
        t = p[j];
        p[j] = p[j + d];
        p[j + d] = t;
      }
      if ((r & 2) == 0) { /* s[0][0] ^= 0x9e377900 ^ r */
        p[0] ^= (uint8_t)r;
        p[1] ^= (uint8_t)(GIMLI_RC >> 8);
        p[2] ^= (uint8_t)(GIMLI_RC >> 16);
        p[3] ^= (uint8_t)(GIMLI_RC >> 24);
      }
    }
  }
}

#endif
