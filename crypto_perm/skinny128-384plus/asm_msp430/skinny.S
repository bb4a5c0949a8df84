#include "api.h"
#include "skinny/msp430/bitsliced.S"
