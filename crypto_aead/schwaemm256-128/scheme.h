/* Schwaemm256-128 (SPARKLE, NIST LWC final round): parameters shared by every implementation of
 * this scheme.  Sparkle384 with a 32-byte rate (the nonce) and a 16-byte capacity (the key). */
#define CRYPTO_KEYBYTES 16
#define CRYPTO_NSECBYTES 0
#define CRYPTO_NPUBBYTES 32
#define CRYPTO_ABYTES 16
#define CRYPTO_NOOVERLAP 1
#define SPARKLE_SCHEME_NAME "schwaemm256-128"
#define SCHWAEMM_RATE_BYTES 32
#define SPARKLE_STEPS_SLIM 7
#define SPARKLE_STEPS_BIG 11
