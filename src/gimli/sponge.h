/*
 * Rate-level streaming shared by the Gimli AEAD and hash modes, written once
 * over the backend's narrow interface (perm_state_t, perm_add,
 * perm_extract, perm_permute).  Both modes (round-2 submission) use a
 * 16-byte rate and permute after every full block, so a full block never
 * waits: only the open block's length `pos` is kept between calls, and any
 * split of the data gives the result of one call.
 *
 * The last block (0 .. 15 bytes, empty when the data fills whole blocks) is
 * padded by gimli_pad(): S[pos] ^= 1, S[47] ^= 1 (the domain bit in the
 * capacity), then the permutation.
 */
#ifndef GIMLI_SPONGE_H
#define GIMLI_SPONGE_H

#include "gimli/common.h"

#define GIMLI_RATE 16u

enum { GIMLI_OP_ABSORB, GIMLI_OP_ENC, GIMLI_OP_DEC };

/* One duplex call on S[off .. off+len) (within the rate):
 *   absorb   S ^= in
 *   enc      S ^= in; out = S           (out may be in)
 *   dec      out = S ^ in; S = in       (out may be in) */
LWC_INLINE void gimli_duplex(perm_state_t *s, uint8_t *out, const uint8_t *in,
                             unsigned off, unsigned len, int op) {
  uint8_t t[GIMLI_RATE];
  unsigned i;
  if (op == GIMLI_OP_DEC) {
    /* plaintext m = S ^ c; S ^ m = c is the state decryption leaves */
    perm_extract(s, t, off, len);
    for (i = 0; i < len; i++) { /* in[i] read before out[i] is written */
      t[i] ^= in[i];
      out[i] = t[i];
    }
    perm_add(s, t, off, len);
  } else {
    perm_add(s, in, off, len);
    if (op == GIMLI_OP_ENC) perm_extract(s, out, off, len);
  }
}

/* Fill the open block, then whole blocks, then open a new block with what
 * remains.  out is unused (may be NULL) when op is GIMLI_OP_ABSORB. */
LWC_INLINE void gimli_stream(perm_state_t *s, uint8_t *pos, uint8_t *out,
                             const uint8_t *in, size_t len, int op) {
  unsigned p = *pos;
  while (len > 0) {
    unsigned n = GIMLI_RATE - p;
    if (n > len) n = (unsigned)len;
    gimli_duplex(s, out, in, p, n, op);
    in += n;
    if (op != GIMLI_OP_ABSORB) out += n;
    len -= n;
    p += n;
    if (p == GIMLI_RATE) {
      perm_permute(s, GIMLI_MAX_ROUNDS);
      p = 0;
    }
  }
  *pos = (uint8_t)p;
}

/* Close the open block: padding byte at pos, domain bit at byte 47, Gimli. */
LWC_INLINE void gimli_pad(perm_state_t *s, unsigned pos) {
  static const uint8_t one = 1;
  perm_add(s, &one, pos, 1);
  perm_add(s, &one, GIMLI_STATE_BYTES - 1, 1);
  perm_permute(s, GIMLI_MAX_ROUNDS);
}

#endif
