/*
 * via backend: the narrow interface over core/via.h, i.e. over the lwc_perm
 * descriptor of the photon256 implementation under test (its state is the
 * same 32-byte string), so that a mode compiled over it
 * (crypto_perm/photon256/via.c) checks that permutation against the mode's
 * official KAT file.
 */
#ifndef PHOTON_BACKEND_H
#define PHOTON_BACKEND_H

#include "photon/common.h"
#include "core/via.h"

#define PHOTON_BACKEND_NAME "via"

#endif
