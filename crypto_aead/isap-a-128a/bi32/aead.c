#include "api.h"
#include "ascon/backend_bi32.h"
#include "isap/aead_mode.h"
