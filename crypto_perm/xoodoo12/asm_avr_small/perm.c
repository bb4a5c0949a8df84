#include "api.h"
#include "xoodoo/backend_avr.h"
#include "xoodoo/perm_mode.h"
