#include "api.h"
#include "ascon/backend_bi32.h"
#include "ascon/hash_mode.h"
