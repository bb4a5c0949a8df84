/*
 * The bare PHOTON256 behind the lwc_perm descriptor (core/perm_api.h): the
 * state as the 32-byte string of common.h; permute() is the full 12 rounds
 * (PHOTON_PERM_ROUNDS of the scheme header), permute_rounds(n) the first n.
 */
#ifndef PHOTON_PERM_MODE_H
#define PHOTON_PERM_MODE_H

#include "photon/common.h"

#define LWC_PERM_ROUNDS PHOTON_PERM_ROUNDS
#define LWC_PERM_MAX_ROUNDS PHOTON_ROUNDS
#include "core/perm_api.h"

#endif
