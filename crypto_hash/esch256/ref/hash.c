#include "api.h"
#include "sparkle/backend_ref.h"
#include "sparkle/hash_mode.h"
