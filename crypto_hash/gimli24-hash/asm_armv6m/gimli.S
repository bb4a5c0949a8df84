#include "api.h"
#include "gimli/armv6m/fast.S"
