#include "api.h"
#include "ascon/backend_rv64.h"
#include "ascon/auth_mode.h"
