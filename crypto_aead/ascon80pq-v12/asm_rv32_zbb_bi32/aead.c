#include "api.h"
#include "ascon/backend_rv32.h"
#include "ascon/aead_mode.h"
