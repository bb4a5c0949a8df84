"""Skinny-128-384+'s MSP430 assembly (src/skinny/msp430, written by gen.py):
the family's own checks beside tests/asm/test_asm.py (which runs the KAT,
every round count and the constant-time trace).

  - the table variant's 256-byte S-box is the specification's circuit,
    computed independently of the generator (tests/models/perms.py);
  - the round constants in schedule.S are the 6-bit LFSR's;
  - the bit-sliced variant's complemented planes (which SubCells leaves
    and the round tweakeys put right) agree between the generator, the .S
    header and backend_msp430.h;
  - the table variant says why it is not constant time, the bit-sliced one
    does not;
  - costs read back from the simulator: Romulus-N with the table variant
    at or below the seed's cells (adlen, mlen) = (0, 16) and (16, 0), and
    the bit-sliced bare permutation below the C lowsize's cycles.
"""
from __future__ import annotations

import re

from tests.helpers import ROOT, find_impl, load_module, usable_target
from tests.models.perms import skinny8_sbox

HERE = ROOT / "src" / "skinny" / "msp430"


def gen():
    return load_module(HERE / "gen.py", "skinny_msp430_gen")


def bytes_after(text: str, label: str, count: int) -> list[int]:
    body = text.split(f"{label}:", 1)[1]
    vals: list[int] = []
    for line in body.splitlines():
        m = re.match(r"\s*\.byte\s+(.*)", line)
        if m:
            vals += [int(v, 0) for v in m.group(1).split(",")]
        elif vals:
            break
    return vals[:count]


def test_sbox_table_is_the_circuit():
    want = [skinny8_sbox(x) for x in range(256)]
    assert want[:4] == [0x65, 0x4C, 0x6A, 0x42]  # the specification's table, first entries
    assert sorted(want) == list(range(256))
    table = (HERE / "table.S").read_text()
    assert bytes_after(table, "LWC_SYM(skinny_msp430_sbox)", 256) == want


def test_round_constants_are_the_lfsr():
    rc, want = 0, []
    for _ in range(40):
        rc = ((rc << 1) | (((rc >> 5) ^ (rc >> 4) ^ 1) & 1)) & 0x3F
        want.append(rc)
    text = (HERE / "schedule.S").read_text()
    got = bytes_after(text, "LWC_SYM(skinny_msp430_rc)", 80)
    assert got == [r & 15 for r in want] + [r >> 4 for r in want]


def test_complemented_planes_agree():
    mask = gen().complemented_mask()
    assert 0 < mask < 0x100
    assert f"mask 0x{mask:02x}" in (HERE / "bitsliced.S").read_text()
    header = (ROOT / "src" / "skinny" / "backend_msp430.h").read_text()
    assert f"#define SKINNY_MSP430_COMPLEMENTED 0x{mask:02x}u" in header


def test_only_the_table_variant_indexes_by_secrets():
    for kind in ("crypto_perm/skinny128-384plus", "crypto_aead/romulus-n"):
        assert (ROOT / kind / "asm_msp430_table" / "not-constant-time").is_file()
        assert not (ROOT / kind / "asm_msp430" / "not-constant-time").exists()
    assert "SBOX" not in (HERE / "bitsliced.S").read_text().upper().replace("S-BOX", "")


def test_costs_on_the_simulator():
    from harness.bench.targets import Point
    t = usable_target("msp430")
    seed = {Point("encrypt", 0, 16): 26064, Point("encrypt", 16, 0): 25793}
    r = t.run_job(find_impl("romulus-n", "asm_msp430_table"), list(seed))
    assert (r.status, r.kat) == ("ok", "pass"), r.detail
    for p, limit in seed.items():
        assert 10000 < r.values[p]["cycles"] <= limit, (p, r.values[p])
    perm = Point("permutation", 0, 0)
    ct = t.run_job(find_impl("skinny128-384plus", "asm_msp430"), [perm])
    c = t.run_job(find_impl("skinny128-384plus", "lowsize"), [perm])
    assert ct.status == c.status == "ok", (ct.detail, c.detail)
    assert ct.values[perm]["cycles"] < c.values[perm]["cycles"] / 2
