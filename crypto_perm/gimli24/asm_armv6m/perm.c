#include "api.h"
#include "gimli/backend_armv6m.h"
#include "gimli/perm_mode.h"
