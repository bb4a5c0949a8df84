#include "api.h"
#include "ascon/backend_lowsize.h"
#include "ascon/isap_mode.h"
