#include "api.h"
#include "xoodoo/backend_ref.h"
#include "xoodoo/perm_mode.h"
