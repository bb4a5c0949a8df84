#include "api.h"
#include "ascon/backend_bi32.h"
#include "ascon/auth_mode.h"
