/*
 * A bare Ascon permutation behind the lwc_perm descriptor (core/perm_api.h):
 * the narrow interface of duplex.h (the state as 40 bytes, SP 800-232 byte
 * order) and the backend's perm_permute().  permute() is
 * p^ASCON_PERM_ROUNDS, the function a benchmark counts; permute_rounds(n)
 * is p^n, the last n of the 12 rounds, for modes built on the descriptor
 * (the target-side check against official KATs).
 */
#ifndef ASCON_PERM_MODE_H
#define ASCON_PERM_MODE_H

#include "ascon/duplex.h"

#define LWC_PERM_ROUNDS ASCON_PERM_ROUNDS
#define LWC_PERM_MAX_ROUNDS 12
#include "core/perm_api.h"

#endif
