#include "api.h"
#include "gimli/backend_avr.h"
#include "gimli/hash_mode.h"
