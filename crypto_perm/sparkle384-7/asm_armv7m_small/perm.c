#include "api.h"
#define SPARKLE_ARMV7M_SMALL 1
#include "sparkle/backend_armv7m.h"
#include "sparkle/perm_mode.h"
