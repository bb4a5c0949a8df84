/*
 * The phases of every mode (the numbers its calls check), and what a mode
 * over the permutation contract (core/perm.h) keeps between calls when it
 * needs no more: the permutation's state, the bytes used of
 * the open block, and the phase.  A family's common.h defines perm_state_t
 * before this file is included.  Modes with more to keep (a key, a
 * keystream block, flags) declare their own state with the same `pos` and
 * `phase` fields and the same phase numbers.
 *
 * Phases: 0 is a wiped or finished context, which every call refuses.
 *   hash, XOF, CXOF   LWC_PHASE_ABSORB, then LWC_PHASE_SQUEEZE
 *   AEAD              LWC_PHASE_AD, then LWC_PHASE_ENC or LWC_PHASE_DEC
 */
#ifndef LWC_CORE_SPONGE_H
#define LWC_CORE_SPONGE_H

#include <stdint.h>

enum { LWC_PHASE_NONE, LWC_PHASE_AD, LWC_PHASE_ENC, LWC_PHASE_DEC };
enum { LWC_PHASE_ABSORB = 1, LWC_PHASE_SQUEEZE = 2 };

#ifdef PERM_STATE_BYTES /* a family with a permutation (not Grain's generator) */
typedef struct {
  perm_state_t s;
  uint8_t pos;   /* bytes of the open block (absorbed, encrypted or squeezed) */
  uint8_t phase; /* LWC_PHASE_*; NONE after the last call or a wipe */
} lwc_sponge_state;
#endif

#endif
