#include "api.h"
#define ASCON_ARMV7M_SMALL 1
#include "ascon/backend_armv7m.h"
#include "ascon/auth_mode.h"
