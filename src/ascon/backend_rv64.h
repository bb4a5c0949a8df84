/*
 * RV64 assembly backends (src/ascon/rv64/<variant>.S, written by gen.py).
 * The assembly does the permutation, runs of whole blocks (the state held
 * in registers from the first block to the last) and, for an AEAD, whole
 * messages from the key to the tag, which the descriptor offers as its
 * encrypt/decrypt, and Ascon-PrfShort whole; the incremental calls and the hashes stay the C modes
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

#define ASCON_ASM(name) LWC_NS(ascon_rv64_##name)
#define ASCON_ASM_PRFS 1 /* ascon_rv64_prfs: Ascon-PrfShort whole */
#include "ascon/asm_calls.h"

#endif
