#include "api.h"
#include "gimli/avr/small.S"
