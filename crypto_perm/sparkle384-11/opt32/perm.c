#include "api.h"
#include "sparkle/backend_opt32.h"
#include "sparkle/perm_mode.h"
