#include "api.h"
#include "ascon/armv7m/small.S"
