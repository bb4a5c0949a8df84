#include "api.h"
#include "ascon/backend_avr.h"
#include "ascon/aead_mode.h"
