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

/* the permutation view of the contract (core/perm.h): a string of bytes */
#define PERM_STATE_BYTES 64u
#define PERM_VIEW_BYTES
#include "core/perm.h"

static void perm_permute(perm_state_t *s, unsigned rounds) {
  skinny_encrypt_rounds(s->b, s->b + 16, s->b + 32, s->b + 48, rounds);
}

#define LWC_PERM_ROUNDS SKINNY_ROUNDS
#define LWC_PERM_MAX_ROUNDS SKINNY_ROUNDS
#include "core/perm_api.h"

#endif
