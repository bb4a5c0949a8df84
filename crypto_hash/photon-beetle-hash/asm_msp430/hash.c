#include "api.h"
#include "photon/backend_msp430.h"
#include "photon/hash_mode.h"
