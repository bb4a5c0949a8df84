"""Adding a target, measured: a throwaway one (RV32IM, a second QEMU
machine of an ISA lwc builds for) written the way
docs/design/adding-a-target.md says, loaded beside the tree's targets and
run: the official KAT on it, then a measurement.  The guide's table of
files and lines is checked against what this target takes."""
from __future__ import annotations

import pathlib
import re

import pytest

from tests.helpers import ROOT, find_impl
from harness.bench import targets
from harness.bench.cache import file_sha256
from harness.bench.targets import DescriptionError, Point

GUIDE = ROOT / "docs" / "design" / "adding-a-target.md"
NAME = "rv32im-qemu"
# The whole target: one description of an existing driver.
DESCRIPTION = """\
# rv32im-qemu: a throwaway target (tests/targets/test_new_target.py)
driver = "qemu.QemuTarget"
order = 99
description = "RV32IM, riscv64-unknown-elf-gcc -march=rv32im -O2, qemu-riscv32 (user mode)"
arch_tokens = ["rv32", "rv32i", "32bit"]
preference = ["asm_rv32_shift", "opt64", "bi32", "opt32", "ref", "lowsize"]
cc = ["riscv64-unknown-elf-gcc"]
cflags = ["-march=rv32im", "-mabi=ilp32", "-O2", "-ffreestanding"]
lib_flags = ["-march=rv32i", "-mabi=ilp32"]
qemu = "qemu-riscv32"
cpu = "rv32,m=true,a=false,f=false,d=false,c=false,zba=false,zbb=false,zbc=false,zbs=false"
start = "start_riscv.S"
"""


def described(tmp_path: pathlib.Path, text: str) -> list[pathlib.Path]:
    new = tmp_path / f"{NAME}.toml"
    new.write_text(text)
    return [*sorted(targets.HERE.glob("*.toml")), new]


def test_a_new_target_is_one_file_and_runs_the_kat(tmp_path):
    classes = {c.name: c for c in targets.load(described(tmp_path, DESCRIPTION))}
    assert list(classes)[:-1] == list(targets.TARGETS) and list(classes)[-1] == NAME
    t = classes[NAME]()
    ok, why = t.is_available()
    assert ok, why
    impl = find_impl("ascon-aead128", "ref")
    assert t.supports(impl)
    res = t.run_job(impl, [Point("encrypt", 0, 16, ("thesis",))])
    assert (res.status, res.kat) == ("ok", "pass"), res.detail
    counts = res.values[Point("encrypt", 0, 16, ("thesis",))]
    assert counts["instructions"] > 0 and counts.get("cycles") is None
    # what was measured: the firmware's bytes and the simulator's identity
    assert res.image_sha256 == file_sha256(t.build(impl))
    assert res.simulator_sha256 == t.simulator_identity() and len(res.simulator_sha256) == 64
    # the guide's table: what this target took
    lines = [ln for ln in DESCRIPTION.splitlines() if ln.strip()]
    row = re.search(r"^\| a target of an existing driver \| (\d+) \| (\d+) \|$",
                    GUIDE.read_text(), re.M)
    assert row, "the guide's table row is missing"
    assert (int(row.group(1)), int(row.group(2))) == (1, len(lines))


@pytest.mark.parametrize("change, why", [
    ('cpu = "', "QemuTarget has no fact named cpuu"),  # a misspelt key
    ('driver = "qemu.QemuTarget"', "no driver 'qemu.NoSuchTarget'"),
    ("order = 99\n", "targets without an order: rv32im-qemu"),
])
def test_a_wrong_description_is_named(tmp_path, change, why):
    text = {"cpu = \"": DESCRIPTION.replace('cpu = "', 'cpuu = "'),
            'driver = "qemu.QemuTarget"': DESCRIPTION.replace("qemu.QemuTarget",
                                                                "qemu.NoSuchTarget"),
            "order = 99\n": DESCRIPTION.replace("order = 99\n", "")}[change]
    with pytest.raises(DescriptionError, match=re.escape(why)):
        targets.load(described(tmp_path, text))


# Target names that are also an ISA token and a platform folder (host,
# msp430): those words stand in the code for the ISA, not the target.
SHARED_WORDS = {"host", "msp430"}


def test_no_file_outside_the_targets_names_a_target():
    """Target names appear only in their descriptions (and in generated
    files, tests and docs): not in the harness' code, the tools or the
    library."""
    names = sorted(set(targets.TARGETS) - SHARED_WORDS, key=len, reverse=True)
    pattern = re.compile(r"""["'](%s)["']""" % "|".join(map(re.escape, names)))
    found = []
    for folder in ("harness", "tools", "src", "include", "python", "cmake"):
        for path in (ROOT / folder).rglob("*"):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix not in (".py", ".c", ".h", ".cmake", ".sh", ".txt", ".in") or \
                    path.parent == targets.HERE or rel.startswith("cmake/toolchains/"):
                continue
            for k, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                if pattern.search(line) and not line.lstrip().startswith("#"):
                    found.append(f"{rel}:{k}: {line.strip()}")
    assert found == []
