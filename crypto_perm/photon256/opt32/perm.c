#include "api.h"
#include "photon/backend_opt32.h"
#include "photon/perm_mode.h"
