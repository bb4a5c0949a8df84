/* The batch engines of asconhash-v12 (src/ascon/batch_mode.h). */
#define LWC_BATCH_SCHEME_H "../../crypto_hash/asconhash-v12/scheme.h"
#define LWC_BATCH_SYM lwc_batch_asconhash_v12
#include "batch_engines.h"
