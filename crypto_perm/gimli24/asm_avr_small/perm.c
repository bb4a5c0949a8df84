#include "api.h"
#include "gimli/backend_avr.h"
#include "gimli/perm_mode.h"
