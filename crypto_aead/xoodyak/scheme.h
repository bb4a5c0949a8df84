/* Xoodyak AEAD (NIST LWC final round): parameters shared by every implementation of this scheme. */
#define CRYPTO_KEYBYTES 16
#define CRYPTO_NSECBYTES 0
#define CRYPTO_NPUBBYTES 16
#define CRYPTO_ABYTES 16
#define CRYPTO_NOOVERLAP 1
#define XOODOO_SCHEME_NAME "xoodyak"
#define XOODYAK_RKIN 44  /* keyed mode: absorb rate */
#define XOODYAK_RKOUT 24 /* keyed mode: squeeze (and encrypt) rate */
