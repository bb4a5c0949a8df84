#include "api.h"
#define ASCON_ARMV6M_SMALL 1
#include "ascon/backend_armv6m.h"
#include "ascon/auth_mode.h"
