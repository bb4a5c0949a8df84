"""The msp430 target (harness/bench/targets/msp430.py, harness/platforms/msp430).

Its tools are there after set-up (a failure, not a skip: ./run-tests
installs them).  The firmware's counters read exactly the cycles and
instructions of a loop whose cost comes from the MSP430 family guide; one
implementation passes its official KAT on the target and measures the
same counts in two separate simulator runs; a hang is reported as such;
the compiler helpers of mspabi.c agree with Python on pseudo-random
operands; and lwc-msp430sim counts the same instructions and (charging
like mspdebug) the same cycles as mspdebug's simulator, on firmwares
built here from the port and a stand-in bench_serve.
"""
from __future__ import annotations

import pathlib
import re
import subprocess

import pytest

from tests.helpers import ROOT, ask, exact, find_impl, firmware, registered, usable_target
from harness.bench import kat
from harness.bench.session import SessionError
from harness.bench.targets import TARGETS
from harness.bench.targets import msp430
from harness.bench.targets.msp430 import HERE, SIM
from harness.build import BENCH_CORE, MINI_LIBC, registry_source

NAME = "msp430"
Msp430Target = TARGETS[NAME]  # what its description makes of msp430.Msp430Target
HASH = ("ascon-hash256", "bi32")
BODY, BODY_CYCLES = 3, 4  # crt0.S: sub, subc, jc = 1 + 1 + 2 cycles


def target() -> Msp430Target:
    return usable_target(NAME)


def elf():
    return firmware(NAME, *HASH)


def ask_all(requests, timeout=60.0):
    """Each request's final line, parsed, in one simulator run."""
    s = target().open_session(elf())
    try:
        return [ask(s, r, timeout) for r in requests]
    finally:
        s.close()


def counts(f) -> tuple[int, int]:
    return exact(f, "cycles"), exact(f, "instructions")


def test_registered_and_available():
    registered(NAME, msp430.Msp430Target)
    assert Msp430Target.arch_tokens == {"msp430", "16bit"}
    assert SIM.is_file()


def test_known_loop_counts():
    """loop N costs exactly N * 4 cycles and N * 3 instructions more than
    loop 0, the same in every sample."""
    hello, over, *loops = ask_all(["hello", "overhead 5"] +
                                  [f"loop {n} 3" for n in (0, 1, 1000, 100000)])
    assert (hello["port"], hello["counters"], hello["exact"]) == (
        "lwc-msp430sim", "cycles,instructions", "1")
    assert min(counts(over)) > 0
    c0, i0 = counts(loops[0])
    for n, f in zip((1, 1000, 100000), loops[1:]):
        assert f["body"] == str(BODY) and f["body_cycles"] == str(BODY_CYCLES)
        c, i = counts(f)
        assert (c - c0, i - i0) == (n * BODY_CYCLES, n * BODY), f


def test_kat_on_target_and_repeatable_counts():
    """The official KAT passes on the target; two simulator runs give the
    same counts (a one-shot and a streamed length)."""
    i = find_impl(*HASH)
    reqs = [f"measure {i.scheme} {i.name} hash 0 {m} 1" for m in (64, 1536)]
    s = target().open_session(elf())
    try:
        resp = s.run_all([kat.request(i), *reqs])
    finally:
        s.close()
    verdict = kat.judge(i, resp[0])
    assert verdict.passed, verdict.detail
    first = [r.fields for r in resp[1:]]
    second = ask_all(reqs)
    assert [f["mode"] for f in second] == ["oneshot", "stream"]
    assert [counts(f) for f in first] == [counts(f) for f in second]
    assert 0 < counts(second[0])[0] < counts(second[1])[0]


def test_hang_is_reported():
    """A request that runs past its time limit ends the session as a hang."""
    s = target().open_session(elf())
    try:
        with pytest.raises(SessionError, match="hang"):
            s.request("loop 2000000000 1", timeout=1.0)
    finally:
        s.close()


# ---- the compiler helpers (mspabi.c), against Python -----------------------
HELPER_TEST = r"""
#include <stdint.h>
#include "bench.h"
#define V(t, x) (*(volatile t *)&(x)) /* keeps clang from folding constants */
static uint64_t s = 0x0123456789abcdefu;
static uint64_t next(void) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
static void put(const char *tag, uint64_t v) {
  char b[24]; int i;
  b[0] = tag[0]; b[1] = tag[1]; b[2] = ' ';
  for (i = 0; i < 16; i++) b[3 + i] = "0123456789abcdef"[(v >> (60 - 4 * i)) & 15];
  b[19] = 0;
  bench_put_line(b);
}
void bench_serve(void) {
  int k;
  for (k = 0; k < 64; k++) {
    uint64_t a = next(), b = next() >> (k & 63);
    uint32_t a32 = (uint32_t)a, b32 = (uint32_t)b | 1u;
    uint16_t a16 = (uint16_t)a, b16 = (uint16_t)b | 1u;
    int16_t n = (int16_t)(k % 16), m = (int16_t)(k % 32), l = (int16_t)(k % 64);
    uint64_t b64 = b | 1u;
    put("in", a); put("iv", b);
    put("m1", (uint16_t)(V(uint16_t, a16) * V(uint16_t, b16)));
    put("m2", V(uint32_t, a32) * V(uint32_t, b32));
    put("m3", V(uint64_t, a) * V(uint64_t, b64));
    put("d1", V(uint16_t, a16) / V(uint16_t, b16)); put("r1", V(uint16_t, a16) % V(uint16_t, b16));
    put("d2", V(uint32_t, a32) / V(uint32_t, b32)); put("r2", V(uint32_t, a32) % V(uint32_t, b32));
    put("d3", V(uint64_t, a) / V(uint64_t, b64)); put("r3", V(uint64_t, a) % V(uint64_t, b64));
    put("s1", (uint64_t)(int64_t)(V(int16_t, a16) / V(int16_t, b16)));
    put("t1", (uint64_t)(int64_t)(V(int16_t, a16) % V(int16_t, b16)));
    put("s2", (uint64_t)(int64_t)(V(int32_t, a32) / V(int32_t, b32)));
    put("t2", (uint64_t)(int64_t)(V(int32_t, a32) % V(int32_t, b32)));
    put("s3", (uint64_t)(V(int64_t, a) / V(int64_t, b64)));
    put("t3", (uint64_t)(V(int64_t, a) % V(int64_t, b64)));
    put("l1", (uint16_t)(V(uint16_t, a16) << V(int16_t, n)));
    put("u1", (uint16_t)(V(uint16_t, a16) >> V(int16_t, n)));
    put("a1", (uint64_t)(int64_t)(int16_t)(V(int16_t, a16) >> V(int16_t, n)));
    put("l2", V(uint32_t, a32) << V(int16_t, m)); put("u2", V(uint32_t, a32) >> V(int16_t, m));
    put("a2", (uint64_t)(int64_t)(V(int32_t, a32) >> V(int16_t, m)));
    put("l3", V(uint64_t, a) << V(int16_t, l)); put("u3", V(uint64_t, a) >> V(int16_t, l));
    put("a3", (uint64_t)(V(int64_t, a) >> V(int16_t, l)));
  }
}
"""


def expected_helpers() -> list[str]:
    """The same inputs (xorshift64) and operations in Python."""
    def sx(v, bits):
        v &= (1 << bits) - 1
        return v - (1 << bits) if v >> (bits - 1) else v

    def tdiv(x, y):  # C: truncates toward zero
        q = abs(x) // abs(y)
        return q if (x < 0) == (y < 0) else -q

    M, s, out = (1 << 64) - 1, 0x0123456789abcdef, []

    def nxt():
        nonlocal s
        s ^= s << 13 & M
        s ^= s >> 7
        s ^= s << 17 & M
        return s

    for k in range(64):
        a = nxt()
        b = nxt() >> (k & 63)
        a32, b32, a16, b16 = a & 0xffffffff, (b & 0xffffffff) | 1, a & 0xffff, (b & 0xffff) | 1
        b64 = b | 1
        n, m, l = k % 16, k % 32, k % 64
        r = {"in": a, "iv": b, "m1": a16 * b16 & 0xffff, "m2": a32 * b32 & 0xffffffff,
             "m3": a * b64 & M, "d1": a16 // b16, "r1": a16 % b16, "d2": a32 // b32,
             "r2": a32 % b32, "d3": a // b64, "r3": a % b64}
        for tag, (x, y, bits) in {"1": (sx(a16, 16), sx(b16, 16), 16),
                                  "2": (sx(a32, 32), sx(b32, 32), 32),
                                  "3": (sx(a, 64), sx(b64, 64), 64)}.items():
            q = tdiv(x, y)
            r["s" + tag], r["t" + tag] = sx(q, bits) & M, (x - q * y) & M
        r.update({"l1": a16 << n & 0xffff, "u1": a16 >> n, "a1": (sx(a16, 16) >> n) & M,
                  "l2": a32 << m & 0xffffffff, "u2": a32 >> m, "a2": (sx(a32, 32) >> m) & M,
                  "l3": a << l & M, "u3": a >> l, "a3": (sx(a, 64) >> l) & M})
        out += [f"{t} {v:016x}" for t, v in r.items()]
    return out


def own_firmware(tmp_path, name: str, c_source: str, sources) -> pathlib.Path:
    """An ELF of c_source (written to tmp_path) and sources, built with the
    target's compiler, flags and linker script."""
    t = target()
    main = tmp_path / f"{name}.c"
    main.write_text(c_source)
    defs = [f"-D{k}={v}" for k, v in t.defines.items()]
    objs = []
    for n, src in enumerate([main, HERE / "crt0.S", HERE / "mspabi.c", HERE / "mspabi_s.S",
                             MINI_LIBC, *sources]):
        o = tmp_path / f"{name}-{n}.o"
        r = subprocess.run([*t.cc, *t.firmware.compile_flags(), *defs,
                            "-c", str(src), "-o", str(o)], cwd=ROOT, capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        objs.append(str(o))
    fw = tmp_path / f"{name}.elf"
    r = subprocess.run([*t.cc, *t.cflags, "-o", str(fw), *objs, *t.ldflags], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return fw


def simulate(fw, *flags) -> tuple[str, int, int]:
    """lwc-msp430sim: (output, instructions, cycles)."""
    r = subprocess.run([str(SIM), "--stats", *flags, str(fw)], stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    m = re.search(r"instructions (\d+) cycles (\d+)", r.stderr)
    return r.stdout, int(m[1]), int(m[2])


def mspdebug(fw) -> tuple[str, int, int]:
    """mspdebug's simulator, console at 0x00FF, stopped at bench_exit (before
    it runs, like lwc-msp430sim's exit): (output, instructions, MCLK)."""
    r = subprocess.run(["mspdebug", "-q", "sim", "simio add console console",
                        "simio add tracer tracer", f"prog {fw}", "setbreak bench_exit", "run",
                        "simio info tracer"], stdin=subprocess.DEVNULL, capture_output=True,
                       text=True, timeout=300)
    out = r.stdout.split("Running. Press Ctrl+C to interrupt...\n", 1)[-1]
    out = out.split("    ( PC:", 1)[0]
    ins = re.search(r"Instruction count: *(\d+)", r.stdout)
    mclk = re.search(r"MCLK: *(\d+)", r.stdout)
    assert ins and mclk and "\nbench_exit:\n" in r.stdout, r.stdout[-2000:] + r.stderr
    return out, int(ins[1]), int(mclk[1])


def test_mspabi_helpers(tmp_path):
    """Multiplication, division and shifts through mspabi.c against Python,
    and the same instructions and cycles as in mspdebug."""
    fw = own_firmware(tmp_path, "helpers", HELPER_TEST, [HERE / "port.c"])
    # the helpers this firmware links are the ones under test
    syms = set(re.findall(rb"__mspabi_\w+|__\w+di3", fw.read_bytes()))
    assert {b"__mspabi_mpyll", b"__mspabi_divull", b"__mspabi_divlli", b"__ashldi3"} <= syms
    out, ins, cyc = simulate(fw)
    got = out.splitlines()
    assert len(got) == 64 * 26, out[-2000:]
    want = expected_helpers()
    bad = [(g, w) for g, w in zip(got, want) if g != w]
    assert not bad, f"{len(bad)} wrong, first: got {bad[0][0]}, expected {bad[0][1]}"
    assert mspdebug(fw) == (out, *simulate(fw, "--mspdebug")[1:])
    assert simulate(fw, "--mspdebug")[1] == ins


# The core and an implementation, requests from a string, counters left at 0
# (mspdebug has no latch): the same program for both simulators.
CROSS_PORT = r"""
#include "bench.h"
#define CONSOLE (*(volatile unsigned char *)0x00ffu)
static const char script[] = "hello\nmeasure ascon-hash256 bi32 hash 0 64 1\n"
                             "stack ascon-hash256 bi32 hash 0 16\nloop 1000 1\n";
const unsigned bench_counters = BENCH_COUNTER_CYCLES | BENCH_COUNTER_INSTRUCTIONS;
const int bench_exact = 1;
const char *const bench_port = "cross-check";
const unsigned bench_loop_body = 3, bench_loop_body_cycles = 4;
void bench_read_counters(uint64_t v[2]) { v[0] = 0; v[1] = 0; }
int bench_getc(void) {
  static unsigned i;
  return script[i] ? (unsigned char)script[i++] : -1;
}
void bench_put_line(const char *s) {
  while (*s) CONSOLE = (unsigned char)*s++;
  CONSOLE = '\n';
}
"""


def test_same_counts_as_mspdebug(tmp_path):
    """Requests served by the real core and an implementation: lwc-msp430sim
    executes the same instructions as mspdebug, and charging mspdebug's way,
    the same cycles; by the family guide, fewer (constant-generator
    operands cost 1 cycle, not 2 or 3)."""
    i = find_impl(*HASH)
    registry = tmp_path / "registry.c"
    registry.write_text(registry_source([i]))
    impl_flags = tmp_path / "impl.c"  # the implementation, with its namespace
    impl_flags.write_text("".join(f"#define LWC_NAMESPACE {i.namespace}\n"
                                  f'#define LWC_SCHEME_NAME "{i.scheme}"\n'
                                  f'#define LWC_IMPL_NAME "{i.name}"\n'
                                  f'#include "{src}"\n' for src in i.sources))
    fw = own_firmware(tmp_path, "cross", CROSS_PORT,
                  [*BENCH_CORE, ROOT / "src" / "lib" / "lwc.c", registry, impl_flags])
    theirs = mspdebug(fw)
    assert theirs[0].count("\nok ") == 3 and theirs[0].startswith("ok lwc-bench"), theirs[0]
    assert simulate(fw, "--mspdebug") == theirs
    out, ins, cyc = simulate(fw)
    assert (out, ins) == theirs[:2] and cyc < theirs[2]


@pytest.mark.parametrize("body,status,message", [
    ("static int deep(int x) { volatile char b[64]; b[0] = (char)x; return deep(x + 1) + b[0]; }\n"
     "void bench_serve(void) { deep(0); }", 4, "stack overflow"),
    ('void bench_serve(void) { __asm__ volatile(".word 0x0000"); }', 3, "illegal instruction"),
])
def test_simulator_reports_crashes(tmp_path, body, status, message):
    """A stack that runs into the statics and an instruction the MSP430 does
    not have stop the simulation with a status and a reason (a PipeSession
    reports them as a crash)."""
    fw = own_firmware(tmp_path, "crash", "void bench_serve(void);\n" + body + "\n", [])
    r = subprocess.run([str(SIM), str(fw)], stdin=subprocess.DEVNULL, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == status and message in r.stderr, (r.returncode, r.stderr)


@pytest.mark.parametrize("args,message", [
    (["--ct-trace=/nonexistent/trace.bin"], "cannot write --ct-trace=/nonexistent/trace.bin"),
    (["--ct-trace={tmp}/a", "--ct-trace={tmp}/b"], "one trace at a time"),
])
def test_simulator_refuses_a_bad_trace_option(tmp_path, args, message):
    r = subprocess.run([str(SIM), *[a.format(tmp=tmp_path) for a in args], "fw.elf"],
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and message in r.stderr, (r.returncode, r.stderr)


if __name__ == "__main__":
    pytest.main([__file__, "-v"])


def test_trace_cycles_without_a_trace_is_refused(tmp_path):
    """--trace-cycles only adds records to a --ct-trace file: alone it is a
    usage error, not an option that silently does nothing."""
    fw = firmware(NAME, *HASH)
    r = subprocess.run([str(SIM), "--trace-cycles", str(fw)], stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "--ct-trace" in r.stderr, r.stderr
    out = tmp_path / "t.bin"
    r = subprocess.run([str(SIM), f"--ct-trace={out}", "--trace-cycles", str(fw)],
                       input="hello\nquit\n", capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
