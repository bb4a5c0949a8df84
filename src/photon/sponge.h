/*
 * The absorption shared by the PHOTON-Beetle AEAD and hash modes, over the
 * backend's narrow interface: a full block waits for its permutation until
 * more data comes (the last block's padding depends on whether it was full).
 */
#ifndef PHOTON_SPONGE_H
#define PHOTON_SPONGE_H

#include "photon/common.h"

/* len bytes into the state's first `rate` bytes from byte p on, PHOTON256
 * before each new block; returns the bytes of the open block (rate: full). */
LWC_PART unsigned pb_absorb(perm_state_t *s, unsigned p, unsigned rate, const uint8_t *in,
                            size_t len) {
  while (len > 0) {
    unsigned n;
    if (p == rate) {
      perm_permute(s, PHOTON_ROUNDS);
      p = 0;
    }
    n = rate - p;
    if (n > len) n = (unsigned)len;
    perm_add(s, in, p, n);
    in += n;
    len -= n;
    p += n;
  }
  return p;
}

#endif
