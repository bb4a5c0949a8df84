#include "api.h"
#include "ascon/rv32e/rv32e.S"
