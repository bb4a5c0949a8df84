#include "api.h"
#include "skinny/backend_msp430.h"
#include "skinny/aead_mode.h"
