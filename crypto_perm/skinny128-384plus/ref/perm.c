#include "api.h"
#include "skinny/backend_ref.h"
#include "skinny/perm_mode.h"
