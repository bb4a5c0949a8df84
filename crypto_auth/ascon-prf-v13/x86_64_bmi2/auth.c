#include "api.h"
#include "ascon/backend_x86_bmi2.h"
#include "ascon/auth_mode.h"
#include "ascon/x86_target_end.h"
