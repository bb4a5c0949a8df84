#include "api.h"
#include "ascon/avr/fast.S"
