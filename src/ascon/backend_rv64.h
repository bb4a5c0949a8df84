/*
 * RV64 assembly backends (src/ascon/rv64/<variant>.S, written by gen.py).
 * The assembly does the permutation, runs of whole blocks (the state held
 * in registers from the first block to the last) and, for an AEAD, whole
 * messages from the key to the tag, which the descriptor offers as its
 * encrypt/decrypt; the incremental calls and the hashes stay the C modes
 * (aead_mode.h, hash_mode.h) over the first two.  The state in memory is
 * opt64's: five uint64_t lanes (lanes64.h), read and written by the
 * assembly with ld/sd.  The implementation folder adds a .S including the
 * variant.
 */
#ifndef ASCON_BACKEND_H
#define ASCON_BACKEND_H

/* The byte <-> lane helpers inlined everywhere (as opt64). */
#define LWC_FORCE_INLINE 1 /* core/common.h: every routine inlined */

#include "ascon/lanes64.h"

#define ASCON_BACKEND_NAME "asm_rv64"

/* p^rounds (1 .. 12) */
void LWC_NS(ascon_rv64_permute)(perm_state_t *s, unsigned rounds);
/* n > 0 full blocks of ASCON_RATE bytes, each followed by p^ASCON_PB;
 * op: 0 absorb in, 1 encrypt in to out, 2 decrypt in to out (out may be in) */
void LWC_NS(ascon_rv64_blocks)(perm_state_t *s, uint8_t *out, const uint8_t *in,
                               size_t n, unsigned op);

/* The descriptor's whole-message calls (include/lwc.h), in assembly with
 * the state and the key in registers from the key to the tag; only an
 * AEAD scheme's .S has them. */
int LWC_NS(ascon_rv64_aead_encrypt)(uint8_t *ct, const uint8_t *msg, size_t mlen,
                                    const uint8_t *ad, size_t adlen,
                                    const uint8_t *npub, const uint8_t *k);
int LWC_NS(ascon_rv64_aead_decrypt)(uint8_t *msg, const uint8_t *ct, size_t ctlen,
                                    const uint8_t *ad, size_t adlen,
                                    const uint8_t *npub, const uint8_t *k);
#define ASCON_WHOLE_ENCRYPT LWC_NS(ascon_rv64_aead_encrypt)
#define ASCON_WHOLE_DECRYPT LWC_NS(ascon_rv64_aead_decrypt)

#define perm_permute(s, rounds) LWC_NS(ascon_rv64_permute)((s), (rounds))
#define ASCON_BLOCKS(s, out, in, n, op) LWC_NS(ascon_rv64_blocks)((s), (out), (in), (n), (op))

#endif
