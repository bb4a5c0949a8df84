#include "api.h"
#define XOODOO_ARMV7M_SMALL 1
#include "xoodoo/backend_armv7m.h"
#include "xoodoo/aead_mode.h"
