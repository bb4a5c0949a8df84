#include "api.h"
#include "sparkle/backend_avr.h"
#include "sparkle/aead_mode.h"
