/*
 * RV32 assembly backends (src/ascon/rv32/<variant>.S, written by gen.py).
 * The assembly does the permutation, runs of whole blocks (the state held
 * in registers from the first block to the last) and, for an AEAD, whole
 * messages from the key to the tag, which the descriptor offers as its
 * encrypt/decrypt; the incremental calls and the hashes stay the C modes
 * (aead_mode.h, hash_mode.h) over the first two.  This header gives the C
 * side the state layout (bit-interleaved, lanes_bi32.h, or with
 * ASCON_RV32_LANES64 plain lanes, lanes64.h) and the entry points; the
 * implementation folder adds a .S including the variant.  An
 * implementation sets ASCON_RV32_ZIP when its variant has Zbkb's zip/unzip
 * (the lanes C converts use them too).
 */
#ifndef ASCON_BACKEND_H
#define ASCON_BACKEND_H

/* The byte <-> lane helpers inlined everywhere (as opt64): a call per
 * lane costs more than the conversion itself at these sizes. */
#define LWC_FORCE_INLINE 1 /* core/common.h: every routine inlined */

#ifdef ASCON_RV32_LANES64 /* the shift variants: plain 64-bit lanes */
#include "ascon/lanes64.h"
#else
#include "ascon/lanes_bi32.h"
#endif

#define ASCON_BACKEND_NAME "asm_rv32"

/* p^rounds (1 .. 12) */
void LWC_NS(ascon_rv32_permute)(perm_state_t *s, unsigned rounds);
/* n > 0 full blocks of ASCON_RATE bytes, each followed by p^ASCON_PB;
 * op: 0 absorb in, 1 encrypt in to out, 2 decrypt in to out (out may be in) */
void LWC_NS(ascon_rv32_blocks)(perm_state_t *s, uint8_t *out, const uint8_t *in,
                               size_t n, unsigned op);

/* The descriptor's whole-message calls (include/lwc.h), in assembly with
 * the state in registers from the key to the tag; only an AEAD scheme's
 * .S has them. */
int LWC_NS(ascon_rv32_aead_encrypt)(uint8_t *ct, const uint8_t *msg, size_t mlen,
                                    const uint8_t *ad, size_t adlen,
                                    const uint8_t *npub, const uint8_t *k);
int LWC_NS(ascon_rv32_aead_decrypt)(uint8_t *msg, const uint8_t *ct, size_t ctlen,
                                    const uint8_t *ad, size_t adlen,
                                    const uint8_t *npub, const uint8_t *k);
#define ASCON_WHOLE_ENCRYPT LWC_NS(ascon_rv32_aead_encrypt)
#define ASCON_WHOLE_DECRYPT LWC_NS(ascon_rv32_aead_decrypt)

#define perm_permute(s, rounds) LWC_NS(ascon_rv32_permute)((s), (rounds))
#define ASCON_BLOCKS(s, out, in, n, op) LWC_NS(ascon_rv32_blocks)((s), (out), (in), (n), (op))

#endif
