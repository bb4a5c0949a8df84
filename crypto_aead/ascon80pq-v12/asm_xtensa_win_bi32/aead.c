#include "api.h"
#include "ascon/backend_xtensa.h"
#include "ascon/aead_mode.h"
