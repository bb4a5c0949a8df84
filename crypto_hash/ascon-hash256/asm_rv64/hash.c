#include "api.h"
#include "ascon/backend_rv64.h"
#include "ascon/hash_mode.h"
