#include "api.h"
#include "gimli/backend_armv6m.h"
#include "gimli/hash_mode.h"
