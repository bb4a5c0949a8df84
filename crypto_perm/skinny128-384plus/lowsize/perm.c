#include "api.h"
#include "skinny/backend_lowsize.h"
#include "skinny/perm_mode.h"
