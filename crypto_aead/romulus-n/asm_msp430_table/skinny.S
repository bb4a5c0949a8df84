#include "api.h"
#include "skinny/msp430/table.S"
#include "skinny/msp430/schedule.S"
