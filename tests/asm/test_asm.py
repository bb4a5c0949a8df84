"""Every assembly implementation, checked from one table (ISAS).

A row is an ISA family: where its generators live (src/<family>/<folder>/
gen.py, each writing <variant>.S beside it, found for every family), the
names of its implementation folders, the architecture tokens they may claim,
and the targets that run them.  From the row alone:
- the generated files are what each generator writes now (one source of
  truth);
- every implementation claims the ISA and nothing a target of another ISA
  would build;
- every implementation passes its official KAT on the first of the row's
  targets that has its ISA extension (on each of them, for a row that asks),
  and builds for the row's other compilers (Ibex's -march);
- a few chosen implementations pass it on a slower or stricter machine too
  (the Ibex RTL model for the draft Zbp/Zbt variants only it executes, the
  emulated MPS2 Cortex-M3 board that refuses what ARMv7-M lacks);
- every bare permutation gives the C ref's states for every round count
  its `rounds` request covers;
- misaligned and in-place buffers, forgeries and incremental calls
  (tests/asm/align.c, plain C over lwc.h) give the one-shot results, for
  the implementations the row names.
A new ISA adds a row; a new family on an ISA adds its gen.py.  What is truly
one family's (an S-box program against its table, a cost read back from
the simulator, the generator's bounds) stays in tests/asm/test_asm_<isa>*.py.
That no address or branch depends on secrets is tests/bench/test_ct.py's check of
every implementation on every target.
"""
from __future__ import annotations

import dataclasses
import subprocess
from typing import Callable

import pytest

from tests.helpers import (ROOT, align_firmware, bin_dir, find_impl, impl_id, load_module,
                           usable_target)
from harness.bench.targets import TARGETS
from harness.discover import Impl, discover


TREE = discover()  # once: every parametrization below reads it


@dataclasses.dataclass(frozen=True)
class Isa:
    folder: str                  # src/<family>/<folder>/gen.py writes <variant>.S there
    prefix: str                  # the implementations' folder names start so
    tokens: frozenset            # the architecture tokens they may claim
    kat_on: tuple                # targets, narrowest ISA first: the KAT runs on the first
    every_target: bool = False   # ... that builds it (True: on each that does)
    builds_on: tuple = ()        # other targets every implementation must build for
    samples: tuple = ()          # (target, scheme, impl): a KAT there too
    align: Callable[[Impl], bool] | None = None  # which run tests/asm/align.c
    not_prefix: tuple = ()       # names another row has, under this row's prefix

    def impls(self) -> list[Impl]:
        return [i for i in TREE if i.name.startswith(self.prefix)
                and not i.name.startswith(self.not_prefix)]

    def families(self) -> list[str]:
        return sorted(p.parent.parent.name for p in (ROOT / "src").glob(f"*/{self.folder}/gen.py"))

    def kat_targets(self, impl: Impl) -> list[str]:
        able = [t for t in self.kat_on if builds_on(t, impl)]
        return able if self.every_target else able[:1]

    def rounds_target(self, impl: Impl) -> str | None:
        able = self.kat_targets(impl) or [t for t, s, n in self.samples if builds_on(t, impl)]
        return able[0] if able else None


def builds_on(target: str, impl: Impl) -> bool:
    """(At collection: the target's class, not a target made and set up.)"""
    return impl.builds_for(set(TARGETS[target].arch_tokens))


ISAS = [
    Isa("rv32", "asm_rv32_", frozenset({"rv32i", "rv32zbb", "rv32zbkb", "rv32zbp", "rv32zbt"}),
        ("rv32i-qemu", "rv32-zbb-qemu", "rv32-zbkb-qemu"), builds_on=("rv32-ibex",),
        # only Ibex (RV32BFull) executes draft Zbp and Zbt: a big-endian AEAD
        # of rate 16, Ascon-80pq's 20-byte key for zbt_fsr, a little-endian hash
        samples=(("rv32-ibex", "ascon128a-v12", "asm_rv32_zbp_bi32"),
                 ("rv32-ibex", "ascon-hash256", "asm_rv32_zbp_bi32"),
                 ("rv32-ibex", "ascon128a-v12", "asm_rv32_zbt_fsr"),
                 ("rv32-ibex", "ascon80pq-v12", "asm_rv32_zbt_fsr"),
                 ("rv32-ibex", "ascon-hash256", "asm_rv32_zbt_fsr"))),
    # RV32E: qemu-riscv32 runs an ELF flagged RVE as RV32E (x16-x31 illegal);
    # every entry's byte interface at any alignment and in place
    Isa("rv32e", "asm_rv32e", frozenset({"rv32e"}), ("rv32e-qemu",), builds_on=("rv32e-ibex",),
        # the RV32E core, which refuses x16-x31: a big-endian AEAD with the
        # 20-byte key and a hash (tests/targets/test_target_ibex_rv32e.py: Ascon-AEAD128)
        samples=(("rv32e-ibex", "ascon80pq-v12", "asm_rv32e"),
                 ("rv32e-ibex", "ascon-hash256", "asm_rv32e")),
        align=lambda i: i.kind != "perm"),
    Isa("rv64", "asm_rv64", frozenset({"rv64", "rv64zbb"}), ("rv64-qemu", "rv64-zbb-qemu"),
        every_target=True),
    Isa("xtensa", "asm_xtensa_", frozenset({"lx106"}), ("xtensa-lx106-qemu",),
        align=lambda i: i.kind != "perm", not_prefix=("asm_xtensa_win",)),
    # the windowed ABI (ESP32): the LX106 generator's code, entered by call8
    Isa("xtensa_win", "asm_xtensa_win", frozenset({"xtensa_win"}), ("xtensa-esp32-qemu",),
        align=lambda i: i.kind != "perm"),
    Isa("armv7m", "asm_armv7m", frozenset({"armv7m"}), ("cortex-m3-qemu",),
        # qemu-arm's user mode runs an A-profile CPU; the emulated MPS2-AN385
        # board's M-profile Cortex-M3 refuses what ARMv7-M lacks: a KAT there
        # for each entry (Schwaemm256-128 calls permute7 and permute11, the
        # small variants their loops)
        samples=(("mps2-an385", "ascon-aead128", "asm_armv7m"),
                 ("mps2-an385", "ascon80pq-v12", "asm_armv7m"),
                 ("mps2-an385", "asconhash-v12", "asm_armv7m"),
                 ("mps2-an385", "ascon-p12", "asm_armv7m"),
                 ("mps2-an385", "ascon-p6", "asm_armv7m_small"),
                 ("mps2-an385", "schwaemm256-128", "asm_armv7m"),
                 ("mps2-an385", "esch256", "asm_armv7m_small"),
                 # the same assembly in the Cortex-M4 (ARMv7E-M) and Cortex-M33
                 # (ARMv8-M Mainline) firmware, beside the C their compilers write
                 ("cortex-m4-qemu", "ascon-aead128", "asm_armv7m"),
                 ("cortex-m4-qemu", "ascon-hash256", "asm_armv7m_small"),
                 ("cortex-m4-qemu", "xoodyak", "asm_armv7m"),
                 ("cortex-m33-qemu", "ascon128a-v12", "asm_armv7m"),
                 ("cortex-m33-qemu", "ascon-p12", "asm_armv7m_small"),
                 ("cortex-m33-qemu", "gimli24-cipher", "asm_armv7m")),
        # the byte interfaces that add and extract words at any alignment
        align=lambda i: i.kind != "perm" and not i.scheme.startswith(("schwaemm", "esch"))),
    Isa("armv6m", "asm_armv6m", frozenset({"armv6m"}), ("cortex-m0-qemu",),
        # the same images under the Cortex-M0+ model: one entry of each kind
        samples=(("cortex-m0plus", "ascon-aead128", "asm_armv6m"),
                 ("cortex-m0plus", "ascon80pq-v12", "asm_armv6m_small"),
                 ("cortex-m0plus", "asconhash-v12", "asm_armv6m"),
                 ("cortex-m0plus", "ascon-p6", "asm_armv6m_small"),
                 ("cortex-m0plus", "gimli24-cipher", "asm_armv6m"),
                 ("cortex-m0plus", "xoodyak", "asm_armv6m"),
                 ("cortex-m0plus", "schwaemm256-128", "asm_armv6m")),
        # Ascon's fast rate blocks: word-aligned buffers in assembly, the
        # others through the C duplex (backend_armv6m.h); the other families'
        # bytes in C; not Schwaemm and Esch, whose C ref and opt32 align.c
        # does not fit either (as on ARMv7-M)
        align=lambda i: i.kind != "perm" and not i.scheme.startswith(("schwaemm", "esch"))),
    Isa("avr", "asm_avr", frozenset({"avr"}), ("avr-atmega128",)),
    Isa("msp430", "asm_msp430", frozenset({"msp430"}), ("msp430",),
        # the fast variants' rate blocks: assembly byte loads and stores
        align=lambda i: i.name == "asm_msp430" and i.kind != "perm" and i.scheme != "isap-a-128a"),
]


def by_isa(pick: Callable[[Isa, Impl], list], isas=ISAS) -> list:
    return [pytest.param(isa, i, *extra, id=f"{impl_id(i)}" + (f"@{extra[0]}" if extra else ""))
            for isa in isas for i in isa.impls() for extra in pick(isa, i)]


def generator(isa: Isa, family: str):
    return load_module(ROOT / "src" / family / isa.folder / "gen.py",
                       f"{family}_{isa.folder}_gen")


@pytest.mark.parametrize("isa,family,variant",
                         [pytest.param(isa, f, v, id=f"{f}/{isa.folder}/{v}")
                          for isa in ISAS for f in isa.families()
                          for v in generator(isa, f).VARIANTS])
def test_generated_assembly_is_current(isa, family, variant):
    path = ROOT / "src" / family / isa.folder / f"{variant}.S"
    assert path.read_text() == generator(isa, family).generate(variant), (
        f"run python3 -m src.{family}.{isa.folder}.gen (or python3 tools/gen_asm.py)")


@pytest.mark.parametrize("isa", ISAS, ids=lambda isa: isa.folder)
def test_the_assembly_builds_only_for_its_isa(isa):
    """Each implementation claims its ISA, and a target builds it only if
    the target has one of the ISA's tokens."""
    assert isa.impls(), f"no {isa.prefix} implementation discovered"
    for i in isa.impls():
        assert set(i.architectures) <= isa.tokens, (impl_id(i), i.architectures)
        for name, cls in TARGETS.items():
            if i.builds_for(set(cls.arch_tokens)):
                assert cls.arch_tokens & isa.tokens, f"{impl_id(i)} builds for {name}"


def test_every_target_and_sample_of_the_table_exists():
    for isa in ISAS:
        for t in (*isa.kat_on, *isa.builds_on, *(s[0] for s in isa.samples)):
            assert t in TARGETS, (isa.folder, t)
        for t, scheme, name in isa.samples:
            assert builds_on(t, find_impl(scheme, name)), (t, scheme, name)


@pytest.mark.parametrize("isa,impl,target",
                         by_isa(lambda isa, i: [(t,) for t in isa.kat_targets(i)]
                                + [(t,) for t, s, n in isa.samples if (s, n) == (i.scheme, i.name)]))
def test_kat_on_target(isa, impl, target):
    res = usable_target(target).run_job(impl, [])
    assert (res.status, res.kat) == ("ok", "pass"), res.detail


@pytest.mark.parametrize("isa,impl,target",
                         by_isa(lambda isa, i: [(t,) for t in isa.builds_on]))
def test_builds_for_the_other_compilers(isa, impl, target):
    """Ibex's -march has more extensions than the QEMU targets (gcc 12 once
    failed on one of those combinations): every implementation builds."""
    assert usable_target(target).build(impl).is_file()


def host_rounds(scheme: str) -> list[str]:
    out = subprocess.run([str(bin_dir("release") / "lwc-bench")], input=f"rounds {scheme} ref\n",
                         capture_output=True, text=True).stdout
    return [ln for ln in out.splitlines() if ln.startswith("k ")]


@pytest.mark.parametrize("isa,impl,target",
                         by_isa(lambda isa, i: [(isa.rounds_target(i),)]
                                if i.kind == "perm" and isa.rounds_target(i) else []))
def test_every_round_count_matches_ref(isa, impl, target):
    """permute_rounds(n) for every n the target's `rounds` request covers
    (odd n enter unrolled rounds at an odd round; one call for a permutation
    without a round argument): the same states as the C ref on the host."""
    want = host_rounds(impl.scheme)
    assert want
    t = usable_target(target)
    session = t.open_session(t.build(impl))
    try:
        (r,) = session.run_all([f"rounds {impl.scheme} {impl.name}"], [300.0])
        assert r.ok is not None and r.ok.startswith("ok rounds="), (r.ok, r.error)
        assert [ln for ln in r.lines if ln.startswith("k ")] == want
    finally:
        session.close()


def run_alone(target: str, elf) -> subprocess.CompletedProcess:
    """The firmware run to its end on the target's simulator, its output
    captured (QEMU user mode, or our MSP430 simulator)."""
    t = usable_target(target)
    if hasattr(t, "qemu_argv"):
        argv = t.qemu_argv(elf)
    else:
        from harness.bench.targets.msp430 import SIM
        assert target == "msp430", f"no way here to run a firmware alone on {target}"
        argv = [str(SIM), str(elf)]
    return subprocess.run(argv, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("isa,impl,target",
                         by_isa(lambda isa, i: [(isa.kat_targets(i)[0],)]
                                if isa.align and isa.align(i) else []))
def test_misaligned_in_place_and_incremental(tmp_path, isa, impl, target):
    """The byte interfaces with buffers at offsets 0..3, in place, and split
    over incremental calls at random points give the same implementation's
    one-shot result on aligned buffers (which the KAT checks); forgeries are
    refused."""
    run = run_alone(target, align_firmware(target, tmp_path, impl))
    lines = run.stdout.splitlines()
    assert run.returncode == 0, (run.returncode, run.stderr[-500:], lines[-5:])
    assert lines and lines[-1].startswith("checked "), lines[-5:]
    n, nbad = (int(x, 16) for x in lines[-1].split()[1:3])
    assert nbad == 0 and not [ln for ln in lines if ln.startswith("bad")], lines[:10]
    assert n >= {"hash": 40, "auth": 68}.get(impl.kind, 1000)


# -- one toolkit, imported by name (src/asmgen/) ----------------------------------

def test_generators_import_their_toolkit_by_name():
    """No generator edits sys.path or loads another family's generator by
    path: the toolkit is src/asmgen/, imported as src.asmgen.<module>."""
    offenders = [f"{p.relative_to(ROOT)}:{n}" for p in (ROOT / "src").rglob("*.py")
                 for n, line in enumerate(p.read_text().splitlines(), 1)
                 if "sys.path" in line or "importlib" in line]
    assert not offenders, offenders


def test_no_family_includes_another_familys_files():
    """A family's C, headers and assembly include their own family's files,
    src/core/ (what every family shares), src/asmgen/ (the assembly's symbol
    header) and include/.  ISAP-A-128a is a mode of the Ascon permutation and
    lives in src/ascon/; only the library's batch engines (src/lib/, no
    family) reach into one."""
    import re
    families = {p.name for p in (ROOT / "src").iterdir() if p.is_dir()}
    allowed = {("lib", "ascon")}  # lib: the batch engines, no family
    found = set()
    for f in (ROOT / "src").rglob("*"):
        if f.suffix not in (".c", ".h", ".S"):
            continue
        fam = f.relative_to(ROOT / "src").parts[0]
        for inc in re.findall(r'#\s*include\s+"([^"]+)"', f.read_text()):
            top = inc.split("/")[0]
            if "/" in inc and top in families and top not in (fam, "core", "asmgen"):
                found.add((fam, top))
    assert found <= allowed, sorted(found - allowed)


def test_the_generator_tool_finds_a_stale_file(tmp_path, monkeypatch, capsys):
    """tools/gen_asm.py on a copy of src/: a .S that differs from its
    generator is named by --check and rewritten without it."""
    import shutil
    gen_asm = load_module(ROOT / "tools" / "gen_asm.py", "gen_asm")
    shutil.copytree(ROOT / "src", tmp_path / "src",
                    ignore=shutil.ignore_patterns("*.c", "*.h", "__pycache__"))
    monkeypatch.setattr(gen_asm, "ROOT", tmp_path)
    assert gen_asm.main(["--check"]) == 0
    target = tmp_path / "src" / "gimli" / "avr" / "small.S"
    text = target.read_text()
    target.write_text(text + "\n")
    assert gen_asm.main(["--check", str(tmp_path / "src" / "gimli" / "avr")]) == 1
    assert "stale: src/gimli/avr/small.S" in capsys.readouterr().out
    assert gen_asm.main([str(tmp_path / "src" / "gimli" / "avr")]) == 0
    assert target.read_text() == text
