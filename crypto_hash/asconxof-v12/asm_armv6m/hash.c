#include "api.h"
#include "ascon/backend_armv6m.h"
#include "ascon/hash_mode.h"
