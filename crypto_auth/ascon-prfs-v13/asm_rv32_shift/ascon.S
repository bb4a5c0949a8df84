#include "api.h"
#include "ascon/rv32/shift.S"
