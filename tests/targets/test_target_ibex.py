"""The rv32-ibex target (harness/bench/targets/ibex.py, harness/platforms/ibex).

Its tools are there after set-up (a failure, not a skip: ./run-tests
installs them).  The firmware's counters read exactly the instructions and
cycles of a loop whose cost is known by construction (Ibex's documented
timing), the same in every sample; the 64-bit counter reads carry across
the 32-bit halves; one implementation passes its official KAT on the
simulated core and measures identical counts in two separate simulator
runs; a trap and a hang are reported as such.  The constant-time tracer
(sim_main.cc --ct-trace) records exactly the instructions and data accesses
between the firmware's switches (the leak tests are in tests/bench/test_ct.py).
"""
from __future__ import annotations

import pathlib
import subprocess

import pytest

from tests.helpers import ROOT, exact, find_impl, firmware, registered, usable_target
from tests.models.bits import rol, ror
from harness.bench import kat, trace
from harness.bench.session import ScriptSession
from harness.bench.targets import TARGETS
from harness.bench.targets import ibex as ibex_module
from harness.bench.targets.ibex import HERE, LOG, SIM, IbexSession
from harness.build import MINI_LIBC

NAME = "rv32-ibex"
IbexTarget = TARGETS[NAME]  # what its description makes of ibex.IbexTarget
HASH = ("ascon-hash256", "bi32")  # KAT: ~21 M cycles, about 10 s
BODY, BODY_CYCLES = 4, 6          # start.S: addi, xor, add (1 each) + taken bnez (3)


def target() -> IbexTarget:
    return usable_target(NAME)


def elf():
    return firmware(NAME, *HASH)


def answers(requests, timeout=120.0):
    """One simulator run; the answers (an error answer fails the test)."""
    out = target().open_session(elf()).run_all(requests, [timeout] * len(requests))
    for r in out:
        assert r.ok is not None, f"{r.request}: {r.error}"
    return out


def count(resp, counter: str) -> int:
    return exact(resp.fields, counter)  # never varies


def test_registered_and_available():
    registered(NAME, ibex_module.IbexTarget)
    assert {"rv32", "rv32zbb", "rv32zbkb", "rv32zbp", "rv32zbt"} <= IbexTarget.arch_tokens
    assert issubclass(type(target().open_session(elf())), ScriptSession)


def test_known_loop_counts():
    """loop N retires exactly N * 4 instructions and takes exactly N * 6
    cycles more than loop 0, in every sample."""
    hello, over, *loops = answers(["hello", "overhead 3"] +
                                  [f"loop {n} 3" for n in (0, 1, 1000, 100000)])
    h = hello.fields
    assert (h["counters"], h["exact"]) == ("cycles,instructions", "1")
    assert count(over, "cycles") > 0 and count(over, "instructions") > 0
    c0, i0 = count(loops[0], "cycles"), count(loops[0], "instructions")
    for n, r in zip((1, 1000, 100000), loops[1:]):
        assert (r.fields["body"], r.fields["body_cycles"]) == (str(BODY), str(BODY_CYCLES))
        assert count(r, "instructions") - i0 == n * BODY, r.ok
        assert count(r, "cycles") - c0 == n * BODY_CYCLES, r.ok


def test_kat_on_target_and_repeatable_counts():
    """The official KAT passes on the simulated core; two simulator runs give
    identical cycle and instruction counts (a one-shot and a streamed length)."""
    i = find_impl(*HASH)
    reqs = [f"measure {i.scheme} {i.name} hash 0 {n} 1" for n in (64, 40000)]
    first = answers([kat.request(i), *reqs], timeout=300)
    verdict = kat.judge(i, first[0])
    assert verdict.passed, verdict.detail
    second = answers(reqs)
    assert [r.fields["mode"] for r in second] == ["oneshot", "stream"]
    for c in ("cycles", "instructions"):
        assert [count(r, c) for r in first[1:]] == [count(r, c) for r in second]
    assert 0 < count(second[0], "cycles") < count(second[1], "cycles")


def test_hang_is_reported():
    """A firmware that runs past the time limit, or stays silent longer than
    one request's limit: the answers say so, those before it are kept."""
    out = target().open_session(elf()).run_all(["hello", "loop 1000000000 1"], [1.0, 1.0])
    assert out[0].ok is not None
    assert out[-1].died and "no end within 2 s (hang?)" in out[-1].error
    assert out[-1].hung  # reported as timed-out, not as a crash
    quiet = IbexSession(elf(), 1.0).run_all(["hello", "loop 1000000000 1"], [60.0, 60.0])
    assert quiet[0].ok is not None
    assert quiet[-1].died and "no answer within 1 s (hang?)" in quiet[-1].error
    assert quiet[-1].hung


# ---- the port itself, with a stand-in core --------------------------------
# The stand-in programs' output (their bench_serve's, here and in
# tests/asm/test_asm_rv32.py): a line of the tag, a space and `digits`
# hexadecimal digits of v; without a tag the digits alone.
PUT_HEX = r"""
#include <stdint.h>
#include "bench.h"
static void put_hex(const char *tag, uint64_t v, int digits) {
  char b[24]; int n = 0;
  while (*tag) b[n++] = *tag++;
  if (n) b[n++] = ' ';
  while (digits--) b[n++] = "0123456789abcdef"[(v >> (4 * digits)) & 15];
  b[n] = 0;
  bench_put_line(b);
}
"""
PORT_TEST = PUT_HEX + r"""
void bench_serve(void) {
  uint64_t a[2], b[2];
  /* low halves just below the wrap: the loop carries into the high halves */
  __asm__ volatile("csrw mcycle, %0; csrw mcycleh, zero;"
                   "csrw minstret, %0; csrw minstreth, zero" :: "r"(0xffffff00u));
  bench_read_counters(a);
  bench_known_loop(1000);
  bench_read_counters(b);
  put_hex("c", a[0], 16); put_hex("C", b[0], 16); put_hex("i", a[1], 16); put_hex("I", b[1], 16);
  bench_read_counters(a);
  bench_known_loop(0);
  bench_read_counters(b);
  put_hex("z", b[0] - a[0], 16); put_hex("Z", b[1] - a[1], 16);
  __asm__ volatile(".word 0");  /* an illegal instruction: the trap handler reports it */
  bench_put_line("not reached");
}
"""


def port_firmware(tmp_path: pathlib.Path, code: str = PORT_TEST,
                  test_flags: tuple = ()) -> pathlib.Path:
    """The port's start-up and console around a stand-in bench_serve (code,
    compiled with the target's flags, then test_flags)."""
    t = target()
    src = tmp_path / "port_test.c"
    src.write_text(code)
    objs = []
    for s in [src, HERE / "start.S", HERE / "port_ibex.c", MINI_LIBC]:
        o = tmp_path / (pathlib.Path(s).name + ".o")
        extra = list(test_flags) if s == src else []
        subprocess.run([*t.cc, *t.firmware.compile_flags(), *extra, "-c", str(s),
                        "-o", str(o)], cwd=ROOT, check=True, capture_output=True)
        objs.append(str(o))
    fw = tmp_path / "port_test.elf"
    r = subprocess.run([*t.cc, *t.cflags, "-o", str(fw), *objs, *t.ldflags], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return fw


def test_counters_carry_and_trap(tmp_path):
    """64-bit counter reads across the low halves' wrap, and a trap ends the
    run with an err line naming the cause (2: illegal instruction)."""
    fw = port_firmware(tmp_path)
    run = subprocess.run([str(SIM), f"--meminit=ram,{fw}"], cwd=tmp_path, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    lines = (tmp_path / LOG).read_text().splitlines()
    v = {ln[0]: int(ln[2:], 16) for ln in lines if len(ln) == 18 and ln[1] == " "}
    assert v["c"] >> 32 == 0 and v["C"] >> 32 == 1  # carried into mcycleh
    assert v["i"] >> 32 == 0 and v["I"] >> 32 == 1
    assert v["C"] - v["c"] - v["z"] == 1000 * BODY_CYCLES
    assert v["I"] - v["i"] - v["Z"] == 1000 * BODY
    assert lines[-1].startswith("err trap mcause=0x00000002 "), lines[-1]
    assert "not reached" not in lines


BITMANIP_TEST = PUT_HEX + r"""
static uint32_t s = 0x9e3779b9u;
static uint32_t next(void) { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s; }
#define OP2(tag, insn) do { uint32_t r; \
    __asm__ volatile(insn " %0, %1, %2" : "=r"(r) : "r"(a), "r"(b)); put_hex(tag, r, 8); } while (0)
#define OP1(tag, insn) do { uint32_t r; \
    __asm__ volatile(insn " %0, %1" : "=r"(r) : "r"(a)); put_hex(tag, r, 8); } while (0)
void bench_serve(void) {
  int k;
  for (k = 0; k < 16; k++) {
    uint32_t a = next(), b = next();
    put_hex("ia", a, 8); put_hex("ib", b, 8);
    OP2("pk", "pack"); OP2("ph", "packh"); OP1("b8", "brev8"); OP1("zp", "zip");
    OP1("uz", "unzip"); OP1("r8", "rev8"); OP2("ro", "ror"); OP2("rl", "rol");
    OP2("an", "andn"); OP2("xn", "xnor"); OP2("cl", "clmul"); OP2("ch", "clmulh");
  }
}
"""


def bitmanip_expected(lines: list[str]) -> list[str]:
    """What the ratified definitions give for the operands the firmware printed."""
    m = 0xffffffff

    def clmul(a, b):  # carry-less: XOR of the shifted copies of a
        r = 0
        for i in range(32):
            if b >> i & 1:
                r ^= a << i
        return r

    def brev8(a):
        return int.from_bytes(bytes(int(f"{x:08b}"[::-1], 2) for x in a.to_bytes(4, "little")),
                              "little")

    def zip_(a):
        return sum((a >> i & 1) << 2 * i | (a >> (i + 16) & 1) << (2 * i + 1) for i in range(16))

    def unzip(a):
        return sum((a >> 2 * i & 1) << i | (a >> (2 * i + 1) & 1) << (i + 16) for i in range(16))

    out = []
    for a, b in [(int(x[3:], 16), int(y[3:], 16)) for x, y in zip(lines[0::14], lines[1::14])]:
        r = b & 31
        vals = {"ia": a, "ib": b, "pk": (a & 0xffff) | (b & 0xffff) << 16,
                "ph": (a & 0xff) | (b & 0xff) << 8, "b8": brev8(a), "zp": zip_(a),
                "uz": unzip(a), "r8": int.from_bytes(a.to_bytes(4, "little"), "big"),
                "ro": ror(a, r), "rl": rol(a, r),
                "an": a & ~b & m, "xn": ~(a ^ b) & m, "cl": clmul(a, b) & m,
                "ch": clmul(a, b) >> 32}
        out += [f"{t} {v:08x}" for t, v in vals.items()]
    return out


def test_bitmanip_instructions(tmp_path):
    """RV32BFull executes the ratified Zbkb instructions (pack, packh, brev8,
    zip, unzip, rev8: the same encodings as its Zbp/Zbe ones), Zbb's and
    Zbc's clmul/clmulh as their specifications define them."""
    t = target()
    fw = port_firmware(tmp_path, BITMANIP_TEST, ["-march=rv32imc_zicsr_zbb_zbkb_zbc"])
    run = subprocess.run([str(SIM), f"--meminit=ram,{fw}"], cwd=tmp_path, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    got = (tmp_path / LOG).read_text().splitlines()
    assert len(got) == 16 * 14, got[-3:]
    want = bitmanip_expected(got)
    bad = [(g, w) for g, w in zip(got, want) if g != w]
    assert not bad, f"{len(bad)} wrong, first: got {bad[0][0]}, expected {bad[0][1]}"
    assert t.cflags[0].startswith("-march=") and "zbkb" in t.cflags[0]


# ---- the constant-time tracer ----------------------------------------------
CT_TEST = PUT_HEX + r"""
static uint8_t buf[32] __attribute__((aligned(16)));
/* a byte load at an odd address, a halfword store, a word load, a
 * misaligned word load (two bus requests), at the label ct_probe */
static __attribute__((noinline)) void traced(uint32_t n) {
  bench_trace(1);
  __asm__ volatile(".option push; .option norvc; .globl ct_probe; ct_probe:\n"
                   "lbu t0, 3(%0); sh t0, 6(%0); lw t0, 8(%0); lw t0, 13(%0)\n"
                   ".option pop" :: "r"(buf) : "t0", "memory");
  bench_known_loop(n);
  bench_trace(0);
}
void bench_serve(void) {
  put_hex("b", (uint32_t)(uintptr_t)buf, 8);
  traced(1000);
  buf[0] = 1;  /* off: neither this store nor the console's are recorded */
  traced(0);
  bench_trace(0);  /* off when off: no empty segment */
  put_hex("e", buf[0], 8);
}
"""


def nm_address(elf: pathlib.Path, name: str) -> int:
    out = subprocess.run(["riscv64-unknown-elf-nm", str(elf)], capture_output=True, text=True,
                         check=True).stdout
    return next(int(ln.split()[0], 16) for ln in out.splitlines() if ln.split()[-1] == name)


def records(seg: bytes) -> list[tuple[str, int]]:
    return [trace.record(seg, i) for i in range(len(seg) // trace.RECORD)]


def test_ct_trace_records_instructions_and_accesses(tmp_path):
    """Between the firmware's switches the trace holds every completed
    instruction (a loop of N iterations: exactly 4 N more 'I' records) and
    every load and store at its byte address, after its instruction (a
    misaligned word: two accesses, the second at the next word); nothing
    outside them; and a run without --ct-trace prints the same."""
    fw = port_firmware(tmp_path, CT_TEST)
    trace_file = tmp_path / "trace.bin"
    run = subprocess.run([str(SIM), f"--meminit=ram,{fw}", f"--ct-trace={trace_file}"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    lines = (tmp_path / LOG).read_text().splitlines()
    assert lines[-1] == "e 00000001", lines
    buf = int(lines[0][2:], 16)
    data = trace_file.read_bytes()
    assert len(data) % trace.RECORD == 0 and data[-trace.RECORD:] == bytes(8) + b"E"
    segs = trace.segments(data)
    assert len(segs) == 2
    long, short = map(records, segs)
    probe = nm_address(fw, "ct_probe")
    want = [("instruction", probe), ("load", buf + 3),
            ("instruction", probe + 4), ("store", buf + 6),
            ("instruction", probe + 8), ("load", buf + 8),
            ("instruction", probe + 12), ("load", buf + 13), ("load", buf + 16)]
    switch = nm_address(fw, "bench_trace")
    for rec in (long, short):
        at = rec.index(want[0])
        assert rec[at:at + len(want)] == want
        # before the probe: the rest of bench_trace(1), its switching store
        # first, not recorded as a store; at the end bench_trace(0) up to
        # its switching store, which is not recorded
        assert 0 < at <= 8 and all(k == "instruction" for k, _a in rec[:at])
        assert switch <= rec[0][1] < switch + 16 and rec[0][0] == "instruction"
        assert rec[-1][0] == "instruction" and switch <= rec[-1][1] < rec[0][1]
    assert [r for r in long if r[0] != "instruction"] == \
        [r for r in short if r[0] != "instruction"]
    n_insn = [sum(k == "instruction" for k, _a in rec) for rec in (long, short)]
    assert n_insn[0] - n_insn[1] == 1000 * BODY
    loop = nm_address(fw, "bench_known_loop")
    body = [a for k, a in long if k == "instruction" and loop < a < loop + 20]
    assert len(body) == 1000 * BODY + 1 and len(set(body)) == BODY  # + the last bnez
    # without the option: the same console, no trace
    (tmp_path / LOG).unlink()
    plain = subprocess.run([str(SIM), f"--meminit=ram,{fw}"], cwd=tmp_path,
                           capture_output=True, text=True, timeout=60)
    assert plain.returncode == 0, plain.stderr
    assert (tmp_path / LOG).read_text().splitlines() == lines


def test_ct_tracer_available():
    """After set-up the tracer is usable, so tests/bench/test_ct.py checks every
    Ascon implementation on rv32-ibex too; a model older than its sources
    is refused with the set-up hint."""
    t = target()
    assert t.ct_missing() is None
    assert t.nm_tool() == "riscv64-unknown-elf-nm"
    assert isinstance(t.ct_session(elf(), pathlib.Path("trace.bin")), IbexSession)


def test_ct_refuses_a_stale_model(monkeypatch):
    monkeypatch.setattr(ibex_module, "model_current", lambda *stamp: False)
    why = target().ct_missing()
    assert why and "older than its sources" in why and "lwc_setup ibex" in why


def test_simulator_rejects_a_bad_image(tmp_path):
    bad = tmp_path / "bad.elf"
    bad.write_bytes(b"not an ELF file")
    r = subprocess.run([str(SIM), f"--meminit=ram,{bad}"], cwd=tmp_path, capture_output=True,
                       text=True, timeout=30)
    assert r.returncode == 2 and "not a 32-bit little-endian RISC-V ELF" in r.stderr


if __name__ == "__main__":
    pytest.main([__file__, "-v"])
