#include "api.h"
#define SPARKLE_ARMV6M_SMALL 1
#include "sparkle/backend_armv6m.h"
#include "sparkle/perm_mode.h"
