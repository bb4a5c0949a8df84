#include "api.h"
#include "ascon/backend_msp430.h"
#include "ascon/auth_mode.h"
