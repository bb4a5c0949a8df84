#include "api.h"
#include "gimli/armv7m/small.S"
