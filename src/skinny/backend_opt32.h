/*
 * opt32 backend: speed on 32-bit cores.  Each row of the state and of the
 * three tweakey matrices is one 32-bit word (column c in byte c, as the
 * bytes of the block read little-endian), so that
 *   SubCells     is the S-box's NOR/XOR circuit on four bytes at once
 *                (shifts and masks per step, no table),
 *   ShiftRows    is a rotation of rows 1, 2, 3 by 8, 16, 24 bits,
 *   MixColumns   is three word XORs and a renaming of the rows,
 *   P_T          moves rows 0, 1 down to rows 2, 3 and builds the new top
 *                rows from bytes of the old bottom ones (shifts and masks),
 *   the LFSRs    act on the bytes of two words at once.
 * The round constants are a table indexed by the round number (public).
 */
#ifndef SKINNY_BACKEND_H
#define SKINNY_BACKEND_H

#include "skinny/common.h"

#define SKINNY_BACKEND_NAME "opt32"

/* (rc5..rc0) of rounds 1..40, the 6-bit LFSR of the specification */
static const uint8_t SKINNY_RC[SKINNY_ROUNDS] = {
    0x01, 0x03, 0x07, 0x0f, 0x1f, 0x3e, 0x3d, 0x3b, 0x37, 0x2f, 0x1e, 0x3c, 0x39, 0x33,
    0x27, 0x0e, 0x1d, 0x3a, 0x35, 0x2b, 0x16, 0x2c, 0x18, 0x30, 0x21, 0x02, 0x05, 0x0b,
    0x17, 0x2e, 0x1c, 0x38, 0x31, 0x23, 0x06, 0x0d, 0x1b, 0x36, 0x2d, 0x1a};

/* The S-box on each byte of x: three times (x4 ^= NOR(x7, x6), x0 ^=
 * NOR(x3, x2), then (x7..x0) -> (x2, x1, x7, x6, x4, x0, x3, x5)), a fourth
 * NOR/XOR step and the exchange of bits 1 and 2. */
#define SKINNY_NOR_STEP(x) ((x) ^= ~(((x) >> 2) | ((x) >> 3)) & 0x11111111u)
#define SKINNY_BIT_PERM(x)                                                   \
  ((((x) << 5) & 0xc0c0c0c0u) | (((x) >> 2) & 0x32323232u) |               \
   (((x) >> 1) & 0x08080808u) | (((x) << 2) & 0x04040404u) |               \
   (((x) >> 5) & 0x01010101u))

LWC_INLINE uint32_t skinny_sbox32(uint32_t x) {
  SKINNY_NOR_STEP(x);
  x = SKINNY_BIT_PERM(x);
  SKINNY_NOR_STEP(x);
  x = SKINNY_BIT_PERM(x);
  SKINNY_NOR_STEP(x);
  x = SKINNY_BIT_PERM(x);
  SKINNY_NOR_STEP(x);
  return (x & 0xf9f9f9f9u) | ((x << 1) & 0x04040404u) | ((x >> 1) & 0x02020202u);
}

/* P_T on one tweakey matrix (rows a, b, c, d): the new rows 2, 3 are the
 * old rows 0, 1; the new row 0 is the old cells (9, 15, 8, 13), row 1 the
 * old cells (10, 14, 12, 11). */
#define SKINNY_PT(a, b, c, d)                                                      \
  do {                                                                           \
    uint32_t c_ = c, d_ = d;                                                     \
    c = a;                                                                       \
    d = b;                                                                       \
    a = ((c_ >> 8) & 0x000000ffu) | ((d_ >> 16) & 0x0000ff00u) |                 \
        ((c_ << 16) & 0x00ff0000u) | ((d_ << 16) & 0xff000000u);                 \
    b = ((c_ >> 16) & 0x000000ffu) | ((d_ >> 8) & 0x0000ff00u) |                 \
        ((d_ << 16) & 0x00ff0000u) | (c_ & 0xff000000u);                         \
  } while (0)

/* the LFSRs on four bytes: TK2 (x7..x0) -> (x6..x0, x7 ^ x5),
 * TK3 (x7..x0) -> (x0 ^ x6, x7..x1) */
#define SKINNY_LFSR2(x) \
  (x = ((x << 1) & 0xfefefefeu) ^ (((x >> 7) ^ (x >> 5)) & 0x01010101u))
#define SKINNY_LFSR3(x) \
  (x = ((x >> 1) & 0x7f7f7f7fu) ^ (((x << 7) ^ (x << 1)) & 0x80808080u))

/* The first `rounds` rounds (SKINNY_ROUNDS: the cipher; fewer: the bare
 * permutation's permute_rounds). */
static void skinny_encrypt_rounds(uint8_t *block, const uint8_t *tk1, const uint8_t *tk2,
                                  const uint8_t *tk3, unsigned rounds) {
  uint32_t s0 = lwc_load32le(block), s1 = lwc_load32le(block + 4);
  uint32_t s2 = lwc_load32le(block + 8), s3 = lwc_load32le(block + 12);
  uint32_t a0 = lwc_load32le(tk1), a1 = lwc_load32le(tk1 + 4);
  uint32_t a2 = lwc_load32le(tk1 + 8), a3 = lwc_load32le(tk1 + 12);
  uint32_t b0 = lwc_load32le(tk2), b1 = lwc_load32le(tk2 + 4);
  uint32_t b2 = lwc_load32le(tk2 + 8), b3 = lwc_load32le(tk2 + 12);
  uint32_t c0 = lwc_load32le(tk3), c1 = lwc_load32le(tk3 + 4);
  uint32_t c2 = lwc_load32le(tk3 + 8), c3 = lwc_load32le(tk3 + 12);
  unsigned r;
  for (r = 0; r < rounds; r++) {
    uint32_t t, rc = SKINNY_RC[r];
    s0 = skinny_sbox32(s0);
    s1 = skinny_sbox32(s1);
    s2 = skinny_sbox32(s2);
    s3 = skinny_sbox32(s3);
    /* AddConstants, AddRoundTweakey */
    s0 ^= (rc & 0x0fu) ^ a0 ^ b0 ^ c0;
    s1 ^= (rc >> 4) ^ a1 ^ b1 ^ c1;
    s2 ^= 0x02u;
    /* ShiftRows: row i right by i cells, i.e. its word left by 8i bits */
    s1 = lwc_rol32(s1, 8);
    s2 = lwc_rol32(s2, 16);
    s3 = lwc_rol32(s3, 24);
    /* MixColumns */
    s1 ^= s2;
    s2 ^= s0;
    s3 ^= s2;
    t = s3;
    s3 = s2;
    s2 = s1;
    s1 = s0;
    s0 = t;
    /* the tweakey schedule */
    SKINNY_PT(a0, a1, a2, a3);
    SKINNY_PT(b0, b1, b2, b3);
    SKINNY_PT(c0, c1, c2, c3);
    SKINNY_LFSR2(b0);
    SKINNY_LFSR2(b1);
    SKINNY_LFSR3(c0);
    SKINNY_LFSR3(c1);
  }
  lwc_store32le(block, s0);
  lwc_store32le(block + 4, s1);
  lwc_store32le(block + 8, s2);
  lwc_store32le(block + 12, s3);
}

#endif
