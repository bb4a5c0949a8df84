"""The Cortex-M3 cycle model (harness/platforms/qemu/cm3_cycles.c), validated
by construction.

Each case is a small Thumb-2 body whose cost the Cortex-M3 Technical
Reference Manual states (ALU 1, loads and stores 2, a load or store right
after an independent load 1, LDM/STM 1+N, a taken branch 1+P, MLA 2, ...).
The program (tests/models/cm3.py) runs the body 1000 and 2000 times in a
row (.rept, no loop), each run between two reads of the counters, and
writes the counts out; the difference of the two runs is exactly 1000
bodies, whatever the reads and the run's edges cost.  That difference must
be 1000 x the cost written here by hand from the manual's table and the
wait-state rules of docs/research.md
(fetch lines of 4 bytes, one line prefetched, 1 + ws cycles a flash line,
ws more per flash data read, ws per line of a branch target) -- exactly,
at 0, 2 and 4 wait states.  A wrong class cost, a missed pipelining or a
wrong refill changes a count and fails its case.

The flash accelerators (accel=stm32f1, accel=sam3x: the STM32F1's prefetch
buffer, the SAM3X's 128-bit flash controller) are held to the rules their
manuals give, the same way: straight-line bodies, and real loops (a loop
run 1000 and 2000 times; the difference is 1000 iterations) that fit one
buffer line, or do not.  Each of those costs differs from the plain
model's, which the same loops are held to too: a case fails if the
accelerator were off.
"""
from __future__ import annotations

import subprocess

import pytest

from tests.helpers import usable_target
from tests.models.cm3 import P, REPS, link, per_body, program, run
from harness.bench.targets.qemu import CM3_PLUGIN, flash_range

WS = (0, 2, 4)

# name: (setup, body, instructions executed per body, cost(ws) by hand)
# registers: sp -> RAM words (sp[0] holds sp, sp[2..] data), r8 -> RAM
# buffer, r9 -> a word in flash (.rodata); r1-r3 small numbers; Z set.
CASES = {
    # 32-bit ALU with a shifted operand: 1; each 32-bit line takes 1 + ws
    "alu32": ("", "eor.w r1, r1, r2, ror #7", 1, lambda ws: 1 + ws),
    # two 16-bit ALU in one line: 2, or the next line's fetch (1 + ws)
    "alu16x2": ("", "eors r1, r2\n adds r3, r1", 2, lambda ws: max(2, 1 + ws)),
    # two independent loads: 2 + 1 (pipelined), then an ALU op in the next line
    "ldr_pair": ("", "ldr r1, [sp, #8]\n ldr r2, [sp, #12]\n eor.w r3, r3, r1", 3,
                 lambda ws: max(3, 1 + ws) + 1 + ws),
    # the second load's address is the first one's result: not pipelined, 2 + 2
    "ldr_dependent": ("", "ldr r1, [sp]\n ldr r2, [r1, #8]\n eor.w r3, r3, r2", 3,
                      lambda ws: max(4, 1 + ws) + 1 + ws),
    # a store after a load is pipelined: 2 + 1
    "ldr_str": ("", "ldr r1, [sp, #8]\n str r1, [sp, #16]\n eor.w r3, r3, r1", 3,
                lambda ws: max(3, 1 + ws) + 1 + ws),
    # nothing is pipelined after a store: 2 + 2
    "str_ldr": ("", "str r1, [sp, #16]\n ldr r2, [sp, #8]\n eor.w r3, r3, r2", 3,
                lambda ws: max(4, 1 + ws) + 1 + ws),
    # LDM, STM of 4 registers: 1 + 4
    "ldm4": ("", "ldm.w r8, {r1, r2, r3, r10}", 1, lambda ws: max(5, 1 + ws)),
    "stm4": ("", "stm.w r8, {r1, r2, r3, r10}", 1, lambda ws: max(5, 1 + ws)),
    # PUSH, POP of 3: 1 + 3 each
    "push_pop": ("", "push {r1, r2, r3}\n pop {r1, r2, r3}", 2, lambda ws: max(8, 1 + ws)),
    # LDRD: 1 + 2
    "ldrd": ("", "ldrd r1, r2, [sp, #8]", 1, lambda ws: max(3, 1 + ws)),
    # a taken branch: 1 + P, the target line refetched (ws)
    "b_taken": ("", "b.n 1f\n nop\n 1:", 1, lambda ws: 1 + P + ws),
    # a taken conditional branch (Z set): 1 + P
    "beq_taken": ("", "beq.n 1f\n nop\n 1:", 1, lambda ws: 1 + P + ws),
    # a conditional branch not taken: 1
    "bne_not_taken": ("", "bne.w never", 1, lambda ws: 1 + ws),
    # a taken branch to a 32-bit instruction that is not word aligned:
    # 1 + P + 1 (two fetches), both of its lines refetched; then the
    # 32-bit ALU op and a NOP in the last line
    "b_unaligned_target": ("", "b.n 1f\n nop\n nop\n 1: eor.w r1, r1, r2\n nop", 3,
                           lambda ws: max(2, 1 + ws) + 1 + P + 1 + 2 * ws),
    # MUL 1, MLA 2, MLS 2, UMULL 5, SMLAL 7, UDIV 12 (upper bounds of the
    # manual's data-dependent 3-5, 4-7 and 2-12)
    "mul": ("", "mul r1, r2, r3", 1, lambda ws: 1 + ws),
    "mla": ("", "mla r1, r2, r3, r1", 1, lambda ws: max(2, 1 + ws)),
    "mls": ("", "mls r1, r2, r3, r1", 1, lambda ws: max(2, 1 + ws)),
    "umull": ("", "umull r1, r10, r2, r3", 1, lambda ws: max(5, 1 + ws)),
    "smlal": ("", "smlal r1, r10, r2, r3", 1, lambda ws: max(7, 1 + ws)),
    "udiv": ("", "udiv r1, r3, r2", 1, lambda ws: max(12, 1 + ws)),
    # IT + a conditional 16-bit ALU op: 1 + 1
    "it": ("", "it eq\n addeq r1, r2", 2, lambda ws: max(2, 1 + ws)),
    # a load from RAM vs the same load from flash (ws more: data wait states)
    "ldr_ram": ("", "ldr r1, [sp, #8]\n adds r3, r1", 2, lambda ws: max(3, 1 + ws)),
    "ldr_flash": ("", "ldr r1, [r9]\n adds r3, r1\n adds r2, r1", 3,
                  lambda ws: max(4 + ws, 3 + 2 * ws)),
    # a literal (PC-relative) load reads flash: 2 + ws, then two ALU ops
    "ldr_literal": ("", "ldr.w r1, [pc, #-4]\n adds r3, r1\n adds r2, r1", 3,
                    lambda ws: max(4 + ws, 3 + 2 * ws)),
}

# The flash accelerators (cm3_cycles.c's header): the flash is read a line
# at a time (STM32F1: 64 bits, RM0008/PM0075; SAM3X: 128 bits, the EEFC's
# 128-bit access mode), a read takes 1 + ws cycles, two buffers hold the
# line being executed and the next one (read from the moment execution
# entered the current one), and any fetch from them, after a branch too,
# costs no flash read; the SAM3X also keeps the last flash data line read
# (data read optimization), the STM32F1 charges every data read ws.
LINE = {"stm32f1": 8, "sam3x": 16}  # bytes a flash read brings
ACCEL_WS = {"stm32f1": (1, 2), "sam3x": (2, 4)}  # the STM32F1's LATENCY is 0..2
PLAIN = "none"  # the same bodies in the plain model (fetch=4): what the accelerator changes


def per_line(line: int, body_bytes: int, body_cycles: int, ws: int) -> float:
    """Straight-line code: a line of bodies takes its bodies' cycles or,
    when that is less, the 1 + ws cycles the next line's read takes (as
    the SAM3X datasheet's sequential code reads: at FWS 1 to 3 only the
    first access waits; the same rule makes each 128-bit line of
    single-cycle 32-bit instructions wait FWS - 3 cycles at FWS 4)."""
    n = line // body_bytes
    return max(n * body_cycles, 1 + ws) / n


# name: (body, loop?, instructions per body or iteration, {accel: cost(ws)}).
# Straight-line bodies are repeated (.rept); loop bodies run as a loop at a
# 16-byte aligned address, r3 counting down (each iteration: the body's
# own cost, then `bne` taken: 1 + P, back to the top).
ACCEL_CASES = {
    # 32-bit ALU: 2 a 64-bit line, 4 a 128-bit line; STM32F1 at 2 wait
    # states: 1.5 cycles each (PM0075's "acceleration ratio of the order of
    # 2" over 3 a word); SAM3X: 1 each up to FWS 3, 1.25 at FWS 4
    "straight_alu32": ("eor.w r1, r1, r2, ror #7", False, 1,
              {"stm32f1": lambda ws: per_line(8, 4, 1, ws),
               "sam3x": lambda ws: per_line(16, 4, 1, ws),
               PLAIN: lambda ws: 1 + ws}),
    # two 16-bit ALU ops: 4 bytes, 2 cycles: never wait at these ws
    "straight_alu16x2": ("eors r1, r2\n adds r3, r1", False, 2,
                {"stm32f1": lambda ws: per_line(8, 4, 2, ws),
                 "sam3x": lambda ws: per_line(16, 4, 2, ws),
                 PLAIN: lambda ws: max(2, 1 + ws)}),
    # a taken branch 4 bytes ahead (in this line or the next, prefetched
    # one): 1 + P and no flash read; the plain model refetches: + ws
    "branch_into_buffers": ("b.n 1f\n nop\n 1:", False, 1,
                       {"stm32f1": lambda ws: 1 + P, "sam3x": lambda ws: 1 + P,
                        PLAIN: lambda ws: 1 + P + ws}),
    # the same flash word read again and again: the STM32F1 charges ws each
    # time (DCode, no buffer), the SAM3X's data buffer holds its line
    "ldr_same_flash_word": ("ldr r1, [r9]\n adds r3, r1\n adds r2, r1", False, 3,
                  {"stm32f1": lambda ws: 4 + ws, "sam3x": lambda ws: 4,
                   PLAIN: lambda ws: max(4 + ws, 3 + 2 * ws)}),
    # a literal load of the body's own (8-byte) address: on the SAM3X two
    # bodies share a 16-byte data line, so every other read waits
    "ldr_literal_walk": ("ldr.w r1, [pc, #-4]\n adds r3, r1\n adds r2, r1", False, 3,
                         {"stm32f1": lambda ws: 4 + ws, "sam3x": lambda ws: 4 + ws / 2,
                          PLAIN: lambda ws: max(4 + ws, 3 + 2 * ws)}),
    # a tight loop of 6 bytes, in one line of either: every fetch hits the
    # buffers, 1 + 1 + (1 + P) whatever the wait states; the plain model
    # refetches the top (ws) and waits for the line with the bne
    "loop_in_one_line": ("adds r1, r2\n subs r3, #1\n bne.n {top}", True, 3,
                         {"stm32f1": lambda ws: 3 + P, "sam3x": lambda ws: 3 + P,
                          PLAIN: lambda ws: ws + max(2, 1 + ws) + 1 + P}),
    # 12 bytes: two 64-bit lines, one 128-bit line.  On the STM32F1 entering
    # the second line starts the read of the third into the first one's
    # buffer, so the branch back misses (ws), and the second line is read
    # after the first (1 + ws); the SAM3X holds it all
    "loop_in_two_8byte_lines": ("eor.w r1, r1, r2, ror #7\n eor.w r2, r2, r1, ror #3\n"
                                " subs r3, #1\n bne.n {top}", True, 4,
                                {"stm32f1": lambda ws: ws + max(2, 1 + ws) + 2 + P,
                                 "sam3x": lambda ws: 4 + P,
                                 PLAIN: lambda ws: ws + 2 * (1 + ws) + 2 + P}),
    # 24 bytes: three 64-bit lines, two 128-bit lines: both refetch the top
    "loop_in_two_16byte_lines": (" ".join(["eor.w r1, r1, r2, ror #7\n"] * 5) +
                                 " subs r3, #1\n bne.n {top}", True, 7,
                                 {"stm32f1": lambda ws: ws + 2 * max(2, 1 + ws) + 3 + P,
                                  "sam3x": lambda ws: ws + max(4, 1 + ws) + 3 + P,
                                  PLAIN: lambda ws: ws + 5 * (1 + ws) + 2 + P}),
}

_built: dict = {}


def build(tmp_path_factory, name: str):
    if name not in _built:
        folder = tmp_path_factory.mktemp(f"cm3-{name}")
        src = folder / f"{name}.S"
        assert not set(CASES) & set(ACCEL_CASES)  # one name, one program
        if name in CASES:
            setup, body, _n, _cost = CASES[name]
            src.write_text(program(setup, body))
        else:
            body, loop, _n, _costs = ACCEL_CASES[name]
            src.write_text(program("", body, loop, accel=True))
        elf = folder / f"{name}.elf"
        link(elf, src)
        _built[name] = elf
    return _built[name]


@pytest.mark.parametrize("ws", WS)
@pytest.mark.parametrize("name", sorted(CASES))
def test_class_cost(tmp_path_factory, name, ws):
    _setup, _body, insns, cost = CASES[name]
    got_insns, got_cycles = per_body(run(build(tmp_path_factory, name), ws))
    n = REPS[1] - REPS[0]
    assert got_insns == n * insns
    assert got_cycles == n * cost(ws), f"{name} at {ws} wait states: {got_cycles / n} a body"


@pytest.mark.parametrize("accel,ws", [(a, w) for a in ("stm32f1", "sam3x", PLAIN)
                                      for w in ACCEL_WS.get(a, WS)])
@pytest.mark.parametrize("name", sorted(ACCEL_CASES))
def test_accelerator_cost(tmp_path_factory, name, accel, ws):
    """Each body or loop under each accelerator costs what its manual's
    rules give, and the plain model (no accel=) what its own rules give:
    the two differ in every case at 2 wait states or more."""
    _body, _loop, insns, costs = ACCEL_CASES[name]
    extra = "" if accel == PLAIN else f",accel={accel}"
    got_insns, got_cycles = per_body(run(build(tmp_path_factory, name), ws, extra=extra))
    n = REPS[1] - REPS[0]
    assert got_insns == n * insns
    assert got_cycles == n * costs[accel](ws), \
        f"{name}, accel={accel}, {ws} wait states: {got_cycles / n} a body"


def test_accelerators_change_every_case():
    """The cases are chosen so that switching an accelerator off changes
    the cost (at its manual's highest wait states here): a model that
    ignored accel= fails test_accelerator_cost."""
    for name, (_b, _l, _n, costs) in ACCEL_CASES.items():
        for accel in ("stm32f1", "sam3x"):
            ws = max(ACCEL_WS[accel])
            assert costs[accel](ws) < costs[PLAIN](ws), (name, accel)


def test_accelerator_off_at_zero_wait_states(tmp_path_factory):
    """At 0 wait states an accelerator changes nothing (PM0075: the
    prefetch buffer has no effect then): the manual's table alone."""
    n = REPS[1] - REPS[0]
    for name in ("loop_in_two_16byte_lines", "ldr_literal_walk"):
        elf = build(tmp_path_factory, name)
        plain = per_body(run(elf, 0))
        for accel in ("stm32f1", "sam3x"):
            assert per_body(run(elf, 0, extra=f",accel={accel}")) == plain
    assert per_body(run(build(tmp_path_factory, "loop_in_one_line"), 0))[1] == n * (3 + P)


def test_accel_none_is_the_plain_model(tmp_path_factory):
    elf = build(tmp_path_factory, "loop_in_two_8byte_lines")
    assert run(elf, 2, extra=",accel=none") == run(elf, 2)


def test_refill_is_what_the_branch_pays(tmp_path_factory):
    """The refill argument moves exactly the taken branch's cost (P), and
    nothing else: the case above would fail with another P."""
    elf = build(tmp_path_factory, "b_taken")
    n = REPS[1] - REPS[0]
    for refill in (1, 2, 3):
        assert per_body(run(elf, 0, refill))[1] == n * (1 + refill)
    assert per_body(run(build(tmp_path_factory, "alu32"), 0, 3))[1] == n


def test_bad_arguments_are_refused(tmp_path_factory):
    """Wait states without a flash range, or an unknown argument: QEMU does
    not start (no figure from a model that was not set up)."""
    elf = build(tmp_path_factory, "alu32")
    lo, hi = flash_range(elf)
    flash = f"flash={lo:x}:{hi:x}"
    for args, why in (("ws=2", b"flash=LO:HI"), ("ws=2,flash=zz", b"bad argument flash=zz"),
                      ("wait=2", b"bad argument wait=2"), ("refill=4", b"bad argument"),
                      ("fetch=0", b"bad argument fetch=0"),
                      (f"ws=2,{flash},accel=stm32f2", b"bad argument accel=stm32f2"),
                      (f"ws=2,{flash},accel=", b"bad argument accel="),
                      # the accelerator fixes the line it reads
                      (f"ws=2,{flash},accel=stm32f1,fetch=4", b"not fetch=4"),
                      (f"ws=4,{flash},accel=sam3x,fetch=8", b"not fetch=8"),
                      # the STM32F1's LATENCY field has 0 to 2 wait states
                      (f"ws=3,{flash},accel=stm32f1", b"not ws=3")):
        r = subprocess.run(["qemu-arm", "-plugin", f"{CM3_PLUGIN},{args}", str(elf)],
                           capture_output=True, timeout=60)
        assert r.returncode != 0 and r.stdout == b"", args
        assert why in r.stderr, (args, r.stderr)
    for args in (f"ws=2,{flash},accel=stm32f1,fetch=8", f"ws=4,{flash},accel=sam3x,fetch=16"):
        r = subprocess.run(["qemu-arm", "-plugin", f"{CM3_PLUGIN},{args}", str(elf)],
                           capture_output=True, timeout=60)
        assert r.returncode == 0 and len(r.stdout) == 64, (args, r.stderr)


def test_target_reads_the_known_loop():
    """Through the firmware: the port reads modelled cycles beside the
    instructions; loop N (subs + bne, taken N-1 times) costs 4N - 4 more
    modelled cycles than loop 0 at 0 wait states (cbz not taken 1 instead
    of taken 1 + P: -2; N x (1 + 1); N-1 x P), and the host reports them
    as modelled_cycles, never cycles."""
    from tests.helpers import firmware
    from harness.bench.session import parse_fields
    t = usable_target("cortex-m3-qemu")
    s = t.open_session(firmware("cortex-m3-qemu", "ascon-hash256", "ref"))
    try:
        ok, _ = s.request("hello", timeout=60)
        assert parse_fields(ok)["counters"] == "cycles,instructions"
        got = {}
        for n in (0, 1000):
            ok, _ = s.request(f"loop {n} 1", timeout=60)
            got[n] = parse_fields(ok)
        assert int(got[1000]["instructions"]) - int(got[0]["instructions"]) == 2000
        assert int(got[1000]["cycles"]) - int(got[0]["cycles"]) == 4 * 1000 - 4
    finally:
        s.close()
