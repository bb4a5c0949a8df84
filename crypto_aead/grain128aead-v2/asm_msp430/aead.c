#include "api.h"
#include "grain/backend_msp430.h"
#include "grain/aead_mode.h"
#include "../scheme.h"
