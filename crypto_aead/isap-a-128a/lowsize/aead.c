#include "api.h"
#include "ascon/backend_lowsize.h"
#include "isap/aead_mode.h"
