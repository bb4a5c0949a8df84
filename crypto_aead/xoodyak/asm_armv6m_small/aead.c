#include "api.h"
#define XOODOO_ARMV6M_SMALL 1
#include "xoodoo/backend_armv6m.h"
#include "xoodoo/aead_mode.h"
