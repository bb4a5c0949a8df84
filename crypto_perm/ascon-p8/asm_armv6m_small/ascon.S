#include "api.h"
#include "ascon/armv6m/small.S"
