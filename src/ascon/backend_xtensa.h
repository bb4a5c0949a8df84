/*
 * Xtensa LX106 assembly backends (src/ascon/xtensa/<variant>.S, written by
 * gen.py).  As on RV32 (backend_rv32.h), the assembly does the permutation,
 * runs of whole blocks (the state in registers from the first block to the
 * last) and, for an AEAD, whole messages from the key to the tag, which the
 * descriptor offers as its encrypt/decrypt; the incremental calls and the
 * hashes stay the C modes (aead_mode.h, hash_mode.h) over the first two.
 * This header gives the C side the state layout (bit-interleaved,
 * lanes_bi32.h, or with ASCON_XTENSA_LANES64 plain lanes, lanes64.h) and
 * the entry points; the implementation folder adds a .S including the
 * variant.
 */
#ifndef ASCON_BACKEND_H
#define ASCON_BACKEND_H

#define LWC_FORCE_INLINE 1 /* core/common.h: every routine inlined */

#ifdef ASCON_XTENSA_LANES64 /* fsr: plain 64-bit lanes */
#include "ascon/lanes64.h"
#else
#include "ascon/lanes_bi32.h"
#endif

#define ASCON_BACKEND_NAME "asm_xtensa"

#define ASCON_ASM(name) LWC_NS(ascon_xtensa_##name)
#include "ascon/asm_calls.h"

#endif
