#include "api.h"
#define XOODOO_AVR_FAST 1 /* xoodoo/avr/fast.S */
#include "xoodoo/backend_avr.h"
#include "xoodoo/perm_mode.h"
