/* The batch engines of ascon-aead128 (src/ascon/batch_mode.h). */
#define LWC_BATCH_SCHEME_H "../../crypto_aead/ascon-aead128/scheme.h"
#define LWC_BATCH_SYM lwc_batch_ascon_aead128
#include "batch_engines.h"
