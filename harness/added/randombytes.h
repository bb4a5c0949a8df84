/* SUPERCOP's randombytes.h as lwcbench --add gives it: the glue defines
 * randombytes (a fixed sequence, a benchmark's stand-in). */
void randombytes(unsigned char *x, unsigned long long xlen);
