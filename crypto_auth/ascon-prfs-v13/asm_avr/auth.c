#include "api.h"
#include "ascon/backend_avr.h"
#include "ascon/auth_mode.h"
