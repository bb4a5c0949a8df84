#include "api.h"
#include "sparkle/backend_lowsize.h"
#include "sparkle/hash_mode.h"
