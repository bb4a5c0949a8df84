/*
 * The configuration of the size variants, lowsize and the AVR assembly
 * backend (whose modes are C compiled as lowsize's): no inlining, the
 * contract's little-endian word view with one byte loop for adding and
 * extracting, and the split view the modes absorb whole rate blocks with.
 */
#ifndef SPARKLE_SMALL_H
#define SPARKLE_SMALL_H

#define LWC_NO_INLINE 1 /* core/common.h: one copy of each routine */
#define PERM_VIEW_BYTEWISE 1 /* core/perm.h: one byte loop for add and extract */
#include "sparkle/common.h"
#define PERM_VIEW_WORDS32
#define PERM_VIEW_SPLIT /* core/perm.h: the modes absorb whole rate blocks */
#include "core/perm.h"

#endif
