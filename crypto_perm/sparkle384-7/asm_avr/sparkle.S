#include "api.h"
#include "sparkle/avr/fast.S"
