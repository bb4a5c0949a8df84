/*
 * lowsize backend: the smallest code, not the fastest.  The rows of the
 * state and of the tweakey are 32-bit words in arrays (as in opt32), the
 * S-box's four NOR/XOR steps are one loop, P_T and the LFSRs are loops over
 * the tweakey matrices, the round constants come from the 6-bit LFSR
 * itself (no table), and no routine is inlined: each exists once in the
 * binary, mode code included (LWC_INLINE is a plain static function here).
 */
#ifndef SKINNY_BACKEND_H
#define SKINNY_BACKEND_H

#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#include "skinny/common.h"

#define SKINNY_BACKEND_NAME "lowsize"

/* the S-box on each byte of x (the circuit of backend_ref.h) */
LWC_INLINE uint32_t skinny_sbox32(uint32_t x) {
  unsigned i;
  for (i = 0;; i++) {
    x ^= ~((x >> 2) | (x >> 3)) & 0x11111111u; /* x4 ^= NOR(x7, x6), x0 ^= NOR(x3, x2) */
    if (i == 3) break;
    /* (x7..x0) -> (x2, x1, x7, x6, x4, x0, x3, x5) */
    x = ((x << 5) & 0xc0c0c0c0u) | ((x >> 2) & 0x32323232u) | ((x >> 1) & 0x08080808u) |
        ((x << 2) & 0x04040404u) | ((x >> 5) & 0x01010101u);
  }
  return (x & 0xf9f9f9f9u) | ((x << 1) & 0x04040404u) | ((x >> 1) & 0x02020202u);
}

/* P_T on the three matrices, then the LFSRs of TK2 and TK3 on their top rows */
LWC_INLINE void skinny_schedule(uint32_t *tk) {
  unsigned j;
  for (j = 0; j < 12; j += 4) {
    uint32_t c = tk[j + 2], d = tk[j + 3];
    tk[j + 2] = tk[j];
    tk[j + 3] = tk[j + 1];
    tk[j] = ((c >> 8) & 0x000000ffu) | ((d >> 16) & 0x0000ff00u) | ((c << 16) & 0x00ff0000u) |
            ((d << 16) & 0xff000000u);
    tk[j + 1] = ((c >> 16) & 0x000000ffu) | ((d >> 8) & 0x0000ff00u) |
                ((d << 16) & 0x00ff0000u) | (c & 0xff000000u);
  }
  for (j = 4; j < 6; j++) {
    uint32_t x = tk[j], y = tk[j + 4];
    tk[j] = ((x << 1) & 0xfefefefeu) ^ (((x >> 7) ^ (x >> 5)) & 0x01010101u);
    tk[j + 4] = ((y >> 1) & 0x7f7f7f7fu) ^ (((y << 7) ^ (y << 1)) & 0x80808080u);
  }
}

/* The first `rounds` rounds (SKINNY_ROUNDS: the cipher; fewer: the bare
 * permutation's permute_rounds). */
static void skinny_encrypt_rounds(uint8_t *block, const uint8_t *tk1, const uint8_t *tk2,
                                  const uint8_t *tk3, unsigned rounds) {
  uint32_t s[4], tk[12], t;
  unsigned r, i, rc = 0;
  for (i = 0; i < 4; i++) {
    s[i] = lwc_load32le(block + 4 * i);
    tk[i] = lwc_load32le(tk1 + 4 * i);
    tk[4 + i] = lwc_load32le(tk2 + 4 * i);
    tk[8 + i] = lwc_load32le(tk3 + 4 * i);
  }
  for (r = 0; r < rounds; r++) {
    rc = ((rc << 1) | (((rc >> 5) ^ (rc >> 4) ^ 1u) & 1u)) & 0x3fu;
    for (i = 0; i < 4; i++) s[i] = skinny_sbox32(s[i]);
    s[0] ^= (rc & 0x0fu) ^ tk[0] ^ tk[4] ^ tk[8];
    s[1] ^= (rc >> 4) ^ tk[1] ^ tk[5] ^ tk[9];
    s[2] ^= 0x02u;
    for (i = 1; i < 4; i++) s[i] = lwc_rol32(s[i], 8 * i); /* ShiftRows */
    s[1] ^= s[2]; /* MixColumns */
    s[2] ^= s[0];
    t = s[3] ^ s[2];
    s[3] = s[2];
    s[2] = s[1];
    s[1] = s[0];
    s[0] = t;
    skinny_schedule(tk);
  }
  for (i = 0; i < 4; i++) lwc_store32le(block + 4 * i, s[i]);
  lwc_wipe_bytes(s, sizeof s);
  lwc_wipe_bytes(tk, sizeof tk);
}

#endif
