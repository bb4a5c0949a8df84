#include "api.h"
#include "gimli/armv6m/small.S"
