#include "api.h"
#include "ascon/backend_rv32.h"
#include "ascon/auth_mode.h"
