#include "api.h"
#include "gimli/backend_avr.h"
#include "gimli/aead_mode.h"
