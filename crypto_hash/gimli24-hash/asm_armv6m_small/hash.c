#include "api.h"
#define GIMLI_ARMV6M_SMALL 1
#include "gimli/backend_armv6m.h"
#include "gimli/hash_mode.h"
