/*
 * ref backend: Xoodoo written the way the specification presents it
 * (Daemen, Hoffert, Peeters, Van Assche, Van Keer, "Xoodyak, a lightweight
 * cryptographic scheme", section 2): the state as three planes A0, A1, A2
 * of four 32-bit lanes, and a round that is
 *
 *   theta     P = A0 + A1 + A2;  E = P <<< (1, 5) + P <<< (1, 14);  Ay += E
 *   rho-west  A1 = A1 <<< (1, 0);  A2 = A2 <<< (0, 11)
 *   iota      A0 += C_i
 *   chi       B0 = ~A1 & A2;  B1 = ~A2 & A0;  B2 = ~A0 & A1;  Ay += By
 *   rho-east  A1 = A1 <<< (0, 1);  A2 = A2 <<< (2, 8)
 *
 * where A <<< (t, v) moves the bit at (x, z) to (x + t, z + v).  Plain
 * loops over arrays; the oracle the other implementations are tested
 * against.
 */
#ifndef XOODOO_BACKEND_H
#define XOODOO_BACKEND_H

#include "xoodoo/common.h"
#define PERM_VIEW_WORDS32
#include "core/perm.h"

#define XOODOO_BACKEND_NAME "ref"

/* C_i of the rounds i = 1 - 12 .. 0, in the order they are applied. */
static const uint32_t xoodoo_ref_rc[12] = {
    0x00000058, 0x00000038, 0x000003c0, 0x000000d0, 0x00000120, 0x00000014,
    0x00000060, 0x0000002c, 0x00000380, 0x000000f0, 0x000001a0, 0x00000012};

/* Lane x of plane y. */
#define XOODOO_LANE(A, x, y) ((A)[(x) + 4 * (y)])

static void xoodoo_ref_theta(uint32_t *A) {
  uint32_t P[4], E[4];
  unsigned x, y;
  for (x = 0; x < 4; x++)
    P[x] = XOODOO_LANE(A, x, 0) ^ XOODOO_LANE(A, x, 1) ^ XOODOO_LANE(A, x, 2);
  for (x = 0; x < 4; x++)
    E[x] = lwc_rol32(P[(x + 3) % 4], 5) ^ lwc_rol32(P[(x + 3) % 4], 14);
  for (y = 0; y < 3; y++)
    for (x = 0; x < 4; x++) XOODOO_LANE(A, x, y) ^= E[x];
}

static void xoodoo_ref_rho_west(uint32_t *A) {
  uint32_t t[4];
  unsigned x;
  for (x = 0; x < 4; x++) t[x] = XOODOO_LANE(A, x, 1);
  for (x = 0; x < 4; x++) XOODOO_LANE(A, x, 1) = t[(x + 3) % 4];
  for (x = 0; x < 4; x++) XOODOO_LANE(A, x, 2) = lwc_rol32(XOODOO_LANE(A, x, 2), 11);
}

static void xoodoo_ref_chi(uint32_t *A) {
  uint32_t B[12];
  unsigned x, y;
  for (y = 0; y < 3; y++)
    for (x = 0; x < 4; x++)
      XOODOO_LANE(B, x, y) = ~XOODOO_LANE(A, x, (y + 1) % 3) & XOODOO_LANE(A, x, (y + 2) % 3);
  for (y = 0; y < 3; y++)
    for (x = 0; x < 4; x++) XOODOO_LANE(A, x, y) ^= XOODOO_LANE(B, x, y);
}

static void xoodoo_ref_rho_east(uint32_t *A) {
  uint32_t t[4];
  unsigned x;
  for (x = 0; x < 4; x++) XOODOO_LANE(A, x, 1) = lwc_rol32(XOODOO_LANE(A, x, 1), 1);
  for (x = 0; x < 4; x++) t[x] = XOODOO_LANE(A, x, 2);
  for (x = 0; x < 4; x++) XOODOO_LANE(A, x, 2) = lwc_rol32(t[(x + 2) % 4], 8);
}

/* Xoodoo[n]: the last n of the 12 rounds (1 <= n <= 12). */
static void perm_permute(perm_state_t *s, unsigned n) {
  uint32_t *A = s->w;
  unsigned i;
  for (i = 12 - n; i < 12; i++) {
    xoodoo_ref_theta(A);
    xoodoo_ref_rho_west(A);
    XOODOO_LANE(A, 0, 0) ^= xoodoo_ref_rc[i]; /* iota */
    xoodoo_ref_chi(A);
    xoodoo_ref_rho_east(A);
  }
}

#endif
