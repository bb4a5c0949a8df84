#include "api.h"
#define ASCON_RV32_ZIP 1 /* zip/unzip for the lanes the C side converts */
#include "ascon/backend_rv32.h"
#include "ascon/auth_mode.h"
