/*
 * The bare Gimli permutation behind the lwc_perm descriptor
 * (core/perm_api.h): the state as the 48-byte string of common.h, and the
 * backend's gimli_permute(), whose `rounds` are the last rounds of the 24.
 * permute() is the full Gimli (GIMLI_PERM_ROUNDS of the scheme header),
 * the function a benchmark counts.
 */
#ifndef GIMLI_PERM_MODE_H
#define GIMLI_PERM_MODE_H

#include "gimli/common.h"

#define LWC_PERM_STATE gimli_state_t
#define LWC_PERM_STATEBYTES GIMLI_STATE_BYTES
#define LWC_PERM_ROUNDS GIMLI_PERM_ROUNDS
#define LWC_PERM_MAX_ROUNDS GIMLI_MAX_ROUNDS
#define LWC_PERM_FN(name) gimli_##name
#include "core/perm_api.h"

#endif
