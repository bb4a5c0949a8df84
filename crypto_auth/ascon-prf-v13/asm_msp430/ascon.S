#include "api.h"
#include "ascon/msp430/fast.S"
