#include "api.h"
#include "xoodoo/backend_avr.h"
#include "xoodoo/hash_mode.h"
