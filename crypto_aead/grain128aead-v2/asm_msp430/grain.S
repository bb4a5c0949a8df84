#include "api.h"
#include "grain/msp430/fast.S"
