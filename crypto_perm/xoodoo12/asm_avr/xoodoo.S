#include "api.h"
#include "xoodoo/avr/fast.S"
