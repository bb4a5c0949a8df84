#include "api.h"
#include "xoodoo/armv6m/fast.S"
