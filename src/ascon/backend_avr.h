/*
 * AVR assembly backends (src/ascon/avr/<variant>.S, written by gen.py):
 * the assembly is the permutation and runs of whole rate blocks (a byte
 * at a time on the state's bytes, then p^ASCON_PB), on the C state layout
 * of lanes64.h (uint64_t x[5], little-endian bytes in RAM); the partial
 * blocks and the incremental calls stay the C of aead_mode.h and
 * hash_mode.h.  The implementation folder adds a .S including the variant:
 * small (the S-box looped over the columns) or fast (unrolled); both keep
 * some lanes in registers between the S-box and the linear layer.  An implementation of the small variant defines
 * ASCON_AVR_SMALL: its C is compiled as lowsize's (no routine inlined, each
 * once in the binary); the fast one's as opt64's (the byte helpers inlined).
 */
#ifndef ASCON_BACKEND_H
#define ASCON_BACKEND_H

#ifdef ASCON_AVR_SMALL
#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#endif
#include "ascon/lanes64.h"

#define ASCON_BACKEND_NAME "asm_avr"

/* p^rounds (1 .. 12), the last rounds of p^12 */
void LWC_NS(ascon_avr_permute)(perm_state_t *s, unsigned rounds);

#define perm_permute(s, rounds) LWC_NS(ascon_avr_permute)((s), (rounds))

#ifdef ASCON_RATE
/* n > 0 full blocks of ASCON_RATE bytes, each followed by p^ASCON_PB, a
 * byte at a time on the state's bytes; op: 0 absorb in, 1 encrypt in to
 * out, 2 decrypt in to out (out may be in).  sponge.h's ASCON_BLOCKS. */
void LWC_NS(ascon_avr_blocks)(perm_state_t *s, uint8_t *out, const uint8_t *in, size_t n,
                              unsigned op);
#define ASCON_BLOCKS(s, out, in, n, op) LWC_NS(ascon_avr_blocks)((s), (out), (in), (n), (op))
#endif

#endif
