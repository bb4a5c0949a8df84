#include "api.h"
#define ASCON_RV32_LANES64 1 /* plain 64-bit lanes */
#include "ascon/backend_rv32.h"
#include "ascon/auth_mode.h"
