/* The batch engines of ascon-xof128 (src/ascon/batch_mode.h). */
#define LWC_BATCH_SCHEME_H "../../crypto_hash/ascon-xof128/scheme.h"
#define LWC_BATCH_SYM lwc_batch_ascon_xof128
#include "batch_engines.h"
