#include "api.h"
#include "ascon/backend_avr.h"
#include "ascon/hash_mode.h"
