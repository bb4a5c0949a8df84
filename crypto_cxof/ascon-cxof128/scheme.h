/* Ascon-CXOF128 (NIST SP 800-232): parameters shared by every implementation of this scheme. */
#define CRYPTO_BYTES 64
#define ASCON_SCHEME_NAME "ascon-cxof128"
#define ASCON_HASH_KIND LWC_CXOF
#define ASCON_LITTLE_ENDIAN 1
#define ASCON_RATE 8
#define ASCON_PA 12
#define ASCON_PB 12
#define ASCON_IV {0x04, 0x00, 0xcc, 0x00, 0x00, 0x08, 0x00, 0x00}
/* p^a(IV || 0): the state every message starts from (tools/ascon_constants.py) */
#define ASCON_HASH_STATE0 {0x675527c2a0e8de03u, 0x43d12d7dc0377bbcu, 0xe9901dec426e81b5u, 0x2ab14907720780b6u, 0x8f3f1d02d432bc46u}
