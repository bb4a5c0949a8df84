#include "api.h"
#include "ascon/backend_lowsize.h"
#include "ascon/hash_mode.h"
