#include "api.h"
#include "elephant/backend_msp430.h"
#include "elephant/aead_mode.h"
