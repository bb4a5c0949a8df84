/* Ascon-Hash256 (NIST SP 800-232): parameters shared by every implementation of this scheme. */
#define CRYPTO_BYTES 32
#define ASCON_SCHEME_NAME "ascon-hash256"
#define ASCON_HASH_KIND LWC_HASH
#define ASCON_LITTLE_ENDIAN 1
#define ASCON_RATE 8
#define ASCON_PA 12
#define ASCON_PB 12
#define ASCON_IV {0x02, 0x00, 0xcc, 0x00, 0x01, 0x08, 0x00, 0x00}
