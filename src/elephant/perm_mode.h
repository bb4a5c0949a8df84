/*
 * The bare Spongent-pi[160] behind the lwc_perm descriptor
 * (core/perm_api.h): the state as the 20-byte string of common.h;
 * permute() is the full 80 rounds, permute_rounds(n) the first n of them.
 */
#ifndef SPONGENT_PERM_MODE_H
#define SPONGENT_PERM_MODE_H

#include "elephant/common.h"

#define LWC_PERM_ROUNDS SPONGENT_PERM_ROUNDS
#define LWC_PERM_MAX_ROUNDS SPONGENT_MAX_ROUNDS
#include "core/perm_api.h"

#endif
