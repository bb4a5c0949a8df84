#include "api.h"
#include "xoodoo/backend_armv7m.h"
#include "xoodoo/aead_mode.h"
