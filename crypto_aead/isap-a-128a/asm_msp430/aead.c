#include "api.h"
#include "ascon/backend_msp430.h"
#include "ascon/isap_mode.h"
