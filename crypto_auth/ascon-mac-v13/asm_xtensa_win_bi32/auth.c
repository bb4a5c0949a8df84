#include "api.h"
#include "ascon/backend_xtensa.h"
#include "ascon/auth_mode.h"
