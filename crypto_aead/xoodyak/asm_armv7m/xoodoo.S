#include "api.h"
#include "xoodoo/armv7m/fast.S"
