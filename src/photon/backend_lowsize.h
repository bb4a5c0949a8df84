/*
 * lowsize backend: the smallest code, not the fastest.  The state is kept
 * as its 32-byte string (adding and extracting bytes are plain byte loops);
 * the permutation loads the rows as 32-bit words (cells packed as in
 * opt32), applies AddConstant, SubCells and ShiftRows in one loop over the
 * rows, and MixColumnSerial as the serial matrix A applied eight times
 * (A's last row in a table; each product by shifts and masks in a loop).
 * No routine is inlined: each exists once, mode code included.
 */
#ifndef PHOTON_BACKEND_H
#define PHOTON_BACKEND_H

#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#include "photon/common.h"

#define PHOTON_BACKEND_NAME "lowsize"

#define PERM_VIEW_BYTES
#include "core/perm.h"

/* the S-box on the eight cells of a word (the normal form of backend_ref.h) */
LWC_INLINE uint32_t photon_sbox32(uint32_t w) {
  const uint32_t m = 0x11111111u;
  uint32_t x0 = w & m, x1 = (w >> 1) & m, x2 = (w >> 2) & m, x3 = (w >> 3) & m;
  uint32_t t = x1 & x2, ab = x0 & x3 & (x1 ^ x2);
  uint32_t y0 = x0 ^ x2 ^ x3 ^ t;
  uint32_t y1 = x1 ^ x3 ^ (x0 & t) ^ (x1 & x3) ^ (x2 & x3) ^ ab;
  uint32_t y2 = m ^ x2 ^ x3 ^ (x0 & x1) ^ (x0 & x3) ^ (x1 & x3) ^ ab;
  uint32_t y3 = m ^ x0 ^ x1 ^ x3 ^ t ^ (x0 & t) ^ ab;
  return y0 | y1 << 1 | y2 << 2 | y3 << 3;
}

/* c (public, 0 .. 15) times each cell of x in GF(2^4) / (x^4 + x + 1) */
LWC_INLINE uint32_t photon_mul32(uint32_t x, unsigned c) {
  uint32_t r = 0, h;
  unsigned i;
  for (i = 0; i < 4; i++) {
    r ^= x & (0u - (uint32_t)((c >> i) & 1u));
    h = (x >> 3) & 0x11111111u;
    x = ((x & 0x77777777u) << 1) ^ h ^ (h << 1);
  }
  return r;
}

static void perm_permute(perm_state_t *st, unsigned rounds) {
  static const uint8_t RC[PHOTON_ROUNDS] = {PHOTON_RC_LIST};
  static const uint8_t IC[8] = {PHOTON_IC_LIST};
  static const uint8_t A_LAST[8] = {2, 4, 2, 11, 2, 8, 5, 6};
  uint32_t w[8], v;
  unsigned r, i, n;
  for (i = 0; i < 8; i++) w[i] = lwc_load32le(st->b + 4 * i);
  for (r = 0; r < rounds; r++) {
    for (i = 0; i < 8; i++)
      w[i] = lwc_ror32(photon_sbox32(w[i] ^ RC[r] ^ IC[i]), 4 * i);
    /* the serial matrix 8 times: each step's new row replaces the oldest,
     * read circularly from n (no shifting); after 8 steps rows are in order */
    for (n = 0; n < 8; n++) {
      v = 0;
      for (i = 0; i < 8; i++) v ^= photon_mul32(w[(n + i) & 7], A_LAST[i]);
      w[n] = v;
    }
  }
  for (i = 0; i < 8; i++) lwc_store32le(st->b + 4 * i, w[i]);
  lwc_wipe_bytes(w, sizeof w);
}

#endif
