"""The Cortex-M4 cycle model: cm3_cycles.c built with -DLWC_CM4
(build/tools/qemu/libcm4_cycles.so, cortex-m4-qemu), held to the Cortex-M4
TRM's table (r0p1, ARM 100166_0001_00, Table 3-1) the way test_cm3_model.py
holds the Cortex-M3's: its multiplies cost what that table says (MLA, MLS,
the long multiplies and accumulates 1; the divides 2-12, the upper bound as
on the M3), and every other case of test_cm3_model costs exactly what it
costs on the Cortex-M3, whose table the M4's repeats for them.  The M3
plugin is built from the same source without the define: its figures are
untouched (test_cm3_model)."""
from __future__ import annotations

import struct
import subprocess

import pytest

from harness.bench.targets.mainline import CM4_PLUGIN
from harness.bench.targets.qemu import flash_range
from tests.models.cm3 import P, REPS, link, per_body, program
from tests.targets.test_cm3_model import CASES

# the Cortex-M4's own costs (0 wait states, then the flash line rule)
M4 = {
    "mla": lambda ws: 1 + ws,
    "mls": lambda ws: 1 + ws,
    "umull": lambda ws: 1 + ws,
    "smlal": lambda ws: 1 + ws,
    "mul": lambda ws: 1 + ws,
    "udiv": lambda ws: max(12, 1 + ws),
}


def run(elf, ws: int) -> list[int]:
    lo, hi = flash_range(elf)
    plugin = f"{CM4_PLUGIN},ws={ws},refill={P},flash={lo:x}:{hi:x}"
    r = subprocess.run(["qemu-arm", "-plugin", plugin, str(elf)], capture_output=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    return list(struct.unpack("<8Q", r.stdout))


@pytest.mark.parametrize("ws", (0, 2))
@pytest.mark.parametrize("name", sorted(CASES))
def test_class_cost(tmp_path, name, ws):
    setup, body, insns, cost = CASES[name]
    src, elf = tmp_path / f"{name}.S", tmp_path / f"{name}.elf"
    src.write_text(program(setup, body))
    link(elf, src)
    got_insns, got_cycles = per_body(run(elf, ws))
    n = REPS[1] - REPS[0]
    want = M4.get(name, cost)(ws)
    assert got_insns == n * insns
    assert got_cycles == n * want, f"{name} at {ws} wait states: {got_cycles / n} a body"


def test_the_multiplies_are_where_the_cores_differ():
    """The table above changes the Cortex-M3's figure for MLA, MLS, UMULL
    and SMLAL, and nothing else of test_cm3_model's cases."""
    changed = {n for n in M4 if M4[n](0) != CASES[n][3](0)}
    assert changed == {"mla", "mls", "umull", "smlal"}
