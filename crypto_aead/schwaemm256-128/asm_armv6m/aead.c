#include "api.h"
#include "sparkle/backend_armv6m.h"
#include "sparkle/aead_mode.h"
