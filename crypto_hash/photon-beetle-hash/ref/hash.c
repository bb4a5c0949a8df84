#include "api.h"
#include "photon/backend_ref.h"
#include "photon/hash_mode.h"
