#include "api.h"
#include "ascon/rv64/zbb.S"
