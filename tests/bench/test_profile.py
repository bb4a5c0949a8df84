"""./lwcbench profile: execution statistics from a simulator's trace
(harness/bench/profile.py)."""
from __future__ import annotations

import json
import subprocess

import pytest

from tests.helpers import ROOT, usable_target
from harness.bench.profile import avr_modes, msp430_modes
from harness.bench.trace import Section, called_function, statistics


def lwcbench(*args):
    return subprocess.run([str(ROOT / "lwcbench"), *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=900)


def profile(tmp_path, target, scheme, impl, *extra):
    """./lwcbench profile's JSON and text; its target must be set up (fails,
    never skips, like the other target tests)."""
    t = usable_target(target)
    assert t.ct_missing() is None, f"{target}: {t.ct_missing()}"
    out = tmp_path / "p.json"
    r = lwcbench("profile", "--target", target, "--scheme", scheme, "--impl", impl,
                 "--json", str(out), *extra)
    assert r.returncode == 0, r.stdout + r.stderr
    return json.loads(out.read_text()), r.stdout


@pytest.mark.parametrize("target", ["msp430", "avr-atmega128", "cortex-m3-qemu", "rv32i-qemu"])
def test_profile_is_consistent(tmp_path, target):
    p, text = profile(tmp_path, target, "ascon-aead128", "ref")
    s = p["statistics"]
    assert s["instructions"] > 1000 and s["unknown_instructions"] == 0
    assert sum(s["mnemonics"].values()) == s["instructions"]
    assert s["register_only"] + s["memory_operations"] == s["instructions"]
    assert s["reads"] >= 1 and s["writes"] >= 1 and 0 < s["stack_span"] < 4096
    assert s["distinct_code_addresses"] > 100
    modes = s["addressing_modes"]
    if target in ("msp430", "avr-atmega128"):
        assert modes and sum(modes.values()) > s["instructions"] // 2
    else:
        assert modes is None  # load/store ISAs: no modes table
    assert "table look-ups" in text and "mnemonic" in text
    # by function: every instruction counted once, in a symbol of the
    # firmware; the permutation's own function is among them
    fns = s["functions"]
    assert sum(f["instructions"] for f in fns) == s["instructions"]
    assert not any(f["name"] == "?" for f in fns)
    assert any("permute" in f["name"] or "round" in f["name"] for f in fns), fns
    assert ("cycles" in fns[0]) == (s["cycles"] is not None)
    assert "function (code symbol)" in text


def test_profile_counts_what_run_counts(tmp_path):
    """The traced operation is the measured one: QEMU's instruction count of
    `run` and the trace's differ only by the tracing switch's few
    instructions."""
    p, _ = profile(tmp_path, "rv32i-qemu", "ascon-hash256", "bi32", "--mlen", "64")
    out = tmp_path / "r.json"
    r = lwcbench("run", "--target", "rv32i-qemu", "--scheme", "ascon-hash256", "--impl", "bi32",
                 "--json", str(out), "--out", "none")
    assert r.returncode == 0, r.stdout + r.stderr
    rec = next(x for x in json.loads(out.read_text())["results"]
               if x["op"] == "hash" and x["mlen"] == 64)
    assert 0 <= p["statistics"]["instructions"] - rec["instructions"] <= 16


def test_msp430_cycles_are_the_simulators(tmp_path):
    """On msp430 the tracer also records what each instruction was charged:
    their sum is run's cycle count of the same operation, up to the tracing
    switch's few instructions (at most 6 cycles each); PHOTON's opt32
    permutation reads its round constants from flash, and those reads'
    instructions are the look-up cycles."""
    p, text = profile(tmp_path, "msp430", "photon256", "opt32")
    out = tmp_path / "r.json"
    r = lwcbench("run", "--target", "msp430", "--scheme", "photon256", "--impl", "opt32",
                 "--suite", "permutation", "--json", str(out), "--out", "none")
    assert r.returncode == 0, r.stdout + r.stderr
    rec = next(x for x in json.loads(out.read_text())["results"] if x["op"] == "permutation")
    s = p["statistics"]
    extra = s["instructions"] - rec["instructions"]
    assert 0 <= extra <= 16 and 0 <= s["cycles"] - rec["cycles"] <= 6 * extra
    assert 0 < s["table_lookup_instructions"] <= s["table_lookups"]
    assert 3 * s["table_lookup_instructions"] <= s["table_lookup_cycles"] < s["cycles"]
    assert "look-up instructions" in text
    q, _ = profile(tmp_path, "rv32i-qemu", "photon256", "opt32")
    assert q["statistics"]["cycles"] is None  # QEMU's tracer records no cycles


def test_statistics_classify_each_access():
    """A made-up trace over made-up sections: code and constants read-only,
    data writable, the stack above it, I/O below it."""
    secs = [Section(".text", 0x1000, 0x2000, False),
            Section(".rodata", 0x2000, 0x2100, False),
            Section(".data", 0x3000, 0x3100, True)]
    dis = {0x1000: ("mov", "@r4, r5"), 0x1002: ("add", "r5, 0(r6)"), 0x1004: ("xor", "r5, r6"),
           0x1006: ("push", "r5")}

    def rec(kind, addr):
        return addr.to_bytes(8, "little") + kind.encode()
    seg = b"".join([rec("I", 0x1000), rec("R", 0x2004),             # a table look-up
                    rec("I", 0x1002), rec("R", 0x3004), rec("W", 0x3004),
                    rec("I", 0x1004),                                # register only
                    rec("I", 0x1006), rec("W", 0x8000), rec("W", 0x7ff0),  # stack
                    rec("I", 0x1004), rec("I", 0x1000), rec("R", 0x0100),  # I/O, not stack
                    rec("I", 0x1008)])                               # not disassembled
    s = statistics(seg, dis, secs, msp430_modes)
    assert (s["instructions"], s["register_only"], s["memory_operations"]) == (7, 3, 4)
    assert (s["reads"], s["writes"], s["table_lookups"]) == (3, 3, 1)
    assert s["mnemonics"] == {"xor": 2, "mov": 2, "add": 1, "push": 1, "?": 1}
    assert s["unknown_instructions"] == 1
    assert (s["distinct_ram_addresses"], s["distinct_flash_data_addresses"]) == (4, 1)
    assert s["distinct_code_addresses"] == 5 and s["stack_span"] == 0x11
    assert s["addressing_modes"]["source: indirect"] == 2
    assert s["cycles"] is None and s["table_lookup_cycles"] is None
    # with each instruction's cycles ('C' after its accesses): the look-up's
    # instruction is charged to the look-ups, the others are not
    timed = b"".join([rec("I", 0x1000), rec("R", 0x2004), rec("C", 2),
                      rec("I", 0x1002), rec("R", 0x3004), rec("W", 0x3004), rec("C", 4),
                      rec("I", 0x1004), rec("C", 1)])
    t = statistics(timed, dis, secs, msp430_modes)
    assert (t["cycles"], t["table_lookup_instructions"], t["table_lookup_cycles"]) == (7, 1, 2)
    assert t["instructions"] == 3
    # the read-only objects: a table read is named with its size; a read of
    # the descriptor is the harness's dispatch, neither a table nor a look-up
    objs = [{"name": "sbox", "addr": 0x2000, "size": 16},
            {"name": "unused", "addr": 0x2040, "size": 32},
            {"name": "x_opt32_lwc_perm_desc", "addr": 0x2080, "size": 8}]
    d = statistics(seg + rec("I", 0x1000) + rec("R", 0x2084), dis, secs, msp430_modes, objs)
    assert d["tables_read"] == {"sbox": 16} and d["table_bytes"] == 16
    assert d["table_lookups"] == 1 and d["reads"] == 4
    assert s["functions"] is None  # no symbols given
    # by function: the last code symbol at or below each instruction's address
    f = statistics(timed, dis, secs, msp430_modes, None, [(0x1000, "a"), (0x1004, "b")])
    assert f["functions"] == [{"name": "a", "instructions": 2, "cycles": 6},
                              {"name": "b", "instructions": 1, "cycles": 1}]
    g = statistics(seg, dis, secs, msp430_modes, None, [(0x1002, "b")])
    assert g["functions"] == [{"name": "b", "instructions": 5}, {"name": "?", "instructions": 2}]


def test_plot(tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "p.png"
    profile(tmp_path, "msp430", "ascon-p6", "bi32", "--plot", str(png))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args,message", [
    (["--target", "nope", "--scheme", "ascon-aead128", "--impl", "ref"], "unknown target 'nope'"),
    (["--target", "host", "--scheme", "ascon-aead128", "--impl", "ref"], "no instruction tracer"),
    (["--target", "msp430", "--scheme", "nope", "--impl", "ref"], "unknown scheme 'nope'"),
    (["--target", "msp430", "--scheme", "ascon-aead128", "--impl", "nope"],
     "unknown implementation 'nope'"),
    (["--target", "msp430", "--scheme", "ascon-hash256", "--impl", "ref", "--op", "encrypt"],
     "no operation 'encrypt'"),
    (["--target", "msp430", "--scheme", "ascon-aead128", "--impl", "asm_rv64"], "does not build"),
])
def test_bad_requests_are_one_line_errors(args, message):
    r = lwcbench("profile", *args)
    assert r.returncode == 2, r.stdout + r.stderr
    assert message in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr


@pytest.mark.parametrize("args,message", [
    (["--target", "rv32i-qemu", "--mlen", "100000"],
     "--mlen 100000: too long: the trace follows one-shot operations only, at most 32768 bytes "
     "of message and of associated data on rv32i-qemu"),
    (["--target", "avr-atmega128", "--adlen", "129"],
     "--adlen 129: too long: the trace follows one-shot operations only, at most 128 bytes"),
    (["--target", "rv32i-qemu", "--plot", "p.txt"],
     "--plot p.txt: matplotlib cannot write .txt files; name it with one of .png, .svg, .pdf, "),
    (["--target", "rv32i-qemu", "--plot", "p"],
     "--plot p: no file suffix to name the format; name it with one of .png, .svg, .pdf, "),
    (["--target", "rv32i-qemu", "--json", "/nonexistent/p.json"],
     "cannot write --json /nonexistent/p.json: /nonexistent is not a folder"),
])
def test_bad_lengths_and_outputs_are_one_line_errors_before_any_work(args, message, monkeypatch,
                                                                     capsys):
    """They were tracebacks after the whole trace (--plot p.txt, an
    unwritable --json), or the firmware's "ct traces one-shot operations
    only" with no limit (--mlen 100000): now one line, exit 2, nothing
    set up or traced."""
    from harness.bench import cli, install, profile as prof
    monkeypatch.setattr(install, "setup", lambda profiles: pytest.fail("set up"))
    monkeypatch.setattr(prof, "trace_one", lambda *a: pytest.fail("traced"))
    if "--plot" in args:
        pytest.importorskip("matplotlib")
    rc = cli.main(["profile", "--scheme", "ascon-aead128", "--impl", "ref", *args])
    err = capsys.readouterr().err
    assert rc == 2
    assert err.startswith(f"lwcbench: profile: {message}") and err.count("\n") == 1, err


def test_the_length_limit_is_the_firmwares_and_help_states_it(capsys):
    """The limit is each target's BENCH_MAX_LEN (its define, else
    bench.h's), and profile --help says it for the traced targets."""
    from harness.bench import cli, trace
    from harness.bench.targets import TARGETS
    bench_h = (ROOT / "harness/firmware/bench.h").read_text()
    assert "#define BENCH_MAX_LEN 32768u" in bench_h
    assert trace.max_len(TARGETS["rv32i-qemu"]) == 32768
    assert trace.max_len(TARGETS["avr-atmega128"]) == int(
        TARGETS["avr-atmega128"].defines["BENCH_MAX_LEN"].rstrip("u"))
    with pytest.raises(SystemExit):
        cli.main(["profile", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert (f"at most the target's BENCH_MAX_LEN bytes: {trace.max_len(TARGETS['avr-atmega128'])} "
            f"on avr-atmega128, {trace.max_len(TARGETS['msp430'])} on msp430, 32768 on the "
            "others") in text


def test_addressing_modes():
    assert msp430_modes("mov", "@r12+, 0(r13)") == ["source: indirect autoincrement",
                                                    "destination: indexed"]
    assert msp430_modes("add", "#1, r4") == ["source: immediate", "destination: register"]
    assert msp430_modes("mov", "&288, r5") == ["source: absolute", "destination: register"]
    assert msp430_modes("jne", "$+4") == []
    assert avr_modes("ld", "r24, X+") == ["data indirect post-increment"]
    assert avr_modes("ldd", "r24, Y+3") == ["data indirect with displacement"]
    assert avr_modes("eor", "r24, r25") == ["register"]
    assert avr_modes("lpm", "r0, Z") == ["program memory"]


def test_called_function_counts_from_entry_to_return():
    """A made-up trace: run_op calls the descriptor's glue, which calls the
    implementation's routine, whose last instructions lie past its .size
    (the gap up to the next symbol); back in run_op the count stops."""
    syms = [(0x100, "run_op", 0x20), (0x200, "lwc_perm_permute", 0x10),
            (0x300, "ns_permute", 0x40), (0x400, "next", 0x10)]

    def rec(kind, addr):
        return addr.to_bytes(8, "little") + kind.encode()
    seg = b"".join([rec("I", 0x0f0),                                  # before run_op
                    rec("I", 0x100), rec("I", 0x104),                 # run_op
                    rec("I", 0x200), rec("C", 2), rec("I", 0x300), rec("C", 3),
                    rec("I", 0x350), rec("C", 1), rec("I", 0x208), rec("C", 4),
                    rec("I", 0x108), rec("C", 9), rec("I", 0x300)])  # back: not counted
    f = called_function(seg, syms, "ns_")
    assert f["function_traced_instructions"] == 4 and f["function_traced_cycles"] == 10
    assert f["function_symbols"] == ["ns_permute", "ns_permute+gap"]
    assert f["function_bytes"] == 0x40 + 0xc0  # the routine and the gap; not the glue
    g = called_function(seg, syms)  # no namespace entered: the glue is the function
    assert g["function_bytes"] == 0x10 + 0x40 + 0xc0
    assert called_function(seg[:3 * 9], syms) is None  # never left run_op
