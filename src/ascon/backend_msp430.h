/*
 * MSP430 assembly backend (src/ascon/msp430/<variant>.S, written by
 * gen.py): the assembly is the permutation alone, on the C state layout of
 * lanes64.h (uint64_t x[5]; on little-endian MSP430 lane i is four 16-bit
 * words, the least significant first); the modes, the byte handling and
 * the incremental calls stay the C of aead_mode.h, hash_mode.h and ISAP's
 * aead_mode.h.  The implementation folder adds a .S including the variant:
 * fast (the S-box unrolled, words held in registers between the S-box and
 * the linear layer) or small (the S-box looped over the columns).  An
 * implementation of the small variant defines ASCON_MSP430_SMALL: its C is
 * compiled as lowsize's (no routine inlined, each once in the binary).
 * fast also runs whole rate blocks of the modes (absorb, encrypt, decrypt
 * and p^ASCON_PB, block after block) in assembly.
 */
#ifndef ASCON_BACKEND_H
#define ASCON_BACKEND_H

#ifdef ASCON_MSP430_SMALL
#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#endif
#include "ascon/lanes64.h"

#ifdef ASCON_MSP430_SMALL
#define ASCON_BACKEND_NAME "asm_msp430_small"
#else
#define ASCON_BACKEND_NAME "asm_msp430"
#endif

/* p^n (n = 1 .. 12), the last n rounds of p^12, called with the constant of
 * its first round, 0x3c + 15 n (small: and n - 1 in the high byte, its
 * round counter); a constant folded by the compiler where n is, which is
 * every call of the modes.  n = 0 is the C's business (the macro). */
void LWC_NS(ascon_msp430_permute)(perm_state_t *s, unsigned rc);

#ifdef ASCON_MSP430_SMALL
#define perm_permute(s, rounds)                                                                        \
  ((rounds) != 0u ? LWC_NS(ascon_msp430_permute)((s), 0x3cu + 15u * (rounds) + 256u * ((rounds) - 1u)) \
            : (void)0)
#else
#define perm_permute(s, rounds) \
  ((rounds) != 0u ? LWC_NS(ascon_msp430_permute)((s), 0x3cu + 15u * (rounds)) : (void)0)
#endif

#if !defined(ASCON_MSP430_SMALL) && defined(ASCON_RATE) && defined(ASCON_PB)
/* fast: n > 0 full blocks of ASCON_RATE bytes, each followed by p^ASCON_PB
 * (sponge.h's ASCON_BLOCKS; op 0 absorb in, 1 encrypt in to out, 2 decrypt
 * in to out; out may be in; any alignment) */
void LWC_NS(ascon_msp430_absorb)(perm_state_t *s, uint8_t *out, const uint8_t *in, size_t n);
void LWC_NS(ascon_msp430_encrypt)(perm_state_t *s, uint8_t *out, const uint8_t *in, size_t n);
void LWC_NS(ascon_msp430_decrypt)(perm_state_t *s, uint8_t *out, const uint8_t *in, size_t n);
#define ASCON_BLOCKS(s, out, in, n, op)                               \
  ((op) == 0   ? LWC_NS(ascon_msp430_absorb)((s), (out), (in), (n))  \
   : (op) == 1 ? LWC_NS(ascon_msp430_encrypt)((s), (out), (in), (n)) \
               : LWC_NS(ascon_msp430_decrypt)((s), (out), (in), (n)))
#endif

#endif
