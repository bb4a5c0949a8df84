#include "api.h"
#include "elephant/backend_ref.h"
#include "elephant/perm_mode.h"
