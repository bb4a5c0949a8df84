#include "api.h"
#include "gimli/backend_ref.h"
#include "gimli/perm_mode.h"
