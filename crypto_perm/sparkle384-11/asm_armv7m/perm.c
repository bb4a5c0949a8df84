#include "api.h"
#include "sparkle/backend_armv7m.h"
#include "sparkle/perm_mode.h"
