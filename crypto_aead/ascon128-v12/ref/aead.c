#include "api.h"
#include "ascon/backend_ref.h"
#include "ascon/aead_mode.h"
