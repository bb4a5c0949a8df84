/*
 * The bare Xoodoo permutation behind the lwc_perm descriptor
 * (core/perm_api.h): the backend's narrow interface as it is, the state as
 * 48 bytes (12 little-endian lanes, the specification's order).
 * permute() is Xoodoo[XOODOO_PERM_ROUNDS], the function a benchmark counts;
 * permute_rounds(n) is the last n of the 12 rounds.
 */
#ifndef XOODOO_PERM_MODE_H
#define XOODOO_PERM_MODE_H

#include "xoodoo/common.h"

#define LWC_PERM_ROUNDS XOODOO_PERM_ROUNDS
#define LWC_PERM_MAX_ROUNDS XOODOO_MAX_ROUNDS
#include "core/perm_api.h"

#endif
