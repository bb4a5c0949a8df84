#include "api.h"
#include "gimli/backend_opt32.h"
#include "gimli/perm_mode.h"
