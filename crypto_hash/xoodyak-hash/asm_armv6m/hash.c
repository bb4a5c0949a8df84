#include "api.h"
#include "xoodoo/backend_armv6m.h"
#include "xoodoo/hash_mode.h"
