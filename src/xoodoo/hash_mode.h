/*
 * Xoodyak hash (NIST LWC final round): Cyclist in hash mode over
 * Xoodoo[12], written once against the narrow interface of a backend.
 *
 * Cyclist(empty key); Absorb(M); Squeeze(32), in bytes of the 48-byte
 * state, with Rhash = 16 (in hash mode Up adds no Cu and Down adds only the
 * last bit of Cd):
 *   absorb    S[47] ^= 0x01 (Cd = 0x03 of the first block; the state starts
 *             in phase up, so no permutation before it); blocks of 16
 *             bytes, each padded with 0x01, a permutation between blocks
 *             (always one block, empty if M is)
 *   squeeze   permute; output S[0..16); for every further 16 bytes:
 *             S[0] ^= 0x01 (Down of an empty block), permute, output
 */
#ifndef XOODOO_HASH_MODE_H
#define XOODOO_HASH_MODE_H

#include "xoodoo/cyclist.h"
#include "core/sponge.h"
#include "lwc.h"

/* The end of the absorption: the last block's padding, Xoodoo. */
LWC_PART void xoodyak_hash_pad(lwc_sponge_state *st) {
  xoodyak_add_byte(&st->s, 0x01, st->pos);
  perm_permute(&st->s, XOODYAK_ROUNDS);
  st->pos = 0;
}

#define LWC_HASH_FN(name) xoodyak_hash_##name
#define LWC_HASH_START(st) xoodyak_add_byte(&(st)->s, 0x01, XOODYAK_LAST)
#define LWC_HASH_ABSORB_BYTES(st, in, len) \
  xoodyak_stream(&(st)->s, &(st)->pos, NULL, in, len, XOODYAK_RHASH, XOODYAK_OP_ABSORB)
#define LWC_HASH_OUT_RATE XOODYAK_RHASH
/* Down(empty, 0): its padding at S[0] */
#define LWC_HASH_NEXT(st) xoodyak_next_block(&(st)->s, 0)
#include "core/hash_tail.h"

#endif
