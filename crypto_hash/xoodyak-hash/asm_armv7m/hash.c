#include "api.h"
#include "xoodoo/backend_armv7m.h"
#include "xoodoo/hash_mode.h"
