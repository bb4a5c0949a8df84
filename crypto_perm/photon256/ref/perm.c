#include "api.h"
#include "photon/backend_ref.h"
#include "photon/perm_mode.h"
