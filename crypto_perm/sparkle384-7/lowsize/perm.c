#include "api.h"
#include "sparkle/backend_lowsize.h"
#include "sparkle/perm_mode.h"
