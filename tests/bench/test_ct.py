"""./lwcbench ct: the constant-time check (issue 5).

Every Ascon implementation, on every simulated target (QEMU, Ibex, simavr,
lwc-msp430sim), gives the same trace of executed and accessed addresses for
different secrets, and on the host runs clean under valgrind's memcheck with its
secrets undefined; and the check finds a leak: implementations that compute
the right answer (they pass the KAT) but branch on, or index a table with,
a secret are reported with the instruction where it happens.
"""
from __future__ import annotations

import os
import re
import subprocess

import pytest

from tests.helpers import ROOT, write_impl
from harness.bench.impls import extra_build_dir
from harness.bench.targets import TARGETS, traced_as
from harness.discover import discover

TRACED = [name for name, cls in TARGETS.items() if cls().ct_missing() is None]
# a target that runs another's firmware as it is, under the same tracer (the
# Cortex-M3 wait-state variants: only the cycle model differs): its traces
# are that target's, checked once (test_a_target_sharing_firmware_traces_the_same)
SHARED = {name: traced_as(TARGETS[name]()) for name in TRACED
          if traced_as(TARGETS[name]()) in TRACED}


def lwcbench(*args, env=None):
    full_env = {**os.environ, "LWC_NO_SETUP": "1", **(env or {})}
    if env is None:
        full_env.pop("LWC_EXTRA_IMPLS", None)
    return subprocess.run([str(ROOT / "lwcbench"), *args], capture_output=True, text=True,
                          cwd=ROOT, env=full_env, timeout=3600)


def test_every_target_is_checked():
    """The host (memcheck) and every simulated target (a trace), once set up;
    not the boards (harness/bench/targets/board.py): no tracer on a serial line."""
    boards = {"mps2-an385", "nucleo-f103rb", "mega2560"}
    assert set(TRACED) == set(TARGETS) - boards, {n: TARGETS[n]().ct_missing() for n in TARGETS
                                                   if n not in TRACED}


@pytest.mark.slow
@pytest.mark.parametrize("target", [t for t in TRACED if t not in SHARED])
def test_every_implementation_is_constant_time(target):
    """Every implementation the target measures by default, of every family
    (a table variant that says why in `not-constant-time` is listed, not
    traced); what the default scope leaves out is said, and `ct --all`
    traces it (.ci/run runs that on every target: the suite's 15 minutes
    cannot build every family's C for all 16 instruction sets cold)."""
    r = lwcbench("ct", "--target", target)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert " 0 finding(s), 0 failed" in r.stdout
    t = TARGETS[target]()
    if t.default_left_out or t.default_schemes:
        assert f"{target}: left out of the default scope: " in r.stdout, r.stdout[-2000:]


def test_ct_all_is_what_the_ci_runs():
    """The whole check (every implementation on every target with a
    tracer) runs on every landing: .ci/run calls it after the suite."""
    steps = [ln.strip() for ln in (ROOT / ".ci" / "run").read_text().splitlines()
             if ln.strip() and not ln.lstrip().startswith("#")]
    assert "./lwcbench ct --all" in steps, steps


def test_ct_scope_is_the_run_scope():
    """Without --all, a target traces what `./lwcbench run` measures on it:
    the same implementations the default run's scope keeps; named schemes
    lift the scheme scope, as in `run`."""
    r = lwcbench("ct", "--target", "cortex-m4-qemu", "--scheme", "dumbo", "--impl", "opt32")
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "1 (target, implementation) pairs" in r.stdout, r.stdout[-2000:]
    r = lwcbench("ct", "--target", "rv32-ibex", "--scheme", "ascon-hash256")
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "rv32-ibex: left out of the default scope: 3 implementation(s)" in r.stdout
    r = lwcbench("ct", "--target", "rv32-ibex", "--scheme", "ascon-hash256", "--impl", "ref")
    assert "1 (target, implementation) pairs" in r.stdout, r.stdout[-2000:]


@pytest.mark.parametrize("target", sorted(SHARED))
def test_a_target_sharing_firmware_traces_the_same(tmp_path, target):
    """Its firmware is the other target's (one build folder), and the
    tracer's command line is the same: every trace of the other target's
    check is this target's trace."""
    t, base = TARGETS[target](), TARGETS[SHARED[target]]()
    assert t.firmware.out == base.firmware.out
    assert ([*t.cc, *t.firmware.compile_flags(), *t.ldflags]
            == [*base.cc, *base.firmware.compile_flags(), *base.ldflags])
    assert t.defines == base.defines and t.port_sources == base.port_sources
    elf, out = tmp_path / "fw.elf", tmp_path / "trace.bin"
    assert t.ct_argv(elf, out) == base.ct_argv(elf, out)


LEAKS = {
    # a branch on a state bit (after init, the key's): the output is right
    "leaky_branch": "  if (s->x[1] & 1) leak_sink++;\n",
    # a table read at a state-dependent index
    "leaky_index": "  leak_sink += leak_table[s->x[0] & 15];\n",
}


def write_leaky(root):
    for name, leak in LEAKS.items():
        write_impl(root, "crypto_aead", "ascon128-v12", name, {"aead.c": (
            '#include "api.h"\n#include "ascon/backend_ref.h"\n'
            "static volatile unsigned leak_sink;\n"
            "static volatile const unsigned char leak_table[16] = {1, 2, 3};\n"
            "static void leaky_permute(perm_state_t *s, unsigned n) {\n"
            f"{leak}  perm_permute(s, n);\n}}\n"
            "#define perm_permute leaky_permute\n#include \"ascon/aead_mode.h\"\n")})


@pytest.mark.parametrize("target", ["rv32i-qemu", "rv32-ibex", "avr-atmega128", "msp430",
                                    "host"])
def test_a_secret_branch_and_a_secret_index_are_found(tmp_path, target):
    write_leaky(tmp_path / "extra")
    r = lwcbench("ct", "--target", target, "--scheme", "ascon128-v12",
                 env={"LWC_EXTRA_IMPLS": str(tmp_path / "extra")})
    assert r.returncode == 1, r.stdout + r.stderr
    findings = [ln for ln in r.stdout.splitlines() if ln.startswith("FINDING ")]
    by_impl = {ln.split()[2]: ln for ln in findings}
    assert set(by_impl) == {"ascon128-v12/leaky_branch", "ascon128-v12/leaky_index"}, findings
    branch, index = by_impl["ascon128-v12/leaky_branch"], by_impl["ascon128-v12/leaky_index"]
    if target == "host":  # memcheck names the source line
        assert "Conditional jump or move depends on uninitialised value" in branch
        assert "Use of uninitialised value" in index
        assert "leaky_permute (aead.c:" in branch and "leaky_permute (aead.c:" in index
    else:  # the trace: where the secrets part, by symbol; the loads inside the table
        assert "branch: next instruction" in branch
        assert re.search(r"at the instruction 0x[0-9a-f]+ \((leaky_permute|ascon_aead_\w*)"
                         r"[\w.]*\+0x", branch), branch
        loads = re.search(r"load address 0x([0-9a-f]+) vs 0x([0-9a-f]+)", index)
        assert loads, index
        t = TARGETS[target]()
        (leaky,) = [i for i in discover(tmp_path / "extra") if i.name == "leaky_index"]
        folder = t.firmware.out / "ascon128-v12__leaky_index"
        program = extra_build_dir(folder, [leaky]) / "lwc-bench.elf"
        nm = subprocess.run([t.nm_tool(), "-S", str(program)], capture_output=True, text=True,
                            check=True).stdout
        table = next(ln.split() for ln in nm.splitlines() if ln.endswith(" leak_table"))
        lo, size = int(table[0], 16), int(table[1], 16)
        assert all(lo <= int(a, 16) < lo + size for a in loads.groups()), (index, table)
    assert re.search(r" [1-9]\d* finding\(s\), 0 failed", r.stdout), r.stdout[-500:]


def test_a_declared_exception_is_listed_not_traced(tmp_path):
    write_leaky(tmp_path / "extra")
    d = tmp_path / "extra" / "crypto_aead" / "ascon128-v12" / "leaky_branch"
    (d / "not-constant-time").write_text("a test: branches on the key\n")
    r = lwcbench("ct", "--target", "rv32i-qemu", "--scheme", "ascon128-v12", "--impl",
                 "leaky_branch", env={"LWC_EXTRA_IMPLS": str(tmp_path / "extra")})
    assert r.returncode == 0, r.stdout + r.stderr
    assert "declared not constant-time: a test: branches on the key" in r.stdout


def test_a_target_without_a_tracer_is_named(monkeypatch, capsys):
    """Every simulated target has a tracer now: take MSP430's away."""
    from harness.bench import cli
    from harness.bench.targets.msp430 import Msp430Target
    monkeypatch.setenv("LWC_NO_SETUP", "1")
    monkeypatch.setattr(Msp430Target, "ct_missing", lambda self: "no tracer (the test)")
    rc = cli.main(["ct", "--target", "msp430", "--scheme", "ascon128-v12"])
    out, err = capsys.readouterr()
    assert rc == 2
    assert "msp430: skipped: no tracer (the test)" in out and "nothing to trace" in err
