/*
 * What every Ascon implementation adds to the family-agnostic core
 * (src/core/common.h: namespacing, wiping, constant-time comparison): the
 * descriptor names of a stand-alone (SUPERCOP) build and the inlining
 * policy of the Ascon backends.  Freestanding: nothing here needs libc.
 */
#ifndef ASCON_COMMON_H
#define ASCON_COMMON_H

#include "core/common.h"

#define PERM_STATE_BYTES 40u /* core/perm.h: five 64-bit lanes, x0 first */

/* Names in the lwc descriptors: the build passes the folder names; a
 * stand-alone (SUPERCOP) build falls back on the scheme and backend. */
#ifndef LWC_SCHEME_NAME
#define LWC_SCHEME_NAME ASCON_SCHEME_NAME
#endif
#ifndef LWC_IMPL_NAME
#define LWC_IMPL_NAME ASCON_BACKEND_NAME
#endif

#endif
