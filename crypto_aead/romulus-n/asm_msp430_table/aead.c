#include "api.h"
#include "skinny/backend_msp430_table.h"
#include "skinny/aead_mode.h"
