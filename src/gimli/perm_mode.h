/*
 * The bare Gimli permutation behind the lwc_perm descriptor
 * (core/perm_api.h): the state as the 48-byte string of common.h, and the
 * backend's perm_permute(), whose `rounds` are the last rounds of the 24.
 * permute() is the full Gimli (GIMLI_PERM_ROUNDS of the scheme header),
 * the function a benchmark counts.
 */
#ifndef GIMLI_PERM_MODE_H
#define GIMLI_PERM_MODE_H

#include "gimli/common.h"

#define LWC_PERM_ROUNDS GIMLI_PERM_ROUNDS
#define LWC_PERM_MAX_ROUNDS GIMLI_MAX_ROUNDS
#include "core/perm_api.h"

#endif
