#include "api.h"
#include "ascon/rv32/zbb_shift.S"
