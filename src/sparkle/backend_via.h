/*
 * via backend: the Sparkle modes over the bare permutation under test (its
 * lwc_perm descriptor, core/via.h), so that an official KAT file checks a
 * permutation through the mode of its kat-via scheme.  The modes are
 * written over bytes and the descriptor's bytes are the specification's
 * (the little-endian words x0, y0, ..., x5, y5): each call is forwarded.
 */
#ifndef SPARKLE_BACKEND_H
#define SPARKLE_BACKEND_H

#include "core/via.h"
#include "sparkle/common.h"

#define SPARKLE_BACKEND_NAME "via"

#endif
