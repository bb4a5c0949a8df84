#include "api.h"
#include "ascon/backend_ref.h"
#include "isap/aead_mode.h"
