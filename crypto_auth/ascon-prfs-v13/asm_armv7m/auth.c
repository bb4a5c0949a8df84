#include "api.h"
#include "ascon/backend_armv7m.h"
#include "ascon/auth_mode.h"
