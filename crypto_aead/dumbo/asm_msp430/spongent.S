#include "api.h"
#include "elephant/msp430/small.S"
