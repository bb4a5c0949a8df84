/* Ascon-Hash256 (NIST SP 800-232): parameters shared by every implementation of this scheme. */
#define CRYPTO_BYTES 32
#define ASCON_SCHEME_NAME "ascon-hash256"
#define ASCON_HASH_KIND LWC_HASH
#define ASCON_LITTLE_ENDIAN 1
#define ASCON_RATE 8
#define ASCON_PA 12
#define ASCON_PB 12
#define ASCON_IV {0x02, 0x00, 0xcc, 0x00, 0x01, 0x08, 0x00, 0x00}
/* p^a(IV || 0): the state every message starts from (tools/ascon_constants.py) */
#define ASCON_HASH_STATE0 {0x9b1e5494e934d681u, 0x4bc3a01e333751d2u, 0xae65396c6b34b81au, 0x3c7fd4a4d56a4db3u, 0x1a5c464906c5976du}
