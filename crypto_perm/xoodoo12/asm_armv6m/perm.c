#include "api.h"
#include "xoodoo/backend_armv6m.h"
#include "xoodoo/perm_mode.h"
