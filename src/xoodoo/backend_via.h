/*
 * The narrow interface over core/via.h: the permutation is the descriptor
 * of the implementation under test (crypto_perm/<perm>/via.c compiles a
 * mode of this family over it to check that permutation against the mode's
 * official KAT file on the target).
 */
#ifndef XOODOO_BACKEND_H
#define XOODOO_BACKEND_H

#include "xoodoo/common.h"
#include "core/via.h"

#define XOODOO_BACKEND_NAME "via"

#endif
