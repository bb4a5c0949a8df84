"""The default run's scope: a target may leave implementations out of the
default `./lwcbench run` (rv32-ibex: ref and lowsize, its slowest jobs);
the run says so on the terminal, in results.json (environment.left_out) and
on the results page; --all or --impl runs them.  Nothing is left out
silently."""
from __future__ import annotations

import json

from harness.bench import cli
from harness.bench.output.papers import PUBLISHED
from harness.bench.targets import TARGETS
from harness.discover import discover

# the thesis' columns (harness/bench/published/thesis-rv32.json "order")
THESIS_NAMES = {"ascon128-v12": "Ascon-128", "ascon128a-v12": "Ascon-128a",
                "asconhash-v12": "Ascon-Hash", "asconhasha-v12": "Ascon-Hasha"}


def run(monkeypatch, tmp_path, capsys, *extra):
    monkeypatch.setenv("LWC_NO_SETUP", "1")
    monkeypatch.delenv("LWC_EXTRA_IMPLS", raising=False)
    out = tmp_path / "res"
    code = cli.main(["run", "--target", "rv32i-qemu", "--scheme", "ascon-p6",
                     "--suite", "permutation", "--out", str(out), "--no-plots", *extra])
    text = capsys.readouterr()
    data = json.loads((out / "results.json").read_text())
    return code, text.out + text.err, data, out


def test_the_default_scope_is_documented():
    masked_c = {"bi32", "masked", "masked3", "masked4", "masked_leveled"}
    for name in ("rv32-ibex", "avr-atmega128", "msp430"):
        t = TARGETS[name]
        extra = masked_c if name == "rv32-ibex" else set()
        assert t.default_left_out == {"ref", "lowsize"} | extra and t.default_left_out_why
        assert name in cli.EPILOG.split("Default scope:")[1].split("--all runs them")[0]
    thesis = json.loads((PUBLISHED / "thesis-rv32.json").read_text())
    ibex = TARGETS["rv32-ibex"].default_schemes  # the thesis' columns on Ibex and SP 800-232
    assert {s for s in ibex if s.startswith("ascon-")} == {"ascon-aead128", "ascon-hash256"}
    assert set(thesis["order"]) == {THESIS_NAMES[s] for s in ibex if s in THESIS_NAMES}
    # no implementation of a seed table's rows on Ibex is left out by default
    assert not set(thesis["rows"]) & TARGETS["rv32-ibex"].default_left_out
    # the AVR's left-out schemes are the MSP430 paper's, which msp430 measures
    msp = json.loads((PUBLISHED / "msp430-paper.json").read_text())
    aeads = set(msp["aead"]["columns"])
    # their primitives (Grain's is no permutation; ISAP's Ascon-p is Ascon's: kept)
    primitives = {p for p, row in msp["primitives"]["rows"].items() if row["scheme"] in aeads
                  and not p.startswith("ascon-") and any(i.scheme == p for i in discover())}
    avr = TARGETS["avr-atmega128"].default_left_out_schemes
    assert aeads | primitives <= avr and not TARGETS["msp430"].default_left_out_schemes
    assert "leave out ref and lowsize" in cli.EPILOG and "six Ascon schemes" in cli.EPILOG
    # the cores after the seeds: the README table's six Ascon schemes and the
    # permutation paper's four permutations on the Cortex-M0/M0+/M4/M33; the
    # RV32E Ibex model the goals' scheme, as rv32-ibex without the slow C
    perms = {"ascon-p6", "gimli24", "sparkle384-7", "xoodoo12"}
    cortex = ("cortex-m0-qemu", "cortex-m0plus", "cortex-m4-qemu", "cortex-m33-qemu")
    for name in cortex:
        t = TARGETS[name]
        assert set(t.default_schemes) == set(ibex) | perms and t.default_left_out_why
        assert not t.default_left_out
    assert "the Cortex-M0, M0+, M4 and M33 targets measure those six" in " ".join(cli.EPILOG.split())
    rv32e = TARGETS["rv32e-ibex"]
    assert list(rv32e.default_schemes) == ["ascon-aead128"] and rv32e.default_left_out_why
    assert rv32e.default_left_out == TARGETS["rv32-ibex"].default_left_out
    assert "rv32e-ibex Ascon-AEAD128" in " ".join(cli.EPILOG.split())
    others = [t for t in TARGETS.values() if t.name not in ("rv32-ibex", "avr-atmega128",
                                                            "msp430", "rv32e-ibex", *cortex)]
    assert not any(t.default_left_out or t.default_schemes or t.default_left_out_schemes
                   for t in others)


def test_the_scheme_rule_gives_way_to_named_schemes(monkeypatch, tmp_path, capsys):
    """A scope by scheme (rv32-ibex: Ascon only) leaves out what the run does
    not name: --scheme gimli24 on such a target measures it; without
    --scheme it is left out, said with the target's reason."""
    monkeypatch.setattr(TARGETS["rv32i-qemu"], "default_schemes", frozenset({"xoodoo12"}))
    monkeypatch.setattr(TARGETS["rv32i-qemu"], "default_left_out_why", "a test's reason")
    monkeypatch.setenv("LWC_NO_SETUP", "1")
    out = tmp_path / "res"
    code = cli.main(["run", "--target", "rv32i-qemu", "--impl", "opt32", "--suite",
                     "permutation", "--out", str(out), "--no-plots"])
    text = capsys.readouterr().out
    data = json.loads((out / "results.json").read_text())
    assert code == 0, text
    assert {r["scheme"] for r in data["results"]} == {"xoodoo12"}
    lo = data["environment"]["left_out"]["rv32i-qemu"]
    assert "gimli24/opt32" in lo["jobs"] and "xoodoo12/opt32" not in lo["jobs"]
    assert f"rv32i-qemu: left out of the default run: {len(lo['jobs'])} job(s): " \
           "a test's reason; ./lwcbench run --all runs them" in text
    code = cli.main(["run", "--target", "rv32i-qemu", "--impl", "opt32", "--scheme", "gimli24",
                     "--suite", "permutation", "--out", str(out), "--no-plots"])
    text = capsys.readouterr().out
    data = json.loads((out / "results.json").read_text())
    assert code == 0, text
    assert {r["scheme"] for r in data["results"]} == {"gimli24"}
    assert data["environment"]["left_out"] == {} and "left out" not in text


def test_what_the_default_leaves_out_is_said_and_all_runs_it(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(TARGETS["rv32i-qemu"], "default_left_out", frozenset({"ref"}))
    monkeypatch.setattr(TARGETS["rv32i-qemu"], "default_left_out_why", "a test's reason")
    code, text, data, out = run(monkeypatch, tmp_path, capsys)
    assert code == 0, text
    impls = {r["impl"] for r in data["results"]}
    assert "ref" not in impls and "bi32" in impls
    lo = data["environment"]["left_out"]["rv32i-qemu"]
    assert lo == {"jobs": ["ascon-p6/ref"], "impls": ["ref"], "reason": "a test's reason"}
    assert "rv32i-qemu: left out of the default run: 1 job(s): a test's reason; " \
           "./lwcbench run --all runs them" in text
    assert "Left out of the default run on rv32i-qemu" in (out / "results.md").read_text()
    assert "Left out of the default run on rv32i-qemu" in (out / "index.html").read_text()
    for flags in (["--all"], ["--impl", "ref", "--impl", "bi32"]):
        code, text, data, _ = run(monkeypatch, tmp_path, capsys, *flags)
        assert code == 0, text
        assert {"ref", "bi32"} <= {r["impl"] for r in data["results"]}
        assert data["environment"]["left_out"] == {} and "left out" not in text


def test_a_target_out_of_the_default_run_is_said(monkeypatch, tmp_path, capsys):
    """The emulated board (no counts) is not in the default run: said, and
    --target runs it (--all too)."""
    board = TARGETS["mps2-an385"]
    assert board.not_in_default_run
    monkeypatch.setenv("LWC_NO_SETUP", "1")
    for t in TARGETS.values():  # nothing else runs but rv32i-qemu
        if t.name != "rv32i-qemu":
            monkeypatch.setattr(t, "is_available", lambda self: (False, "not in this test"))
            monkeypatch.setattr(t, "machine_lacks", lambda self: True)
    args = ["run", "--scheme", "ascon-p6", "--impl", "bi32", "--suite", "permutation",
            "--no-plots"]
    code = cli.main([*args, "--out", str(tmp_path / "r")])
    text = capsys.readouterr().out
    assert code == 0, text
    assert "mps2-an385: left out of the default run (an emulated board" in text
    assert "--all or --target mps2-an385 runs it" in text
    data = json.loads((tmp_path / "r" / "results.json").read_text())
    assert data["environment"]["left_out"]["mps2-an385"]["target"] is True
    assert "mps2-an385" not in data["environment"]["targets"]
    cli.main([*args, "--all", "--out", str(tmp_path / "a")])
    text = capsys.readouterr().out
    assert "mps2-an385: skipped: not in this test" in text and "left out" not in text


def test_the_targets_measured_by_default():
    """measured_by_default() (the fresh-root test's check reads it): the
    contract's eleven targets; not the wait-state variants or the emulated
    board (left out, said), not the real boards (skipped until --port)."""
    from harness.bench.targets import ORDER, measured_by_default
    assert measured_by_default() == ORDER
    for name, cls in TARGETS.items():
        if name not in ORDER:
            assert cls.not_in_default_run or cls.needs_port, name


def test_a_targets_own_scope_holds_under_all():
    """rv32e-ibex measures Ascon only (measured_schemes), --all included:
    the other families' C is left out and said, with the target's why."""
    from harness.bench.plan import Plan
    from harness.bench.scope import target_jobs
    from harness.bench.impls import all_impls
    t = TARGETS["rv32e-ibex"]()
    assert t.measured_schemes and t.measured_schemes_why
    for all_ in (True, False):
        plan = Plan(targets=("rv32e-ibex",), named=True, all=all_)
        mine, own, _default = target_jobs(plan, t, all_impls())
        assert mine and all(i.scheme.startswith("ascon") for i in mine)
        assert any(i.scheme == "dumbo" for i in own), "a finalist is said to be left out"
    # the others measure every family, but the ascon-c comparison's core
    own = {n for n in TARGETS if TARGETS[n]().measured_schemes}
    assert own == {"rv32e-ibex", "xtensa-esp32-hw-qemu"}, own
    assert all(TARGETS[n]().measures_scheme("dumbo") for n in TARGETS if n not in own)


def test_a_targets_own_scope_is_not_said_to_be_run_by_all():
    """The jobs a target's own scope keeps out (measured_schemes) are never
    said to be run by --all, also beside the default scope's in a default
    run (one line each; they were one line that said --all runs them)."""
    from harness.bench.plan import Plan
    from harness.bench.scope import left_out_lines, select
    from harness.bench.impls import all_impls
    lo = {"jobs": ["dumbo/ref"], "impls": ["ref"], "reason": "why", "own_scope": True}
    (line,) = left_out_lines("rv32e-ibex", lo)
    assert "not measured on this target" in line and "--all runs" not in line
    for all_ in (False, True):
        plan = Plan(targets=("rv32e-ibex",), named=True, all=all_)
        sc = select(plan, [TARGETS["rv32e-ibex"]()], all_impls(), [])
        lines = left_out_lines("rv32e-ibex", sc.left_out["rv32e-ibex"])
        own = [ln for ln in lines if "not measured on this target" in ln]
        assert len(own) == 1 and "--all" not in own[0] and "dumbo" not in own[0], lines
        assert len(lines) == (1 if all_ else 2), lines
        if not all_:
            assert "--all runs them" in lines[0] and "not measured" not in lines[0], lines
