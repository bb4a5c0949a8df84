/*
 * MSP430 assembly backend (src/ascon/msp430/<variant>.S, written by
 * gen.py): the assembly is the permutation alone, on the C state layout of
 * lanes64.h (uint64_t x[5]; on little-endian MSP430 lane i is four 16-bit
 * words, the least significant first); the modes, the byte handling and
 * the incremental calls stay the C of aead_mode.h, hash_mode.h and ISAP's
 * aead_mode.h.  The implementation folder adds a .S including the variant.
 */
#ifndef ASCON_BACKEND_H
#define ASCON_BACKEND_H

#include "ascon/lanes64.h"

#define ASCON_BACKEND_NAME "asm_msp430"

/* p^n (n = 1 .. 12), the last n rounds of p^12, called with the constant of
 * its first round, 0x3c + 15 n (a constant folded by the compiler where n
 * is, which is every call of the modes) */
void LWC_NS(ascon_msp430_permute)(ascon_state_t *s, unsigned rc);

#define ascon_permute(s, rounds) LWC_NS(ascon_msp430_permute)((s), 0x3cu + 15u * (rounds))

#endif
