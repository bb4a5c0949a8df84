"""The Cortex-M0 and Cortex-M0+ cycle model (harness/platforms/qemu/
m0_cycles.c), validated by construction, as test_cm3_model.py does for the
Cortex-M3's.

Each case is a small Thumb-1 body whose cost the two Technical Reference
Manuals state (Cortex-M0: ARM DDI 0432C, Table 3-1; Cortex-M0+: ARM DDI
0484C, Table 3.1; zero wait states): ALU 1, loads and stores 2 (no
pipelining of a second load, unlike the Cortex-M3), LDM/STM/PUSH/POP 1+N,
a taken branch 3 on the M0 and 2 on the M0+ (its 2-stage pipeline), BL 4 /
3, POP with PC 4+N / 3+N, MULS 1 or 32.  The program (tests/models/m0.py)
runs the body 1000 and 2000 times in a row; the difference is exactly 1000
bodies, which must cost 1000 x the figure written here by hand from the
tables.  The model also stands in for the core's faults: an instruction
ARMv6-M lacks, or an unaligned word access, stops the program.
"""
from __future__ import annotations

import pytest

from tests.helpers import usable_target
from tests.models.m0 import REPS, link, per_body, program, run, run_raw

CORES = ("m0", "m0plus")
# subroutines the bodies call (placed after the regions)
EXTRA = """
        .thumb_func
ret_only:
        bx lr
        .thumb_func
push_pop_pc:
        push {r4, lr}
        pop {r4, pc}
"""

# name: (setup, body, instructions per body, {core: cycles})
CASES = {
    "eors": ("", "eors r1, r2", 1, {"m0": 1, "m0plus": 1}),
    "lsls_imm": ("", "lsls r1, r2, #3", 1, {"m0": 1, "m0plus": 1}),
    "mov_high": ("", "mov r9, r1\n mov r1, r9", 2, {"m0": 2, "m0plus": 2}),
    "ldr_sp": ("", "ldr r1, [sp, #8]", 1, {"m0": 2, "m0plus": 2}),
    # two independent loads: 2 + 2 (the Cortex-M3 would take 2 + 1)
    "ldr_pair": ("", "ldr r1, [sp, #8]\n ldr r2, [sp, #12]", 2, {"m0": 4, "m0plus": 4}),
    "str_sp": ("", "str r1, [sp, #8]", 1, {"m0": 2, "m0plus": 2}),
    "ldr_literal": ("", "ldr r1, 1f\n b 2f\n .balign 4\n 1: .word 5\n 2:", 2,
                    {"m0": 2 + 3, "m0plus": 2 + 2}),
    # LDM / STM of 4 (with the MOV that resets the base): 1 + 1 + 4
    "ldm4": ("", "mov r0, r8\n ldm r0!, {r1, r2, r3, r4}", 2, {"m0": 6, "m0plus": 6}),
    "stm4": ("", "mov r0, r8\n stm r0!, {r1, r2, r3, r4}", 2, {"m0": 6, "m0plus": 6}),
    "push_pop": ("", "push {r1, r2, r3}\n pop {r1, r2, r3}", 2, {"m0": 8, "m0plus": 8}),
    # a taken branch over a NOP: 3 / 2
    "b_taken": ("", "b 1f\n nop\n 1:", 1, {"m0": 3, "m0plus": 2}),
    "beq_taken": ("", "beq 1f\n nop\n 1:", 1, {"m0": 3, "m0plus": 2}),
    "bne_not_taken": ("", "bne 1f\n 1:", 1, {"m0": 1, "m0plus": 1}),
    # BL 4 / 3, then BX LR 3 / 2
    "bl_bx": ("", "bl ret_only", 2, {"m0": 4 + 3, "m0plus": 3 + 2}),
    # BL, PUSH {r4, lr} 1 + 2, POP {r4, pc} 4 + 1 / 3 + 1
    "pop_pc": ("", "bl push_pop_pc", 3, {"m0": 4 + 3 + 5, "m0plus": 3 + 3 + 4}),
    # MOV PC: ADR 1, ADDS 1, MOV PC 3 / 2
    "mov_pc": ("", "adr r0, 1f\n adds r0, #1\n mov pc, r0\n .balign 4\n 1:", 3,
               {"m0": 5, "m0plus": 4}),
    "muls": ("", "muls r1, r2", 1, {"m0": 1, "m0plus": 1}),
    "rev": ("", "rev r1, r2", 1, {"m0": 1, "m0plus": 1}),
}

_built: dict = {}


def build(tmp_path_factory, name: str):
    if name not in _built:
        folder = tmp_path_factory.mktemp(f"m0-{name}")
        src = folder / f"{name}.S"
        _setup, body, _n, _c = CASES[name]
        src.write_text(program(body, extra=EXTRA))
        elf = folder / f"{name}.elf"
        link(elf, src)
        _built[name] = elf
    return _built[name]


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize("name", sorted(CASES))
def test_class_cost(tmp_path_factory, name, core):
    _setup, _body, insns, cost = CASES[name]
    got_insns, got_cycles = per_body(run(build(tmp_path_factory, name), core))
    n = REPS[1] - REPS[0]
    assert got_insns == n * insns
    assert got_cycles == n * cost[core], f"{name} on {core}: {got_cycles / n} a body"


def test_the_small_multiplier(tmp_path_factory):
    """mul=32: MULS takes the 32 cycles of the small multiplier (both
    manuals' `1 or 32`), nothing else changes."""
    n = REPS[1] - REPS[0]
    for core in CORES:
        assert per_body(run(build(tmp_path_factory, "muls"), core, mul=32))[1] == 32 * n
        assert per_body(run(build(tmp_path_factory, "eors"), core, mul=32))[1] == n


@pytest.mark.parametrize("body,why", [
    ("eor.w r1, r1, r2, ror #7", b"not ARMv6-M"),     # Thumb-2 (a 32-bit data-processing op)
    ("cbz r3, 1f\n nop\n 1:", b"not ARMv6-M"),         # CBZ (r3 = 200: not taken)
    ("it eq\n addeq r1, r2", b"not ARMv6-M"),           # IT
    ("ldrd r1, r2, [sp, #8]", b"not ARMv6-M"),
    ("mov r0, r8\n adds r0, #1\n ldr r1, [r0]", b"unaligned 4-byte load"),
    ("mov r0, r8\n adds r0, #2\n str r1, [r0]", b"unaligned 4-byte store"),
    ("mov r0, r8\n adds r0, #1\n ldrh r1, [r0]", b"unaligned 2-byte load"),
])
def test_what_a_cortex_m0_faults_on_stops_the_program(tmp_path, body, why):
    """qemu-arm's CPU would execute these; the model stops at once (status
    70, the reason on stderr), as the core would fault."""
    src, elf = tmp_path / "bad.S", tmp_path / "bad.elf"
    # the body alone assembled for the Cortex-M3; the rest is ARMv6-M
    src.write_text(program(f".cpu cortex-m3\n {body}\n .cpu cortex-m0", extra=EXTRA))
    link(elf, src)
    for core in CORES:
        r = run_raw(elf, f"core={core}")
        assert r.returncode == 70 and r.stdout == b"", (body, r.stderr)
        assert why in r.stderr, (body, r.stderr)


def test_an_aligned_byte_access_anywhere_is_fine(tmp_path):
    src, elf = tmp_path / "ok.S", tmp_path / "ok.elf"
    src.write_text(program("mov r0, r8\n adds r0, #3\n ldrb r1, [r0]\n strb r1, [r0]"))
    link(elf, src)
    assert per_body(run(elf))[0] == (REPS[1] - REPS[0]) * 4


def test_bad_arguments_are_refused(tmp_path_factory):
    elf = build(tmp_path_factory, "eors")
    for args in ("core=m3", "mul=2", "ws=2"):
        r = run_raw(elf, args)
        assert r.returncode != 0 and r.stdout == b"" and b"bad argument" in r.stderr, args


@pytest.mark.parametrize("target,per_iteration,edge", [("cortex-m0-qemu", 4, -4),
                                                       ("cortex-m0plus", 3, -2)])
def test_target_reads_the_known_loop(target, per_iteration, edge):
    """Through the firmware (start_armv6m.S's bench_known_loop: cmp, beq,
    then subs + bne a round): loop N costs 2N more instructions than loop 0
    and, in modelled cycles, N x (1 + taken bne) less one taken bne, plus
    beq not taken instead of taken: 4N - 4 on the M0 (taken branches 3),
    3N - 2 on the M0+ (2); the host reports them as modelled_cycles."""
    from tests.helpers import firmware
    from harness.bench.session import parse_fields
    t = usable_target(target)
    s = t.open_session(firmware(target, "ascon-hash256", "ref"))
    try:
        ok, _ = s.request("hello", timeout=60)
        assert parse_fields(ok)["counters"] == "cycles,instructions"
        got = {}
        for n in (0, 1000):
            ok, _ = s.request(f"loop {n} 1", timeout=60)
            got[n] = parse_fields(ok)
        assert int(got[1000]["instructions"]) - int(got[0]["instructions"]) == 2000
        assert int(got[1000]["cycles"]) - int(got[0]["cycles"]) == per_iteration * 1000 + edge
    finally:
        s.close()
