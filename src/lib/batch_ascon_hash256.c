/* The batch engines of ascon-hash256 (src/ascon/batch_mode.h). */
#define LWC_BATCH_SCHEME_H "../../crypto_hash/ascon-hash256/scheme.h"
#define LWC_BATCH_SYM lwc_batch_ascon_hash256
#include "batch_engines.h"
