/*
 * The "leak" request of `./lwcbench leak` (harness/bench/leak.py): many
 * encryptions, each a trace of a fixed-versus-random key test (TVLA) whose
 * power the simulator models and reduces to statistics as it runs
 * (rv32-ibex: sim_main.cc --leak).  Built where the target defines
 * BENCH_LEAK (bench.h).  Part of bench_core.c's translation unit.
 *
 *   leak SCHEME IMPL TRACES ADLEN MLEN SEED
 *
 * For each trace: a group, fixed (0) or random (1), at random; the key:
 * the fixed key of TVLA (01 23 45 .. f0, repeated) or random; nonce, associated data
 * and message at random in both groups (public inputs: the test sees the
 * key alone).  A masked implementation gets its key in shares, split here
 * with fresh randomness (init_shared); an unmasked one the key.  All of
 * this is prepared before the trace begins; the trace covers init (phase
 * 1), the associated data and the message (phase 2) and the tag (phase 3),
 * the phases marked by bench_leak_phase().  The inputs come from a
 * generator of their own seeded by SEED, apart from the masks' (the
 * firmware's lwc_set_random source, reseeded by SEED too), so that runs
 * with other seeds add up to more traces.
 */
#if BENCH_LEAK
/* The port's switches (weak: a port without a leakage model ignores them). */
__attribute__((weak)) void bench_leak_switch(unsigned v) { (void)v; }
__attribute__((weak)) void bench_leak_phase(unsigned phase) { (void)phase; }
__attribute__((weak)) void bench_leak_scrub(void) {}

/* TVLA's fixed key, repeated for keys longer than 16 bytes */
static const uint8_t leak_fixed_key[32] = {
    0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0,
    0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0};
static uint32_t leak_rng[4];
static uint8_t leak_shares[4 * sizeof leak_fixed_key];
static lwc_aead_ctx leak_ctx;

static uint32_t leak_next(void) { return xoshiro_next(leak_rng); }

static void leak_fill(uint8_t *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) p[i] = (uint8_t)leak_next();
}

/* Both generators from SEED: splitmix-like spreading, never all zero. */
static void leak_seed(uint32_t seed) {
  unsigned i;
  for (i = 0; i < 4; i++) {
    uint32_t z = seed + 0x9e3779b9u * (i + 1);
    z = (z ^ (z >> 16)) * 0x85ebca6bu;
    z = (z ^ (z >> 13)) * 0xc2b2ae35u;
    leak_rng[i] = (z ^ (z >> 16)) | 1u;
    rng[i] = leak_rng[i] ^ 0x5bd1e995u; /* bench_core.c's mask source */
  }
}

/* The group of the trace being taken, in memory only: a register holding
 * it during the trace (a callee saving it on the stack, an instruction
 * overwriting it) would show the group itself in the power model.  The
 * simulator learns it after the trace's end (the store of 4 | group). */
static volatile unsigned leak_group;
static uint32_t leak_fixed;

/* A trace's inputs, before it begins. */
static __attribute__((noinline)) void leak_prepare(const lwc_aead *a, size_t adlen, size_t mlen) {
  size_t kb = a->keybytes, j, k;
  unsigned group = leak_next() & 1u;
  leak_group = group;
  leak_fixed += !group;
  if (group)
    leak_fill(key, kb);
  else
    memcpy(key, leak_fixed_key, kb);
  if (a->shares > 0) { /* share 0 = key ^ the others */
    leak_fill(leak_shares + kb, kb * (a->shares - 1u));
    for (j = 0; j < kb; j++) {
      uint8_t s = key[j];
      for (k = 1; k < a->shares; k++) s ^= leak_shares[k * kb + j];
      leak_shares[j] = s;
    }
  }
  leak_fill(nonce, a->noncebytes);
  leak_fill(ad, adlen);
  leak_fill(msg, mlen);
}

/* One trace: the operation between the switch's stores, phases marked. */
static __attribute__((noinline)) int leak_trace(const lwc_aead *a, size_t adlen, size_t mlen) {
  int r;
  bench_leak_scrub();
  bench_leak_switch(1);
  bench_leak_phase(1);
  r = a->shares > 0 ? a->init_shared(&leak_ctx, leak_shares, nonce, NULL)
                    : a->init(&leak_ctx, key, nonce, NULL);
  bench_leak_phase(2);
  if (r == LWC_OK) r = a->absorb_ad(&leak_ctx, ad, adlen);
  if (r == LWC_OK) r = a->encrypt_update(&leak_ctx, ct, msg, mlen);
  bench_leak_phase(3);
  if (r == LWC_OK) r = a->encrypt_final(&leak_ctx, tag, a->tagbytes);
  bench_leak_switch(2);
  bench_leak_switch(4u | leak_group);
  return r;
}

static int do_leak(char **f, int nf, int *ok) {
  const lwc_aead *a;
  uint32_t traces, adlen, mlen, seed, i;
  int r = LWC_OK;
  if (nf != 7) return bench_fail(ok, BENCH_STR("usage: leak SCHEME IMPL TRACES ADLEN MLEN SEED"));
  if ((a = lwc_aead_find(f[1], f[2])) == NULL)
    return bench_fail(ok, BENCH_STR("no such AEAD implementation"));
  if (!parse_u32(f[3], 0x7fffffffu, &traces) || !parse_u32(f[4], BENCH_MAX_LEN, &adlen) ||
      !parse_u32(f[5], BENCH_MAX_LEN, &mlen) || !parse_u32(f[6], 0xffffffffu, &seed))
    return bench_fail(ok, BENCH_STR("bad number"));
  if (a->keybytes > sizeof leak_fixed_key || a->shares > 4 || a->noncebytes > sizeof nonce ||
      a->tagbytes > MAX_TAG)
    return bench_fail(ok, BENCH_STR("leak takes keys up to 32 bytes, up to 4 shares"));
  leak_seed(seed);
  leak_fixed = 0;
  for (i = 0; i < traces && r == LWC_OK; i++) {
    leak_prepare(a, adlen, mlen);
    r = leak_trace(a, adlen, mlen);
  }
  lwc_wipe(key, sizeof key);
  lwc_wipe(leak_shares, sizeof leak_shares);
  if (r != LWC_OK) return bench_fail(ok, BENCH_STR("operation failed"));
  {
    char buf[OUT_LINE];
    text_t t = text_at(buf, sizeof buf);
    t_rom(&t, BENCH_STR("ok leak"));
    t_field(&t, BENCH_STR("traces"), traces);
    t_field(&t, BENCH_STR("fixed"), leak_fixed);
    bench_put_line(t.s);
  }
  *ok = 1;
  return 0;
}
#endif
