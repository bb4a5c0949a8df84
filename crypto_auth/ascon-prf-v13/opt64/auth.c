#include "api.h"
#include "ascon/backend_opt64.h"
#include "ascon/auth_mode.h"
