"""./lwcbench's command line (harness/bench/cli.py): list and its filters,
--version, an unknown option, every option's help text, and the target
registry the commands name.
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.helpers import ROOT, lwcbench
from harness.bench.targets import TARGETS
from harness.discover import discover

CONTRACT_TARGETS = ["host", "rv32i-qemu", "rv32-zbb-qemu", "rv32-zbkb-qemu", "rv32-ibex",
                    "rv64-qemu", "rv64-zbb-qemu", "cortex-m3-qemu", "avr-atmega128", "msp430",
                    "xtensa-lx106-qemu"]
BOARDS = ["mps2-an385", "nucleo-f103rb", "mega2560"]  # after the contract's (test_board.py)
# the cycle model at 2 and 4 flash wait states (harness/bench/targets/qemu.py), after the boards:
# without a flash accelerator, then behind the STM32F1's and the SAM3X's
WAIT_STATE_VARIANTS = ["cortex-m3-qemu-ws2", "cortex-m3-qemu-ws4", "cortex-m3-qemu-stm32f1-ws2",
                       "cortex-m3-qemu-sam3x-ws4"]
# the new cores of issue 46, outside the default run until its budget takes them in
NEW_CORES = ["cortex-m0-qemu", "cortex-m0plus", "cortex-m4-qemu", "cortex-m33-qemu"]
# the RV32E cores of issue 49, outside the default run until its budget takes them in
RV32E_CORES = ["rv32e-qemu", "rv32e-ibex"]
# the ESP32 core of issue 49, likewise; then its firmware on the core with the
# ESP32's unaligned access (a QEMU the set-up builds)
ESP32_CORES = ["xtensa-esp32-qemu", "xtensa-esp32-hw-qemu"]


def test_list_shows_every_target():
    """By default one line per target (it was 400 lines): availability,
    the implementations counted by kind (in lwc.h's order of the descriptor
    types, the MACs and PRFs last), the reason; --verbose lists them."""
    r = lwcbench("list")
    assert r.returncode == 0, r.stderr
    *lines, hint = r.stdout.splitlines()
    assert hint.startswith("each scheme's implementations: ./lwcbench list --verbose")
    heads = [ln.split()[:2] for ln in lines]
    assert [h[0] for h in heads] == (CONTRACT_TARGETS + BOARDS + WAIT_STATE_VARIANTS
                                          + NEW_CORES + RV32E_CORES + ESP32_CORES)
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
    assert list(TARGETS) == (CONTRACT_TARGETS + BOARDS + WAIT_STATE_VARIANTS
                                          + NEW_CORES + RV32E_CORES + ESP32_CORES)
    for name, cls in TARGETS.items():
        t = cls()
        assert t.name == name and t.metric and t.description
        # simulators count exactly; rdtsc and a real board's counter do not
        assert t.exact == (name not in ("host", "nucleo-f103rb", "mega2560"))


def test_launcher_measures_both_and_names_the_goal(tmp_path):
    """./lwcbench launcher: the binary alone and through ./lwc, each call
    timed, what the launcher adds set against its goal; --calls 0 refused."""
    import json
    out = tmp_path / "launcher.json"
    r = lwcbench("launcher", "--calls", "3", "--json", str(out))
    assert r.returncode == 0, r.stderr
    assert "the launcher adds" in r.stdout and "goal: at most 20 ms" in r.stdout
    got = json.loads(out.read_text())
    assert got["calls"] == 3 and got["launcher_mean_ms"] > got["binary_mean_ms"] > 0
    assert abs(got["added_ms"] - (got["launcher_mean_ms"] - got["binary_mean_ms"])) < 1e-9
    bad = lwcbench("launcher", "--calls", "0")
    assert bad.returncode == 2 and "--calls must be at least 1" in bad.stderr


def test_a_reader_that_goes_away_is_no_error():
    """`./lwcbench list --verbose | head -1`: the command stops quietly (no
    traceback; 141, as a shell reports SIGPIPE); it printed a traceback.
    The reader here closes the pipe at once (its 31 KB of output fit a
    pipe's buffer: with head, whether a write ever failed was a race the
    suite lost once under load)."""
    r = subprocess.run(["bash", "-c", f"{ROOT / 'lwcbench'} list --verbose | "
                        "(exec 0<&-; sleep 3); echo ${PIPESTATUS[0]}"],
                       capture_output=True, text=True, timeout=300,
                       env={**os.environ, "LWC_NO_SETUP": "1"})
    assert r.stdout.strip() == "141" and "Traceback" not in r.stderr, r.stderr
