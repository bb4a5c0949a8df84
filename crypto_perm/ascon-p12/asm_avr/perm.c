#include "api.h"
#include "ascon/backend_avr.h"
#include "ascon/perm_mode.h"
