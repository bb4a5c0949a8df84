#include "api.h"
#include "ascon/backend_xtensa.h"
#include "ascon/perm_mode.h"
