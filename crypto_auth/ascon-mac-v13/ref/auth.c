#include "api.h"
#include "ascon/backend_ref.h"
#include "ascon/auth_mode.h"
