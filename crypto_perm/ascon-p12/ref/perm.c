#include "api.h"
#include "ascon/backend_ref.h"
#include "ascon/perm_mode.h"
