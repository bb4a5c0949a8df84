#include "api.h"
#include "ascon/backend_bi32.h"
#include "ascon/isap_mode.h"
