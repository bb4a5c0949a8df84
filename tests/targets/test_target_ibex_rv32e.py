"""The rv32e-ibex target (harness/bench/targets/ibexe.py,
harness/platforms/ibex_rv32e): Ibex built with RV32E = 1 beside rv32-ibex's
model.

Its model is there after set-up (`lwc_setup ibex_rv32e`) and is not
rv32-ibex's; the known loop costs what Ibex's timing says, as on rv32-ibex;
the core refuses what RV32E lacks (an instruction naming x16 traps, and the
port reports it), which rv32-ibex's model runs; the RV32E assembly passes
the official KAT there and counts the same cycles in two runs.  Kept short:
the KAT of every asm_rv32e is tests/asm/test_asm.py's, on rv32e-qemu.
"""
from __future__ import annotations

import pathlib
import subprocess

from tests.helpers import ROOT, exact, find_impl, firmware, registered, usable_target
from harness.bench.targets import TARGETS
from harness.bench.targets import ibex as ibex_module
from harness.bench.targets import ibexe
from harness.build import MINI_LIBC

NAME = "rv32e-ibex"
AEAD = ("ascon-aead128", "asm_rv32e")
BODY, BODY_CYCLES = 4, 6  # start_rv32e.S: addi, xor, add (1 each) + taken bnez (3)


def target():
    return usable_target(NAME)


def test_registered_with_its_own_model():
    registered(NAME, ibexe.IbexRv32eTarget)
    assert TARGETS[NAME].arch_tokens == {"32bit", "rv32", "rv32e"}
    # in the default run, Ascon-AEAD128 alone (a second RTL model: minutes a job)
    assert not TARGETS[NAME].not_in_default_run
    assert list(TARGETS[NAME].default_schemes) == ["ascon-aead128"]
    assert ibexe.SIM != ibex_module.SIM and target().simulator_files() == [ibexe.SIM]
    assert target().simulator_identity() != usable_target("rv32-ibex").simulator_identity()


def test_known_loop_and_kat():
    """loop N: exactly N * 4 instructions and N * 6 cycles more than loop 0;
    the RV32E assembly's official KAT; the same counts in a second run."""
    i = find_impl(*AEAD)
    reqs = [f"loop {n} 1" for n in (0, 1000)] + [f"measure {i.scheme} {i.name} encrypt 0 64 1"]
    runs = []
    for _ in range(2):
        out = target().open_session(firmware(NAME, *AEAD)).run_all(reqs, [300.0] * len(reqs))
        assert all(r.ok is not None for r in out), [r.error for r in out]
        runs.append([(exact(r.fields, "cycles"), exact(r.fields, "instructions")) for r in out])
    (c0, i0), (c1, i1), _ = runs[0]
    assert (c1 - c0, i1 - i0) == (1000 * BODY_CYCLES, 1000 * BODY)
    assert runs[0] == runs[1]
    res = target().run_job(i, [])
    assert (res.status, res.kat) == ("ok", "pass"), res.detail


TRAP_TEST = r"""
#include "bench.h"
void bench_serve(void) {
  bench_put_line("before");
  __asm__ volatile(".word (1 << 20) | (16 << 7) | 0x13");  /* addi x16, x0, 1 */
  bench_put_line("after");
}
"""


def test_a_register_above_x15_traps(tmp_path: pathlib.Path):
    """addi x16 (a .word: the assembler refuses x16 for rv32e) is an illegal
    instruction on this core: the port's trap handler says so (mcause 2) and
    the run ends; the program goes on past it on rv32-ibex's RV32I core."""
    t = target()
    src = tmp_path / "trap.c"
    src.write_text(TRAP_TEST)
    objs = []
    for s in [src, ibexe.HERE / "start_rv32e.S", ibexe.HERE / "port_rv32e.c", MINI_LIBC]:
        o = tmp_path / (pathlib.Path(s).name + ".o")
        subprocess.run([*t.cc, *t.firmware.compile_flags(), "-c", str(s), "-o", str(o)],
                       cwd=ROOT, check=True, capture_output=True)
        objs.append(str(o))
    fw = tmp_path / "trap.elf"
    r = subprocess.run([*t.cc, *t.cflags, "-o", str(fw), *objs, *t.ldflags], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    for sim, trapped in ((ibexe.SIM, True), (ibex_module.SIM, False)):
        run = subprocess.run([str(sim), f"--meminit=ram,{fw}"], cwd=tmp_path,
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        lines = (tmp_path / ibex_module.LOG).read_text().splitlines()
        (tmp_path / ibex_module.LOG).unlink()
        assert lines[0] == "before"
        if trapped:
            assert lines[-1].startswith("err trap mcause=0x00000002 "), lines
            assert "after" not in lines
        else:
            assert lines[-1] == "after", lines
