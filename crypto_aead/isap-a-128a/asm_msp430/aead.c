#include "api.h"
#include "ascon/backend_msp430.h"
#include "isap/aead_mode.h"
