#include "api.h"
/* The descriptor's functions (init, add, extract, the bounds checks) are
 * compiled for size: the permutation is the assembly, and the bare
 * permutation's code bytes are mostly this glue otherwise (core/perm_api.h's
 * 64-byte wipe in init, unrolled at -O2). */
#pragma clang attribute push(__attribute__((minsize)), apply_to = function)
#include "elephant/backend_msp430.h"
#include "elephant/perm_mode.h"
#pragma clang attribute pop
