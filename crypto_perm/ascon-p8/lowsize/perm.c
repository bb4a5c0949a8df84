#include "api.h"
#include "ascon/backend_lowsize.h"
#include "ascon/perm_mode.h"
