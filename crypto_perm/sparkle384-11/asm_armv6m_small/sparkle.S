#include "api.h"
#include "sparkle/armv6m/small.S"
