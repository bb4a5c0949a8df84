/*
 * via backend: the narrow interface over core/via.h, i.e. over the lwc_perm
 * descriptor of the spongent160 implementation under test (its state is
 * the same 20-byte string), so that Dumbo's mode compiled over it
 * (crypto_perm/spongent160/via.c) checks that permutation against Dumbo's
 * official KAT file.
 */
#ifndef SPONGENT_BACKEND_H
#define SPONGENT_BACKEND_H

#include "elephant/common.h"
#include "core/via.h"

#define SPONGENT_BACKEND_NAME "via"

#endif
