#include "api.h"
#include "skinny/backend_msp430.h"
#include "skinny/perm_mode.h"
