/* The bare permutation Xoodoo[12] (a benchmark: one call of permute()).
 * Checked through the official KAT of xoodyak-hash: Xoodyak's hash mode uses Xoodoo[12] alone. */
#define XOODOO_SCHEME_NAME "xoodoo12"
#define XOODOO_PERM_ROUNDS 12
