"""The rv32e-ibex target: lowRISC's Ibex with the RTL parameter RV32E = 1
(sixteen registers; an instruction naming x16-x31 is illegal and traps),
simulated cycle by cycle by Verilator like rv32-ibex.

The same simple_system, testbench (harness/platforms/ibex/sim_main.cc) and
link script as rv32-ibex (ibex.py), a model of its own built beside that
one by `lwc_setup ibex_rv32e` (harness/platforms/ibex_rv32e/setup.sh) into
build/tools/ibex-rv32e; the firmware is built for RV32E (ilp32e) with the
start-up and port of harness/platforms/ibex_rv32e/, whose trap handler
prints an "err trap" line for any instruction the core refuses.  Counters,
request script, ct tracer: rv32-ibex's, through the same session class.
"""
from __future__ import annotations

import shutil
import subprocess

from harness.bench.targets.ibex import CT_OPTION, HERE as IBEX, IbexSession, IbexTarget
from harness.build import BENCH_COMMON, rel
from harness.discover import ROOT

HERE = ROOT / "harness" / "platforms" / "ibex_rv32e"
TOOLS = ROOT / "build" / "tools" / "ibex-rv32e"
SIM = TOOLS / "Vibex_simple_system"
SETUP_HINT = "run: bash -c '. harness/setup.sh && lwc_setup ibex_rv32e'"


def model_current() -> bool:
    """Was this model built from the sources as they are now?  Its
    setup.sh's own test (ibex.model_current's, with this model's stamp)."""
    try:
        r = subprocess.run(["bash", "-c", '. harness/setup.sh && '
                            '[ "$(cat "$LWC_IBEXE_DIR/stamp")" = "$(lwc_ibexe_stamp)" ]'],
                           cwd=ROOT, capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return r.returncode == 0


class IbexRv32eTarget(IbexTarget):
    family = "ibex_rv32e"
    # libgcc's rv32e/ilp32e multilib (-march without z-extensions picks it)
    ldflags = ["-nostdlib", "-march=rv32ec", "-mabi=ilp32e", "-T", str(rel(IBEX / "link.ld")),
               "-Wl,--no-warn-rwx-segments", "-lgcc"]
    port_sources = [HERE / "start_rv32e.S", HERE / "port_rv32e.c",
                    BENCH_COMMON / "bench_script.c"]

    def tools_missing(self):
        for tool in (self.cc[0], self.size_tool):
            if not shutil.which(tool):
                return f"{tool} not found ({SETUP_HINT})"
        if not SIM.is_file():
            return f"Verilator model {rel(SIM)} not built ({SETUP_HINT})"
        return None

    def open_session(self, elf):
        session = super().open_session(elf)  # checks the image's request script
        session.sim = SIM
        return session

    def simulator_files(self):
        return [SIM]

    def ct_tracer_missing(self):
        try:
            traces = CT_OPTION in SIM.read_bytes()
        except OSError as e:
            return f"Verilator model {rel(SIM)} unreadable: {e}"
        if not traces or not model_current():
            return (f"Verilator model {rel(SIM)} older than its sources ({SETUP_HINT})")
        return None

    def ct_session(self, program, out):
        return IbexSession(program, self.request_timeout, sim=SIM, trace=out)

    def leak_session(self, program, timeout, out, order):
        raise NotImplementedError("rv32e-ibex has no leak request (BENCH_LEAK unset)")

    def environment(self):
        env = super().environment()
        try:
            build = (TOOLS / "stamp").read_text().splitlines()
        except OSError:
            build = []
        env.update({
            "simulator": f"{rel(SIM)} --meminit=ram,lwc-bench.elf (Verilator model, RV32E = 1, "
                         "harness/platforms/ibex_rv32e/setup.sh)",
            "simulator_build": build[:3],
            "counter": "mcycle/mcycleh and minstret/minstreth, read with both counters "
                       "frozen through mcountinhibit (harness/platforms/ibex_rv32e/start_rv32e.S)",
        })
        return env
