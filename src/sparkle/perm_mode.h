/*
 * A bare Sparkle384 behind the lwc_perm descriptor (core/perm_api.h): the
 * backend's narrow interface as it is.  permute() is Sparkle384 with the
 * scheme's SPARKLE_PERM_STEPS steps, the function a benchmark counts;
 * permute_rounds(n) is the permutation with n steps (the specification's
 * first n steps: step constants 0 .. n-1), n from 1 to SPARKLE_MAX_STEPS
 * (12, common.h).
 */
#ifndef SPARKLE_PERM_MODE_H
#define SPARKLE_PERM_MODE_H

#define LWC_PERM_ROUNDS SPARKLE_PERM_STEPS
#define LWC_PERM_MAX_ROUNDS SPARKLE_MAX_STEPS
#include "core/perm_api.h"

#endif
