#include "api.h"
#include "xoodoo/backend_armv7m.h"
#include "xoodoo/perm_mode.h"
