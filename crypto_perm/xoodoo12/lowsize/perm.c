#include "api.h"
#include "xoodoo/backend_lowsize.h"
#include "xoodoo/perm_mode.h"
