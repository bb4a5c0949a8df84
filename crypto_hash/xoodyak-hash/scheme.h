/* Xoodyak hash (NIST LWC final round): parameters shared by every implementation of this scheme. */
#define CRYPTO_BYTES 32
#define XOODOO_SCHEME_NAME "xoodyak-hash"
#define XOODYAK_RHASH 16 /* hash mode: absorb and squeeze rate */
