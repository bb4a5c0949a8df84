/* Ascon-Hasha (Ascon v1.2): parameters shared by every implementation of this scheme. */
#define CRYPTO_BYTES 32
#define ASCON_SCHEME_NAME "asconhasha-v12"
#define ASCON_HASH_KIND LWC_HASH
#define ASCON_LITTLE_ENDIAN 0
#define ASCON_RATE 8
#define ASCON_PA 12
#define ASCON_PB 8
#define ASCON_IV {0x00, 0x40, 0x0c, 0x04, 0x00, 0x00, 0x01, 0x00}
/* p^a(IV || 0): the state every message starts from (tools/ascon_constants.py) */
#define ASCON_HASH_STATE0 {0x01470194fc6528a6u, 0x738ec38ac0adffa7u, 0x2ec8e3296c76384cu, 0xd6f6a54d7f52377du, 0xa13c42a223be8d87u}
