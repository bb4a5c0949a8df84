#include "api.h"
#include "grain/backend_ref.h"
#include "grain/aead_mode.h"
