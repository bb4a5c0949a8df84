#include "api.h"
#include "ascon/backend_xtensa.h"
#include "ascon/hash_mode.h"
