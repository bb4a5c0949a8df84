/*
 * Internal to the batch calls (src/lib/batch.c).  A file
 * src/lib/batch_<scheme>.c names a scheme header and a symbol, then
 * includes this header, which makes that scheme's engines from
 * src/ascon/batch_mode.h (AVX-512, 8 lanes; AVX2, 4 lanes) and their
 * table.  Without LWC_BATCH_SCHEME_H: only the declarations batch.c needs.
 *
 * x86-64 only (gcc or clang): elsewhere the files compile to nothing and
 * the batch calls run one message at a time.
 */
#ifndef LWC_BATCH_ENGINES_H
#define LWC_BATCH_ENGINES_H

#include "lwc.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define LWC_BATCH_X86 1
#else
#define LWC_BATCH_X86 0
#endif

#if LWC_BATCH_X86 && defined(LWC_BATCH_SCHEME_H)
#include LWC_BATCH_SCHEME_H

#define ASCON_BATCH_LANES 8
#define ASCON_BATCH_TARGET "avx512f,avx512vl"
#define ASCON_BATCH_ENGINE avx512
#include "ascon/batch_mode.h"
#undef ASCON_BATCH_LANES
#undef ASCON_BATCH_TARGET
#undef ASCON_BATCH_ENGINE
#define ASCON_BATCH_LANES 4
#define ASCON_BATCH_TARGET "avx2"
#define ASCON_BATCH_ENGINE avx2
#include "ascon/batch_mode.h"

/* the scheme's engines, best first */
extern const lwc_batch LWC_BATCH_SYM[2];
#ifdef CRYPTO_ABYTES
const lwc_batch LWC_BATCH_SYM[2] = {
    {ASCON_SCHEME_NAME, "avx512", 8, ascon_batch_avx512_aead_group, NULL},
    {ASCON_SCHEME_NAME, "avx2", 4, ascon_batch_avx2_aead_group, NULL}};
#else
const lwc_batch LWC_BATCH_SYM[2] = {
    {ASCON_SCHEME_NAME, "avx512", 8, NULL, ascon_batch_avx512_hash_group},
    {ASCON_SCHEME_NAME, "avx2", 4, NULL, ascon_batch_avx2_hash_group}};
#endif
#endif

#endif
