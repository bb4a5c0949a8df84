/*
 * What every Xoodoo-family implementation (Xoodyak AEAD, Xoodyak hash, the
 * bare Xoodoo[12]) shares beyond src/core: the descriptor names of a
 * stand-alone build.
 *
 * The state is 12 little-endian 32-bit words, the lane (x, y) of the
 * specification at word x + 4y (plane y = 0, 1, 2; x = 0..3), so as a
 * string of 48 bytes it is the byte order the Xoodyak specification
 * defines: byte 4(x + 4y) + k is byte k of lane (x, y).
 */
#ifndef XOODOO_COMMON_H
#define XOODOO_COMMON_H

#include "core/common.h"

/* Names in the lwc descriptors: the build passes the folder names; a
 * stand-alone (SUPERCOP) build falls back on the scheme header's name and
 * the backend's. */
#ifndef LWC_SCHEME_NAME
#define LWC_SCHEME_NAME XOODOO_SCHEME_NAME
#endif
#ifndef LWC_IMPL_NAME
#define LWC_IMPL_NAME XOODOO_BACKEND_NAME
#endif

#define XOODOO_STATE_BYTES 48u
#define PERM_STATE_BYTES XOODOO_STATE_BYTES /* core/perm.h */
#define XOODOO_MAX_ROUNDS 12u

#endif
