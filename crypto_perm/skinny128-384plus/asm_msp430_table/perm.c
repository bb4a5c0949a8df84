#include "api.h"
#include "skinny/backend_msp430_table.h"
#include "skinny/perm_mode.h"
