#include "api.h"
#include "xoodoo/armv7m/small.S"
