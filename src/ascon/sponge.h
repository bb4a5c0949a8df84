/*
 * Rate-level streaming shared by the AEAD and hash modes: data of any
 * length goes through the rate of the state in blocks of ASCON_RATE bytes,
 * with p^ASCON_PB after every full block.  `pos` counts the bytes of the
 * open (partly used) block between calls, so any split of the data gives
 * the result of one call.
 */
#ifndef ASCON_SPONGE_H
#define ASCON_SPONGE_H

#include "ascon/duplex.h"

enum { ASCON_OP_ABSORB, ASCON_OP_ENC, ASCON_OP_DEC };

/* One duplex call; op is a constant at every call site. */
LWC_INLINE void ascon_duplex_op(perm_state_t *s, uint8_t *out,
                                const uint8_t *in, unsigned off,
                                unsigned len, int op) {
  if (op == ASCON_OP_ABSORB)
    perm_add(s, in, off, len);
  else if (op == ASCON_OP_ENC)
    ascon_encrypt(s, out, in, off, len);
  else
    ascon_decrypt(s, out, in, off, len);
}

/* Fill the open block, then whole blocks, then open a new block with what
 * remains.  out is unused (may be NULL) when op is ASCON_OP_ABSORB. */
LWC_INLINE void ascon_stream(perm_state_t *s, uint8_t *pos, uint8_t *out,
                             const uint8_t *in, size_t len, int op) {
  unsigned p = *pos;
  if (p > 0 && len > 0) {
    unsigned n = ASCON_RATE - p;
    if (n > len) n = (unsigned)len;
    ascon_duplex_op(s, out, in, p, n, op);
    in += n;
    if (op != ASCON_OP_ABSORB) out += n;
    len -= n;
    p += n;
    if (p == ASCON_RATE) {
      perm_permute(s, ASCON_PB);
      p = 0;
    }
  }
#ifdef ASCON_BLOCKS /* the backend runs whole blocks itself (assembly) */
  if (len >= ASCON_RATE) {
    size_t n = len / ASCON_RATE;
    ASCON_BLOCKS(s, out, in, n, (unsigned)op);
    in += n * ASCON_RATE;
    if (op != ASCON_OP_ABSORB) out += n * ASCON_RATE;
    len -= n * ASCON_RATE;
  }
#else
  while (len >= ASCON_RATE) {
    ascon_duplex_op(s, out, in, 0, ASCON_RATE, op);
    perm_permute(s, ASCON_PB);
    in += ASCON_RATE;
    if (op != ASCON_OP_ABSORB) out += ASCON_RATE;
    len -= ASCON_RATE;
  }
#endif
  if (len > 0) {
    ascon_duplex_op(s, out, in, 0, (unsigned)len, op);
    p = (unsigned)len;
  }
  *pos = (uint8_t)p;
}

#endif
