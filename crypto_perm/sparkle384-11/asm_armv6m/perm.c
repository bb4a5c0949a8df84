#include "api.h"
#include "sparkle/backend_armv6m.h"
#include "sparkle/perm_mode.h"
