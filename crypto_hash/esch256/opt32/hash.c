#include "api.h"
#include "sparkle/backend_opt32.h"
#include "sparkle/hash_mode.h"
