#include "api.h"
#include "xoodoo/backend_avr.h"
#include "xoodoo/aead_mode.h"
