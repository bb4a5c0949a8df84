#include "api.h"
#include "xoodoo/armv6m/small.S"
