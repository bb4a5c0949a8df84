#include "api.h"
#include "ascon/backend_msp430.h"
#include "ascon/hash_mode.h"
