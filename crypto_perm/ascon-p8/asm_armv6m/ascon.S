#include "api.h"
#include "ascon/armv6m/fast.S"
