#include "api.h"
#include "ascon/avr/small.S"
