/*
 * RV32 assembly backends (src/ascon/rv32/<variant>.S, written by gen.py).
 * The assembly does the permutation, runs of whole blocks (the state held
 * in registers from the first block to the last) and, for an AEAD, whole
 * messages from the key to the tag, which the descriptor offers as its
 * encrypt/decrypt, and Ascon-PrfShort whole; the incremental calls and the hashes stay the C modes
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

#define ASCON_ASM(name) LWC_NS(ascon_rv32_##name)
#define ASCON_ASM_PRFS 1 /* ascon_rv32_prfs: Ascon-PrfShort whole */
#include "ascon/asm_calls.h"

#endif
