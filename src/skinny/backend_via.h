/*
 * via backend: skinny_encrypt_rounds() over core/via.h, i.e. over the lwc_perm
 * descriptor of the skinny128-384plus implementation under test (its state
 * is block || TK1 || TK2 || TK3), so that Romulus-N's mode compiled over it
 * (crypto_perm/skinny128-384plus/via.c) checks that permutation against
 * the mode's official KAT file.
 */
#ifndef SKINNY_BACKEND_H
#define SKINNY_BACKEND_H

#include "skinny/common.h"
#include "core/via.h"

#define SKINNY_BACKEND_NAME "via"

static void skinny_encrypt_rounds(uint8_t *block, const uint8_t *tk1, const uint8_t *tk2,
                                  const uint8_t *tk3, unsigned rounds) {
  perm_state_t s;
  perm_zero(&s);
  perm_add(&s, block, 0, 16);
  perm_add(&s, tk1, 16, 16);
  perm_add(&s, tk2, 32, 16);
  perm_add(&s, tk3, 48, 16);
  perm_permute(&s, rounds);
  perm_extract(&s, block, 0, 16);
  lwc_wipe_bytes(&s, sizeof s);
}

#endif
