#include "api.h"
#include "gimli/backend_armv7m.h"
#include "gimli/perm_mode.h"
