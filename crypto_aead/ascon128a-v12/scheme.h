/* Ascon-128a (Ascon v1.2): parameters shared by every implementation of this scheme. */
#define CRYPTO_KEYBYTES 16
#define CRYPTO_NSECBYTES 0
#define CRYPTO_NPUBBYTES 16
#define CRYPTO_ABYTES 16
#define CRYPTO_NOOVERLAP 1
#define ASCON_SCHEME_NAME "ascon128a-v12"
#define ASCON_LITTLE_ENDIAN 0
#define ASCON_RATE 16
#define ASCON_PA 12
#define ASCON_PB 8
#define ASCON_IV {0x80, 0x80, 0x0c, 0x08, 0x00, 0x00, 0x00, 0x00}
#define ASCON_MIN_TAGBYTES 16
#define ASCON_NONCE_MASKING 0
/* lane 0's IV bytes: even/odd bits, low/high words (tools/ascon_constants.py) */
#define ASCON_IV_E 0x00200000
#define ASCON_IV_O 0x88220000
#define ASCON_IV_LO 0x00000000
#define ASCON_IV_HI 0x80800c08
