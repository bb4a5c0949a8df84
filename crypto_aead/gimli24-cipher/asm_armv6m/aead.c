#include "api.h"
#include "gimli/backend_armv6m.h"
#include "gimli/aead_mode.h"
