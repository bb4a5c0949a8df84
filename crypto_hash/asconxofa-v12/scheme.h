/* Ascon-Xofa (Ascon v1.2): parameters shared by every implementation of this scheme. */
#define CRYPTO_BYTES 32
#define ASCON_SCHEME_NAME "asconxofa-v12"
#define ASCON_HASH_KIND LWC_XOF
#define ASCON_LITTLE_ENDIAN 0
#define ASCON_RATE 8
#define ASCON_PA 12
#define ASCON_PB 8
#define ASCON_IV {0x00, 0x40, 0x0c, 0x04, 0x00, 0x00, 0x00, 0x00}
