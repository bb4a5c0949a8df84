#include "api.h"
#include "ascon/backend_ref.h"
#include "ascon/isap_mode.h"
