#include "api.h"
#include "ascon/backend_lowsize.h"
#include "ascon/auth_mode.h"
