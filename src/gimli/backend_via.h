/*
 * via backend: the narrow interface over core/via.h, i.e. over the lwc_perm
 * descriptor of the gimli24 implementation under test (its state is the
 * same 48-byte string), so that a mode compiled over it
 * (crypto_perm/gimli24/via.c) checks that permutation against the mode's
 * official KAT file.
 */
#ifndef GIMLI_BACKEND_H
#define GIMLI_BACKEND_H

#include "gimli/common.h"
#include "core/via.h"

#define GIMLI_BACKEND_NAME "via"

#endif
