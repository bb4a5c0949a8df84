/*
 * What Xoodyak's AEAD and hash modes share (the Cyclist construction of
 * the Xoodyak specification, section 1), written over the narrow interface
 * of a backend: perm_zero, perm_add, perm_extract, perm_permute.
 *
 * Cyclist performs the permutation lazily: Down(X, Cd) adds the block X,
 * the padding byte 0x01 after it and the domain byte Cd at S[47]; the next
 * Up(Cu) adds Cu at S[47] (keyed mode only) and permutes.  So the state
 * between calls is an open block of `pos` bytes (pos may equal the rate:
 * a full block whose padding and permutation wait for the next byte or for
 * the end of the string).  Each Cd and Cu is the same whatever the block's
 * length and lands at S[47], away from the rate, so it is added as soon as
 * the block is opened; only the padding waits.
 */
#ifndef XOODOO_CYCLIST_H
#define XOODOO_CYCLIST_H

#include "xoodoo/common.h"

#define XOODYAK_ROUNDS 12u
#define XOODYAK_LAST 47u /* the byte Cd and Cu are added to */

enum { XOODYAK_OP_ABSORB, XOODYAK_OP_ENC, XOODYAK_OP_DEC };

/* S[off] ^= b: padding and domain bytes. */
LWC_INLINE void xoodyak_add_byte(perm_state_t *s, uint8_t b, unsigned off) {
  perm_add(s, &b, off, 1);
}

/* Close a full block of `rate` bytes (its padding after it) and permute:
 * the Down of that block and the Up (Cu = 0) of the next one. */
LWC_INLINE void xoodyak_next_block(perm_state_t *s, unsigned rate) {
  xoodyak_add_byte(s, 0x01, rate);
  perm_permute(s, XOODYAK_ROUNDS);
}

/* Process len bytes of a string cut in blocks of `rate` bytes, starting in
 * the open block at *pos: absorb them, or encrypt / decrypt them (Cyclist's
 * Crypt: out = in ^ S, then S ^= the plaintext).  out == in is allowed;
 * out is unused (may be NULL) when absorbing. */
LWC_INLINE void xoodyak_stream(perm_state_t *s, uint8_t *pos, uint8_t *out,
                               const uint8_t *in, size_t len, unsigned rate,
                               int op) {
  uint8_t ks[XOODOO_STATE_BYTES];
  unsigned p = *pos, n, i;
  while (len > 0) {
    if (p == rate) {
      xoodyak_next_block(s, rate);
      p = 0;
    }
    n = rate - p;
    if (n > len) n = (unsigned)len;
    if (op == XOODYAK_OP_DEC) {
      perm_extract(s, ks, p, n);
      for (i = 0; i < n; i++) out[i] = (uint8_t)(in[i] ^ ks[i]);
      perm_add(s, out, p, n);
    } else {
      perm_add(s, in, p, n);
      if (op == XOODYAK_OP_ENC) perm_extract(s, out, p, n);
    }
    in += n;
    if (op != XOODYAK_OP_ABSORB) out += n;
    len -= n;
    p += n;
  }
  if (op == XOODYAK_OP_DEC) lwc_wipe_bytes(ks, sizeof ks);
  *pos = (uint8_t)p;
}

#endif
