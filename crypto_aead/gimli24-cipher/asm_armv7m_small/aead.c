#include "api.h"
#define GIMLI_ARMV7M_SMALL 1
#include "gimli/backend_armv7m.h"
#include "gimli/aead_mode.h"
