"""Boards on a serial port: real ones, and an emulated one that proves the path.

A board target is a CrossTarget whose firmware talks the lwc-bench protocol
(harness/firmware/bench.h) on the board's UART.  A job builds the
firmware of one implementation, opens the serial port (pyserial, with an
exclusive lock), flashes the firmware with the board's usual tool (which
resets the board), waits for the firmware's start-up line, then sends
a job's requests (job.py) -- hello, overhead, the KAT computed on the board
and checked against the official file, the measurements, the stack probes --
over a SerialSession (harness/bench/session.py).  A device serves one job at
a time (max_parallel = 1; the runner keeps other targets running).

One small description per board: its port file (UART, clocks, counter),
its memory map, how it is flashed and what its counts are.  The Cortex-M
family's firmware (harness/platforms/cortexm: start.S, cortexm.c, link.ld) is
the same for every Cortex-M board, compiled with the same flags (those of
cortex-m3-qemu, so the implementations' objects are the ones measured
there); those boards differ only in the port file and the memory map given
to the one linker script.

  mps2-an385      ARM MPS2 + AN385 (Cortex-M3) emulated by qemu-system-arm
                  with UART0 on a pseudo-terminal: "flashing" starts QEMU
                  with the firmware, halted, and lets it run once the port
                  is open.  QEMU has no cycle model and this board no exact
                  instruction counter: its counts are null (see
                  port_mps2_an385.c).  It exists so that the test suite
                  drives the very path of a real board.
  nucleo-f103rb   ST NUCLEO-F103RB (STM32F103RB, Cortex-M3, 8 MHz HSI):
                  USART2 through the ST-LINK's USB serial port, DWT_CYCCNT
                  (cycles), flashed by openocd.  Needs --port DEVICE.
  mega2560        Arduino Mega 2560 (ATmega2560, 16 MHz): the AVR family's
                  firmware with port_mega2560.c (USART0, Timer1 cycles),
                  flashed by avrdude through its bootloader on the same
                  port, before the port is opened.  Needs --port DEVICE.

Failures are reported for the job and the run goes on: a board that stops
answering (timed-out, or crashed when its port closes), answers garbage
(bad-output: nothing of the job is kept), or resets mid-run (its start-up
line comes again: crashed).  A missing or busy port given with --port is a
one-line error before anything runs (check_ports); one that goes missing or
busy during the run fails the jobs that need it.
"""
from __future__ import annotations

import importlib.util
import os
import pathlib
import queue
import re
import shutil
import subprocess
import threading
import time

from harness.bench.impls import SelectionError
from harness.bench.session import PortError, SerialSession, SessionError, check_port
from harness.bench.targets.base import CrossTarget, TargetSettings, first_line
from harness.bench.targets.job import MeasureError
from harness.bench.targets.avr import RamBudget
from harness.bench.targets.qemu import libgcc
from harness.build import rel
from harness.discover import ROOT

HERE = ROOT / "harness" / "platforms" / "cortexm"
AVR = ROOT / "harness" / "platforms" / "avr"
SETUP_HINT = "run: bash -c '. harness/setup.sh && lwc_setup cortexm'"
BOOT_TIMEOUT = 20.0  # seconds from the reset to the firmware's start-up line


class BoardError(SelectionError):
    """--port / --baud do not fit the selected targets, or the port cannot
    be used: a one-line error before the run."""


def run_tool(argv: list[str], name: str) -> None:
    """Run a flashing tool; MeasureError with its first error line."""
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise MeasureError(f"{name}: {e}") from e
    if r.returncode != 0:
        lines = [ln for ln in (r.stderr + r.stdout).splitlines() if ln.strip()]
        errs = [ln for ln in lines if "rror" in ln] or lines[-1:] or ["?"]
        raise MeasureError(f"{name} could not flash the board: {errs[0].strip()[:200]}")


class BoardTarget(CrossTarget):
    """A real board on a serial port; a subclass describes one board (how
    to build, flash and count)."""
    max_parallel = 1          # one job at a time on a device
    needs_port = True         # a real board: the user names its port
    exact = False             # real silicon: medians of samples
    request_timeout = 600.0   # a 32 KiB operation x 5 samples at 8 MHz
    job_weight = 20.0
    clock_hz: int | None = None
    flash_tool = ""           # the command that flashes (tools_missing checks it)
    setup_hint = ""

    def __init__(self, settings=None):
        super().__init__(settings)
        self._local = threading.local()
        s = settings or TargetSettings()
        self.use_port(s.port if self.needs_port else None, s.baud or 115200)

    def tools_missing(self):
        for tool in (self.cc[0], self.flash_tool):
            if tool and not shutil.which(tool):
                return f"{tool} not found ({self.setup_hint})"
        if importlib.util.find_spec("serial") is None:  # pyserial: the transport
            return f"pyserial not installed ({self.setup_hint})"
        return None

    def use_port(self, port: str | None, baud: int) -> None:
        self.port, self.baud = port, baud
        self.defines = {**type(self).defines, "BOARD_BAUD": f"{baud}u"}

    def machine_lacks(self):
        return self.needs_port and not self.port

    def is_available(self):
        if self.machine_lacks():
            return False, f"a real board: run it with --target {self.name} --port DEVICE"
        why = self.tools_missing()
        if why:
            return False, why
        return True, (f"{' '.join([*self.cc, *self.cflags])}, {self.flash_tool}, "
                      f"serial {self.port or 'pty'} at {self.baud} baud")

    # -- a job ---------------------------------------------------------------
    def flash(self, elf: pathlib.Path, session: SerialSession) -> None:
        """Write elf to the board and reset it (the port is already open, so
        the start-up line is not missed); raise MeasureError."""
        raise NotImplementedError

    def connect(self, elf: pathlib.Path) -> SerialSession:
        """The serial session to a board freshly flashed with elf."""
        try:
            session = SerialSession(self.port, self.baud, timeout=self.request_timeout)
        except PortError as e:
            raise MeasureError(str(e)) from e
        try:
            self.flash(elf, session)
        except BaseException:
            session.close()
            raise
        return session

    def open_session(self, elf):
        session = self.connect(elf)
        try:
            session.wait_boot(BOOT_TIMEOUT)
        except SessionError as e:
            session.close()
            raise MeasureError(f"{e} (flashed {rel(elf)})") from e
        self._local.session = session
        return session

    def run_job(self, impl, points, quick=False):
        self._local.session = None
        res = super().run_job(impl, points, quick)
        session = self._local.session
        if session is not None and session.fault and res.status == "failed":
            res.status = "crashed"  # the firmware reported a CPU fault, then reset
        if session is not None and session.garbage and res.status != "kat-failed":
            # nothing the board said in that job can be trusted (as with
            # any bad-output); a KAT answer cut by garbage was not judged
            res.status, res.detail = "bad-output", session.garbage
            res.values.clear()
            res.errors.clear()
            res.stack = {op: None for op in res.stack}
            if res.kat == "fail":
                res.kat = "skipped"
        return res

    def samples(self, mlen, quick):
        if self.exact:
            return 1
        if mlen <= 1024:
            return 11 if quick else 33
        return 5

    def environment(self):
        env = super().environment()
        env.update({
            "board": self.description,
            "serial": {"port": self.port or "pseudo-terminal", "baud": self.baud},
            "port_file": str(rel(self.port_sources[-1])),
        })
        if self.clock_hz:
            env["clock_hz"] = self.clock_hz
        return env


class CortexMBoard(BoardTarget):
    """A board of the Cortex-M family: the firmware of harness/platforms/cortexm
    (start.S, cortexm.c, link.ld) and the board's port file there."""
    family = "cortexm"
    setup_hint = SETUP_HINT
    cc = ["arm-none-eabi-gcc"]
    cpu_flags = ["-mcpu=cortex-m3", "-mthumb"]
    size_tool = "arm-none-eabi-size"
    port_file = ""            # harness/platforms/cortexm/<port_file>
    flash_origin = flash_size = ram_origin = ram_size = 0
    # RAM: four message buffers of BENCH_MAX_LEN (longer inputs are
    # streamed in chunks), the samples of one measurement, and the stack
    # probe's painted bytes must fit the smallest board's 20 KiB
    defines = {"BENCH_MAX_LEN": "2048u", "BENCH_MAX_SAMPLES": "33u",
               "BENCH_STACK_PAINT": "4096u"}

    def __init__(self, settings=None):
        super().__init__(settings)
        self.cflags = [*self.cpu_flags, "-O2", "-ffreestanding"]
        self.port_sources = [HERE / "start.S", HERE / "cortexm.c", HERE / self.port_file]

    @property
    def ldflags(self) -> list[str]:
        """The link flags, libgcc's path looked up when asked (never before
        the set-up has installed the compiler)."""
        lib = libgcc(self.cc[0], tuple(self.cpu_flags))
        return ["-nostdlib", "-static", "-T", str(rel(HERE / "link.ld")),
                f"-Wl,--defsym=lwc_flash_origin={self.flash_origin:#x}",
                f"-Wl,--defsym=lwc_flash_size={self.flash_size:#x}",
                f"-Wl,--defsym=lwc_ram_origin={self.ram_origin:#x}",
                f"-Wl,--defsym=lwc_ram_size={self.ram_size:#x}",
                *([lib] if lib else [])]

    def tools_missing(self):
        why = super().tools_missing()
        if why is None and libgcc(self.cc[0], tuple(self.cpu_flags)) is None:
            why = f"no libgcc for {self.cc[0]} {' '.join(self.cpu_flags)}"
        return why

    def environment(self):
        env = super().environment()
        env["memory"] = (f"flash {self.flash_origin:#010x}+{self.flash_size // 1024} KiB, "
                         f"RAM {self.ram_origin:#010x}+{self.ram_size // 1024} KiB; "
                         f"BENCH_MAX_LEN {self.defines['BENCH_MAX_LEN'].rstrip('u')}")
        return env


class OpenocdBoard(CortexMBoard):
    """A Cortex-M board flashed by openocd through its debug probe."""
    flash_tool = "openocd"
    openocd_config = ""       # openocd's board file (-f)

    def flash_argv(self, elf: pathlib.Path) -> list[str]:
        return ["openocd", "-f", self.openocd_config,
                "-c", f"program {elf} verify reset exit"]

    def flash(self, elf, session):
        run_tool(self.flash_argv(elf), "openocd")

    def environment(self):
        env = super().environment()
        env["flash_cmd"] = " ".join(self.flash_argv(pathlib.Path("lwc-bench.elf")))
        env["flash_tool"] = first_line(["openocd", "--version"])
        return env


class QemuBoardSession(SerialSession):
    """The serial session to the emulated board; closing it ends QEMU."""

    def __init__(self, board: QemuSystemBoard, port: str, baud: int, timeout: float):
        super().__init__(port, baud, timeout=timeout)
        self.board = board
        self.qemu: subprocess.Popen | None = None

    def died(self) -> str:
        if self.qemu is not None and self.qemu.poll() is not None:
            return f"the board stopped answering (QEMU ended, exit status {self.qemu.returncode})"
        return super().died()

    def abort(self) -> None:
        if self.qemu is not None and self.qemu.poll() is None:
            self.qemu.kill()

    def close(self) -> None:
        super().close()
        self.board.stop_qemu(self.qemu)


class QemuSystemBoard(CortexMBoard):
    needs_port = False
    max_parallel = None       # every job starts a board of its own
    exact = True              # nothing is counted: one sample
    flash_origin, flash_size = 0x00000000, 4 * 1024 * 1024    # ZBT SSRAM1
    ram_origin, ram_size = 0x20000000, 4 * 1024 * 1024        # ZBT SSRAM2/3
    flash_tool = "qemu-system-arm"
    PTY_RE = re.compile(r"char device redirected to (\S+)")

    def qemu_argv(self, elf: pathlib.Path) -> list[str]:
        """The board, halted (-S) until the monitor (on stdin) says cont."""
        return ["qemu-system-arm", "-M", "mps2-an385", "-display", "none", "-nic", "none",
                "-monitor", "stdio", "-serial", "pty", "-S", "-kernel", str(elf)]

    def connect(self, elf):
        # QEMU outlives a closed monitor: if lwcbench dies without closing
        # the session (SIGKILL), the kernel kills QEMU with it (setpriv)
        guard = ["setpriv", "--pdeathsig", "KILL"] if shutil.which("setpriv") else []
        qemu = subprocess.Popen([*guard, *self.qemu_argv(elf)], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        lines: queue.Queue = queue.Queue()

        def drain():  # the monitor's output, read to its end so QEMU never blocks
            for raw in iter(qemu.stdout.readline, b""):
                lines.put(raw.decode("utf-8", "replace"))
            lines.put(None)
        threading.Thread(target=drain, daemon=True).start()
        pty, said, end = None, [], time.monotonic() + BOOT_TIMEOUT
        while pty is None:
            try:
                line = lines.get(timeout=max(end - time.monotonic(), 0.01))
            except queue.Empty:
                line = None
            if line is None:
                self.stop_qemu(qemu)
                last = [s.strip() for s in said if s.strip()]
                raise MeasureError("qemu-system-arm did not start the board" +
                                   (f": {last[-1][:200]}" if last else ""))
            said.append(line)
            m = self.PTY_RE.search(line)
            if m:
                pty = m.group(1)
        try:
            session = QemuBoardSession(self, pty, self.baud, self.request_timeout)
        except PortError as e:
            self.stop_qemu(qemu)
            raise MeasureError(str(e)) from e
        session.qemu = qemu
        try:
            self.monitor(qemu, "cont")  # the reset's end: the firmware starts
        except OSError as e:
            session.close()
            raise MeasureError(f"qemu-system-arm's monitor: {e}") from e
        return session

    @staticmethod
    def monitor(qemu: subprocess.Popen, command: str) -> None:
        """A command to the board's QEMU monitor (cont, stop, system_reset)."""
        qemu.stdin.write(command.encode() + b"\n")
        qemu.stdin.flush()

    @staticmethod
    def stop_qemu(qemu: subprocess.Popen | None) -> None:
        if qemu is None or qemu.poll() is not None:
            return
        try:
            QemuSystemBoard.monitor(qemu, "quit")
            qemu.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            qemu.kill()
            qemu.wait()

    def simulator_files(self):
        """qemu-system-arm (the results cache's key; the board's answers
        are the firmware's alone: no clock is read)."""
        qemu = shutil.which("qemu-system-arm")
        return [pathlib.Path(qemu)] if qemu else []

    def simulator_options(self):
        return " ".join(self.qemu_argv(pathlib.Path("lwc-bench.elf")))

    def environment(self):
        env = super().environment()
        env["simulator"] = first_line(["qemu-system-arm", "--version"])
        env["simulator_cmd"] = " ".join(self.qemu_argv(pathlib.Path("lwc-bench.elf")))
        return env


class AvrdudeBoard(RamBudget, BoardTarget):
    """The AVR family's firmware (harness/platforms/avr: avr-libc's start-up,
    loop_avr.S) with the board's port file, port_mega2560.c."""
    family = "avr"
    setup_hint = "run: bash -c '. harness/setup.sh && lwc_setup avr'"
    libc_headers = True  # avr-libc's <string.h>
    cc = ["avr-gcc"]
    ldflags = ["-nodefaultlibs", "-Wl,--gc-sections", "-lgcc"]
    port_sources = [AVR / "loop_avr.S", AVR / "port_mega2560.c"]
    size_tool = "avr-size"
    clock_hz = 16_000_000
    flash_tool = "avrdude"

    def flash_argv(self, elf: pathlib.Path) -> list[str]:
        return ["avrdude", "-q", "-p", "atmega2560", "-c", "wiring", "-P", str(self.port),
                "-b", "115200", "-D", "-U", f"flash:w:{elf}:e"]

    def connect(self, elf):
        """avrdude uses the port itself: flash first, then open the port,
        which resets the board (DTR) into the new firmware."""
        try:
            check_port(self.port)  # missing or busy: said as such, not as avrdude's failure
            run_tool(self.flash_argv(elf), "avrdude")
            return SerialSession(self.port, self.baud, timeout=self.request_timeout)
        except PortError as e:
            raise MeasureError(str(e)) from e

    def environment(self):
        env = super().environment()
        env["flash_cmd"] = " ".join(self.flash_argv(pathlib.Path("lwc-bench.elf")))
        env["memory"] = (f"flash 256 KiB, SRAM 8 KiB; "
                         f"BENCH_MAX_LEN {self.defines['BENCH_MAX_LEN'].rstrip('u')}")
        return env


def check_ports(classes: list, port: str | None, baud: int | None, named: bool,
                every: list) -> None:
    """Whether --port and --baud fit the selected targets' classes (before
    any target is made: a board is made with them, plan.Plan.settings); a
    one-line BoardError when they do not or the port cannot be opened.
    `named`: the targets were named with --target (else: every target, and
    a real board without --port is skipped, not an error); `every`: every
    target's class (the boards named in a message)."""
    boards = [c for c in classes if issubclass(c, BoardTarget)]
    every_board = {c.name: c for c in every if issubclass(c, BoardTarget)}
    real = [c for c in boards if c.needs_port]
    if baud is not None and not 50 <= baud <= 4_000_000:
        raise BoardError(f"--baud must be a serial speed in bits per second (got {baud})")
    if (port is not None or baud is not None) and not boards:
        raise BoardError(f"--port and --baud are for a board target "
                         f"({', '.join(every_board)})")
    if port is not None and not real:
        names = ", ".join(n for n, c in every_board.items() if c.needs_port)
        raise BoardError(f"--port is for a real board ({names}); "
                         f"{', '.join(c.name for c in boards)} makes its own")
    if port is not None and len(real) > 1:
        raise BoardError(f"--port names one device but {len(real)} real boards are "
                         f"selected ({', '.join(c.name for c in real)}): select one")
    if port is None and named and real:
        raise BoardError(f"{real[0].name} is a real board: give its serial port "
                         f"(--port DEVICE, e.g. /dev/ttyACM0)")
    if port is not None:
        try:
            check_port(os.path.expanduser(port))
        except PortError as e:
            raise BoardError(str(e)) from e
