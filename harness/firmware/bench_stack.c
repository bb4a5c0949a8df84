/*
 * lwc-bench's stack high-water mark by painting (protocol in bench.h): the
 * "stack" request.
 * Part of bench_core.c's translation unit (included there, after the
 * buffers; not compiled alone): see bench_core.c.
 */
#define PAINT 0xa5u
#define PAINT_GAP 32u /* stays clear of paint()'s own frame */

/* Paint BENCH_STACK_PAINT bytes below this function's frame (the callee's
 * stack grows into them), return the top of the painted area. */
static __attribute__((noinline)) uintptr_t paint(void) {
  volatile uint8_t here = 0;
  uintptr_t top = (uintptr_t)&here - PAINT_GAP; /* integer: not an object's bounds */
  size_t i;
  for (i = 1; i <= BENCH_STACK_PAINT; i++) *(volatile uint8_t *)(top - i) = PAINT;
  return top;
}

/* Deepest painted byte that was overwritten: bytes used below top. */
static __attribute__((noinline)) size_t unpainted(uintptr_t top) {
  size_t i;
  for (i = BENCH_STACK_PAINT; i > 0; i--)
    if (*(volatile uint8_t *)(top - i) != PAINT) return i;
  return 0;
}

/* A frame of its own: where the anchor sits in it depends on this code
 * only.  Inlined into bench_handle, its offset moved with the other
 * requests' locals, which differ between builds of other BENCH_MAX_LEN or
 * kinds (the emulated board's stack bytes then differed from
 * cortex-m3-qemu's by 8 for the same objects). */
static __attribute__((noinline)) int do_stack(char **f, int nf, int *ok) {
  job_t j;
  const bench_str *why;
  volatile uint8_t anchor = 0; /* the measuring frame: depth is counted from here */
  uintptr_t top;
  size_t used;
  if (nf != 6) return bench_fail(ok, BENCH_STR("usage: stack SCHEME IMPL OP ADLEN MLEN"));
  if ((why = setup(&j, f)) != NULL) return bench_fail(ok, why);
  top = paint();
  if (run_op(&j) != LWC_OK || !after_op(&j)) return bench_fail(ok, BENCH_STR("operation failed"));
  used = unpainted(top);
  if (used >= BENCH_STACK_PAINT)
    return bench_fail(ok, BENCH_STR("stack use exceeds BENCH_STACK_PAINT"));
  /* bytes between the anchor and the deepest write: run_op's frames */
  used += (size_t)((uintptr_t)&anchor - top);
  answer(f, 0, BENCH_STR("stack"), used, &j);
  *ok = 1;
  return 0;
}
