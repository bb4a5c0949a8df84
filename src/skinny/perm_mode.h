/*
 * Skinny-128-384+ as a bare permutation behind the lwc_perm descriptor
 * (core/perm_api.h), for benchmarks: the state is the 64-byte string
 * block || TK1 || TK2 || TK3; permute() encrypts the block under the
 * tweakey (40 rounds; the tweakey bytes stay as they are), which permutes
 * the 64-byte state; permute_rounds(n) runs the first n rounds.
 */
#ifndef SKINNY_PERM_MODE_H
#define SKINNY_PERM_MODE_H

#include "skinny/common.h"

#define SKINNY_PERM_BYTES 64u

typedef struct { uint8_t b[SKINNY_PERM_BYTES]; } skinny_perm_state;

static void skinny_perm_zero(skinny_perm_state *s) {
  unsigned i;
  for (i = 0; i < SKINNY_PERM_BYTES; i++) s->b[i] = 0;
}

static void skinny_perm_add(skinny_perm_state *s, const uint8_t *in, unsigned off,
                            unsigned len) {
  unsigned i;
  for (i = 0; i < len; i++) s->b[off + i] ^= in[i];
}

static void skinny_perm_extract(const skinny_perm_state *s, uint8_t *out, unsigned off,
                                unsigned len) {
  unsigned i;
  for (i = 0; i < len; i++) out[i] = s->b[off + i];
}

static void skinny_perm_permute(skinny_perm_state *s, unsigned rounds) {
  skinny_encrypt_rounds(s->b, s->b + 16, s->b + 32, s->b + 48, rounds);
}

#define LWC_PERM_STATE skinny_perm_state
#define LWC_PERM_STATEBYTES SKINNY_PERM_BYTES
#define LWC_PERM_ROUNDS SKINNY_ROUNDS
#define LWC_PERM_MAX_ROUNDS SKINNY_ROUNDS
#define LWC_PERM_FN(name) skinny_perm_##name
#include "core/perm_api.h"

#endif
