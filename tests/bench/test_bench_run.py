"""./lwcbench run end to end (harness/bench/): the real command on the host
target (and a QEMU one) with --quick sample counts: what a run measures and
writes, the selections it refuses, the set-up before the targets, and the
failures it reports while the others are measured.  Deliberately broken
implementations are injected through LWC_EXTRA_IMPLS (a discovery root
outside the tree), so the failure paths are exercised for real: wrong
output (KAT failure), a crash while measuring and a compile error, a
permutation that fails its scheme's KAT, a missing KAT file.
"""
from __future__ import annotations

import json
import re

import pytest

from tests.helpers import ROOT, X86, hash_with_update, host_impls, lwcbench, write_impl
from harness.bench.targets import TARGETS
from harness.discover import discover

RECORD_KEYS = {"target", "scheme", "impl", "op", "adlen", "mlen", "cycles", "instructions",
               "samples", "kat", "code_bytes", "stack_bytes", "cycles_min", "cycles_max",
               "cycles_per_byte", "instructions_per_byte", "mode", "sets", "status"}


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
        # what was measured: the implementation's objects (host), no simulator
        assert re.fullmatch(r"[0-9a-f]{64}", rec["image_sha256"]) and \
            rec["simulator_sha256"] is None
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


def test_bad_job_count_exits_2():
    r = lwcbench("run", "--target", "host", "--jobs", "0")
    assert r.returncode == 2 and "--jobs must be at least 1" in r.stderr, r.stderr


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


# -- failing implementations ---------------------------------------------------


def write_extra_impls(root):
    """crypto_hash/ascon-hash256/{broken,crashy,nocompile} outside the tree."""
    sources = {
        # wrong output: one round fewer between message blocks
        "broken": '#include "api.h"\n#include "ascon/backend_ref.h"\n'
                  '#undef ASCON_PB\n#define ASCON_PB 11\n#include "ascon/hash_mode.h"\n',
        # right output for the KAT inputs (<= 1024 bytes), traps on 32 KiB
        "crashy": hash_with_update("crashy", "if (n > 4096) __builtin_trap();"),
        "nocompile": '#include "api.h"\n#error deliberately broken\n',
    }
    for name, src in sources.items():
        write_impl(root, "crypto_hash", "ascon-hash256", name, {"hash.c": src})


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


def test_a_broken_permutation_fails_its_kat_and_the_others_are_measured(tmp_path):
    """ascon-p8 is checked through Ascon-AEAD128's official file; a p^8 that
    flips one state bit before permuting fails it and is not measured."""
    broken = write_impl(tmp_path / "extra", "crypto_perm", "ascon-p8", "broken", {"perm.c": (
        '#include "api.h"\n#include "ascon/backend_ref.h"\n'
        "static void flip_then_permute(perm_state_t *s, unsigned n) {\n"
        "  s->x[2] ^= 1;\n  perm_permute(s, n);\n}\n"
        "#define perm_permute flip_then_permute\n#include \"ascon/perm_mode.h\"\n")})
    for name in ("kat-via", "via.c"):
        (broken.parent / name).write_text((ROOT / "crypto_perm/ascon-p8" / name).read_text())
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
