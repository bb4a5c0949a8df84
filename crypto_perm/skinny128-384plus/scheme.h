/* The bare Skinny-128-384+ (40 rounds) on block || TK1 || TK2 || TK3, 64 bytes (a benchmark: one call of permute()).
 * Checked through the official KAT of romulus-n: Romulus-N calls the cipher alone. */
#define SKINNY_SCHEME_NAME "skinny128-384plus"
