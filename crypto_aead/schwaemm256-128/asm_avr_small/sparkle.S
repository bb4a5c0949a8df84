#include "api.h"
#include "sparkle/avr/small.S"
