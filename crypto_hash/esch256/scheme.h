/* Esch256 (SPARKLE, NIST LWC final round): parameters shared by every implementation of this
 * scheme.  Sparkle384 with a 16-byte rate; a 32-byte digest. */
#define CRYPTO_BYTES 32
#define SPARKLE_SCHEME_NAME "esch256"
#define ESCH_RATE_BYTES 16
#define SPARKLE_STEPS_SLIM 7
#define SPARKLE_STEPS_BIG 11
