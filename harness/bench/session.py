"""The lwc-bench request/response line protocol (harness/firmware/bench.h).

A Session sends one request line and reads response lines until the one
starting with "ok" or "err".  Transports:
  PipeSession    the program as a child process (host, qemu-user, simavr)
  SerialSession  a board on a serial port (pyserial)
  ScriptSession  a simulator without an input channel: the whole request
                 script goes into the image, the simulator runs once
A job hands its whole request list to run_all(), so that every transport,
interactive or not, is driven the same way.
"""
from __future__ import annotations

import dataclasses
import errno
import os
import selectors
import signal
import stat
import subprocess
import tempfile
import threading
import time


class SessionError(Exception):
    """The program died, hung or answered something unreadable."""


class SessionTimeout(SessionError):
    """The program did not answer within the time limit (a hang)."""


class RequestError(Exception):
    """The program answered `err MESSAGE`: a refused request."""


@dataclasses.dataclass
class Response:
    """The answer to one request: its final line and the lines before it,
    or the error ("err" answer: refused; `died`: the program crashed/hung;
    `hung`: it died of the time limit)."""
    request: str
    ok: str | None = None
    lines: list[str] = dataclasses.field(default_factory=list)
    error: str | None = None
    died: bool = False
    hung: bool = False

    @property
    def fields(self) -> dict[str, str]:
        return parse_fields(self.ok or "")


def parse_fields(line: str) -> dict[str, str]:
    return dict(tok.split("=", 1) for tok in line.split()[1:] if "=" in tok)


class Session:
    timeout = 120.0

    def __init__(self):
        self._buf = b""

    # transport, provided by subclasses
    def _write(self, data: bytes) -> None:
        raise NotImplementedError

    def _read_chunk(self, timeout: float) -> bytes:
        """Some bytes; b"" at end of stream; raise SessionError on timeout."""
        raise NotImplementedError

    def close(self) -> None:
        pass

    def abort(self) -> None:
        """Stop the program at once, no goodbye (the run was interrupted);
        close() follows."""

    def _readline(self, deadline: float) -> str:
        while b"\n" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise SessionTimeout(f"no answer within {self.timeout:g} s (hang?)")
            chunk = self._read_chunk(left)
            if not chunk:
                raise SessionError(self.died())
            self._buf += chunk
        line, self._buf = self._buf.split(b"\n", 1)
        return line.decode("utf-8", "replace").rstrip("\r")

    def died(self) -> str:
        return "the program ended without an answer"

    def request(self, line: str, timeout: float | None = None) -> tuple[str, list[str]]:
        """Send a request; return (final ok line, the lines before it)."""
        deadline = time.monotonic() + (timeout or self.timeout)
        self._write(line.encode() + b"\n")
        before = []
        while True:
            got = self._readline(deadline)
            if got.startswith("ok"):
                return got, before
            if got.startswith("err"):
                e = RequestError(got[3:].strip() or "error")
                e.lines = before
                raise e
            before.append(got)

    def run_all(self, requests: list[str], timeouts: list[float] | None = None) -> list[Response]:
        """Every request in order; after a crash or hang the remaining ones
        are answered with the same `died` error."""
        out: list[Response] = []
        for n, req in enumerate(requests):
            if out and out[-1].died:
                out.append(Response(req, error=out[-1].error, died=True, hung=out[-1].hung))
                continue
            try:
                ok, lines = self.request(req, timeouts[n] if timeouts else None)
                out.append(Response(req, ok, lines))
            except RequestError as e:
                out.append(Response(req, lines=getattr(e, "lines", []), error=str(e)))
            except SessionError as e:
                out.append(Response(req, error=str(e), died=True,
                                    hung=isinstance(e, SessionTimeout)))
        return out


# Set when the run is interrupted (interrupt_all): sessions still running in
# other threads stop at once instead of finishing their requests.
INTERRUPTED = threading.Event()


def interrupt_all() -> None:
    INTERRUPTED.set()
    PipeSession.kill_all()


class PipeSession(Session):
    """The program as a child process, requests on its stdin."""

    _live: set[PipeSession] = set()  # open sessions, for kill_all()
    _live_lock = threading.Lock()

    def __init__(self, argv: list[str], timeout: float = 120.0):
        super().__init__()
        if INTERRUPTED.is_set():
            raise SessionError("the run was interrupted")
        self.timeout = timeout
        self._stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self._stderr)
        self._sel = selectors.DefaultSelector()
        self._sel.register(self.proc.stdout, selectors.EVENT_READ)
        with PipeSession._live_lock:
            PipeSession._live.add(self)

    @classmethod
    def kill_all(cls) -> None:
        """Kill every open session's program (an interrupted run: the
        threads waiting on them then see it end at once)."""
        with cls._live_lock:
            live = list(cls._live)
        for s in live:
            s.kill()

    def _write(self, data: bytes) -> None:
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise SessionError(self.died()) from e

    def _read_chunk(self, timeout: float) -> bytes:
        if not self._sel.select(timeout):
            self.kill()
            raise SessionTimeout(f"no answer within {self.timeout:g} s (hang?)")
        return os.read(self.proc.stdout.fileno(), 65536)

    def died(self) -> str:
        try:
            rc = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            rc = None
        self._stderr.seek(0)
        err = self._stderr.read().decode("utf-8", "replace").strip().splitlines()
        if rc is not None and rc < 0:
            try:
                how = f"killed by {signal.Signals(-rc).name}"
            except ValueError:
                how = f"killed by signal {-rc}"
        else:
            how = f"exit status {rc}"
        return f"the program crashed ({how})" + (f": {err[-1]}" if err else "")

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def abort(self) -> None:
        self.kill()

    def close(self) -> None:
        with PipeSession._live_lock:
            PipeSession._live.discard(self)
        if self.proc.poll() is None:
            try:
                self.request("quit", timeout=5)
            except (SessionError, RequestError):
                pass
            try:
                self.proc.stdin.close()
                self.proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self.kill()
        self._sel.close()
        self.proc.stdout.close()
        self._stderr.close()


class PortError(SessionError):
    """A serial port that cannot be opened: missing, busy, not a port."""


def open_port(path: str, baudrate: int):
    """The serial port at path (pyserial), locked for this process
    (flock: a second lwcbench, or any program locking it, sees it busy);
    a PortError with a one-line reason when that fails."""
    try:
        import serial  # pyserial: only boards need it
    except ImportError as e:
        raise PortError("pyserial is not installed (lwc_setup cortexm installs it)") from e
    try:
        return serial.Serial(path, baudrate, timeout=0.1, exclusive=True)
    except (serial.SerialException, OSError, ValueError) as e:
        code = getattr(e, "errno", None)
        if code == errno.ENOENT or not os.path.exists(path):
            raise PortError(f"serial port {path}: no such device") from e
        if code in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EBUSY):
            raise PortError(f"serial port {path} is busy: another program has it open "
                            f"(exclusively)") from e
        if not stat.S_ISCHR(os.stat(path).st_mode):
            raise PortError(f"serial port {path}: not a device") from e
        why = (os.strerror(code) if isinstance(code, int) else
               getattr(e, "strerror", None) or str(e))
        raise PortError(f"serial port {path}: cannot open it: {why}") from e


def check_port(path: str) -> None:
    """Raise PortError when path cannot be opened as a serial port now."""
    open_port(path, 115200).close()


# The line a board's firmware prints after every reset (harness/platforms/
# cortexm/cortexm.h): awaited after flashing; mid-run, it means a reset.
BOOT_LINE = "lwc-bench boot"
# A protocol line is printable ASCII; a line longer than this without a
# newline is not one either (bench.h: BENCH_LINE is at most 256).
MAX_LINE = 1024


class SessionGarbage(SessionError):
    """The board answered bytes that are not protocol lines."""


class SessionReset(SessionError):
    """The board reset in the middle of the run."""


class SerialSession(Session):
    """A board running the firmware, on a serial port (pyserial): the same
    requests as the simulators.  The port is opened exclusively (PortError
    when it cannot be).  After flashing, wait_boot() waits for the
    firmware's start-up line, skipping what came before it (a board's
    reset can put noise on the line); from then on every byte must belong
    to a protocol line: anything else is garbage (SessionGarbage, the
    reason kept in `garbage`), the start-up line again is a reset
    (SessionReset), a closed port or silence past the time limit is a
    board that stopped answering."""

    def __init__(self, port: str, baudrate: int = 115200, timeout: float = 120.0):
        super().__init__()
        self.timeout = timeout
        self.path = port
        self.garbage: str | None = None
        self.fault: str | None = None  # the firmware's "err fault ..." line, if any
        self.port = open_port(port, baudrate)

    def _write(self, data: bytes) -> None:
        try:
            self.port.write(data)
            self.port.flush()
        except Exception as e:  # serial.SerialException, OSError: the port is gone
            raise SessionError(f"the board stopped answering (its port failed: {e})") from e

    def _read_chunk(self, timeout: float) -> bytes:
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0 or INTERRUPTED.is_set():
                raise SessionTimeout(f"the board stopped answering (no answer within "
                                     f"{self.timeout:g} s)")
            try:
                # one byte (waits up to the port's 0.1 s timeout), then what
                # else has arrived: read(n) would wait for all n bytes
                chunk = self.port.read(1)
                if chunk and self.port.in_waiting:
                    chunk += self.port.read(self.port.in_waiting)
            except Exception as e:  # serial.SerialException, OSError: port closed
                raise SessionError(self.died() + f" (its port closed: {e})") from e
            if chunk:
                return chunk

    def _check(self, data: bytes) -> None:
        bad = next((b for b in data if not (32 <= b < 127 or b in (9, 13, 10))), None)
        if bad is not None or len(data) > MAX_LINE:
            shown = data[:60].decode("latin-1")
            why = (f"byte 0x{bad:02x}" if bad is not None else
                   f"no line end in {len(data)} bytes")
            self.garbage = f"the board answered garbage ({why}): {shown!r}"
            raise SessionGarbage(self.garbage)

    def _readline(self, deadline: float) -> str:
        while b"\n" not in self._buf:
            self._check(self._buf)
            left = deadline - time.monotonic()
            if left <= 0:
                raise SessionTimeout(f"the board stopped answering (no answer within "
                                     f"{self.timeout:g} s)")
            self._buf += self._read_chunk(left)
        raw, self._buf = self._buf.split(b"\n", 1)
        self._check(raw)
        line = raw.decode("ascii").rstrip("\r")
        if BOOT_LINE in line:
            raise SessionReset("the board reset during the run (its start-up line came again)")
        if line.startswith("err fault "):  # a CPU fault; the board resets next
            self.fault = self.fault or line[4:]
        return line

    def wait_boot(self, timeout: float) -> None:
        """Wait for the start-up line of a board just reset; what came
        before it on the line is dropped."""
        end = time.monotonic() + timeout
        got = b""
        mark = BOOT_LINE.encode() + b"\n"
        while mark not in got:
            left = end - time.monotonic()
            try:
                if left <= 0:
                    raise SessionTimeout("")
                got = got[-4096:] + self._read_chunk(left)
            except SessionTimeout:
                raise SessionTimeout(f"no start-up line from the board within {timeout:g} s "
                                     f"of its reset (wrong port or baud rate?)") from None
        self._buf = got.split(mark, 1)[1]

    def died(self) -> str:
        return "the board stopped answering"

    def close(self) -> None:
        try:
            self.port.close()
        except Exception:  # a port already gone
            pass


class ScriptSession(Session):
    """For simulators without an input channel: run_all() writes every
    request (and "quit") into one script, execute() runs the firmware once
    with it and returns all it printed, which is split back into answers.

    A subclass implements execute(script, timeout) -> output, raising
    SessionError when the simulator fails or times out (the output it got
    so far in e.output, if any)."""

    def __init__(self, timeout: float = 120.0):
        super().__init__()
        self.timeout = timeout

    def execute(self, script: bytes, timeout: float) -> str:
        raise NotImplementedError

    def run_all(self, requests, timeouts=None):
        script = "".join(r + "\n" for r in [*requests, "quit"]).encode()
        total = sum(timeouts) if timeouts else self.timeout * (len(requests) + 1)
        died, hung = None, False
        try:
            output = self.execute(script, total)
        except SessionError as e:
            output, died = getattr(e, "output", "") or "", str(e)
            hung = isinstance(e, SessionTimeout)
        lines = output.splitlines()
        out: list[Response] = []
        for req in requests:
            before = []
            while lines and not lines[0].startswith(("ok", "err")):
                before.append(lines.pop(0))
            if not lines:  # ran out: the firmware stopped here
                why = died or "the program ended without an answer"
                out.append(Response(req, lines=before, error=why, died=True, hung=hung))
                died = why
                continue
            last = lines.pop(0)
            if last.startswith("ok"):
                out.append(Response(req, last, before))
            else:
                out.append(Response(req, lines=before, error=last[3:].strip() or "error"))
        return out
