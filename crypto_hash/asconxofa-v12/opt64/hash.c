#include "api.h"
#include "ascon/backend_opt64.h"
#include "ascon/whole64.h"
#include "ascon/hash_mode.h"
