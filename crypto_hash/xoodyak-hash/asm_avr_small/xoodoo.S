#include "api.h"
#include "xoodoo/avr/small.S"
