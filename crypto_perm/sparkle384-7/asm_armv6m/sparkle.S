#include "api.h"
#include "sparkle/armv6m/fast.S"
