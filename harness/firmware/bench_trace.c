/*
 * lwc-bench's constant-time traces (protocol in bench.h): the port's
 * tracer hooks (weak no-ops for a port without a tracer) and the "ct"
 * request.
 * Part of bench_core.c's translation unit (included there, after the
 * buffers; not compiled alone): see bench_core.c.
 */
/* The port's tracer of executed and accessed addresses (QEMU: the plugin
 * harness/platforms/qemu/ct_trace.c); ports without one do nothing. */
__attribute__((weak)) void bench_trace(int on) { (void)on; }
__attribute__((weak)) void bench_classify(const void *p, size_t n, int is_secret) {
  (void)p, (void)n, (void)is_secret;
}

#if BENCH_CT
/* The secrets of an operation (key; plaintext or message, a MAC's too; a
 * permutation's state) to the port's tracer; afterwards every buffer is public again
 * (outputs are public by definition). */
static void classify_job(job_t *j, int secret_now) {
  if (!secret_now) {
    bench_classify(key, sizeof key, 0);
    bench_classify(msg, sizeof msg, 0);
    bench_classify(ct, sizeof ct, 0);
    bench_classify(out, sizeof out, 0);
    bench_classify(tag, sizeof tag, 0);
    bench_classify(&j->ps, sizeof j->ps, 0);
    return;
  }
  if (j->a != NULL) bench_classify(key, j->a->keybytes, 1);
  if (j->op == OP_AUTH) bench_classify(key, j->m->keybytes, 1);
  if (j->op == OP_ENCRYPT || j->op == OP_HASH || j->op == OP_AUTH)
    bench_classify(msg, j->mlen, 1);
  if (j->op == OP_PERMUTE) bench_classify(&j->ps, sizeof j->ps, 1);
}

/* "ct SCHEME IMPL OP ADLEN MLEN SECRET": the operation with the inputs of
 * secret SECRET (0 .. 255: other key and message bytes, or permutation
 * state), traced from its call to its return; the host compares the traces
 * of several secrets.  A decryption's ciphertext is made for its secret
 * first (untraced), and must decrypt back.
 * On AVR it is not inlined: in bench_handle's frame, under which the other
 * requests measure, its locals moved the measured operations' stack by two
 * bytes, and with it the cycles of code whose path depends on a buffer's
 * alignment (ascon_wipe_bytes).  Elsewhere the compiler's choice stays as it
 * was (forbidding it changed the instructions around a measured call on
 * xtensa-lx106). */
#if defined(__AVR__)
__attribute__((noinline))
#endif
static int do_ct(char **f, int nf, int *ok) {
  job_t j;
  uint32_t s;
  const bench_str *why;
  int r;
  if (nf != 7) return bench_fail(ok, BENCH_STR("usage: ct SCHEME IMPL OP ADLEN MLEN SECRET"));
  if (!parse_u32(f[6], 255, &s)) return bench_fail(ok, BENCH_STR("bad secret (0 .. 255)"));
  secret = s;
  ct_holds.a = NULL; /* no ciphertext of another secret */
  why = setup(&j, f);
  secret = 0;
  if (why == NULL && j.stream) why = BENCH_STR("ct traces one-shot operations only");
  if (why != NULL) {
    ct_holds.a = NULL;
    return bench_fail(ok, why);
  }
  classify_job(&j, 1);
  bench_trace(1);
  r = run_op(&j);
  bench_trace(0);
  bench_classify(&r, sizeof r, 0);
  classify_job(&j, 0);
  r = r == LWC_OK && after_op(&j);
  ct_holds.a = NULL; /* ct[] is this secret's: measurements must not reuse it */
  if (!r) return bench_fail(ok, BENCH_STR("operation failed"));
  answer(f, 0, BENCH_STR("secret"), s, &j);
  *ok = 1;
  return 0;
}
#endif
