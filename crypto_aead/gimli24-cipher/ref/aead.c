#include "api.h"
#include "gimli/backend_ref.h"
#include "gimli/aead_mode.h"
