/*
 * The RV32E assembly backend (src/ascon/rv32e/rv32e.S, written by
 * src/ascon/rv32e/gen.py): the permutation, runs of whole blocks with the
 * state in registers from the first block to the last, for an AEAD whole
 * messages from the key to the tag (the descriptor's encrypt/decrypt), and
 * Ascon-PrfShort whole, on plain 64-bit lanes (lanes64.h), in the sixteen
 * registers of RV32E (ilp32e).  As on RV32 (backend_rv32.h), the
 * incremental calls and the hashes stay the C modes over the first two.
 */
#ifndef ASCON_BACKEND_H
#define ASCON_BACKEND_H

#define LWC_FORCE_INLINE 1 /* core/common.h: every routine inlined */

#include "ascon/lanes64.h"

#define ASCON_BACKEND_NAME "asm_rv32e"

#define ASCON_ASM(name) LWC_NS(ascon_rv32e_##name)
#define ASCON_ASM_PRFS 1 /* ascon_rv32e_prfs: Ascon-PrfShort whole */
#include "ascon/asm_calls.h"

#endif
