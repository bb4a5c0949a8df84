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
import platform
import subprocess

import pytest

from conftest import ROOT, bin_dir
from harness.bench import report
from harness.bench.runner import Progress
from harness.bench.targets import NOT_YET, TARGETS

LWCBENCH = ROOT / "lwcbench"
X86 = platform.machine().lower() in ("x86_64", "amd64", "i386", "i686")
CONTRACT_TARGETS = ["host", "rv32i-qemu", "rv32-zbb-qemu", "rv32-zbkb-qemu", "rv32-ibex",
                    "rv64-qemu", "rv64-zbb-qemu", "cortex-m3-qemu", "avr-atmega128", "msp430",
                    "xtensa-lx106-qemu"]
RECORD_KEYS = {"target", "scheme", "impl", "op", "adlen", "mlen", "cycles", "instructions",
               "samples", "kat", "code_bytes", "stack_bytes", "cycles_min", "cycles_max",
               "cycles_per_byte"}


def lwcbench(*args, cwd=None, env=None, timeout=600):
    full_env = dict(os.environ)
    full_env.pop("LWC_EXTRA_IMPLS", None)
    full_env.update(env or {})
    return subprocess.run([str(LWCBENCH), *args], cwd=cwd, env=full_env, capture_output=True,
                          text=True, timeout=timeout)


def check_measured(rec):
    assert rec["kat"] == "pass" and rec["status"] == "ok", rec
    assert rec["instructions"] is None  # host: no instruction counts (yet)
    assert rec["stack_bytes"] is None
    assert rec["code_bytes"] > 0
    if X86:
        assert rec["cycles"] > 0
        assert rec["cycles_min"] <= rec["cycles"] <= rec["cycles_max"]
        assert rec["cycles_per_byte"] == pytest.approx(rec["cycles"] / rec["mlen"], abs=1e-3)
    else:  # never mislabelled as cycles
        assert rec["cycles"] is None and rec["time_ns"] > 0


# -- end to end ---------------------------------------------------------------

def test_quick_run_writes_contract_json(tmp_path):
    r = lwcbench("run", "--scheme", "ascon-hash256", "--impl", "ref", "--json", "out.json",
                 "--quick", cwd=tmp_path)  # a relative FILE: the caller's directory
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads((tmp_path / "out.json").read_text())
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]  # no temporary left over
    assert set(data) >= {"results", "environment"}
    recs = data["results"]
    assert sorted(r["mlen"] for r in recs) == [16, 32768]
    for rec in recs:
        assert RECORD_KEYS <= set(rec), RECORD_KEYS - set(rec)
        assert (rec["target"], rec["scheme"], rec["impl"], rec["op"], rec["adlen"]) == \
            ("host", "ascon-hash256", "ref", "hash", 0)
        assert rec["samples"] == {16: 33, 32768: 9}[rec["mlen"]]
        check_measured(rec)
    env = data["environment"]
    for key in ("date", "python", "uname", "cpu", "targets"):
        assert env.get(key), key
    host = env["targets"]["host"]
    assert host["compiler"].startswith("gcc") and "-O2" in host["cflags"]
    assert env["targets"]["rv32i-qemu"] == {"skipped": NOT_YET}
    # the table: title names the metric, one row for ref
    assert "cycles per byte, host rdtsc, median of 9 samples -- 32 KiB" in r.stdout or not X86
    assert "rv32i-qemu: skipped: not supported yet (issue: lwcbench targets)" in r.stdout


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


def test_skipped_target_is_reported(tmp_path):
    r = lwcbench("run", "--target", "rv32i-qemu", "--json", str(tmp_path / "s.json"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == "rv32i-qemu: skipped: " + NOT_YET
    data = json.loads((tmp_path / "s.json").read_text())
    assert data["results"] == []
    assert data["environment"]["targets"] == {"rv32i-qemu": {"skipped": NOT_YET}}


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


def test_failing_implementations_are_reported_and_the_run_goes_on(tmp_path):
    extra = tmp_path / "extra"
    write_extra_impls(extra)
    out = tmp_path / "e.json"
    r = lwcbench("run", "--target", "host", "--scheme", "ascon-hash256", "--quick",
                 "--json", str(out), env={"LWC_EXTRA_IMPLS": str(extra)})
    assert r.returncode == 1, r.stdout + r.stderr
    recs = json.loads(out.read_text())["results"]
    by_impl = {}
    for rec in recs:
        by_impl.setdefault(rec["impl"], []).append(rec)
    assert set(by_impl) == {"ref", "opt64", "bi32", "lowsize", "broken", "crashy", "nocompile"}
    for name in ("ref", "opt64", "bi32", "lowsize"):  # still measured
        assert len(by_impl[name]) == 2
        for rec in by_impl[name]:
            check_measured(rec)
    for rec in by_impl["broken"]:  # KAT failure: not measured
        assert (rec["kat"], rec["status"], rec["cycles"], rec["samples"]) == \
            ("fail", "kat-failed", None, 0)
        assert "line" in rec["error"]
    assert {rec["status"] for rec in by_impl["crashy"]} == {"crashed"}
    assert {rec["kat"] for rec in by_impl["crashy"]} == {"pass"}
    assert "SIG" in by_impl["crashy"][0]["error"]
    for rec in by_impl["nocompile"]:
        assert (rec["status"], rec["kat"], rec["cycles"]) == ("build-failed", "skipped", None)
    assert "KAT FAIL" in r.stdout and "CRASH" in r.stdout and "BUILD FAIL" in r.stdout
    assert "FAILED host ascon-hash256/broken: kat-failed" in r.stdout
    assert not (ROOT / "crypto_hash" / "ascon-hash256" / "broken").exists()


def test_list_shows_every_target():
    r = lwcbench("list")
    assert r.returncode == 0, r.stderr
    heads = [ln.split()[:2] for ln in r.stdout.splitlines() if not ln.startswith(" ")]
    assert [h[0] for h in heads] == CONTRACT_TARGETS
    assert dict(heads)["host"] == "available"
    assert all(state == "unavailable" for name, state in heads if name != "host")
    assert "  ascon-aead128: ref opt64 bi32 lowsize" in r.stdout


def test_target_registry_matches_contract():
    assert list(TARGETS) == CONTRACT_TARGETS
    for name, cls in TARGETS.items():
        ok, reason = cls().is_available()
        assert ok == (name == "host"), (name, reason)
        if name != "host":
            assert reason == NOT_YET


# -- the target-side program -----------------------------------------------------

def test_lwc_bench_protocol():
    requests = ["hello", "measure ascon-aead128 ref decrypt 0 16 5",
                "measure ascon-hash256 opt64 hash 0 32768 3", "measure nosuch ref hash 0 16 5",
                "measure ascon-aead128 ref hash 0 16 5", "measure ascon-hash256 ref hash 0 99999 5",
                "bogus", "quit", "hello"]
    r = subprocess.run([str(bin_dir("release") / "lwc-bench")], input="\n".join(requests) + "\n",
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 8  # nothing after quit
    assert lines[0].startswith("ok lwc-bench protocol=1 ")
    f = dict(t.split("=", 1) for t in lines[1].split()[1:])
    assert (f["scheme"], f["impl"], f["op"], f["mlen"], f["samples"]) == \
        ("ascon-aead128", "ref", "decrypt", "16", "5")
    assert int(f["min"]) <= int(f["median"]) <= int(f["max"])
    assert f["unit"] == ("cycles" if X86 else "ns")
    assert lines[2].startswith("ok scheme=ascon-hash256 impl=opt64 op=hash adlen=0 mlen=32768 ")
    assert [ln.split()[0] for ln in lines[3:7]] == ["err"] * 4
    assert lines[7] == "ok bye"
    one = subprocess.run([str(bin_dir("release") / "lwc-bench"), "measure", "ascon-xof128",
                          "bi32", "hash", "0", "16", "3"], capture_output=True, text=True)
    assert one.returncode == 0 and one.stdout.startswith("ok scheme=ascon-xof128 impl=bi32")


# -- reporting (no build) ------------------------------------------------------

def _rec(impl, scheme, op, mlen, cycles, status="ok"):
    return {"target": "host", "scheme": scheme, "impl": impl, "op": op, "adlen": 0,
            "mlen": mlen, "cycles": cycles, "samples": 33, "status": status}


def test_table_averages_encrypt_and_decrypt_and_compares_with_baseline():
    recs = [_rec("ref", "ascon128-v12", "encrypt", 16, 1600),
            _rec("ref", "ascon128-v12", "decrypt", 16, 1760),   # mean 105 c/B
            _rec("opt64", "ascon128-v12", "encrypt", 16, 800),
            _rec("opt64", "ascon128-v12", "decrypt", 16, 880),  # mean 52.5 c/B: -50 %
            _rec("ref", "asconhash-v12", "hash", 16, 3200),     # 200 c/B
            _rec("opt64", "asconhash-v12", "hash", 16, None, status="kat-failed")]
    text = report.tables(recs, {"host": "host rdtsc"}, "ref")
    lines = text.splitlines()
    assert lines[0].startswith("host: cycles per byte, host rdtsc, median of 33 samples -- 16 B")
    assert lines[1].split() == ["impl", "ascon128-v12", "asconhash-v12"]
    assert lines[2].split() == ["ref", "105.00", "200.00"]
    assert lines[3].split() == ["opt64", "52.50", "(-50.0%)", "KAT", "FAIL"]
    assert "(" not in report.tables(recs, {}, None)


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


def test_progress_without_terminal_prints_one_line_per_step():
    out = io.StringIO()
    p = Progress(4, stream=out, width=8)
    p.step("host a/ref")
    p.phase("host a/ref kat")  # not shown without a terminal
    p.step("host a/opt64")
    p.finish()
    assert out.getvalue().splitlines() == ["[##......] 1/4 host a/ref",
                                           "[####....] 2/4 host a/opt64"]


def test_a_missing_kat_file_means_not_measured(tmp_path, monkeypatch):
    """Nothing is measured before it passed its official KAT: without a KAT
    file the implementation is reported (NO KAT) and the run fails."""
    from harness.bench import cli
    from harness.discover import Impl
    monkeypatch.delenv("LWC_EXTRA_IMPLS", raising=False)
    monkeypatch.setattr(Impl, "kat_file", property(lambda self: tmp_path / "none.txt"))
    out = tmp_path / "m.json"
    rc = cli.main(["run", "--target", "host", "--scheme", "ascon-hash256", "--impl", "ref",
                   "--quick", "--json", str(out)])
    assert rc == 1
    for rec in json.loads(out.read_text())["results"]:
        assert (rec["status"], rec["kat"], rec["cycles"], rec["samples"]) == \
            ("kat-missing", "skipped", None, 0)
