#include "api.h"
#include "ascon/armv7m/fast.S"
