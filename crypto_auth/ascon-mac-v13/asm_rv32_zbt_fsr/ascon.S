#include "api.h"
#include "ascon/rv32/zbt_fsr.S"
