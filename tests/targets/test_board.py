"""Boards over a serial port (harness/bench/targets/board.py, SerialSession
in harness/bench/session.py, the Cortex-M firmware in harness/platforms/cortexm).

Without hardware: the emulated board mps2-an385 (qemu-system-arm, UART0 on
a pseudo-terminal) is driven through the serial transport exactly as a real
board -- flashing, start-up line, KAT on the target, measurement requests,
stack probe -- and broken on purpose: killed, frozen and reset in the middle
of a job.  A fake board on a pty pair answers garbage; ports that are
missing or held by another program are one-line errors.  The real board
(nucleo-f103rb) is built, not run: its firmware must differ from the
emulated one only in its port file and fit its 128 KiB flash and 20 KiB RAM.
"""
from __future__ import annotations

import json
import os
import pathlib
import select
import subprocess
import threading
import time

import pytest

from tests.helpers import (ROOT, find_impl, hash_with_update, lwcbench, usable_target,
                           write_impl)
from harness.bench import session as sessionmod
from harness.bench.plan import points_for
from harness.bench.targets.base import TargetSettings
from harness.bench.session import SerialSession
from harness.bench.targets import TARGETS, Point
from harness.bench.targets import board
from harness.bench.targets.board import AvrdudeBoard, OpenocdBoard, QemuSystemBoard
# the boards as their descriptions make them
Mps2An385, NucleoF103rb, Mega2560 = (TARGETS[n] for n in ("mps2-an385", "nucleo-f103rb", "mega2560"))

THESIS = ("thesis",)


def one_line_error(r, *words):
    assert r.returncode == 2, (r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]


# -- the boards' descriptions --------------------------------------------------

def test_boards_registered_and_set_up():
    assert issubclass(Mps2An385, QemuSystemBoard) and issubclass(NucleoF103rb, OpenocdBoard)
    usable_target("mps2-an385")  # qemu-system-arm, arm-none-eabi-gcc, pyserial after set-up
    assert issubclass(Mega2560, AvrdudeBoard)
    for t in (NucleoF103rb(), Mega2560()):
        assert t.tools_missing() is None  # openocd, avrdude too
        ok, why = t.is_available()
        assert not ok and "--port" in why  # a real board needs its port
        assert t.max_parallel == 1  # one job at a time on a device
        assert not t.exact and t.metric.startswith("cycles: ")
    assert Mps2An385.max_parallel is None  # each job boots an emulated board of its own
    assert "cycles" not in Mps2An385.metric.split(":")[0]  # QEMU: never cycles
    assert NucleoF103rb.metric.startswith("cycles: the core's DWT_CYCCNT")


def test_firmware_differs_only_in_the_port_file():
    emu, real = Mps2An385(), NucleoF103rb()
    assert emu.cc == real.cc and emu.cflags == real.cflags and emu.defines == real.defines
    # the implementations' objects are those cortex-m3-qemu measures
    assert emu.cflags == TARGETS["cortex-m3-qemu"]().cflags
    assert set(emu.port_sources) ^ set(real.port_sources) == \
        {board.HERE / "port_mps2_an385.c", board.HERE / "port_stm32f103.c"}
    # the link differs in the memory map only
    strip = [f for f in emu.ldflags if "--defsym" not in f]
    assert strip == [f for f in real.ldflags if "--defsym" not in f]


@pytest.mark.slow
def test_real_board_builds_and_fits():
    """Every implementation the STM32F103 board takes builds into a firmware
    whose vector table opens its flash: the initial stack pointer at the top
    of its 20 KiB RAM, the reset handler in Thumb state inside the flash."""
    t = NucleoF103rb()
    built = 0
    from harness.discover import discover
    for impl in discover():
        if not t.supports(impl):
            continue
        elf = t.build(impl)  # DoesNotFit / BuildError fail the test
        built += 1
    assert built >= 50
    r = subprocess.run(["arm-none-eabi-objcopy", "-O", "binary", "-j", ".text", str(elf),
                        "/dev/stdout"], capture_output=True, check=True)
    sp, reset = int.from_bytes(r.stdout[0:4], "little"), int.from_bytes(r.stdout[4:8], "little")
    assert sp == 0x20000000 + 20 * 1024
    assert reset & 1 and 0x08000000 <= reset < 0x08000000 + 128 * 1024
    heads = subprocess.run(["arm-none-eabi-objdump", "-h", str(elf)], capture_output=True,
                           text=True, check=True).stdout
    text = next(ln.split() for ln in heads.splitlines() if " .text " in ln)
    assert text[3] == text[4] == "08000000"  # VMA = LMA: the vector table opens the flash


@pytest.mark.slow
def test_mega2560_builds_and_fits():
    """Every implementation the Mega takes builds and leaves the runtime
    its stack in the 8 KiB of SRAM; Timer1's overflow interrupt is wired."""
    t = Mega2560()
    from harness.discover import discover
    built = [t.build(impl) for impl in discover() if t.supports(impl)]
    assert len(built) >= 50
    syms = subprocess.run(["avr-nm", str(built[-1])], capture_output=True, text=True,
                          check=True).stdout
    assert " T __vector_20" in syms  # TIMER1_OVF on the ATmega2560
    t.use_port("/dev/ttyACM0", 115200)
    assert t.flash_argv(pathlib.Path("fw.elf")) == [
        "avrdude", "-q", "-p", "atmega2560", "-c", "wiring", "-P", "/dev/ttyACM0", "-b",
        "115200", "-D", "-U", "flash:w:fw.elf:e"]


def test_flash_command_is_openocd():
    argv = NucleoF103rb().flash_argv(pathlib.Path("fw.elf"))
    assert argv == ["openocd", "-f", "board/st_nucleo_f103rb.cfg", "-c",
                    "program fw.elf verify reset exit"]
    assert pathlib.Path("/usr/share/openocd/scripts/board/st_nucleo_f103rb.cfg").is_file()


# -- the emulated board through the serial transport ---------------------------

class Watched(Mps2An385):
    """mps2-an385 whose sessions are kept, and which can break its board
    (fault(session)) right before the n-th request of a job."""

    def __init__(self, fault=None, before=0):
        super().__init__()
        self.fault, self.before, self.sessions = fault, before, []

    def open_session(self, elf):
        s = super().open_session(elf)
        self.sessions.append(s)
        if self.fault is not None:
            sent, fault, n = s.request, self.fault, self.before
            count = [0]

            def request(line, timeout=None):
                count[0] += 1
                if count[0] == n:
                    fault(s)
                return sent(line, timeout)
            s.request = request
            self.fault = None  # once: the next job runs on a sound board
        return s


def test_emulated_board_job_over_serial():
    """KAT on the board and every measurement request, through pyserial on
    QEMU's pty; the counts are null (no counter on the emulated board)."""
    t = Watched()
    for scheme, name in [("ascon-aead128", "ref"), ("ascon-hash256", "bi32"),
                         ("ascon-p12", "opt64")]:
        impl = find_impl(scheme, name)
        pts = points_for(impl.kind, (*THESIS, "permutation"))
        r = t.run_job(impl, pts)
        assert (r.status, r.kat) == ("ok", "pass"), r.detail
        s = t.sessions[-1]
        assert isinstance(s, SerialSession) and s.path.startswith("/dev/pts/")
        assert s.qemu.poll() is not None  # the job's board is gone with its session
        assert set(r.values) == set(pts)
        for p, v in r.values.items():
            assert not any(k.startswith(("cycles", "instructions")) for k in v), v
            assert v["samples"] == 1
            assert v["mode"] == ("stream" if p.mlen > 2048 else "oneshot")
        assert all(isinstance(b, int) and 0 < b < 4096 for b in r.stack.values()), r.stack
        # the same objects as cortex-m3-qemu's (same flags): the same code
        # size, and the same stack high-water mark measured on the board
        m3 = usable_target("cortex-m3-qemu").run_job(impl, pts)
        assert m3.status == "ok", m3.detail
        assert (r.code_bytes, r.stack) == (m3.code_bytes, m3.stack)


def test_emulated_board_hello_and_kat_failure():
    """The firmware greets with its port's name; a KAT answer that is not
    the official file's (the expected CRC altered) is refused by the board
    and reported, measured nothing."""
    t = Mps2An385()
    impl = find_impl("ascon-hash256", "ref")
    s = t.open_session(t.build(impl))
    try:
        ok, _ = s.request("hello", timeout=30)
        assert "port=mps2-an385-uart0-no-counter" in ok and "counters= " in ok
        from harness.bench import kat as katcheck
        req = katcheck.request(impl).split()
        req[6] = f"{int(req[6], 16) ^ 1:08x}"  # the EXPECT CRC of every output
        with pytest.raises(sessionmod.RequestError):
            s.request(" ".join(req), timeout=60)
        with pytest.raises(sessionmod.RequestError):  # refuses to measure after it
            s.request("measure ascon-hash256 ref hash 0 16 1", timeout=30)
    finally:
        s.close()


def test_cli_run_on_emulated_board(tmp_path):
    out = tmp_path / "r.json"
    r = lwcbench("run", "--target", "mps2-an385", "--scheme", "ascon-aead128", "--impl", "bi32",
                 "--suite", "thesis", "--out", "none", "--json", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads(out.read_text())
    recs = data["results"]
    assert len(recs) == 4 and all(x["target"] == "mps2-an385" for x in recs)
    for x in recs:
        assert x["kat"] == "pass" and x["status"] == "ok"
        assert x["cycles"] is None and x["instructions"] is None
        assert x["stack_bytes"] > 0 and x["code_bytes"] > 0
    env = data["environment"]["targets"]["mps2-an385"]
    assert env["metric"].startswith("none:") and "qemu-system-arm" in env["simulator_cmd"]


@pytest.mark.parametrize("fault,status,words", [
    ("kill", "crashed", "stopped answering"),        # the board dies: its port closes
    ("stop", "timed-out", "stopped answering"),      # frozen: no answer in time
    ("system_reset", "crashed", "reset during the run"),
])
def test_emulated_board_broken_mid_run(fault, status, words):
    """After the KAT passed, the board is killed, frozen or reset: the job
    is reported, and the next job on the same target runs normally."""
    def breaks(s):
        if fault == "kill":
            s.qemu.kill()
        else:
            Mps2An385.monitor(s.qemu, fault)
    t = Watched(breaks, before=4)  # hello, overhead, kat, then the first measure
    t.request_timeout = 5.0
    impl = find_impl("ascon-aead128", "opt64")
    pts = [Point("encrypt", 0, 16), Point("decrypt", 0, 16)]
    r = t.run_job(impl, pts)
    assert r.kat == "pass"
    assert r.status == status, (r.status, r.detail)
    assert words in r.detail, r.detail
    assert not r.values
    assert t.sessions[-1].qemu.poll() is not None  # no QEMU left behind
    again = t.run_job(impl, pts)
    assert (again.status, again.kat) == ("ok", "pass"), again.detail
    assert set(again.values) == set(pts)


def test_emulated_board_cpu_fault():
    """An implementation that executes an undefined instruction on long
    inputs (its KAT inputs are short): the firmware's fault handler answers
    `err fault` with the core's fault registers and resets the board; the
    job is reported crashed after its KAT passed."""
    import tempfile
    from harness.discover import discover
    with tempfile.TemporaryDirectory() as tmp:
        write_impl(pathlib.Path(tmp), "crypto_hash", "ascon-hash256", "faulty",
                   {"hash.c": hash_with_update("faulty", "if (n > 1024) __builtin_trap();")})
        impl = next(i for i in discover(pathlib.Path(tmp)) if i.name == "faulty")
        t = Watched()
        r = t.run_job(impl, [Point("hash", 0, 16), Point("hash", 0, 32768)])
    assert r.kat == "pass"
    assert r.status == "crashed", (r.status, r.detail)
    # HardFault (exception 3): the UDF escalated from a UsageFault (CFSR bit 16)
    assert "mlen=32768: fault exception=0x00000003 cfsr=0x00010000" in r.detail, r.detail
    assert set(r.values) == {Point("hash", 0, 16)}  # measured before the fault
    assert r.stack == {"hash": None}  # asked after the reset: no answer


def test_emulated_board_dies_with_lwcbench(tmp_path):
    """lwcbench killed outright (SIGKILL) leaves no emulated board behind."""
    import signal
    import sys
    script = tmp_path / "hold.py"
    script.write_text(
        "import sys, time\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from harness.bench.targets import TARGETS\n"
        "Mps2An385 = TARGETS['mps2-an385']\n"
        "from harness.discover import discover\n"
        "t = Mps2An385()\n"
        "i = next(i for i in discover() if (i.scheme, i.name) == ('ascon-hash256', 'ref'))\n"
        "s = t.open_session(t.build(i))\n"
        "print(s.qemu.pid, flush=True)\n"
        "time.sleep(60)\n")
    p = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    pid = int(p.stdout.readline())
    os.kill(pid, 0)  # the board runs
    p.send_signal(signal.SIGKILL)
    p.wait()
    for _ in range(50):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    os.kill(pid, signal.SIGKILL)
    pytest.fail("QEMU outlived lwcbench")


# -- a fake board on a pty pair: garbage, silence, a busy port -----------------

class FakeBoard(NucleoF103rb):
    """A real board's class whose "board" is a thread on the master side of
    a pty pair (its flashing replaced): noise, the start-up line, then
    answers(request) -> bytes for each request line."""

    def __init__(self, answers, boot=b"\xff\x00\x80noise lwc-bench boot\n"):
        super().__init__()
        self.master, slave = os.openpty()
        path = os.ttyname(slave)
        os.close(slave)
        self.use_port(path, 115200)
        self.answers, self.boot, self.seen = answers, boot, []
        self.request_timeout = 10.0  # a fake answers at once
        self.closed = False

    def build(self, impl):
        return pathlib.Path("fake.elf")

    def flash(self, elf, session):
        # the thread works on its own copy of the master: closed only by
        # itself, its number cannot be taken by a later test's pty
        fd = os.dup(self.master)

        def run():
            os.write(fd, self.boot)
            buf = b""
            try:
                while not self.closed:
                    if not select.select([fd], [], [], 0.05)[0]:
                        continue
                    try:
                        data = os.read(fd, 256)
                    except OSError:  # EIO: no one has the port open (yet, or any more)
                        time.sleep(0.05)
                        continue
                    buf += data
                    while b"\n" in buf:
                        line, buf = buf.split(b"\n", 1)
                        self.seen.append(line.decode())
                        os.write(fd, self.answers(line.decode()))
            finally:
                os.close(fd)
        threading.Thread(target=run, daemon=True).start()

    def close_master(self):
        self.closed = True
        os.close(self.master)


def protocol_then(garbage_at):
    def answers(req):
        if req.startswith(garbage_at):
            return b"ok \x8f\x12\xfe\n"
        if req == "hello":
            return b"ok lwc-bench protocol=2 port=fake counters=cycles exact=0\n"
        if req.startswith("overhead"):
            return b"ok op=overhead samples=33 cycles=5 cycles_min=5 cycles_max=5\n"
        return b"err not a real board\n"
    return answers


@pytest.mark.parametrize("garbage_at", ["hello", "kat"])
def test_board_answering_garbage(garbage_at):
    """Noise before the start-up line is skipped (a reset's line noise);
    garbage after it fails the job as bad-output, nothing kept."""
    t = FakeBoard(protocol_then(garbage_at))
    try:
        r = t.run_job(find_impl("ascon-aead128", "ref"), [Point("encrypt", 0, 16)])
    finally:
        t.close_master()
    assert r.status == "bad-output", (r.status, r.detail)
    assert "garbage (byte 0x8f)" in r.detail
    assert r.kat == "skipped" and not r.values
    assert t.seen[0] == "hello"


def test_mega_flashes_before_opening_the_port(monkeypatch):
    """avrdude needs the port: the Mega's job runs it first, then opens the
    port (which resets the board) and waits for the start-up line."""
    import serial
    fake = FakeBoard(protocol_then("kat"), boot=b"")
    t = Mega2560()
    t.use_port(fake.port, 115200)
    t.request_timeout = 10.0
    t.build = fake.build
    flashed = []

    def avrdude(argv, name):
        held = serial.Serial(fake.port, exclusive=True)  # nobody has the port yet
        held.close()
        flashed.append(argv)

        def boot():  # the bootloader's pause after the reset, then the firmware
            time.sleep(0.5)
            os.write(fake.master, b"lwc-bench boot\n")
        threading.Thread(target=boot, daemon=True).start()
        fake.flash(None, None)
    monkeypatch.setattr(board, "run_tool", avrdude)
    try:
        r = t.run_job(find_impl("ascon-aead128", "ref"), [Point("encrypt", 0, 16)])
    finally:
        fake.close_master()
    assert flashed and flashed[0][:2] == ["avrdude", "-q"] and fake.port in flashed[0]
    assert r.status == "bad-output" and fake.seen[:2] == ["hello", "overhead 33"], r.detail


def test_board_without_start_up_line(monkeypatch):
    monkeypatch.setattr(board, "BOOT_TIMEOUT", 1.0)
    t = FakeBoard(protocol_then("never"), boot=b"")
    try:
        r = t.run_job(find_impl("ascon-aead128", "ref"), [Point("encrypt", 0, 16)])
    finally:
        t.close_master()
    assert r.status == "crashed"
    assert "no start-up line from the board within 1 s" in r.detail


def test_board_port_busy_during_run():
    """Another program holds the port when a job starts: that job fails
    with a one-line reason; once the port is free the next one starts."""
    import serial
    t = FakeBoard(protocol_then("kat"))
    try:
        other = serial.Serial(t.port, exclusive=True)
        r = t.run_job(find_impl("ascon-aead128", "ref"), [Point("encrypt", 0, 16)])
        assert r.status == "crashed" and "is busy" in r.detail, r.detail
        other.close()
        r = t.run_job(find_impl("ascon-aead128", "ref"), [Point("encrypt", 0, 16)])
        assert r.status == "bad-output"  # it reached the (fake) board
    finally:
        t.close_master()


# -- --port / --baud on the command line ---------------------------------------

def test_missing_port_is_one_line():
    line = one_line_error(lwcbench("run", "--target", "nucleo-f103rb", "--port",
                                   "/dev/lwc-no-such-port", "--out", "none"),
                          "/dev/lwc-no-such-port", "no such device")
    assert line.startswith("lwcbench: ")


def test_busy_port_is_one_line():
    import serial
    master, slave = os.openpty()
    path = os.ttyname(slave)
    try:
        other = serial.Serial(path, exclusive=True)
        one_line_error(lwcbench("run", "--target", "nucleo-f103rb", "--port", path,
                                "--out", "none"), path, "is busy")
        other.close()
    finally:
        os.close(slave)
        os.close(master)


def test_port_options_checked():
    one_line_error(lwcbench("run", "--target", "nucleo-f103rb", "--out", "none"),
                   "nucleo-f103rb is a real board", "--port")
    one_line_error(lwcbench("run", "--target", "mps2-an385", "--port", "/dev/null",
                            "--out", "none"), "--port is for a real board")
    one_line_error(lwcbench("run", "--target", "host", "--baud", "9600", "--out", "none"),
                   "for a board target")
    one_line_error(lwcbench("run", "--target", "mps2-an385", "--baud", "0", "--out", "none"),
                   "--baud")
    one_line_error(lwcbench("run", "--target", "nucleo-f103rb", "--target", "mega2560",
                            "--port", "/dev/null", "--out", "none"), "names one device")


def test_baud_reaches_the_firmware(tmp_path):
    """--baud is compiled into the board's port (BOARD_BAUD); the emulated
    board's UART divider follows it and the board still answers."""
    board.check_ports([Mps2An385], None, 57600, True, list(TARGETS.values()))
    t = Mps2An385(TargetSettings(baud=57600))
    t.firmware.out = tmp_path / "mps2-an385"  # not the other tests' 115200 baud build
    assert t.defines["BOARD_BAUD"] == "57600u" and t.baud == 57600
    impl = find_impl("ascon-hash256", "lowsize")
    elf = t.build(impl)
    cmd = (elf.parent.parent / "runtime" / "harness_platforms_cortexm_port_mps2_an385.c.cmd")
    assert "-DBOARD_BAUD=57600u" in cmd.read_text()
    s = t.open_session(elf)
    try:
        assert s.port.baudrate == 57600
        assert s.request("hello", timeout=30)[0].startswith("ok lwc-bench protocol=2 ")
    finally:
        s.close()


def test_default_run_skips_a_real_board_without_port():
    board.check_ports([NucleoF103rb, Mps2An385], None, None, named=False,
                      every=list(TARGETS.values()))  # no error
    t = NucleoF103rb(TargetSettings())
    assert t.machine_lacks()
    ok, why = t.is_available()
    assert not ok and "--port DEVICE" in why


def test_setup_is_idempotent():
    """lwc_setup cortexm (run by ./run-tests' set-up) has nothing left to do."""
    r = subprocess.run(["bash", "-c", ". harness/setup.sh && lwc_setup cortexm"], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "install" not in r.stderr, r.stderr


def test_targets_with_one_compile_command_share_the_objects():
    """cortex-m3-qemu and the Cortex-M3 boards compile an implementation with
    the same command: its objects are compiled once, for whichever builds
    first (the ELF stays each target's own); the Mega's -mmcu differs from
    the ATmega128's: its own objects."""
    from harness.bench.targets import TARGETS
    qemu, board = usable_target("cortex-m3-qemu"), TARGETS["mps2-an385"]()
    assert board.firmware.objects_out() == qemu.firmware.objects_out()
    assert TARGETS["nucleo-f103rb"]().firmware.objects_out() == qemu.firmware.objects_out()
    assert TARGETS["mega2560"]().firmware.objects_out() != TARGETS["avr-atmega128"]().firmware.objects_out()
    impl = find_impl("ascon-aead128", "asm_armv7m")
    qemu.build(impl)
    objs = sorted((qemu.firmware.objects_out() / "ascon-aead128__asm_armv7m").rglob("*.o"))
    before = {o: o.stat().st_mtime_ns for o in objs}
    elf = board.build(impl)
    assert {o: o.stat().st_mtime_ns for o in objs} == before and len(objs) >= 2
    assert elf.parent.parent.name == "mps2-an385" and elf.exists()
    linked = (elf.parent / (elf.name + ".cmd")).read_text()  # the link command's stamp
    assert all(str(o) in linked for o in objs), linked
