#include "api.h"
#include "skinny/backend_ref.h"
#include "skinny/aead_mode.h"
