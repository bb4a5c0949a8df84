#include "api.h"
#define SPARKLE_AVR_FAST 1 /* sparkle/avr/fast.S */
#include "sparkle/backend_avr.h"
#include "sparkle/perm_mode.h"
