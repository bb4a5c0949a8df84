"""The rv32-ibex target: lowRISC's Ibex core (RV32IMC + RV32BFull) as RTL,
simulated cycle by cycle by Verilator, counting real clock cycles.

The model is Ibex's examples/simple_system (the core, 1 MiB of single-cycle
RAM at 0x100000, a simulator-control device at 0x20000), built by
`lwc_setup ibex` (harness/platforms/ibex/setup.sh) into build/tools/ibex from
PyPI's pythondata-cpu-ibex, with our testbench (sim_main.cc).

The firmware reads mcycle and minstret itself (harness/platforms/ibex/
start.S) and prints through simple_system's character device, which the
RTL appends to ibex_simple_system.log in the simulator's working
directory: every run gets a temporary directory.  There is no input
channel: the whole request list goes into the image (bench_script,
harness/firmware/bench_script.c) and the model runs once per
implementation.  The RTL model is deterministic: one sample.

`./lwcbench ct` runs the same model with --ct-trace=PATH (sim_main.cc): the
firmware's bench_trace (port_ibex.c) switches the trace with a store the
testbench watches on the data bus, and a hook in rtl/ibex_top_notrace.sv
hands it each completed instruction's PC and each data-bus request.
"""
from __future__ import annotations

import pathlib
import shutil
import subprocess
import tempfile
import time

from harness.bench.elfpatch import ElfError, find_symbol, patch_symbol
from harness.bench.session import INTERRUPTED, ScriptSession, SessionError, SessionTimeout
from harness.bench.targets.base import CrossTarget
from harness.build import BENCH_COMMON, rel
from harness.discover import ROOT

HERE = ROOT / "harness" / "platforms" / "ibex"
TOOLS = ROOT / "build" / "tools" / "ibex"
SIM = TOOLS / "Vibex_simple_system"
SETUP_HINT = "run: bash -c '. harness/setup.sh && lwc_setup ibex'"
LOG = "ibex_simple_system.log"  # simple_system's console file (its RTL names it)


CT_OPTION = b"--ct-trace="  # in the model's usage text: it has the tracer


def model_current(stamp: tuple[str, str] = ("LWC_IBEX_DIR", "lwc_ibex_stamp")) -> bool:
    """Was the model built from the sources as they are now?  setup.sh's
    own test: its stamp (versions, flags, a checksum of sim_main.cc and
    rtl/) against the stamp of the checkout.  Not file times: a restored
    build cache predates a fresh checkout of the same sources.  stamp: the
    model's directory variable and stamp function in harness/setup.sh."""
    folder, stamp_of = stamp
    try:
        r = subprocess.run(["bash", "-c", f'. harness/setup.sh && '
                            f'[ "$(cat "${folder}/stamp")" = "$({stamp_of})" ]'],
                           cwd=ROOT, capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return r.returncode == 0


def console(tmp: pathlib.Path) -> str:
    try:
        return (tmp / LOG).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


class IbexSession(ScriptSession):
    """One run of the Verilator model with the request script patched in.

    Time limits: the whole run gets the sum of the requests' limits, and the
    firmware must print something at least every `timeout` seconds (the
    limit of one request; a KAT prints a line per entry): a hang is caught
    after one request's limit, not after the whole script's."""

    def __init__(self, elf: pathlib.Path, timeout: float, sim: pathlib.Path = SIM,
                 trace: pathlib.Path | None = None, leak: pathlib.Path | None = None,
                 leak_order: int = 1):
        super().__init__(timeout)
        self.elf = pathlib.Path(elf)
        self.sim = sim  # another build of the model (setup's profiling run)
        # `./lwcbench ct`: the model writes the trace of the "ct" requests here
        self.trace = pathlib.Path(trace).resolve() if trace is not None else None
        # `./lwcbench leak`: the model's power sums of the "leak" requests (leak.py)
        self.leak = pathlib.Path(leak).resolve() if leak is not None else None
        self.leak_order = leak_order

    def execute(self, script: bytes, timeout: float) -> str:
        with tempfile.TemporaryDirectory(prefix="lwc-ibex-") as name:
            tmp = pathlib.Path(name)
            image = tmp / "fw.elf"
            try:  # zero-terminated: bench_getc stops at the first 0 byte
                patch_symbol(self.elf, image, "bench_script", script + b"\0")
            except ElfError as e:
                raise SessionError(f"request script: {e}") from e
            with open(tmp / "stderr", "w+b") as err_file:
                argv = [str(self.sim), f"--meminit=ram,{image}"]
                if self.trace is not None:
                    argv.append(f"--ct-trace={self.trace}")
                if self.leak is not None:
                    argv.append(f"--leak={self.leak},{self.leak_order}")
                proc = subprocess.Popen(argv, cwd=tmp,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=err_file)
                hang = self._watch(proc, tmp / LOG, timeout)
                text = console(tmp)  # the RTL flushes every byte: complete after a kill
                if hang:
                    err = SessionTimeout(hang)
                    err.output = text
                    raise err
                err_file.seek(0)
                stderr = err_file.read().decode("utf-8", "replace")
        if proc.returncode != 0:  # the firmware never wrote the halt register
            why = (stderr.strip().splitlines() or [f"exit status {proc.returncode}"])[-1]
            err = SessionError(f"the simulation failed: {why}")
            err.output = text
            raise err
        return text

    def _watch(self, proc: subprocess.Popen, log: pathlib.Path, total: float) -> str | None:
        """Wait for the simulator; kill it and say why on a hang."""
        start = last = time.monotonic()
        size = -1
        while True:
            try:
                proc.wait(timeout=0.25)
                return None
            except subprocess.TimeoutExpired:
                pass
            except BaseException:  # interrupted: leave no simulator behind
                proc.kill()
                proc.wait()
                raise
            now = time.monotonic()
            try:
                grown = log.stat().st_size
            except OSError:
                grown = -1
            if grown != size:
                size, last = grown, now
            if INTERRUPTED.is_set():  # the run was interrupted
                proc.kill()
                proc.wait()
                return "the run was interrupted"
            if now - last > self.timeout or now - start > total:
                proc.kill()
                proc.wait()
                quiet = now - last > self.timeout
                return (f"no answer within {self.timeout:.0f} s (hang?)" if quiet else
                        f"no end within {total:.0f} s (hang?)")


class IbexTarget(CrossTarget):
    family = "ibex"
    # The model this target runs and how it is built; a target of another
    # build of Ibex (ibexe.py) sets these and its own flags and port.
    sim = SIM
    setup_hint = SETUP_HINT
    setup_script = "harness/platforms/ibex/setup.sh"
    stamp = ("LWC_IBEX_DIR", "lwc_ibex_stamp")  # model_current's
    model_note = "Verilator model"  # the environment's simulator line
    start_file = "harness/platforms/ibex/start.S"  # where the counters are read
    # The last -march picks gcc's rv32im/ilp32 libgcc: with z-extensions in
    # -march the driver falls back to the rv64 multilib.  ld merges the ISA
    # attributes.  RWX: one RAM holds code and data, as on the SoC.
    ldflags = ["-nostdlib", "-march=rv32imc", "-T", str(rel(HERE / "link.ld")),
               "-Wl,--no-warn-rwx-segments", "-lgcc"]
    port_sources = [HERE / "start.S", HERE / "port_ibex.c", BENCH_COMMON / "bench_script.c"]

    def tools_missing(self):
        for tool in (self.cc[0], self.size_tool):
            if not shutil.which(tool):
                return f"{tool} not found ({self.setup_hint})"
        if not self.sim.is_file():
            return f"Verilator model {rel(self.sim)} not built ({self.setup_hint})"
        return None

    def open_session(self, elf):
        try:
            find_symbol(pathlib.Path(elf).read_bytes(), "bench_script")
        except (OSError, ElfError) as e:
            raise OSError(f"{elf}: {e}") from e
        return IbexSession(elf, self.request_timeout, sim=self.sim)

    def simulator_files(self):
        """The Verilator model (the results cache's key)."""
        return [self.sim]

    # -- ./lwcbench ct (harness/bench/ct.py) ----------------------------------
    def ct_tracer_missing(self):
        try:
            traces = CT_OPTION in self.sim.read_bytes()
        except OSError as e:
            return f"Verilator model {rel(self.sim)} unreadable: {e}"
        if not traces or not model_current(self.stamp):
            return (f"Verilator model {rel(self.sim)} older than its sources (sim_main.cc, "
                    f"rtl/: the tracer) ({self.setup_hint})")
        return None

    def ct_session(self, program, out):
        """The model running program with the trace of its "ct" requests
        written to out (requests patched into the image, as in a normal run;
        an image that cannot be patched is the session's error)."""
        return IbexSession(program, self.request_timeout, sim=self.sim, trace=out)

    def leak_session(self, program, timeout, out, order):
        """The model running program with the power sums of its "leak"
        requests written to out, to the t-test's order (leak.py)."""
        return IbexSession(program, timeout, sim=self.sim, leak=out, leak_order=order)

    def environment(self):
        env = super().environment()
        try:
            build = (self.sim.parent / "stamp").read_text().splitlines()
        except OSError:
            build = []
        env.update({
            "simulator": f"{rel(self.sim)} --meminit=ram,lwc-bench.elf ({self.model_note}, "
                         f"{self.setup_script})",
            "simulator_build": build[:3],
            "counter": "mcycle/mcycleh and minstret/minstreth, read with both counters "
                       f"frozen through mcountinhibit ({self.start_file})",
            "loop_check": "start.S bench_known_loop: 4 instructions, 6 cycles per iteration",
            "memory": "RAM 0x100000-0x1FFFFF (code, data, stack); BENCH_MAX_LEN 32768",
        })
        return env
