#include "api.h"
#include "sparkle/backend_ref.h"
#include "sparkle/perm_mode.h"
