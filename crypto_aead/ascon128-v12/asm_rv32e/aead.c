#include "api.h"
#include "ascon/backend_rv32e.h"
#include "ascon/aead_mode.h"
