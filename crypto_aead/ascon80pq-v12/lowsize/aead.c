#include "api.h"
#include "ascon/backend_lowsize.h"
#include "ascon/aead_mode.h"
