/* What every --add glue (glue_aead.c, glue_hash.c) gives a SUPERCOP folder
 * that calls it; harness/bench/added.py appends this file to the glue. */

/* SUPERCOP's random source, for a folder that asks for one: a fixed
 * xorshift sequence (a benchmark's stand-in, not randomness); weak, so a
 * folder that defines its own keeps it. */
__attribute__((weak)) void randombytes(unsigned char *x, unsigned long long xlen) {
  static uint32_t s = 0x2545f491u;
  while (xlen--) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    *x++ = (unsigned char)(s >> 24);
  }
}

/* SUPERCOP's crypto_verify_16 and crypto_verify_32, for a folder that
 * compares tags with them: 0 when equal, -1 otherwise, constant time;
 * weak, as randombytes. */
static int glue_verify(const unsigned char *x, const unsigned char *y, unsigned n) {
  unsigned d = 0;
  while (n--) d |= (unsigned)(*x++ ^ *y++);
  return (int)((1u & ((d - 1u) >> 8)) - 1u);
}
__attribute__((weak)) int crypto_verify_16(const unsigned char *x, const unsigned char *y) {
  return glue_verify(x, y, 16);
}
__attribute__((weak)) int crypto_verify_32(const unsigned char *x, const unsigned char *y) {
  return glue_verify(x, y, 32);
}
