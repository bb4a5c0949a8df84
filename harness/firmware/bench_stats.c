/*
 * lwc-bench's statistics (protocol in bench.h): the samples of a counted
 * request (samples[][], bench_core.c) summarized per counter as median,
 * minimum and maximum, without 64-bit division.
 * Part of bench_core.c's translation unit (included there, after the
 * buffers; not compiled alone): see bench_core.c.
 */
static void sort_u64(uint64_t *v, size_t n) { /* insertion sort: n is small */
  size_t i, j;
  for (i = 1; i < n; i++) {
    uint64_t x = v[i];
    for (j = i; j > 0 && v[j - 1] > x; j--) v[j] = v[j - 1];
    v[j] = x;
  }
}

/* Append " samples=N mode=M" then, per counter, NAME=median NAME_min NAME_max
 * to the answer t ("ok ..."), and send it. */
static void report(text_t *t, size_t n, const bench_str *mode) {
  unsigned c;
  t_field(t, BENCH_STR("samples"), n);
  if (mode != NULL) {
    t_rom(t, BENCH_STR(" mode="));
    t_rom(t, mode);
  }
  for (c = 0; c < 2; c++) {
    uint64_t *v = samples[c], med;
    const bench_str *name = c == 0 ? BENCH_STR("cycles") : BENCH_STR("instructions");
    if (!(bench_counters & (1u << c))) continue;
    sort_u64(v, n);
    /* median; the mean of the two middle ones when n is even */
    med = n % 2 ? v[n / 2] : v[n / 2 - 1] + (v[n / 2] - v[n / 2 - 1]) / 2;
    t_field(t, name, med);
    t_field_sfx(t, name, BENCH_STR("_min"), v[0]);
    t_field_sfx(t, name, BENCH_STR("_max"), v[n - 1]);
  }
  bench_put_line(t->s);
}
