#include "api.h"
#include "ascon/backend_armv6m.h"
#include "ascon/auth_mode.h"
