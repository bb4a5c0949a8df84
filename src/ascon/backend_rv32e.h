/*
 * The RV32E assembly backend (src/ascon/rv32e/rv32e.S, written by
 * src/ascon/rv32e/gen.py): the permutation, runs of whole blocks with the
 * state in registers from the first block to the last, and Ascon-PrfShort
 * whole, on plain 64-bit lanes (lanes64.h), in the sixteen registers of
 * RV32E (ilp32e).  The modes are C (aead_mode.h, hash_mode.h, auth_mode.h)
 * over these calls: unlike the RV32I variants, the .S has no whole-message
 * AEAD, so the C mode's init / associated data / tag steps call the
 * permutation and the blocks (asm_calls.h's declarations; its whole-message
 * names are withdrawn below).
 */
#ifndef ASCON_BACKEND_H
#define ASCON_BACKEND_H

#define LWC_FORCE_INLINE 1 /* core/common.h: every routine inlined */

#include "ascon/lanes64.h"

#define ASCON_BACKEND_NAME "asm_rv32e"

#define ASCON_ASM(name) LWC_NS(ascon_rv32e_##name)
#define ASCON_ASM_PRFS 1 /* ascon_rv32e_prfs: Ascon-PrfShort whole */
#include "ascon/asm_calls.h"
#undef ASCON_WHOLE_ENCRYPT /* no whole-message AEAD in rv32e.S */
#undef ASCON_WHOLE_DECRYPT

#endif
