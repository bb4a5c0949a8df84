#include "api.h"
#include "ascon/backend_ref.h"
#include "ascon/hash_mode.h"
