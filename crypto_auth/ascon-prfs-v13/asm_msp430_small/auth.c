#include "api.h"
#define ASCON_MSP430_SMALL 1 /* C compiled as small as lowsize */
#include "ascon/backend_msp430.h"
#include "ascon/auth_mode.h"
