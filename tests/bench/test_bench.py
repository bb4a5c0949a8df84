"""./lwcbench: the build -> KAT -> measure -> report harness (harness/bench/).

The end-to-end tests run the real command on the host target with --quick
sample counts; a deliberately broken implementation is injected through
LWC_EXTRA_IMPLS (a discovery root outside the tree), so the failure paths are
exercised for real: wrong output (KAT failure), a crash while measuring and a
compile error, each reported while the others are still measured.
"""
from __future__ import annotations

import io
import json
import os
import pathlib
import platform
import resource
import signal
import stat
import subprocess
import sys
import threading
import time

import pytest

from tests.helpers import ROOT, bin_dir, host_impls
from harness.bench import export, report
from harness.bench.elfpatch import patch_symbol
from harness.bench.impls import extra_build_dir
from harness.bench.kat import judge, request
from harness.bench.plan import Plan, points_for
from harness.bench.runner import Progress
from harness.bench.session import ScriptSession, SessionError
from harness.bench.targets import TARGETS
from harness.discover import discover

LWCBENCH = ROOT / "lwcbench"
X86 = platform.machine().lower() in ("x86_64", "amd64", "i386", "i686")
CONTRACT_TARGETS = ["host", "rv32i-qemu", "rv32-zbb-qemu", "rv32-zbkb-qemu", "rv32-ibex",
                    "rv64-qemu", "rv64-zbb-qemu", "cortex-m3-qemu", "avr-atmega128", "msp430",
                    "xtensa-lx106-qemu"]
BOARDS = ["mps2-an385", "nucleo-f103rb", "mega2560"]  # after the contract's (test_board.py)
# the cycle model at 2 and 4 flash wait states (harness/bench/targets/qemu.py), after the boards:
# without a flash accelerator, then behind the STM32F1's and the SAM3X's
WAIT_STATE_VARIANTS = ["cortex-m3-qemu-ws2", "cortex-m3-qemu-ws4", "cortex-m3-qemu-stm32f1-ws2",
                       "cortex-m3-qemu-sam3x-ws4"]
RECORD_KEYS = {"target", "scheme", "impl", "op", "adlen", "mlen", "cycles", "instructions",
               "samples", "kat", "code_bytes", "stack_bytes", "cycles_min", "cycles_max",
               "cycles_per_byte", "instructions_per_byte", "mode", "sets", "status"}


def lwcbench(*args, cwd=None, env=None, timeout=600):
    full_env = dict(os.environ)
    full_env.pop("LWC_EXTRA_IMPLS", None)
    full_env["LWC_NO_SETUP"] = "1"  # ./run-tests set everything up
    full_env.update(env or {})
    return subprocess.run([str(LWCBENCH), *args], cwd=cwd, env=full_env, capture_output=True,
                          text=True, timeout=timeout)


def check_measured(rec):
    assert rec["kat"] == "pass" and rec["status"] == "ok", rec
    assert rec["instructions"] > 0  # callgrind: exact, one operation
    assert rec["instructions_min"] is None
    assert 0 < rec["stack_bytes"] < 8192
    assert rec["code_bytes"] > 0
    if X86:
        assert rec["cycles"] > 0
        assert rec["cycles_min"] <= rec["cycles"] <= rec["cycles_max"]
        if rec["mlen"]:
            assert rec["cycles_per_byte"] == pytest.approx(rec["cycles"] / rec["mlen"], abs=1e-3)
        else:  # a permutation: counts per call
            assert rec["cycles_per_byte"] is None
    else:  # never mislabelled as cycles
        assert rec["cycles"] is None


# -- end to end ---------------------------------------------------------------

def test_quick_run_writes_contract_json(tmp_path):
    r = lwcbench("run", "--target", "host", "--scheme", "ascon-hash256", "--impl", "ref",
                 "--suite", "thesis", "--json", "out.json", "--out", "res", "--quick",
                 "--no-plots", cwd=tmp_path)  # relative paths: the caller's directory
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads((tmp_path / "out.json").read_text())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json", "res"]  # no temporary
    assert set(data) >= {"results", "environment"}
    recs = data["results"]
    assert sorted(r["mlen"] for r in recs) == [16, 32768]
    for rec in recs:
        assert RECORD_KEYS <= set(rec), RECORD_KEYS - set(rec)
        assert (rec["target"], rec["scheme"], rec["impl"], rec["op"], rec["adlen"]) == \
            ("host", "ascon-hash256", "ref", "hash", 0)
        assert rec["samples"] == 33 and rec["sets"] == ["thesis"]
        # an Ascon mode: the terms of its permutation floor (floor table)
        assert (rec["sponge_rate"], rec["sponge_pa"], rec["sponge_pb"]) == (8, 12, 12)
        check_measured(rec)
    env = data["environment"]
    for key in ("date", "python", "uname", "cpu", "targets", "job_seconds"):
        assert env.get(key), key
    host = env["targets"]["host"]
    assert host["compiler"].startswith("gcc") and "-O2" in host["cflags"]
    # the tables: titles name the metric and its source
    assert "host: instructions per byte (valgrind callgrind, one operation) -- 32 KiB" in r.stdout
    if X86:
        assert "host: cycles per byte (rdtsc, median of 33 samples) -- 16 B" in r.stdout
    assert json.loads((tmp_path / "res" / "results.json").read_text())["results"] == recs
    for name in ("results.md", "results.csv", "index.html"):
        assert (tmp_path / "res" / name).stat().st_size > 0
    # what was written, exactly: --no-plots wrote none (it used to say "plots")
    assert "wrote res/ (results.json, results.csv, results.md, index.html; no plots: " \
           "--no-plots)" in r.stdout.splitlines()
    assert not (tmp_path / "res" / "plots").exists()


def test_measurement_plan_has_every_suite_once():
    aead = points_for("aead")
    keys = [(p.op, p.adlen, p.mlen) for p in aead]
    assert len(keys) == len(set(keys)) == 2 * (10 + 13)  # thesis+sweep, grid; shared ones once
    sets = {(p.op, p.adlen, p.mlen): p.sets for p in aead}
    assert sets[("encrypt", 0, 16)] == ("thesis", "sweep", "grid")
    assert sets[("decrypt", 1024, 128)] == ("grid",)
    assert sets[("encrypt", 0, 32768)] == ("thesis",)
    hashes = points_for("hash")
    assert [p.mlen for p in hashes] == [0, 1, 8, 16, 32, 64, 128, 1536, 4096, 32768]
    assert [(p.mlen, p.sets) for p in points_for("hash", ("thesis",))] == \
        [(16, ("thesis",)), (32768, ("thesis",))]
    # MACs and PRFs: 1..16 too (short); PrfShort's no longer than 16
    auth = {p.mlen: p.sets for p in points_for("auth")}
    assert sorted(auth) == sorted({0, *range(1, 17), 32, 64, 128, 1536, 4096, 32768})
    assert auth[16] == ("thesis", "sweep", "short") and auth[5] == ("short",)
    assert [p.mlen for p in points_for("auth", max_len=16)] == list(range(0, 17))
    assert points_for("hash", ("short",)) == []


@pytest.mark.parametrize("args,word", [
    (["--target", "nosuch"], "target"),
    (["--scheme", "nosuch"], "scheme"),
    (["--impl", "nosuch"], "implementation"),
    (["--baseline", "nosuch"], "baseline"),
])
def test_unknown_names_exit_2(args, word):
    r = lwcbench("run", *args)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and f"unknown {word} 'nosuch'" in lines[0], r.stderr
    assert "valid:" in lines[0]
    assert r.stdout == ""


def test_report_checks_its_baseline_and_folder_like_run(tmp_path, capsys, monkeypatch):
    """report takes --baseline through run's own check (it took any name),
    and a folder it cannot write is a one-line error (it was a traceback)."""
    from harness.bench import cli
    recs = [_rec("ref", "ascon128-v12", "encrypt", 16, 1000)]
    (tmp_path / "r.json").write_text(json.dumps({"results": recs, "environment": {}}))
    rc = cli.main(["report", str(tmp_path / "r.json"), "--baseline", "nosuch", "--out",
                   str(tmp_path / "o")])
    out, err = capsys.readouterr()
    assert rc == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("lwcbench: unknown baseline 'nosuch' (valid: ")
    assert " ref, " in lines[0] and lines[0].endswith(", none)")
    assert not (tmp_path / "o").exists()
    for out_dir in ("/proc/nope", str(tmp_path / "r.json" / "o")):
        rc = cli.main(["report", str(tmp_path / "r.json"), "--out", out_dir, "--no-plots"])
        err = capsys.readouterr().err
        assert rc == 2
        assert err.count("\n") == 1 and err.startswith(f"lwcbench: cannot write --out {out_dir}: "), err
    assert cli.main(["report", str(tmp_path / "r.json"), "--baseline", "none", "--out",
                     str(tmp_path / "o"), "--no-plots"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith(f"wrote {tmp_path / 'o'}/ (")

    def full(path, data):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(export, "write_json", full)  # a write that fails midway
    assert cli.main(["report", str(tmp_path / "r.json"), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert err == f"lwcbench: cannot write the results in {tmp_path / 'o'}: " \
                  "[Errno 28] No space left on device\n"


def test_a_named_target_that_cannot_run_is_an_error(tmp_path, monkeypatch, capsys):
    """A target named with --target whose tools are missing after the
    set-up: exit 2, the reason on one line, nothing measured or written."""
    from harness.bench import cli
    monkeypatch.setenv("LWC_NO_SETUP", "1")
    monkeypatch.setattr(TARGETS["rv32i-qemu"], "tools_missing", lambda self: "no simulator here")
    out = tmp_path / "s.json"
    rc = cli.main(["run", "--target", "rv32i-qemu", "--json", str(out), "--out", "none"])
    err = capsys.readouterr().err
    assert rc == 2
    assert err.strip().splitlines() == ["lwcbench: rv32i-qemu cannot run: no simulator here"]
    assert not out.exists()


def test_set_up_runs_before_any_target_is_made(monkeypatch, capsys):
    """The first run on a bare machine: the set-up installs the compilers,
    and only then are the target objects made (a fresh machine's first run
    used to skip every QEMU target: their libgcc was looked up before)."""
    from harness.bench import cli, install
    events = []
    monkeypatch.setattr(install, "setup",
                        lambda profiles: events.append(("set-up", tuple(profiles))) or [])
    cls = TARGETS["rv32i-qemu"]
    made = cls.__init__

    def init(self, settings=None):
        events.append(("made", self.name))
        made(self, settings)
    monkeypatch.setattr(cls, "__init__", init)
    rc = cli.main(["run", "--target", "rv32i-qemu", "--scheme", "ascon-p6", "--impl", "bi32",
                   "--suite", "permutation", "--out", "none"])
    assert rc == 0, capsys.readouterr()
    assert events[:2] == [("set-up", ("core", "qemu")), ("made", "rv32i-qemu")]


def test_a_target_holds_no_answer_from_before_the_set_up(monkeypatch):
    """A QEMU target made while its compiler is missing sees it once it is
    there: libgcc is looked up when asked, and a miss is not remembered."""
    from harness.bench.targets import qemu
    monkeypatch.setattr(qemu, "_LIBGCC", {})
    real_which = qemu.shutil.which
    monkeypatch.setattr(qemu.shutil, "which", lambda tool: None)
    t = TARGETS["rv32i-qemu"]()
    assert "riscv64-unknown-elf-gcc not found" in t.tools_missing()
    assert not any(f.endswith("libgcc.a") for f in t.ldflags)
    monkeypatch.setattr(qemu.shutil, "which", real_which)  # "installed" now
    assert t.tools_missing() is None
    assert any(f.endswith("libgcc.a") for f in t.ldflags)


def test_a_default_target_that_cannot_run_fails_the_run(tmp_path, monkeypatch, capsys):
    """In the default run a target that cannot run after the set-up is a
    failure (exit 1, said in the summary and the JSON), unlike a real board
    without a port, which the machine simply lacks (skipped, exit 0)."""
    from harness.bench import cli
    monkeypatch.setenv("LWC_NO_SETUP", "1")
    for name, t in TARGETS.items():
        if name not in ("rv32i-qemu", "rv32-zbb-qemu"):
            monkeypatch.setattr(t, "is_available", lambda self: (False, "not in this test"))
            monkeypatch.setattr(t, "machine_lacks", lambda self: True)
    monkeypatch.setattr(TARGETS["rv32-zbb-qemu"], "tools_missing", lambda self: "no simulator here")
    out = tmp_path / "s.json"
    rc = cli.main(["run", "--scheme", "ascon-p6", "--impl", "bi32", "--suite", "permutation",
                   "--json", str(out), "--out", "none"])
    text = capsys.readouterr().out
    assert rc == 1, text
    assert "rv32-zbb-qemu: CANNOT RUN: no simulator here" in text
    assert "FAILED rv32-zbb-qemu: cannot run: no simulator here" in text
    assert "avr-atmega128: skipped: not in this test" in text
    data = json.loads(out.read_text())
    assert {r["target"] for r in data["results"]} == {"rv32i-qemu"}
    env = data["environment"]["targets"]
    assert env["rv32-zbb-qemu"] == {"skipped": "no simulator here", "failed": True}
    assert env["avr-atmega128"] == {"skipped": "not in this test"}
    assert {"target": "rv32-zbb-qemu", "impl": None, "status": "unavailable",
            "detail": "no simulator here"} in data["failures"]
    # the same run without the broken target passes: a lacking board is no failure
    monkeypatch.setattr(TARGETS["rv32-zbb-qemu"], "machine_lacks", lambda self: True)
    rc = cli.main(["run", "--scheme", "ascon-p6", "--impl", "bi32", "--suite", "permutation",
                   "--json", str(out), "--out", "none"])
    assert rc == 0, capsys.readouterr().out


@pytest.mark.parametrize("args,why", [
    (["--target", "rv32i-qemu", "--scheme", "ascon-aead128", "--impl", "asm_xtensa_fsr"],
     "no selected implementation (ascon-aead128/asm_xtensa_fsr) builds for rv32i-qemu"),
    (["--target", "rv32i-qemu", "--scheme", "ascon-aead128", "--suite", "permutation"],
     "the suite(s) permutation measure no aead operation"),
])
def test_a_run_that_measures_nothing_exits_2(args, why, tmp_path, monkeypatch, capsys):
    """Like ct: a selection without a single job is a usage error, said on
    one line, and the results folder is left as it was."""
    from harness.bench import cli
    monkeypatch.setenv("LWC_NO_SETUP", "1")
    out = tmp_path / "res"
    rc = cli.main(["run", *args, "--out", str(out)])
    err = capsys.readouterr().err
    assert rc == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("lwcbench: nothing to measure: ") \
        and why in lines[0], err
    assert not out.exists()


def write_extra_impls(root):
    """crypto_hash/ascon-hash256/{broken,crashy,nocompile} outside the tree."""
    scheme = root / "crypto_hash" / "ascon-hash256"
    scheme.mkdir(parents=True)
    (scheme / "scheme.h").write_text((ROOT / "crypto_hash/ascon-hash256/scheme.h").read_text())
    sources = {
        # wrong output: one round fewer between message blocks
        "broken": '#include "api.h"\n#include "ascon/backend_ref.h"\n'
                  '#undef ASCON_PB\n#define ASCON_PB 11\n#include "ascon/hash_mode.h"\n',
        # right output for the KAT inputs (<= 1024 bytes), traps on 32 KiB
        "crashy": '#include "api.h"\n#include "ascon/backend_ref.h"\n'
                  '#undef LWC_NAMESPACE\n#define LWC_NAMESPACE inner\n'
                  '#include "ascon/hash_mode.h"\n'
                  'static int crashy_update(lwc_hash_ctx *c, const uint8_t *in, size_t n) {\n'
                  '  if (n > 4096) __builtin_trap();\n'
                  '  return ascon_hash_update(c, in, n);\n}\n'
                  'const lwc_hash ascon_hash256_crashy_lwc_hash_desc = {\n'
                  '    LWC_SCHEME_NAME, LWC_IMPL_NAME, ASCON_HASH_KIND, CRYPTO_BYTES,\n'
                  '    ASCON_MAX_CUSTOM, ascon_hash_init, crashy_update, ascon_hash_squeeze};\n',
        "nocompile": '#include "api.h"\n#error deliberately broken\n',
    }
    for name, src in sources.items():
        d = scheme / name
        d.mkdir()
        (d / "api.h").write_text('#include "../scheme.h"\n')
        (d / "architectures").write_text("any\n")
        (d / "hash.c").write_text(src)


def test_a_qemu_target_whose_every_job_failed_is_titled_by_instructions(tmp_path):
    """Its tables were titled "cycles per byte" (no record held a count):
    the title comes from the target's metric, and the JSON says which
    counters each target has."""
    extra = tmp_path / "extra"
    write_extra_impls(extra)
    r = lwcbench("run", "--target", "rv32i-qemu", "--scheme", "ascon-hash256", "--impl",
                 "nocompile", "--suite", "thesis", "--json", "r.json", "--out", "none",
                 cwd=tmp_path, env={"LWC_EXTRA_IMPLS": str(extra)})
    assert r.returncode == 1, r.stdout + r.stderr
    assert "rv32i-qemu: instructions per byte (qemu plugin, one operation) -- 16 B" in r.stdout
    assert "cycles" not in r.stdout
    env = json.loads((tmp_path / "r.json").read_text())["environment"]
    assert env["targets"]["rv32i-qemu"]["counters"] == ["instructions"]


def test_failing_implementations_are_reported_and_the_run_goes_on(tmp_path):
    extra = tmp_path / "extra"
    write_extra_impls(extra)
    out = tmp_path / "e.json"
    r = lwcbench("run", "--target", "host", "--scheme", "ascon-hash256", "--quick",
                 "--suite", "thesis", "--json", str(out), "--out", "none",
                 env={"LWC_EXTRA_IMPLS": str(extra)})
    assert r.returncode == 1, r.stdout + r.stderr
    recs = json.loads(out.read_text())["results"]
    by_impl = {}
    for rec in recs:
        by_impl.setdefault(rec["impl"], []).append(rec)
    tree = {i.name for i in host_impls() if i.scheme == "ascon-hash256"}  # incl. ISA variants
    assert {"ref", "opt64", "bi32", "lowsize"} <= tree
    assert set(by_impl) == tree | {"broken", "crashy", "nocompile"}
    for name in tree:  # still measured
        assert len(by_impl[name]) == 2
        for rec in by_impl[name]:
            check_measured(rec)
    for rec in by_impl["broken"]:  # KAT failure: not measured
        assert (rec["kat"], rec["status"], rec["cycles"], rec["samples"]) == \
            ("fail", "kat-failed", None, 0)
        assert "Count = " in rec["error"] and "differs from the official output" in rec["error"]
    assert {rec["status"] for rec in by_impl["crashy"]} == {"crashed"}
    assert {rec["kat"] for rec in by_impl["crashy"]} == {"pass"}
    assert "SIG" in by_impl["crashy"][0]["error"]
    for rec in by_impl["nocompile"]:
        assert (rec["status"], rec["kat"], rec["cycles"]) == ("build-failed", "skipped", None)
    assert "KAT FAIL" in r.stdout and "CRASH" in r.stdout and "BUILD FAIL" in r.stdout
    assert "FAILED host ascon-hash256/broken: kat-failed" in r.stdout
    assert not (ROOT / "crypto_hash" / "ascon-hash256" / "broken").exists()


# -- hostile targets: crash, hang, garbage, interrupted or failed writes ---------

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
    scheme = root / "crypto_hash" / "ascon-hash256"
    scheme.mkdir(parents=True)
    (scheme / "scheme.h").write_text((ROOT / "crypto_hash/ascon-hash256/scheme.h").read_text())
    for name in names:
        d = scheme / name
        d.mkdir()
        (d / "api.h").write_text('#include "../scheme.h"\n')
        (d / "architectures").write_text("any\n")
        stdio = "#include <stdio.h>\n" if "stdout" in HOSTILE[name] else ""  # host only
        (d / "hash.c").write_text(
            f'{stdio}#include "api.h"\n#include "ascon/backend_ref.h"\n'
            f'#undef LWC_NAMESPACE\n#define LWC_NAMESPACE inner_{name}\n'
            '#include "ascon/hash_mode.h"\n'
            'void bench_put_line(const char *line);\n'
            'static int hostile_update(lwc_hash_ctx *c, const uint8_t *in, size_t n) {\n'
            f'  {HOSTILE[name]}\n'
            '  return ascon_hash_update(c, in, n);\n}\n'
            f'const lwc_hash ascon_hash256_{name}_lwc_hash_desc = {{\n'
            '    LWC_SCHEME_NAME, LWC_IMPL_NAME, ASCON_HASH_KIND, CRYPTO_BYTES,\n'
            '    ASCON_MAX_CUSTOM, ascon_hash_init, hostile_update, ascon_hash_squeeze};\n')


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


def test_results_paths_that_cannot_be_written_are_refused_before_the_run(tmp_path):
    (tmp_path / "dir").mkdir()
    (tmp_path / "file").write_text("x")
    r = lwcbench("run", "--target", "host", "--json", str(tmp_path / "dir"))
    assert r.returncode == 2 and "it is a folder" in r.stderr and r.stdout == "", r.stderr
    r = lwcbench("run", "--target", "host", "--out", str(tmp_path / "file"))
    assert r.returncode == 2 and "is not a folder" in r.stderr and r.stdout == "", r.stderr
    for bad in ("0", "-1", "nan", "inf"):
        r = lwcbench("run", "--target", "host", "--timeout", bad)
        assert r.returncode == 2 and "--timeout must be a positive" in r.stderr, r.stderr


def test_auth_records_carry_the_input_limit(tmp_path):
    """The keyed functions' records say their input limit (the goals table
    judges a bounded one per call): PrfShort 16, measured up to 16 bytes;
    Mac 0, measured at 32 KiB."""
    r = lwcbench("run", "--target", "host", "--scheme", "ascon-prfs-v13", "--scheme",
                 "ascon-mac-v13", "--impl", "ref", "--suite", "thesis", "--json", "a.json",
                 "--out", "none", "--quick", "--no-plots", "--baseline", "none", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    recs = json.loads((tmp_path / "a.json").read_text())["results"]
    limits = {(x["scheme"], x["max_inbytes"]) for x in recs if x["op"] == "auth"}
    assert limits == {("ascon-prfs-v13", 16), ("ascon-mac-v13", 0)}
    assert max(x["mlen"] for x in recs if x["scheme"] == "ascon-prfs-v13") == 16
    assert max(x["mlen"] for x in recs if x["scheme"] == "ascon-mac-v13") == 32768


def test_json_into_a_pipe_or_through_a_link(tmp_path):
    """A pipe or a device (/dev/null, /dev/stdout) is written into, never
    replaced by a regular file; a symbolic link keeps pointing at its
    target, which gets the new content."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    report.write_json(str(fifo), {"results": [], "environment": {}})
    reader.join(timeout=30)
    assert json.loads(got[0]) == {"results": [], "environment": {}}
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["fifo"]
    target, link = tmp_path / "target.json", tmp_path / "link.json"
    target.write_text("old")
    link.symlink_to(target)
    report.write_json(str(link), {"results": [2], "environment": {}})
    assert link.is_symlink() and json.loads(target.read_text())["results"] == [2]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "link.json", "target.json"]


def test_garbled_answers_are_recognised():
    """What unexpected_answer() and the KAT judge make of output that is
    not the protocol (no program needed)."""
    from harness.bench.session import Response
    from harness.bench.targets import Point
    from harness.bench.targets.base import unexpected_answer
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


def test_list_shows_every_target():
    """By default one line per target (it was 400 lines): availability,
    the implementations counted by kind (in lwc.h's order of the descriptor
    types, the MACs and PRFs last), the reason; --verbose lists them."""
    r = lwcbench("list")
    assert r.returncode == 0, r.stderr
    *lines, hint = r.stdout.splitlines()
    assert hint.startswith("each scheme's implementations: ./lwcbench list --verbose")
    heads = [ln.split()[:2] for ln in lines]
    assert [h[0] for h in heads] == CONTRACT_TARGETS + BOARDS + WAIT_STATE_VARIANTS
    host = next(i for i in lines if i.startswith("host "))
    n = {k: sum(1 for i in discover() if i.kind == k and TARGETS["host"]().supports(i))
         for k in ("aead", "hash", "perm", "auth")}
    assert n["auth"] > 0
    assert f" {sum(n.values())} implementations (aead {n['aead']}, hash {n['hash']}, " \
           f"perm {n['perm']}, auth {n['auth']})  " in host
    verbose = lwcbench("list", "--verbose")
    assert verbose.returncode == 0, verbose.stderr
    assert "  ascon-aead128: ref opt64 bi32 lowsize" in verbose.stdout
    assert "  ascon-mac-v13: ref opt64 bi32 lowsize" in verbose.stdout
    assert len(verbose.stdout.splitlines()) > 3 * len(TARGETS)
    # ./run-tests set up all; a real board waits for its --port
    assert all(state == "available" for name, state in heads
               if name not in ("nucleo-f103rb", "mega2560")), r.stdout


def test_list_counts_only_the_kinds_a_target_has():
    """A kind with no implementation is left out of the counts; an unknown
    kind (none today) would come after lwc.h's four."""
    from harness.bench import cli
    fake = [type("I", (), {"kind": k})() for k in ("auth", "perm", "zeta", "aead", "auth")]
    assert cli.impl_counts(fake) == "5 implementations (aead 1, perm 1, auth 2, zeta 1)"
    assert cli.impl_counts(fake[:1]) == "1 implementation (auth 1)"
    assert cli.impl_counts([]) == "0 implementations"


def test_version_is_in_the_help_and_answered_without_the_launcher(capsys):
    """./lwcbench --help lists --version; the parser answers it as the
    launcher does (which answers a lone --version itself), e.g. for
    python3 -m harness.bench --version, and before any subcommand."""
    from harness.bench import cli
    from harness.version import project_version
    r = lwcbench("--help")
    assert r.returncode == 0 and "--version" in r.stdout.split("options:")[1], r.stdout
    want = f"lwcbench {project_version()}\n"
    for argv in (["--version"], ["--version", "list", "--target", "host"]):
        with pytest.raises(SystemExit) as e:
            cli.main(argv)
        assert e.value.code == 0 and capsys.readouterr().out == want, argv
    r = subprocess.run([sys.executable, "-m", "harness.bench", "--version"], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert (r.returncode, r.stdout, r.stderr) == (0, want, "")
    r = lwcbench("--version")  # the launcher's own answer: the same
    assert (r.returncode, r.stdout, r.stderr) == (0, want, "")


def test_list_filters_by_target_and_scheme(capsys):
    from harness.bench import cli
    assert cli.main(["list", "--target", "rv32i-qemu", "--target", "host",
                     "--scheme", "ascon-aead128", "--scheme", "ascon-p6"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [ln.split()[0] for ln in lines] == ["rv32i-qemu", "ascon-aead128:", "ascon-p6:",
                                              "host", "ascon-aead128:", "ascon-p6:"]
    assert lines[1].split()[1:] == [i.name for i in cli.all_impls()
                                    if i.scheme == "ascon-aead128"
                                    and TARGETS["rv32i-qemu"]().supports(i)]
    assert cli.main(["list", "--scheme", "ascon-p6"]) == 0
    out = capsys.readouterr().out
    assert all(ln.startswith(("  ascon-p6: ", "  implementations: the same "))
               for ln in out.splitlines() if ln.startswith(" "))
    assert sum(1 for ln in out.splitlines() if not ln.startswith(" ")) == len(TARGETS)
    for argv, word in ((["--target", "nope"], "target"), (["--scheme", "nope"], "scheme")):
        assert cli.main(["list", *argv]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"lwcbench: unknown {word} 'nope' (valid: ") and err.count("\n") == 1


@pytest.mark.parametrize("argv", [["run", "--bogus"], ["report", "r.json", "--bogus"],
                                  ["list", "--bogus", "x"], ["ct", "--bogus"],
                                  ["export", "supercop", "d", "--bogus"]])
def test_an_unknown_option_prints_its_subcommands_usage(argv, capsys):
    """It printed the top-level usage, which names no option of the
    subcommand; exit status 2 as before."""
    from harness.bench import cli
    with pytest.raises(SystemExit) as e:
        cli.main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: lwcbench {argv[0]} ")
    assert err.strip().splitlines()[-1] == \
        f"lwcbench {argv[0]}: error: unrecognized arguments: {' '.join(argv[argv.index('--bogus'):])}"


def test_every_option_of_every_subcommand_has_a_help_text():
    """report's --baseline and --no-plots, profile's --target, --scheme...
    showed in --help with no word on them."""
    import argparse
    from harness.bench import cli
    ap = cli.parser()
    subs = next(a for a in ap._actions if isinstance(a, argparse._SubParsersAction))
    bare = [(name, a.option_strings or a.dest) for name, p in subs.choices.items()
            for a in p._actions if not a.help]
    assert bare == []
    assert {"run", "report", "list", "worker", "ct", "fuzz", "export", "host-compare",
            "profile"} <= set(subs.choices)


def test_target_registry_matches_contract():
    assert list(TARGETS) == CONTRACT_TARGETS + BOARDS + WAIT_STATE_VARIANTS
    for name, cls in TARGETS.items():
        t = cls()
        assert t.name == name and t.metric and t.description
        # simulators count exactly; rdtsc and a real board's counter do not
        assert t.exact == (name not in ("host", "nucleo-f103rb", "mega2560"))


# -- the target-side program -----------------------------------------------------

def run_bench(requests, *args):
    r = subprocess.run([str(bin_dir("release") / "lwc-bench"), *args],
                       input="".join(q + "\n" for q in requests), capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()


def test_lwc_bench_protocol():
    lines = run_bench(["hello", "measure ascon-aead128 ref decrypt 0 16 5",
                       "measure ascon-hash256 opt64 hash 0 32768 3", "measure nosuch ref hash 0 16 5",
                       "measure ascon-aead128 ref hash 0 16 5", "measure ascon-hash256 ref hash 1 16 5",
                       "bogus", "x" * 300, "quit", "hello"])
    assert len(lines) == 9  # nothing after quit
    assert lines[0].startswith("ok lwc-bench protocol=2 ")
    f = dict(t.split("=", 1) for t in lines[1].split()[1:])
    assert (f["scheme"], f["impl"], f["op"], f["mlen"], f["samples"], f["mode"]) == \
        ("ascon-aead128", "ref", "decrypt", "16", "5", "oneshot")
    if X86:
        assert int(f["cycles_min"]) <= int(f["cycles"]) <= int(f["cycles_max"])
    assert lines[2].startswith("ok scheme=ascon-hash256 impl=opt64 op=hash adlen=0 mlen=32768 ")
    assert [ln.split()[0] for ln in lines[3:8]] == ["err"] * 5
    assert lines[7] == "err request too long"
    assert lines[8] == "ok bye"
    one = subprocess.run([str(bin_dir("release") / "lwc-bench"), "measure", "ascon-xof128",
                          "bi32", "hash", "0", "16", "3"], capture_output=True, text=True)
    assert one.returncode == 0 and one.stdout.startswith("ok scheme=ascon-xof128 impl=bi32")


def test_the_random_bytes_a_masked_implementation_draws_are_counted():
    """A measure answer carries random_bytes, what the firmware's source
    handed out per operation: each more block of Ascon-AEAD128 (one p^8)
    draws 8 rounds' words, in the C one per pair of shares and AND (DOM):
    10 a round with 2 shares, 30 with 3; unmasked, none."""
    impls = ("masked", "masked3", "ref")
    lines = run_bench([f"measure ascon-aead128 {i} encrypt 0 {n} 3"
                       for i in impls for n in (16, 1600)])
    f = [dict(t.split("=", 1) for t in ln.split()[1:]) for ln in lines]
    for k, words in enumerate((10, 30)):
        short, long = int(f[2 * k]["random_bytes"]), int(f[2 * k + 1]["random_bytes"])
        assert long - short == (1600 // 16 - 1) * 8 * words * 4, impls[k]
    assert "random_bytes" not in f[4] and "random_bytes" not in f[5]


def test_stream_mode_beyond_the_buffers_matches_oneshot_work():
    """Inputs longer than BENCH_MAX_LEN go through the incremental API; the
    streamed decryption must verify (the target computes its valid tag)."""
    lines = run_bench(["measure ascon-aead128 ref decrypt 40000 40000 3",
                       "stack ascon-aead128 ref encrypt 40000 40000"])
    assert lines[0].startswith("ok ") and "mode=stream" in lines[0], lines
    assert lines[1].startswith("ok ") and int(lines[1].split("stack=")[1]) > 0


@pytest.mark.parametrize("impl", [i for i in host_impls() if i.name == "ref" or i.kind == "perm"],
                         ids=lambda i: f"{i.scheme}/{i.name}")
def test_on_target_kat_matches_the_official_file(impl):
    """Every ref implementation, and every bare permutation (checked through
    the official file of a scheme built on it), on the host."""
    lines = run_bench([request(impl), "quit"])
    ok = [ln for ln in lines if ln.startswith(("ok", "err"))][0]
    from harness.bench.session import Response
    resp = Response("kat", ok if ok.startswith("ok") else None,
                    [ln for ln in lines if ln.startswith("k ")],
                    None if ok.startswith("ok") else ok)
    result = judge(impl, resp)
    assert result.passed, result.detail


def test_a_failed_kat_stops_measurement():
    impl = next(i for i in discover() if i.scheme == "ascon-aead128" and i.name == "ref")
    wrong = request(impl)[:-8] + "00000000"  # the expected total CRC altered
    lines = run_bench([wrong, "measure ascon-aead128 ref encrypt 0 16 3",
                       "stack ascon-aead128 ref encrypt 0 16"])
    tail = [ln for ln in lines if not ln.startswith("k ")]
    assert tail == ["err KAT outputs differ from the file",
                    "err the KAT failed: not measured", "err the KAT failed: not measured"]
    # the host judges each entry: one altered CRC names its Count
    entries = [ln for ln in lines if ln.startswith("k ")]
    entries[41] = entries[41][:-1] + ("0" if entries[41][-1] != "0" else "1")
    from harness.bench.session import Response
    result = judge(impl, Response("kat", "ok entries=1089", entries))
    assert not result.passed and "Count = 42 differs" in result.detail
    assert not judge(impl, Response("kat", "ok entries=1088", entries[:-1])).passed


def test_counter_loop_and_overhead_answer():
    lines = run_bench(["loop 0 5", "loop 1000 5", "overhead 5"])
    assert [ln.split()[1] for ln in lines] == ["op=loop", "op=loop", "op=overhead"]
    assert "body=3" in lines[0]


# -- reporting (no build) ------------------------------------------------------

def _rec(impl, scheme, op, mlen, cycles, status="ok"):
    return {"target": "host", "scheme": scheme, "impl": impl, "op": op, "adlen": 0,
            "mlen": mlen, "cycles": cycles, "samples": 33, "status": status,
            "cycles_min": cycles, "instructions": None}


def test_table_averages_encrypt_and_decrypt_and_compares_with_baseline():
    recs = [_rec("ref", "ascon128-v12", "encrypt", 16, 1600),
            _rec("ref", "ascon128-v12", "decrypt", 16, 1760),   # mean 105 c/B
            _rec("opt64", "ascon128-v12", "encrypt", 16, 800),
            _rec("opt64", "ascon128-v12", "decrypt", 16, 880),  # mean 52.5 c/B: -50 %
            _rec("ref", "asconhash-v12", "hash", 16, 3200),     # 200 c/B
            _rec("opt64", "asconhash-v12", "hash", 16, None, status="kat-failed")]
    text = report.tables(recs, {"host": "host rdtsc"}, "ref")
    lines = text.splitlines()
    assert lines[0].startswith("host: cycles per byte (host rdtsc, median of 33 samples) -- 16 B")
    assert lines[1].split() == ["impl", "ascon128-v12", "asconhash-v12"]
    assert lines[2].split() == ["ref", "105.00", "200.00"]
    assert lines[3].split() == ["opt64", "52.50", "(-50.0%)", "KAT", "FAIL"]
    assert "%)" not in report.tables(recs, {}, None)


def test_thesis_columns_come_first():
    recs = [_rec("ref", s, "hash", 32768, 32768) for s in
            ["ascon-hash256", "asconhash-v12", "asconhasha-v12", "ascon128-v12", "ascon128a-v12",
             "zz-new-scheme"]]
    lines = report.tables(recs, {}, None).splitlines()
    heads = [ln.split()[1:] for ln in lines if ln.startswith("impl")]
    assert heads == [["ascon128a-v12", "ascon128-v12", "asconhasha-v12", "asconhash-v12"],
                     ["ascon-hash256"], ["zz-new-scheme"]]


def test_json_is_replaced_atomically(tmp_path):
    path = tmp_path / "r.json"
    path.write_text("old")
    report.write_json(str(path), {"results": [1], "environment": {}})
    assert json.loads(path.read_text()) == {"results": [1], "environment": {}}
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_progress_without_terminal_prints_one_line_per_finished_job():
    out = io.StringIO()
    p = Progress(4, stream=out, width=8)
    p.start(0, "host a/ref")
    p.start(1, "host a/opt64")
    p.end(1, "host a/opt64 ok")
    p.end(0, "host a/ref ok")
    p.finish()
    lines = out.getvalue().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("[##......]  25% ") and lines[0].endswith(
        "| 1/4 jobs | host a/opt64 ok")
    assert lines[1].startswith("[####....]  50% ") and lines[1].endswith(
        "| 2/4 jobs | host a/ref ok")
    assert "left" in lines[1]  # an estimate once something finished


def test_progress_advances_by_expected_cost():
    """A long job weighs what it costs: the bar moves by weights, not jobs;
    a job answered from the cache is done too: it moves the bar by its weight."""
    out = io.StringIO()
    p = Progress(3, stream=out, width=10, weights=[90.0, 5.0, 5.0])
    assert p.eta() is None  # nothing finished: no estimate
    p.end(1, "qemu x ok")
    assert p.fraction() == pytest.approx(0.05)
    p.end(2, "qemu y ok", reused=True)
    assert p.fraction() == pytest.approx(0.10)
    p.end(0, "ibex z ok")
    assert p.fraction() == pytest.approx(1.0)
    assert out.getvalue().splitlines()[-1].startswith("[##########] 100% ")


def test_progress_moves_when_every_job_comes_from_the_cache():
    """A warm run: every job answered from the results cache.  The bar goes
    from 0 to 100% by the jobs' weights (it stayed at 0% until the end),
    and no estimate of the time left is made from jobs that cost nothing."""
    out = io.StringIO()
    p = Progress(4, stream=out, width=10, weights=[60.0, 20.0, 10.0, 10.0])
    shown = []
    for n in (1, 0, 3, 2):
        p.end(n, f"qemu {n} ok (reused)", reused=True)
        shown.append(round(p.fraction(), 3))
        assert p.eta() is None
    assert shown == [0.2, 0.8, 0.9, 1.0]
    lines = out.getvalue().splitlines()
    assert [ln[:17] for ln in lines] == ["[##........]  20%", "[########..]  80%",
                                        "[#########.]  90%", "[##########] 100%"]
    assert not any("left" in ln for ln in lines)


def test_progress_estimate_counts_only_measured_cost(monkeypatch):
    """Half the cost answered from the cache at once, then a quarter
    measured in 10 s: a quarter remains, about 10 s (the cache's half does
    not make the measured rate look twice as fast)."""
    from harness.bench import runner
    now = [100.0]
    monkeypatch.setattr(runner.time, "monotonic", lambda: now[0])
    p = Progress(3, stream=io.StringIO(), weights=[50.0, 25.0, 25.0])
    p.start(1, "b")
    p.end(0, "a", reused=True)
    assert p.fraction() == pytest.approx(0.5) and p.eta() is None
    now[0] += 10
    p.end(1, "b")
    assert p.fraction() == pytest.approx(0.75)
    assert p.eta() == pytest.approx(10.0)


def test_progress_estimate_plays_out_the_schedule(monkeypatch):
    """Two threads, a long job and six short ones: when the first short
    one ends, the long one holds a thread for 25 s more and the other
    thread runs the five short ones left meanwhile: 25 s, not the 60 s
    that the time so far scaled by the cost left would say.  The jobs that
    run alone first (a noisy clock) are added one after the other."""
    from harness.bench import runner
    now = [0.0]
    monkeypatch.setattr(runner.time, "monotonic", lambda: now[0])
    p = Progress(7, stream=io.StringIO(), weights=[30.0] + [5.0] * 6, workers=2)
    p.start(0, "long")
    p.start(1, "short")
    now[0] = 5.0
    p.end(1, "short")
    assert p.eta() == pytest.approx(25.0)
    p.start(2, "short")
    now[0] = 12.5  # 12.5 s for 10 s of weights: the rest costs 1.25 times its weight
    p.end(2, "short")
    assert p.eta() == pytest.approx(max(30 * 1.25 - 12.5, 4 * 5 * 1.25))
    q = Progress(4, stream=io.StringIO(), weights=[2.0, 2.0, 10.0, 10.0], workers=2,
                 lone={0, 1})
    q.start(0, "host")
    now[0] += 2
    q.end(0, "host")
    assert q.eta() == pytest.approx(2 + 10)  # the other lone job, then both in parallel


def test_progress_scales_each_target_by_its_own_jobs(monkeypatch):
    """The host's jobs taking twice their weights says nothing of a
    simulator's: its jobs keep their weights until one of them is measured,
    then take that target's own pace (a target not measured yet: the pace
    of the parallel jobs measured so far)."""
    from harness.bench import runner
    now = [0.0]
    monkeypatch.setattr(runner.time, "monotonic", lambda: now[0])
    p = Progress(5, stream=io.StringIO(), weights=[1.0, 1.0, 10.0, 10.0, 4.0], workers=2,
                 lone={0, 1}, groups=["host", "host", "ibex", "ibex", "avr"])
    p.start(0, "host")
    now[0] = 2.0
    p.end(0, "host")
    # the other host job (2 s at the host's pace), then ibex 10 and 10 on the two
    # workers, avr 4 after one of them, all at their weights
    assert p.eta() == pytest.approx(2.0 + 10.0 + 4.0)
    p.start(1, "host")
    now[0] = 4.0
    p.end(1, "host")
    p.start(2, "ibex")
    p.start(3, "ibex")
    now[0] = 34.0  # ibex: 30 s for a weight of 10
    p.end(2, "ibex")
    assert p.eta() == pytest.approx(max(3 * 10 - 30, 3 * 4))  # avr at the parallel pace too


def test_progress_first_estimate_is_the_run_time_of_a_small_run():
    """A small run on two threads through each(): a long job started first
    and six short ones beside it.  The estimate made when the first job
    ends, added to the time so far, is the run's time within a quarter."""
    from harness.bench.runner import each

    class Fake:
        parallel, job_weight, name = True, 1.0, "fake"

    seconds = [1.2] + [0.2] * 6
    jobs = [(Fake(), n) for n in range(len(seconds))]
    p = Progress(len(jobs), stream=io.StringIO(), weights=seconds, workers=2)
    first = []
    t0 = time.monotonic()

    def one(n, _t, _i):
        p.start(n, f"job {n}")
        time.sleep(seconds[n])
        p.end(n, f"job {n} ok")
        if not first:
            first.append(time.monotonic() - t0 + p.eta())

    each(jobs, one, workers=2, weights=seconds)
    total = time.monotonic() - t0
    assert total == pytest.approx(1.2, rel=0.25)
    assert first[0] == pytest.approx(total, rel=0.25)


def test_expected_seconds_prefer_the_last_run():
    from harness.bench.runner import expected_seconds, job_label
    t = TARGETS["rv32-ibex"]()
    q = TARGETS["rv32i-qemu"]()
    (impl,) = [i for i in discover() if (i.scheme, i.name) == ("ascon-aead128", "bi32")]
    w = expected_seconds([(t, impl), (q, impl)], {job_label(t.name, impl): 7.5})
    assert w == [7.5, 0.3 * q.job_weight]


def test_results_folder_is_rebuilt_from_json(tmp_path):
    recs = [_rec("ref", "ascon128-v12", op, m, 100 * m + 7) for op in ("encrypt", "decrypt")
            for m in (1, 16, 64, 32768)]
    for r in recs:
        r.update(kat="pass", code_bytes=1000, stack_bytes=200, sets=["sweep"])
    (tmp_path / "r.json").write_text(json.dumps({"results": recs, "environment": {}}))
    r = lwcbench("report", str(tmp_path / "r.json"), "--out", str(tmp_path / "o"))
    assert r.returncode == 0, r.stderr
    names = sorted(p.name for p in (tmp_path / "o").rglob("*") if p.is_file())
    assert names == ["host-cycles-sweep.png", "host-cycles-sweep.svg", "host-cycles.png",
                     "host-cycles.svg", "index.html", "results.csv", "results.json", "results.md"]
    md = (tmp_path / "o" / "results.md").read_text()
    assert "| ref | 100.44 |" in md  # (1607 + 1607) / 2 / 16 at 16 B
    csv_lines = (tmp_path / "o" / "results.csv").read_text().splitlines()
    assert len(csv_lines) == 1 + len(recs) and csv_lines[0].startswith("target,scheme,impl")
    assert "host-cycles.svg" in (tmp_path / "o" / "index.html").read_text()
    assert export.to_csv([]) .startswith("target,")


def test_script_session_splits_answers_and_reports_a_crash_midway():
    class Fake(ScriptSession):
        def __init__(self, output, fail=None):
            super().__init__(timeout=5)
            self.output, self.fail, self.script = output, fail, None

        def execute(self, script, timeout):
            self.script = script
            if self.fail:
                e = SessionError(self.fail)
                e.output = self.output
                raise e
            return self.output

    s = Fake("ok lwc-bench protocol=2\nk 1 00\nok entries=1\nerr no\nok bye\n")
    got = s.run_all(["hello", "kat x y", "measure z"])
    assert s.script == b"hello\nkat x y\nmeasure z\nquit\n"
    assert [(g.ok, g.lines, g.error) for g in got] == [
        ("ok lwc-bench protocol=2", [], None), ("ok entries=1", ["k 1 00"], None),
        (None, [], "no")]
    got = Fake("ok lwc-bench protocol=2\nk 1 00\n", fail="timed out (600 s)").run_all(
        ["hello", "kat x y", "measure z"])
    assert got[0].ok and got[1].died and got[1].lines == ["k 1 00"] and got[2].died
    assert got[2].error == "timed out (600 s)"


def test_elf_patch_writes_the_script_symbol(tmp_path):
    src = tmp_path / "p.c"
    src.write_text('#include <stdio.h>\nconst volatile char bench_script[64] = "quit\\n";\n'
                   'int main(void) { for (int i = 0; bench_script[i]; i++) '
                   'putchar(bench_script[i]); return 0; }\n')
    subprocess.run(["gcc", "-O2", "-o", str(tmp_path / "p"), str(src)], check=True)
    patch_symbol(tmp_path / "p", tmp_path / "q", "bench_script", b"hello\nquit\n")
    out = subprocess.run([str(tmp_path / "q")], capture_output=True, text=True).stdout
    assert out == "hello\nquit\n"
    with pytest.raises(Exception, match="do not fit"):
        patch_symbol(tmp_path / "p", tmp_path / "r", "bench_script", b"x" * 65)


def test_a_missing_kat_file_means_not_measured(tmp_path, monkeypatch):
    """Nothing is measured before it passed its official KAT: without a KAT
    file the implementation is reported (NO KAT) and the run fails."""
    from harness.bench import cli
    from harness.discover import Impl
    monkeypatch.delenv("LWC_EXTRA_IMPLS", raising=False)
    monkeypatch.setattr(Impl, "kat_file", property(lambda self: tmp_path / "none.txt"))
    out = tmp_path / "m.json"
    monkeypatch.setenv("LWC_NO_SETUP", "1")
    rc = cli.main(["run", "--target", "host", "--scheme", "ascon-hash256", "--impl", "ref",
                   "--quick", "--json", str(out), "--out", "none"])
    assert rc == 1
    for rec in json.loads(out.read_text())["results"]:
        assert (rec["status"], rec["kat"], rec["cycles"], rec["samples"]) == \
            ("kat-missing", "skipped", None, 0)


def test_bad_job_count_exits_2():
    r = lwcbench("run", "--target", "host", "--jobs", "0")
    assert r.returncode == 2 and "--jobs must be at least 1" in r.stderr, r.stderr


# -- bare permutations ----------------------------------------------------------

def test_permutations_are_measured_once_per_call():
    assert [(p.op, p.adlen, p.mlen, p.sets) for p in points_for("perm")] == \
        [("permutation", 0, 0, ("permutation",)), ("null-permutation", 0, 0, ("permutation",))]
    assert points_for("perm", ("thesis", "sweep", "grid")) == []


def test_a_broken_permutation_fails_its_kat_and_the_others_are_measured(tmp_path):
    """ascon-p8 is checked through Ascon-AEAD128's official file; a p^8 that
    flips one state bit before permuting fails it and is not measured."""
    scheme = tmp_path / "extra" / "crypto_perm" / "ascon-p8"
    (scheme / "broken").mkdir(parents=True)
    for name in ("scheme.h", "kat-via", "via.c"):
        (scheme / name).write_text((ROOT / "crypto_perm/ascon-p8" / name).read_text())
    (scheme / "broken" / "api.h").write_text('#include "../scheme.h"\n')
    (scheme / "broken" / "architectures").write_text("any\n")
    (scheme / "broken" / "perm.c").write_text(
        '#include "api.h"\n#include "ascon/backend_ref.h"\n'
        "static void flip_then_permute(perm_state_t *s, unsigned n) {\n"
        "  s->x[2] ^= 1;\n  perm_permute(s, n);\n}\n"
        "#define perm_permute flip_then_permute\n#include \"ascon/perm_mode.h\"\n")
    out = tmp_path / "p.json"
    r = lwcbench("run", "--target", "host", "--scheme", "ascon-p8", "--quick", "--json", str(out),
                 "--out", "none", env={"LWC_EXTRA_IMPLS": str(tmp_path / "extra")})
    assert r.returncode == 1, r.stdout + r.stderr
    recs = {rec["impl"]: rec for rec in json.loads(out.read_text())["results"]}
    assert set(recs) == {"ref", "opt64", "bi32", "lowsize", "broken"}
    for name in ("ref", "opt64", "bi32", "lowsize"):
        rec = recs[name]
        assert (rec["scheme"], rec["op"], rec["adlen"], rec["mlen"]) == \
            ("ascon-p8", "permutation", 0, 0)
        check_measured(rec)
    bad = recs["broken"]
    assert (bad["kat"], bad["status"], bad["cycles"]) == ("fail", "kat-failed", None)
    assert "ascon-aead128.txt: Count = 1 differs" in bad["error"]
    assert "per call of the bare permutation" in r.stdout


def test_a_permutation_is_refused_by_a_scheme_that_does_not_use_it():
    assert run_bench(["measure ascon-p12 ref permutation 0 1 1"]) == \
        ["err a permutation takes no data"]
    lines = run_bench(["kat ascon-p8 ref 0 0 0 00000000 ascon-hash256",
                       "kat ascon-p8 ref 0 0 0 00000000",
                       "measure ascon-p12 ref permutation 0 1 1", "quit"])
    assert lines[:3] == ["err VIA does not use this permutation",
                         "err a permutation needs VIA",
                         "err the KAT failed: not measured"], lines


def test_jobs_start_longest_first_and_report_in_order():
    """Slow simulators' jobs start first (so the last job to finish is not a
    long one running alone); noisy targets run before, alone; records keep
    the order of the jobs."""
    from harness.bench import runner
    from harness.bench.targets import JobResult, Target
    started = []

    class Fake(Target):
        def __init__(self, name, weight, parallel=True):
            self.name, self.job_weight, self.parallel = name, weight, parallel

        def run_job(self, impl, points, quick=False):
            started.append(self.name)
            return JobResult(self.name, impl)

    impl = next(i for i in discover() if i.scheme == "ascon-p12" and i.name == "ref")
    quick, slow, noisy = Fake("quick", 1.0), Fake("slow", 20.0), Fake("noisy", 1.0, False)
    jobs = [(quick, impl), (slow, impl), (noisy, impl), (quick, impl), (slow, impl)]
    _records, outcomes = runner.run_jobs(jobs, Plan(suites=("permutation",), quick=True,
                                                    workers=1),
                                         Progress(len(jobs), stream=io.StringIO()))
    assert started == ["noisy", "slow", "slow", "quick", "quick"]
    assert [o.target for o in outcomes] == ["quick", "slow", "noisy", "quick", "slow"]


def test_published_figures_are_compared_and_labelled():
    """Rows with a published counterpart (harness/bench/published) get a
    table "measured / published (difference)" whose title says they are
    published figures; the 80pq column uses the thesis' Ascon-128 figure."""
    def rec(scheme, op, mlen, count):
        return {"target": "rv32i-qemu", "scheme": scheme, "impl": "opt64", "op": op,
                "adlen": 0, "mlen": mlen, "instructions": count, "cycles": None,
                "samples": 1, "status": "ok"}
    recs = [rec("ascon80pq-v12", "encrypt", 32768, 101.10 * 32768 * 1.1),
            rec("ascon80pq-v12", "decrypt", 32768, 101.10 * 32768 * 0.9),
            rec("asconhash-v12", "hash", 32768, 189.69 * 32768 / 2)]
    sections = list(report.published_sections(recs))
    assert len(sections) == 1
    title, groups = sections[0]
    assert title.startswith("rv32i-qemu: instructions per byte, measured here / published in "
                            "the thesis (not measured here)")
    cells = {h: c for rows in groups for h, c in zip(rows[0], rows[1])}
    assert cells["impl (published row)"] == "opt64 (c_opt64 (ascon-c))"
    assert cells["ascon80pq-v12"] == "101.10 / 101.10 (+0.0%)"
    assert cells["asconhash-v12"] == "94.84 / 189.69 (-50.0%)"
    assert "published" in report.tables(recs, {}, None)
    md = export.to_markdown({"results": [{**r, "code_bytes": None, "stack_bytes": None, "kat": "pass"}
                                         for r in recs], "environment": {}}, None)  # the folder too
    assert "| opt64 (c_opt64 (ascon-c)) |" in md and "101.10 / 101.10 (+0.0%)" in md


def test_progress_says_nothing_after_finish():
    """A job thread still ending after an interrupt must not write after the
    run's last word (seen: a progress line after 'lwcbench: interrupted')."""
    out = io.StringIO()
    p = Progress(2, stream=out, width=4)
    p.end(0, "x ok")
    p.finish()
    before = out.getvalue()
    p.start(1, "y")
    p.end(1, "y interrupted")
    p.note("late")
    assert out.getvalue() == before and p.done == 2


def test_the_plan_reaches_a_cluster_worker_whole():
    """The cluster ships the plan as plain data; the worker's copy is the
    run's plan (its targets made with the same settings)."""
    from harness.bench import cli
    from harness.bench.plan import plan_of
    for argv in (["run"], ["run", "--target", "rv32i-qemu", "--suite", "thesis", "--timeout",
                           "5", "--quick", "--fresh", "--out", "none", "--baseline", "none"]):
        args = cli.parse(argv)
        plan = plan_of(args, tuple(args.argv))
        copy = Plan.from_dict(json.loads(json.dumps(plan.as_dict())))
        assert copy == plan
        assert copy.settings() == plan.settings()


def test_builds_of_removed_extra_folders_are_deleted(tmp_path):
    """A build of extra implementations lists their folders; once those are
    gone, the next such build deletes it (the tests' temporary folders would
    pile up a build each), and leaves the others alone."""
    import shutil
    from harness.bench.impls import EXTRA_MANIFEST, extra_build
    base = tmp_path / "build" / "bench-extra-release"
    kept_root, gone_root = tmp_path / "kept", tmp_path / "gone"
    write_extra_impls(kept_root)
    write_extra_impls(gone_root)
    gone = extra_build(base, discover(gone_root))
    assert (gone / EXTRA_MANIFEST).read_text().splitlines() == sorted(
        str(i.path) for i in discover(gone_root))
    other = base.with_name("bench-extra-release-elsewhere")  # no list: not ours to judge
    other.mkdir()
    shutil.rmtree(gone_root)
    kept = extra_build(base, discover(kept_root))
    assert kept.is_dir() and other.is_dir() and not gone.exists()
    assert extra_build(base, discover(kept_root)) == kept and kept.is_dir()


def test_host_samples_follow_the_callgrind_counts(monkeypatch):
    """The host times an operation samples() times (201 up to 1 KiB, 33
    above) unless that passes SAMPLE_BUDGET instructions; then fewer, never
    below MIN_SAMPLES; without a count (no valgrind) as many as samples()
    says.  The counts are taken before the requests are written, and the
    requests and the judged answers ask the same numbers."""
    from harness.bench.targets import host
    from harness.bench.targets.base import Point
    t = host.HostTarget()
    impl = next(i for i in host_impls() if (i.scheme, i.name) == ("dumbo", "ref"))
    fast, mid, slow = Point("encrypt", 0, 16), Point("encrypt", 0, 1024), Point("encrypt", 0, 32768)
    counts = {fast: 5_000, mid: host.SAMPLE_BUDGET // 50, slow: host.SAMPLE_BUDGET * 3}
    seen = []

    def counted(impl_, program, points):
        seen.append(list(points))
        return counts, None, None
    monkeypatch.setattr(t, "instruction_counts", counted)
    monkeypatch.setattr(t, "_bins", {impl: pathlib.Path("lwc-bench")})
    t._counted[impl] = counted(impl, None, [fast, mid, slow])
    assert [t.point_samples(impl, p, False) for p in (fast, mid, slow)] == [201, 50,
                                                                           host.MIN_SAMPLES]
    assert t.point_samples(impl, slow, True) == host.MIN_SAMPLES
    reqs, _pts, _st = t.requests(impl, [fast, mid, slow], False, "kat")
    assert [q.rsplit(" ", 1)[1] for q in reqs if q.startswith("measure")] == \
        ["201", "50", str(host.MIN_SAMPLES)]
    t._counted.clear()
    assert [t.point_samples(impl, p, False) for p in (fast, mid, slow)] == [201, 201, 33]
    # run_job counts first (here: stopped right after, at the build)
    monkeypatch.setattr(t, "build", lambda i: (_ for _ in ()).throw(host.BuildError("stop")))
    seen.clear()
    t.run_job(impl, [fast, slow])
    assert seen == [[fast, slow]]


def test_progress_estimate_learns_how_much_the_cache_answers(monkeypatch):
    """A warm run: the host's jobs are measured (never cached), then a
    simulator's first job is answered from the results cache: the jobs
    left of every reusable target cost nothing more (the estimate falls
    from the full run to ~0); one of three measured: a third of its
    weights; a target whose jobs the cache cannot answer keeps its cost."""
    from harness.bench import runner
    now = [0.0]
    monkeypatch.setattr(runner.time, "monotonic", lambda: now[0])
    groups = ["host", "ibex", "ibex", "ibex", "ibex", "avr", "avr", "board"]
    weights = [2.0, 30.0, 30.0, 30.0, 30.0, 10.0, 10.0, 6.0]
    p = Progress(8, stream=io.StringIO(), weights=weights, workers=2, lone={0},
                 groups=groups, reusable={"ibex", "avr"})
    p.start(0, "host")
    now[0] = 2.0
    p.end(0, "host")
    # nothing known of the cache yet: full weights (ibex 30 + 30 on each thread, avr 10
    # on each, then the board's 6)
    assert p.eta() == pytest.approx(76.0)
    p.start(1, "ibex")
    p.end(1, "ibex", reused=True)
    # ibex and avr (not started: every reusable group's share) cost nothing; the board 6
    assert p.eta() == pytest.approx(6.0)
    for n in (2, 3):
        p.start(n, "ibex")
    now[0] = 32.0
    p.end(2, "ibex")           # measured: 30 s for a weight of 30
    p.end(3, "ibex", reused=True)
    # ibex: 1 of 3 measured; avr: not started, 1 of 3 of all reusable jobs
    assert p.measured_share("ibex") == pytest.approx(1 / 3)
    assert p.measured_share("avr") == pytest.approx(1 / 3)
    assert p.measured_share("board") == 1.0
    # heaviest first: ibex's 10 on one thread; avr's 10/3 twice and the board's 6 on the other
    assert p.eta() == pytest.approx(max(30 / 3, 2 * 10 / 3 + 6))
