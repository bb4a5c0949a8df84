#include "api.h"
#include "sparkle/armv7m/small.S"
