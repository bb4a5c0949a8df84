#include "api.h"
#include "sparkle/backend_armv7m.h"
#include "sparkle/hash_mode.h"
