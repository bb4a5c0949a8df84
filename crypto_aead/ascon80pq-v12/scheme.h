/* Ascon-80pq (Ascon v1.2), 160-bit key: parameters shared by every implementation of this scheme. */
#define CRYPTO_KEYBYTES 20
#define CRYPTO_NSECBYTES 0
#define CRYPTO_NPUBBYTES 16
#define CRYPTO_ABYTES 16
#define CRYPTO_NOOVERLAP 1
#define ASCON_SCHEME_NAME "ascon80pq-v12"
#define ASCON_LITTLE_ENDIAN 0
#define ASCON_RATE 8
#define ASCON_PA 12
#define ASCON_PB 6
#define ASCON_IV {0xa0, 0x40, 0x0c, 0x06}
#define ASCON_MIN_TAGBYTES 16
#define ASCON_NONCE_MASKING 0
/* lane 0's IV bytes: even/odd bits, low/high words (tools/ascon_constants.py) */
#define ASCON_IV_E 0x08220000
#define ASCON_IV_O 0xc0210000
#define ASCON_IV_LO 0x00000000
#define ASCON_IV_HI 0xa0400c06
