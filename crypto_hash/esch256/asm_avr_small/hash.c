#include "api.h"
#include "sparkle/backend_avr.h"
#include "sparkle/hash_mode.h"
