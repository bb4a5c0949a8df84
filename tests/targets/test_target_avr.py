"""The avr-atmega128 target (harness/bench/targets/avr.py, harness/platforms/avr).

Its tools are there after set-up (a failure, not a skip: ./run-tests
installs them); the cycle counter reads exactly the cycles of a loop whose
cost comes from the AVR instruction set manual; one AEAD and one hash
implementation pass their official KAT on the target and measure the same
counts in two separate simulator runs; the firmware fits the ATmega128's
flash and RAM; and lwc-simavr turns the end of its input into the end of
the request stream and reports a stack overflow or a restart as a crash
(small firmwares built here from the port and a stand-in bench_serve); a
firmware whose .data + .bss leave too little stack is refused when it is
built, and the stack reserve that decision uses covers the deepest jobs;
lwc-simavr --ct-trace records every instruction and data access of the
traced code and nothing else (the leak tests are in tests/bench/test_ct.py).
"""
from __future__ import annotations

import pathlib
import re
import subprocess
import tempfile

import pytest

from tests.helpers import (ROOT, ask, exact, find_impl, firmware, kat_then_repeat, registered,
                           usable_target)
from harness.bench.targets import TARGETS, Point
from harness.bench.targets import avr
from harness.bench.targets.avr import HERE, RED_ZONE, SIM
from harness.bench.targets.job import DoesNotFit
from harness.build import MINI_LIBC

NAME = "avr-atmega128"
AvrTarget = TARGETS[NAME]  # what its description makes of avr.AvrTarget
STACK_RESERVE = AvrTarget.stack_reserve  # the description's (measured: its comment)
IMPLS = {"aead": ("ascon-aead128", "ref"), "hash": ("ascon-hash256", "ref")}
POINTS = {"aead": [Point("encrypt", 0, 16), Point("decrypt", 16, 1536)],
          "hash": [Point("hash", 0, 16), Point("hash", 0, 1536)]}
FLASH, SRAM = 128 * 1024, 4 * 1024


def target():
    return usable_target(NAME)


def elf(kind="hash"):
    return firmware(NAME, *IMPLS[kind])


def simulate(program, stdin: bytes, *flags):
    return subprocess.run([str(SIM), *flags, str(program)], input=stdin, capture_output=True,
                          timeout=120)


def test_registered_and_available():
    registered(NAME, avr.AvrTarget)
    assert AvrTarget.arch_tokens == {"avr", "8bit"}
    assert SIM.is_file()


def test_known_loop_cycles():
    """loop N costs exactly N * 6 cycles more than loop 0 (loop_avr.S: subi,
    3 x sbci, taken brne = 1+1+1+1+2 cycles), every time it runs."""
    s = target().open_session(elf())
    try:
        hello = ask(s, "hello")
        assert hello["port"] == "simavr-cycles" and hello["exact"] == "1"
        assert hello["counters"] == "cycles"
        counts = {}
        for n in (0, 1, 1000, 100000):
            f = ask(s, f"loop {n} 3")
            assert "instructions" not in f
            assert (f["body"], f["body_cycles"]) == ("5", "6")
            counts[n] = exact(f, "cycles")
        for n in (1, 1000, 100000):
            assert counts[n] - counts[0] == n * 6
        over = ask(s, "overhead 5")
        assert 0 < exact(over, "cycles") < 100  # the latch store, 8 loads and stores, a call
    finally:
        s.close()


def test_kat_and_repeatable_cycles():
    """The official KAT passes on the target; a second simulator run of the
    same job gives the same counts to the cycle (a deterministic model)."""
    t = target()
    for points, first in kat_then_repeat(t, IMPLS, POINTS):
        for p in points:
            v = first.values[p]
            assert v["cycles"] > 1000 * p.mlen and v["samples"] == 1  # 8-bit: >1000 cycles/B
            assert v["cycles_min"] == v["cycles"] == v["cycles_max"]
            assert "instructions" not in v
            assert v["mode"] == ("stream" if p.mlen > 128 else "oneshot")
        assert all(0 < b < SRAM for b in first.stack.values())


def test_firmware_fits_the_atmega128():
    """Flash: text + data (the initial values of .data live in flash).
    RAM: .data + .bss leave room for the stack, and the heaviest requests
    (KAT, a streamed 32 KiB hash, the stack probe) never reach .bss: the
    end check of lwc-simavr -s passes and reports the RAM never touched."""
    program = elf("hash")
    r = subprocess.run(["avr-size", "-B", str(program)], capture_output=True, text=True,
                       check=True)
    text, data, bss = (int(x) for x in r.stdout.splitlines()[1].split()[:3])
    assert text + data <= FLASH
    assert data + bss + STACK_RESERVE <= SRAM
    assert (AvrTarget.sram, AvrTarget().mcu) == (SRAM, "atmega128")  # the data sheet's
    scheme, impl = IMPLS["hash"]
    r = simulate(program, f"kat {scheme} {impl}\nmeasure {scheme} {impl} hash 0 32768 1\n"
                 f"stack {scheme} {impl} hash 0 16\nquit\n".encode(), "-s")
    assert r.returncode == 0, r.stderr
    oks = [ln for ln in r.stdout.decode().splitlines() if ln.startswith("ok ")]
    assert len(oks) == 4 and oks[0] == "ok entries=1025"
    free = re.search(rb"stack high-water (\d+) bytes, (\d+) bytes of RAM never used", r.stderr)
    assert free and int(free[1]) < SRAM - data - bss and int(free[2]) >= 0


def test_end_of_input_ends_the_firmware():
    """Without quit: the end of stdin reaches the firmware as a BREAK
    (framing error), bench_getc returns -1, the firmware stops (cli +
    sleep) and lwc-simavr exits 0 after printing every answer."""
    r = simulate(elf(), b"hello\nloop 10 1")  # the last request has no newline
    assert r.returncode == 0, r.stderr
    lines = r.stdout.decode().splitlines()
    assert lines[0].startswith("ok lwc-bench") and lines[1].startswith("ok op=loop n=10")


STAND_IN = {
    # recursion until the stack pointer is below the end of .bss
    "overflow": r"""
        extern uint8_t __heap_start;
        static __attribute__((noinline)) void dive(void) {
          volatile uint8_t pad[16];
          pad[0] = 1;
          if (SP >= (uintptr_t)&__heap_start) dive();
          pad[1] = pad[0];
        }
        void bench_serve(void) { bench_put_line("diving"); dive(); }""",
    # a call through a null function pointer: the reset vector
    "restart": r"""
        static volatile uint16_t zero;
        void bench_serve(void) {
          bench_put_line("jumping");
          ((void (*)(void))(uintptr_t)zero)();
        }""",
}


@pytest.mark.parametrize("case,message", [("overflow", "stack overflow"),
                                          ("restart", "restarted")])
def test_crashes_are_reported(case, message, tmp_path):
    src = tmp_path / "stand_in.c"
    src.write_text("#include <avr/io.h>\n#include <stdint.h>\n#include \"bench.h\"\n"
                   + STAND_IN[case] + "\n")
    program = tmp_path / "fw.elf"
    t = AvrTarget()
    subprocess.run([*t.cc, *t.firmware.compile_flags(), "-o",
                    str(program), str(src), str(HERE / "port_avr.c"), str(HERE / "loop_avr.S"),
                    str(MINI_LIBC), *t.ldflags],
                   check=True, capture_output=True, cwd=ROOT)
    r = simulate(program, b"")
    assert r.returncode == 3
    assert r.stdout.decode().splitlines()[0] == ("diving" if case == "overflow" else "jumping")
    last = r.stderr.decode().strip().splitlines()[-1]
    assert last.startswith("lwc-simavr: firmware crashed:") and message in last


def test_a_bare_permutation_passes_its_kat():
    """The firmware of a bare permutation carries the most (bench_kat_perm.c
    writes two modes again): it must still leave the KAT's RAM alone.  When
    the runtime's strings grew .data (avr-gcc kept them in RAM), Ascon-p6's
    check against Ascon-128's file came out wrong with no crash; with the
    strings in flash the firmware has the "ct" request (BENCH_CT) again."""
    t = target()
    impl = find_impl("ascon-p6", "ref")
    res = t.run_job(impl, [Point("permutation", 0, 0)])
    assert (res.status, res.kat) == ("ok", "pass"), res.detail
    assert "BENCH_CT" not in t.defines  # bench.h's default: 1
    s = t.open_session(t.build(impl))
    try:
        assert ask(s, "ct ascon-p6 ref permutation 0 0 1")["secret"] == "1"
    finally:
        s.close()


def test_the_stack_reserve_covers_the_deepest_jobs():
    """stack_reserve (avr-atmega128.toml), the stack the RAM budget keeps free for the
    runtime, was measured: the deepest jobs -- a bare permutation's KAT, the
    stack probes, a traced operation -- still stay within it, lwc-simavr's
    red zone included (lwc-simavr -s: the lowest RAM byte written)."""
    from harness.bench import kat
    jobs = {("ascon-p6", "ref"): ["permutation 0 0"],
            ("ascon-aead128", "ref"): ["encrypt 16 16", "decrypt 16 16"],
            ("ascon128-v12", "opt64"): ["encrypt 16 40", "decrypt 16 40"],
            ("ascon-hash256", "ref"): ["hash 0 16"]}
    for (scheme, name), ops in jobs.items():
        impl = find_impl(scheme, name)
        reqs = [kat.request(impl)]
        reqs += [f"stack {scheme} {name} {op}" for op in ops]
        reqs += [f"ct {scheme} {name} {op} 1" for op in ops]
        r = simulate(firmware(NAME, scheme, name), ("\n".join(reqs) + "\nquit\n").encode(), "-s")
        assert r.returncode == 0, r.stderr
        oks = [ln for ln in r.stdout.decode().splitlines() if ln.startswith("ok ")]
        assert len(oks) == len(reqs) + 1, r.stdout[-500:]  # and "ok bye"
        high = re.search(rb"stack high-water (\d+) bytes", r.stderr)
        assert high and int(high[1]) + RED_ZONE <= STACK_RESERVE, (scheme, name, r.stderr)


def test_a_firmware_without_room_for_the_stack_does_not_fit(tmp_path):
    """The RAM budget: .data + .bss + STACK_RESERVE must fit the 4 KiB of
    SRAM.  With 640-byte buffers, .data + .bss alone fit, but leave the
    stack too little: the build refuses the firmware (does-not-fit, like a
    too large program) instead of letting its stack run into the statics --
    which it does, when run anyway."""
    class BigBuffers(AvrTarget):
        defines = {**AvrTarget.defines, "BENCH_MAX_LEN": "640u"}

    t = BigBuffers()
    t.firmware.out = tmp_path
    impl = find_impl("ascon128-v12", "ref")
    with pytest.raises(DoesNotFit, match=r"does not fit the ATmega128's RAM: \.data \d+ \+ "
                       r"\.bss \d+ \+ the runtime's stack \d+ = \d+ bytes > 4096"):
        t.build(impl)
    with pytest.raises(DoesNotFit):  # every time, not only when it is linked
        t.build(impl)
    res = t.run_job(impl, [Point("encrypt", 0, 16)])
    assert res.status == "does-not-fit" and not res.failed, res.detail
    program = tmp_path / "ascon128-v12__ref" / "lwc-bench.elf"
    static = sum(t.ram_use(program).values())
    assert static < SRAM < static + STACK_RESERVE
    r = simulate(program, b"stack ascon128-v12 ref encrypt 16 16\nquit\n")
    assert r.returncode == 3 and b"stack overflow" in r.stderr


# -- the constant-time tracer (lwc-simavr --ct-trace, ./lwcbench ct) ------------------
PROBE = r"""
	.section .bss
	.global	probe_buf
probe_buf:
	.skip	64
	.section .progmem.data,"a",@progbits
	.global	probe_tab
probe_tab:
	.byte	9, 8, 7, 6
	.text
	.global	probe
probe:
	push	r28
	push	r29
	ldi	r26, lo8(probe_buf+2)
	ldi	r27, hi8(probe_buf+2)
	ld	r18, -X
	st	X+, r18
	ld	r18, X
	ldi	r28, lo8(probe_buf)
	ldi	r29, hi8(probe_buf)
	ldd	r18, Y+5
	std	Y+63, r18
	ld	r18, Y+
	st	-Y, r18
	ldi	r30, lo8(probe_buf)
	ldi	r31, hi8(probe_buf)
	ld	r18, Z
	ldd	r18, Z+33
	st	Z+, r18
	ld	r18, -Z
	lds	r18, probe_buf+7
	sts	probe_buf+6, r18
	in	r18, 0x3d
	sbi	0x14, 0
	sbis	0x14, 0
	nop
	out	0x14, r1
	ldi	r30, lo8(probe_tab)
	ldi	r31, hi8(probe_tab)
	lpm	r18, Z+
	lpm
	out	0x3b, r1
	elpm	r18, Z
	rcall	probe_sub
	call	probe_sub
	ldi	r30, pm_lo8(probe_sub)
	ldi	r31, pm_hi8(probe_sub)
	icall
	pop	r29
	pop	r28
	ret
probe_sub:
	ret
"""
# (offset of the instruction in probe, then its accesses): "b+N" probe_buf + N
# (data), "t+N" probe_tab + N (flash), "io N" data address N, "sp-N" relative
# to the stack pointer at probe's entry, "sub" the instruction probe_sub
PROBE_TRACE = [
    (0, "W sp-0"), (2, "W sp-1"), (4,), (6,), (8, "R b+1"), (10, "W b+1"), (12, "R b+2"),
    (14,), (16,), (18, "R b+5"), (20, "W b+63"), (22, "R b+0"), (24, "W b+0"), (26,), (28,),
    (30, "R b+0"), (32, "R b+33"), (34, "W b+0"), (36, "R b+0"), (38, "R b+7"), (42, "W b+6"),
    (46, "R io 0x5d"), (48, "R io 0x34", "W io 0x34"), (50, "R io 0x34"),  # skips the nop
    (54, "W io 0x34"), (56,), (58,), (60, "R t+0"), (62, "R t+1"), (64, "W io 0x5b"),
    (66, "R t+1"),
    (68, "W sp-2", "W sp-3"), ("sub", "R sp-3", "R sp-2"),  # rcall, ret
    (70, "W sp-2", "W sp-3"), ("sub", "R sp-3", "R sp-2"),  # call
    (74,), (76,), (78, "W sp-2", "W sp-3"), ("sub", "R sp-3", "R sp-2"),  # icall
    (80, "R sp-1"), (82, "R sp-0"), (84, "R sp+1", "R sp+2"),
]


def records(path) -> list[tuple[str, int]]:
    data = path.read_bytes()
    assert len(data) % 9 == 0
    return [(chr(data[i + 8]), int.from_bytes(data[i:i + 8], "little"))
            for i in range(0, len(data), 9)]


def symbols(program) -> dict[str, int]:
    out = subprocess.run(["avr-nm", str(program)], capture_output=True, text=True,
                         check=True).stdout
    return {f[2]: int(f[0], 16) for f in (ln.split() for ln in out.splitlines()) if len(f) == 3}


def test_the_tracer_records_each_instruction_and_access(tmp_path):
    """Between the firmware's trace on and off, lwc-simavr --ct-trace writes
    each executed instruction's flash address and each data access: every
    addressing mode of LD/ST (X, Y, Z, pre-decrement, post-increment,
    displacement), LDS/STS, IN/OUT, SBI/SBIS, LPM/ELPM (flash addresses),
    PUSH/POP and the return addresses of RCALL/CALL/ICALL/RET.  Addresses
    are the ELF's (avr-nm): data at 0x800000 + its data-space address."""
    (tmp_path / "probe.S").write_text(PROBE)
    (tmp_path / "stand_in.c").write_text(
        '#include "bench.h"\nvoid probe(void);\n'
        'void bench_serve(void) {\n  bench_trace(1);\n  probe();\n  bench_trace(0);\n'
        '  bench_trace(1);\n  bench_trace(0);\n  bench_put_line("probed");\n}\n')
    program = tmp_path / "fw.elf"
    t = AvrTarget()
    subprocess.run([*t.cc, *t.firmware.compile_flags(), "-o", str(program), str(tmp_path / "stand_in.c"),
                    str(tmp_path / "probe.S"), str(HERE / "port_avr.c"), str(HERE / "loop_avr.S"),
                    str(MINI_LIBC), *t.ldflags],
                   check=True, capture_output=True, cwd=ROOT)
    trace = tmp_path / "trace.bin"
    r = simulate(program, b"", f"--ct-trace={trace}")
    assert r.returncode == 0 and r.stdout == b"probed\n", r.stderr
    recs = records(trace)
    ends = [k for k, rec in enumerate(recs) if rec[0] == "E"]
    assert len(ends) == 2 and recs[ends[0]] == ("E", 0) and ends[1] == len(recs) - 1
    assert all(kind in "IRW" for kind, _a in recs[:ends[0]])
    sym = symbols(program)
    probe, buf, tab, sub = sym["probe"], sym["probe_buf"], sym["probe_tab"], sym["probe_sub"]
    assert buf >= 0x800100 and tab < 0x20000  # RAM and flash, as avr-nm says
    start = recs.index(("I", probe))
    sp = recs[start + 1][1]  # where the first push wrote
    want = []
    for insn, *accesses in PROBE_TRACE:
        want.append(("I", sub if insn == "sub" else probe + insn))
        for a in accesses:
            kind, where = a.split(" ", 1)
            if where.startswith("b+"):
                want.append((kind, buf + int(where[2:])))
            elif where.startswith("t+"):
                want.append((kind, tab + int(where[2:])))
            elif where.startswith("io "):
                want.append((kind, 0x800000 + int(where[3:], 16)))
            else:
                want.append((kind, sp + int(where[2:])))  # "sp-3": -3
    assert recs[start:start + len(want)] == want
    # the second segment: the end of one bench_trace call, the start of the next
    assert 0 < ends[1] - ends[0] - 1 < 40


def test_the_tracer_changes_no_count():
    """With --ct-trace, counts are those of a run without it (the firmware
    only traces inside a ct request), and nothing is recorded outside."""
    scheme, impl = IMPLS["aead"]
    reqs = (f"overhead 1\nloop 1000 1\nmeasure {scheme} {impl} encrypt 16 16 1\n"
            f"stack {scheme} {impl} encrypt 16 16\nquit\n").encode()
    plain = simulate(elf("aead"), reqs)
    with tempfile.TemporaryDirectory() as tmp:
        trace = pathlib.Path(tmp) / "trace.bin"
        traced = simulate(elf("aead"), reqs, f"--ct-trace={trace}")
        assert trace.stat().st_size == 0
    assert plain.returncode == traced.returncode == 0
    assert plain.stdout == traced.stdout and b"cycles=" in plain.stdout
