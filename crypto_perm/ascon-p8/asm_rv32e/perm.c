#include "api.h"
#include "ascon/backend_rv32e.h"
#include "ascon/perm_mode.h"
