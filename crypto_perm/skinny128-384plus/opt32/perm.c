#include "api.h"
#include "skinny/backend_opt32.h"
#include "skinny/perm_mode.h"
