#include "api.h"
#include "skinny/msp430/bitsliced.S"
#include "skinny/msp430/schedule.S"
