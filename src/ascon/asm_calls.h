/*
 * The C side of the Ascon assembly whose .S holds the permutation, the
 * blocks routine and the whole-message AEAD calls (RV32, RV64, Xtensa,
 * ARMv7-M): their declarations and the names the modes call them by.  A
 * backend includes it after its lanes header, having defined
 *
 *   ASCON_ASM(name)          the symbol of routine `name`, e.g.
 *                            LWC_NS(ascon_rv32_##name)
 *   ASCON_ASM_OWN_PERMUTE    it maps perm_permute itself (ARMv7-M fast:
 *                            the constant counts without the dispatch)
 *   ASCON_ASM_NO_BLOCKS      its .S has neither blocks nor the whole-message
 *                            calls (ARMv7-M small)
 *   ASCON_ASM_PRFS           its .S has Ascon-PrfShort whole (RV32, RV64)
 */
#ifndef ASCON_ASM_CALLS_H
#define ASCON_ASM_CALLS_H

/* p^rounds (1 .. 12) */
void ASCON_ASM(permute)(perm_state_t *s, unsigned rounds);
#ifndef ASCON_ASM_OWN_PERMUTE
#define perm_permute(s, rounds) ASCON_ASM(permute)((s), (rounds))
#endif

#ifndef ASCON_ASM_NO_BLOCKS
/* n > 0 full blocks of ASCON_RATE bytes, each followed by p^ASCON_PB;
 * op: 0 absorb in, 1 encrypt in to out, 2 decrypt in to out (out may be
 * in); how each ISA's .S reads unaligned data is said in its generator */
void ASCON_ASM(blocks)(perm_state_t *s, uint8_t *out, const uint8_t *in, size_t n,
                       unsigned op);
#define ASCON_BLOCKS(s, out, in, n, op) ASCON_ASM(blocks)((s), (out), (in), (n), (op))

/* The descriptor's whole-message calls (include/lwc.h), in assembly with
 * the state in registers from the key to the tag; only an AEAD scheme's .S
 * has them. */
int ASCON_ASM(aead_encrypt)(uint8_t *ct, const uint8_t *msg, size_t mlen, const uint8_t *ad,
                            size_t adlen, const uint8_t *npub, const uint8_t *k);
int ASCON_ASM(aead_decrypt)(uint8_t *msg, const uint8_t *ct, size_t ctlen, const uint8_t *ad,
                            size_t adlen, const uint8_t *npub, const uint8_t *k);
#define ASCON_WHOLE_ENCRYPT ASCON_ASM(aead_encrypt)
#define ASCON_WHOLE_DECRYPT ASCON_ASM(aead_decrypt)
#endif

#if defined(ASCON_ASM_PRFS) && defined(ASCON_PRFS)
/* Ascon-PrfShort in one call, the state in registers: out[0..16) = the
 * 16-byte output for the zero-padded message m[0..16), the key, and the IV
 * lane of this message's length (lane 0 of *iv, the rest unread); any
 * alignment (each generator says how its ISA reads it) */
void ASCON_ASM(prfs)(uint8_t *out, const uint8_t *m, const uint8_t *key, const perm_state_t *iv);
#define ASCON_PRFS_WHOLE(out, m, key, iv) ASCON_ASM(prfs)((out), (m), (key), (iv))
#endif

#endif
