#include "api.h"
#define ASCON_XTENSA_LANES64 1 /* plain 64-bit lanes */
#include "ascon/backend_xtensa.h"
#include "ascon/perm_mode.h"
