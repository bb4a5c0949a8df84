"""./lwcbench against hostile programs and hostile file systems: a program
that hangs, talks on the console, forges an answer, crashes in the middle
of a line or talks inside the KAT's answer is reported for its
implementation while the others are measured; a run interrupted in the
middle of a job, or whose results cannot be written whole, leaves the
previous results as they were; the results go into a pipe or through a
link; output that is not the protocol is recognised.
"""
from __future__ import annotations

import json
import os
import pathlib
import resource
import signal
import stat
import subprocess
import threading
import time

import pytest

from tests.helpers import LWCBENCH, ROOT, hash_with_update, lwcbench, write_impl
from harness.bench.output import data
from harness.bench.impls import extra_build_dir
from harness.bench.kat import judge
from harness.discover import discover

HOSTILE = {
    # loops forever on the 32 KiB input (the KAT's inputs are at most 1 KiB)
    "hangy": 'if (n > 4096) for (;;) __asm__ volatile("");',
    # writes a line of its own to the console on the 32 KiB input
    "chatty": 'if (n > 4096) bench_put_line("debug: absorbing a long input");',
    # forges the answer to the 32 KiB measurement (the stack request then
    # gets the answers out of step)
    "liar": 'if (n > 4096) bench_put_line("ok scheme=ascon-hash256 impl=liar op=hash adlen=0 '
            'mlen=32768 samples=33 cycles=1 cycles_min=1 cycles_max=1");',
    # starts an answer line and dies in the middle of it
    "midline": 'if (n > 4096) { fputs("ok scheme=ascon-hash256 im", stdout); fflush(stdout); '
               '__builtin_trap(); }',
    # talks from its first call on: in the middle of the KAT's answer
    "noisy": 'bench_put_line("hello from the implementation");',
}


def write_hostile_impls(root, names=tuple(HOSTILE)):
    """crypto_hash/ascon-hash256/<name>: the ref code whose update() first
    runs HOSTILE[name] (n is the update's length)."""
    for name in names:
        stdio = "#include <stdio.h>\n" if "stdout" in HOSTILE[name] else ""  # host only
        write_impl(root, "crypto_hash", "ascon-hash256", name,
                   {"hash.c": hash_with_update(name, HOSTILE[name], stdio)})


def extra_program(target: str, extra: pathlib.Path, impls: list[str]) -> pathlib.Path:
    """The program a run of these ascon-hash256 implementations (the tree's
    and those under extra) runs on target: host's lwc-bench of the selection,
    or the extra implementation's firmware (impls: one name)."""
    tree = [i for i in discover() if i.scheme == "ascon-hash256" and i.name in impls]
    chosen = tree + [i for i in discover(extra) if i.name in impls]
    if target == "host":
        return extra_build_dir(ROOT / "build" / "bench-extra-release", chosen) / "bin" / "lwc-bench"
    (impl,) = chosen
    return extra_build_dir(ROOT / "build" / "targets" / target / f"ascon-hash256__{impl.name}",
                           [impl]) / "lwc-bench.elf"


def bench_processes(program: pathlib.Path) -> list[int]:
    """Live processes running `program` (the host's lwc-bench of the extra
    implementations, or a simulator given a firmware of ours)."""
    pids = []
    for proc in pathlib.Path("/proc").iterdir():
        try:
            argv = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if proc.name.isdigit() and str(program).encode() in argv:
            pids.append(int(proc.name))
    return pids


def test_hostile_programs_are_reported_and_the_run_goes_on(tmp_path):
    """A hang (killed at --timeout), output of its own on the console, a
    forged answer, a crash in the middle of a line, talk inside the KAT's
    answer: each reported for its implementation -- status and reason on
    the terminal and in results.json's failures, no number kept from a
    garbled conversation -- while ref is measured; exit status 1."""
    extra = tmp_path / "extra"
    write_hostile_impls(extra)
    out = tmp_path / "h.json"
    impls = ["ref", *HOSTILE]
    r = lwcbench("run", "--target", "host", "--scheme", "ascon-hash256", "--quick",
                 "--suite", "thesis", "--timeout", "4", "--json", str(out), "--out", "none",
                 *[a for i in impls for a in ("--impl", i)],
                 env={"LWC_EXTRA_IMPLS": str(extra)}, timeout=300)
    assert r.returncode == 1, r.stdout + r.stderr
    data = json.loads(out.read_text())
    by_impl = {}
    for rec in data["results"]:
        by_impl.setdefault(rec["impl"], []).append(rec)
    assert set(by_impl) == set(impls)
    for rec in by_impl["ref"]:  # measured all the same
        assert (rec["status"], rec["kat"]) == ("ok", "pass") and rec["samples"] == 33, rec
    want = {  # impl: (status, kat, words of the reason)
        "hangy": ("timed-out", "pass", ["mlen=32768", "no answer within 4 s (hang?)"]),
        "chatty": ("bad-output", "pass",
                   ["mlen=32768", "unexpected output before the answer",
                    "debug: absorbing a long input"]),
        "liar": ("bad-output", "pass", ["stack hash", "not the answer to this request"]),
        "midline": ("crashed", "pass", ["mlen=32768", "the program crashed", "SIGILL"]),
        "noisy": ("kat-failed", "fail", ["unexpected output in the KAT answer",
                                         "hello from the implementation"]),
    }
    failures = {f["impl"]: f for f in data["failures"]}
    assert set(failures) == {f"ascon-hash256/{name}" for name in want}
    for name, (status, kat, words) in want.items():
        f = failures[f"ascon-hash256/{name}"]
        assert f["status"] == status and f["target"] == "host", f
        for w in words:
            assert w in f["detail"], (name, w, f["detail"])
            assert w in r.stdout, (name, w)  # the summary: FAILED host ...: status: detail
        assert f"FAILED host ascon-hash256/{name}: {status}: " in r.stdout
        assert f"host ascon-hash256/{name}: {status}: " in r.stderr  # noted as it happened
        for rec in by_impl[name]:
            assert (rec["status"], rec["kat"]) == (status, kat), rec
            assert rec["error"], rec
            # nothing kept from a conversation with garbage in it; a crash or
            # hang keeps only what was measured before it (16 B)
            if status in ("bad-output", "kat-failed") or rec["mlen"] == 32768:
                assert rec["cycles"] is None and rec["instructions"] is None, rec
    assert "TIMEOUT" in r.stdout and "BAD OUTPUT" in r.stdout and "CRASH" in r.stdout
    assert "KAT FAIL" in r.stdout
    # the hung program was killed
    assert bench_processes(extra_program("host", extra, impls)) == []


@pytest.mark.parametrize("target,sig,status", [("host", signal.SIGINT, 130),
                                               ("host", signal.SIGTERM, 143),
                                               ("rv32i-qemu", signal.SIGINT, 130)],
                         ids=["host-SIGINT", "host-SIGTERM", "rv32i-qemu-SIGINT"])
def test_an_interrupted_run_writes_no_results(tmp_path, target, sig, status):
    """Interrupted in the middle of a job (a hung program, time limit far
    away; on the host the job runs in the main thread, on QEMU in a worker
    thread): the run stops at once, the program is killed, and neither the
    --json file nor the folder's results.json is touched: the previous ones
    stay as they were, no temporary file is left."""
    extra = tmp_path / "extra"
    write_hostile_impls(extra, ["hangy"])
    program = extra_program(target, extra, ["hangy"])
    out, folder = tmp_path / "r.json", tmp_path / "res"
    folder.mkdir()
    out.write_text("previous json\n")
    (folder / "results.json").write_text("previous folder\n")
    env = dict(os.environ, LWC_EXTRA_IMPLS=str(extra), LWC_NO_SETUP="1")
    proc = subprocess.Popen([str(LWCBENCH), "run", "--target", target, "--scheme",
                             "ascon-hash256", "--impl", "hangy", "--quick",
                             "--suite", "thesis", "--timeout", "120", "--json", str(out),
                             "--out", str(folder), "--no-plots"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            # a suite started in the background of a script inherits SIGINT
                            # ignored (and Python then keeps it so): the run gets it back
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 120
        while not bench_processes(program):  # built, and hangy's program started
            assert time.monotonic() < deadline and proc.poll() is None, proc.communicate()
            time.sleep(0.1)
        time.sleep(2)  # past the KAT, into the 32 KiB measurement, which never ends
        assert proc.poll() is None
        t0 = time.monotonic()
        proc.send_signal(sig)
        stdout, stderr = proc.communicate(timeout=60)
        took = time.monotonic() - t0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == status, stdout + stderr
    assert stderr.rstrip().endswith("lwcbench: interrupted"), stderr
    assert took < 10, f"{took:.1f} s to stop"
    assert out.read_text() == "previous json\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["extra", "r.json", "res"]
    assert [p.name for p in folder.iterdir()] == ["results.json"]
    assert (folder / "results.json").read_text() == "previous folder\n"
    assert bench_processes(program) == []


def test_garbled_answers_are_recognised():
    """What unexpected_answer() and the KAT judge make of output that is
    not the protocol (no program needed)."""
    from harness.bench.session import Response
    from harness.bench.targets import Point
    from harness.bench.targets.job import unexpected_answer
    impl = next(i for i in discover() if i.scheme == "ascon-hash256" and i.name == "ref")
    p = Point("hash", 0, 16)
    good = "ok scheme=ascon-hash256 impl=ref op=hash adlen=0 mlen=16 samples=33 cycles=5"
    assert unexpected_answer(Response("m", good), impl, p, 33) is None
    cases = {
        "before the answer": Response("m", good, ["junk"]),
        "not the answer to this request": Response("m", good.replace("mlen=16", "mlen=17")),
        "not the answer to this request ": Response("m", good.replace(" samples=33", "")),
        "unreadable answer": Response("m", good.replace("cycles=5", "cycles=5x")),
        "unreadable answer ": Response("s", good + " stack=-"),
        "not the answer to this request  ": Response("m", "ok bye"),
    }
    for words, resp in cases.items():
        why = unexpected_answer(resp, impl, p, 33)
        assert why and words.strip() in why, (words, why)
    entries = [f"k {n} 00000000" for n in range(1, 4)]
    bad = judge(impl, Response("kat", "ok entries=3", entries[:2] + ["junk"] + entries[2:]))
    assert not bad.passed and "unexpected output in the KAT answer (after 2 entries)" in bad.detail
    cut = judge(impl, Response("kat", None, ["k 1 00"], "the program crashed", died=True))
    assert not cut.passed and "the program crashed" in cut.detail  # last line cut: not judged


# -- the results file: written whole or not at all -----------------------------


def test_a_failed_results_write_leaves_no_partial_file(tmp_path):
    """The results file cannot be written whole (here: larger than the
    process may write, RLIMIT_FSIZE; the same path as a full disk): a
    message, exit status 2, the previous file intact and no temporary file."""
    out = tmp_path / "r.json"
    out.write_text("previous\n")
    args = ["run", "--target", "host", "--scheme", "ascon-p12", "--impl", "ref", "--quick",
            "--out", "none", "--json", str(out)]
    r = lwcbench(*args)  # builds what the run needs (no file is written below)
    assert r.returncode == 0, r.stdout + r.stderr
    size = len(out.read_bytes())
    out.write_text("previous\n")
    # the command line is kept in the results: make them several times larger
    padded = args + ["--scheme", "ascon-p12"] * (size // 10)

    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    env = dict(os.environ, LWC_NO_SETUP="1")
    env.pop("LWC_EXTRA_IMPLS", None)
    r = subprocess.run([str(LWCBENCH), *padded], env=env, capture_output=True, text=True,
                       timeout=600, preexec_fn=limit)
    assert r.returncode == 2, r.stdout + r.stderr
    assert "lwcbench: cannot write the results:" in r.stderr and "File too large" in r.stderr
    assert "Traceback" not in r.stderr
    assert out.read_text() == "previous\n"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_json_is_replaced_atomically(tmp_path):
    path = tmp_path / "r.json"
    path.write_text("old")
    data.write_json(str(path), {"results": [1], "environment": {}})
    assert json.loads(path.read_text()) == {"results": [1], "environment": {}}
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_json_into_a_pipe_or_through_a_link(tmp_path):
    """A pipe or a device (/dev/null, /dev/stdout) is written into, never
    replaced by a regular file; a symbolic link keeps pointing at its
    target, which gets the new content."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    data.write_json(str(fifo), {"results": [], "environment": {}})
    reader.join(timeout=30)
    assert json.loads(got[0]) == {"results": [], "environment": {}}
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["fifo"]
    target, link = tmp_path / "target.json", tmp_path / "link.json"
    target.write_text("old")
    link.symlink_to(target)
    data.write_json(str(link), {"results": [2], "environment": {}})
    assert link.is_symlink() and json.loads(target.read_text())["results"] == [2]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "link.json", "target.json"]
