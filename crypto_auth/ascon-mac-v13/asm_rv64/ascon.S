#include "api.h"
#include "ascon/rv64/rv64.S"
