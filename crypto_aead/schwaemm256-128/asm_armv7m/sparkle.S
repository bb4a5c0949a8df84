#include "api.h"
#include "sparkle/armv7m/fast.S"
