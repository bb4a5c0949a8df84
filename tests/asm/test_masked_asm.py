"""The masked assembly's schedule, read from the generated files
(src/ascon/rv32/masked*.S, src/ascon/armv7m/masked*.S): what `./lwcbench
leak` found the Ibex needs, kept by construction.  The leakage assessment
itself is tests/bench/test_leak.py; the KATs are tests/asm/test_asm.py's.

- with 2 shares, every S-box term that joins a state share is followed at
  once by the clear of its temporary (without it the result bus went from a
  share just updated to the next term's operand: |t| 21 at 20,000 traces);
  with 3 shares no clear is needed (two shares of three reveal nothing: the
  assessment passes without them, first and second order), and none is
  paid for;
- no two consecutive terms of a gate are p1 & q0' and p1 & q1 (their xor is
  p1 & q, an AND with the secret q): the terms come in the order share 0,
  share 1, share 0, share 1;
- one random word is read per half and round with 2 shares, two with 3
  (chi's zero), and nothing else from the random words.
The three-share file's gates take nine terms, three into each share, share
by share (ascon-c's order)."""
from __future__ import annotations

import re
import sys

import pytest

from tests.helpers import ROOT

# (file, comment marker, the temporaries, the clear of a temporary, load of a random word)
FILES = [
    ("src/ascon/rv32/masked.S", "/*", ("a3", "a4"), r"li\s+{t}, 0$", r"lw\s+s10, \d+\(a2\)"),
    ("src/ascon/rv32/masked_zbb.S", "/*", ("a3", "a4"), r"li\s+{t}, 0$", r"lw\s+s10, \d+\(a2\)"),
    ("src/ascon/armv7m/masked.S", "@", ("r12", "lr"), r"mov\s+{t}, #0$",
     r"ldr\s+r10, \[r12\], #4"),
]
# three shares: nine terms a gate, no clears, two random words a half (z's shares 1 and 2)
FILES3 = [("src/ascon/rv32/masked3_zbb.S", "/*", ("a3",), None,
           r"lw\s+(a6|a7), \d+\(a2\)"),
          ("src/ascon/armv7m/masked3.S", "@", ("r12",), None, r"ldr\s+r1[01], \[r12\], #4")]
# z's share 0 from its two words, through the temporary (RV32) or not (ARM's EOR, ROR)
Z_TERMS = {"src/ascon/rv32/masked3_zbb.S": 1, "src/ascon/armv7m/masked3.S": 0}


def sboxes(path: str, marker: str) -> list[list[str]]:
    """The instructions of each S-box half (from its note to the next note
    that is not a Toffoli gate's)."""
    lines = (ROOT / path).read_text().splitlines()
    out, cur = [], None
    for line in lines:
        if "S-box," in line:
            cur = []
            out.append(cur)
            continue
        if "linear layer" in line:
            cur = None
        text = line.split(marker)[0].strip()
        if cur is not None and text and not text.endswith(":"):
            cur.append(text)
    return out


def terms(body: list[str], rnd: str, temps) -> list[tuple[int, str, str]]:
    """The terms that join a state share (`xor/eor rd, rd, temp`), from z's
    load (the first random word, rnd) on: (index in body, rd, temp)."""
    start = next(k for k, i in enumerate(body) if re.fullmatch(rnd, i))
    out = []
    for k, ins in enumerate(body[start:], start):
        op, _, args = ins.partition(" ")
        regs = [a.strip() for a in args.split(",")]
        if op in ("xor", "eor") and len(regs) == 3 and regs[2] in temps and regs[0] == regs[1]:
            out.append((k, regs[0], regs[2]))
    return out


@pytest.mark.parametrize("path,marker,temps,clear,rnd,ns",
                         [(*f, 2) for f in FILES] + [(*f, 3) for f in FILES3],
                         ids=[f[0] for f in FILES + FILES3])
def test_every_term_is_cleared_and_random_words_are_chis_zero(path, marker, temps, clear, rnd,
                                                             ns):
    halves = sboxes(path, marker)
    assert len(halves) == 2, path  # one loop body: the even half, the odd half
    for body in halves:
        assert sum(bool(re.fullmatch(rnd, i)) for i in body) == ns - 1, path
        # the gates follow z's load (before it: the constant and the affine layer)
        found = terms(body, rnd, temps)
        for k, _share, temp in found:
            if clear:
                assert re.fullmatch(clear.format(t=temp), body[k + 1]), \
                    (path, body[k], body[k + 1])
            else:
                zero = rf"(li\s+{temp}, 0|movs?\s+{temp}, #0)"
                assert not re.fullmatch(zero, body[k + 1]), (path, body[k])
        # five gates of ns^2 terms; with 3 shares z's share 0 is built from
        # the two words (rotated, added)
        assert len(found) == 5 * ns * ns + Z_TERMS.get(path, 0), (path, len(found))


def test_the_check_can_fail(tmp_path, monkeypatch):
    """A schedule without the clears is caught."""
    me = sys.modules[__name__]
    text = (ROOT / "src/ascon/rv32/masked_zbb.S").read_text()
    broken = "\n".join(ln for ln in text.splitlines() if not re.match(r"\s+li\s+a3, 0$", ln))
    (tmp_path / "x.S").write_text(broken)
    monkeypatch.setattr(me, "ROOT", tmp_path)
    with pytest.raises(AssertionError):
        test_every_term_is_cleared_and_random_words_are_chis_zero(
            "x.S", "/*", ("a3", "a4"), r"li\s+{t}, 0$", r"lw\s+s10, \d+\(a2\)", 2)


@pytest.mark.parametrize("path,marker,rnd", [(f[0], f[1], f[4]) for f in FILES],
                         ids=[f[0] for f in FILES])
def test_terms_alternate_between_the_shares(path, marker, rnd):
    """Within a gate the terms join share 0, 1, 0, 1 of its target: never
    two terms into share 1 (p1 & q0' then p1 & q1) one after the other."""
    for body in sboxes(path, marker):
        targets = [share for _k, share, _t in terms(body, rnd, ("a3", "a4", "r12", "lr"))]
        gates = [targets[k:k + 4] for k in range(0, len(targets), 4)]
        for g in gates:
            assert g[0] == g[2] and g[1] == g[3] and g[0] != g[1], (path, g)


@pytest.mark.parametrize("path,marker,temps,rnd", [(f[0], f[1], f[2], f[4]) for f in FILES3],
                         ids=[f[0] for f in FILES3])
def test_three_share_terms_go_share_by_share(path, marker, temps, rnd):
    """With 3 shares each gate's nine terms join its target's share 0 three
    times, then share 1, then share 2 (ascon-c's order: share j takes the
    terms of p_j), the five gates in their order t2, t4, t1, t3, t0."""
    for body in sboxes(path, marker):
        targets = [share for _k, share, _t in terms(body, rnd, temps)][Z_TERMS[path]:]
        gates = [targets[k:k + 9] for k in range(0, len(targets), 9)]
        assert len(gates) == 5, (path, len(targets))
        for g in gates:
            shares = [g[0], g[3], g[6]]
            assert g == [r for r in shares for _ in range(3)] and len(set(shares)) == 3, (path, g)
