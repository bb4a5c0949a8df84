#include "api.h"
#include "ascon/backend_opt64.h"
#include "isap/aead_mode.h"
