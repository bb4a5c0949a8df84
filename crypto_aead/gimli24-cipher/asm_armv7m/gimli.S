#include "api.h"
#include "gimli/armv7m/fast.S"
