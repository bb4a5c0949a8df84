/* Grain-128AEADv2 (NIST LWC final round): parameters shared by every implementation of this scheme.
 * Associated data over several absorb_ad calls: below 64 KiB in all (src/grain/aead_mode.h). */
#define CRYPTO_KEYBYTES 16
#define CRYPTO_NSECBYTES 0
#define CRYPTO_NPUBBYTES 12
#define CRYPTO_ABYTES 8
#define CRYPTO_NOOVERLAP 1
#define GRAIN_SCHEME_NAME "grain128aead-v2"
