#include "api.h"
#define ASCON_AVR_SMALL 1 /* C compiled as small as lowsize */
#include "ascon/backend_avr.h"
#include "ascon/auth_mode.h"
