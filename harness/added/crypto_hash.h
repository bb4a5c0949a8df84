/* SUPERCOP's crypto_hash.h as lwcbench --add gives it to a folder that
 * has none (the renaming: -Dcrypto_hash=... on the command line). */
int crypto_hash(unsigned char *out, const unsigned char *in, unsigned long long inlen);
