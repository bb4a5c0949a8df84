#include "api.h"
#include "ascon/msp430/small.S"
