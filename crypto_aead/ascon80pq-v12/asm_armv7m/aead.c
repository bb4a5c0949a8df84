#include "api.h"
#include "ascon/backend_armv7m.h"
#include "ascon/aead_mode.h"
