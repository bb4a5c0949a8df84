/* SUPERCOP's crypto_verify_32.h as lwcbench --add gives it to a folder that
 * has none: 0 when the 32 bytes at x and y are equal, -1 otherwise, in time
 * independent of the bytes (the glue defines it; renamed into the folder's
 * namespace on the command line). */
int crypto_verify_32(const unsigned char *x, const unsigned char *y);
