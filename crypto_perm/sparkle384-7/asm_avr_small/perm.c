#include "api.h"
#include "sparkle/backend_avr.h"
#include "sparkle/perm_mode.h"
