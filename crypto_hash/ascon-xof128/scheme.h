/* Ascon-XOF128 (NIST SP 800-232): parameters shared by every implementation of this scheme. */
#define CRYPTO_BYTES 64
#define ASCON_SCHEME_NAME "ascon-xof128"
#define ASCON_HASH_KIND LWC_XOF
#define ASCON_LITTLE_ENDIAN 1
#define ASCON_RATE 8
#define ASCON_PA 12
#define ASCON_PB 12
#define ASCON_IV {0x03, 0x00, 0xcc, 0x00, 0x00, 0x08, 0x00, 0x00}
/* p^a(IV || 0): the state every message starts from (tools/ascon_constants.py) */
#define ASCON_HASH_STATE0 {0xda82ce768d9447ebu, 0xcc7ce6c75f1ef969u, 0xe7508fd780085631u, 0x0ee0ea53416b58ccu, 0xe0547524db6f0bdeu}
