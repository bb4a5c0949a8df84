"""The rv32e-ibex target: lowRISC's Ibex with the RTL parameter RV32E = 1
(sixteen registers; an instruction naming x16-x31 is illegal and traps),
simulated cycle by cycle by Verilator like rv32-ibex.

The same simple_system, testbench (harness/platforms/ibex/sim_main.cc) and
link script as rv32-ibex (ibex.py), a model of its own built beside that
one by `lwc_setup ibex_rv32e` (harness/platforms/ibex_rv32e/setup.sh) into
build/tools/ibex-rv32e; the firmware is built for RV32E (ilp32e) with the
start-up and port of harness/platforms/ibex_rv32e/, whose trap handler
prints an "err trap" line for any instruction the core refuses.  Counters,
request script, sessions, ct tracer: rv32-ibex's (IbexTarget), with this
model's attributes.
"""
from __future__ import annotations

from harness.bench.targets.ibex import HERE as IBEX, IbexTarget
from harness.build import BENCH_COMMON, rel
from harness.discover import ROOT

HERE = ROOT / "harness" / "platforms" / "ibex_rv32e"
TOOLS = ROOT / "build" / "tools" / "ibex-rv32e"
SIM = TOOLS / "Vibex_simple_system"


class IbexRv32eTarget(IbexTarget):
    family = "ibex_rv32e"
    sim = SIM
    setup_hint = "run: bash -c '. harness/setup.sh && lwc_setup ibex_rv32e'"
    setup_script = "harness/platforms/ibex_rv32e/setup.sh"
    stamp = ("LWC_IBEXE_DIR", "lwc_ibexe_stamp")
    model_note = "Verilator model, RV32E = 1"
    start_file = "harness/platforms/ibex_rv32e/start_rv32e.S"
    # libgcc's rv32e/ilp32e multilib (-march without z-extensions picks it)
    ldflags = ["-nostdlib", "-march=rv32ec", "-mabi=ilp32e", "-T", str(rel(IBEX / "link.ld")),
               "-Wl,--no-warn-rwx-segments", "-lgcc"]
    port_sources = [HERE / "start_rv32e.S", HERE / "port_rv32e.c",
                    BENCH_COMMON / "bench_script.c"]

    def leak_session(self, program, timeout, out, order):
        raise NotImplementedError("rv32e-ibex has no leak request (BENCH_LEAK unset)")
