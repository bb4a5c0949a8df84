#!/usr/bin/env python3
"""Generate the MSP430 assembly of Grain-128AEADv2's two generators.

    python3 -m src.grain.msp430.gen      # rewrite src/grain/msp430/fast.S

    fast.S   grain_msp430_clock16(st, ymask, ks, kb)    16 clocks (set-up and
                                                        grain_preoutput)
             grain_msp430_stream(st, out, in, len, dec) len bytes: per byte 16
                                                        clocks, the outputs split,
                                                        the byte encrypted, 8 bits
                                                        authenticated

Both run the 16 clocks in .Lcore, which saves nothing: its callers save
r4..r10 once and build its stack frame (the state pointer, the slots, then
ymask, ks, kb; the stream's zero), so a long string pays the entry and exit
once, not per byte.  Both wipe the slots (windows of the state) and the
key words before they return.

The state (backend_msp430.h) is the LFSR s then the NFSR b, eight 16-bit
words each: bit i of a register is bit i % 16 of word i / 16.

Pre-output generator, 16 clocks at once: every tap of f, g and y is at
most bit 96, so the outputs and feedbacks of clocks 0 .. 15 are the
specification's formulas on the 16-bit windows W(k) = bits k .. k+15, and
the registers then move by one word.  W(16q + r) is word q of the register
shifted right by r bits with word q+1's low bits entering at the top.  So a
register is loaded into seven CPU registers C0..C6 (words 0..6) and
shifted right one bit at a time, r = 0 .. 15 (a chain rra/rrc from the
highest word still needed down): after r shifts, C_q holds W(16q + r), and
every tap whose offset is r mod 16 is read there, a register operand.  The
chain drops a word as soon as no later tap reads it or the word below it.
A product whose factors sit at different residues r is kept in a free
register (or a stack slot when none is free) from its first factor to its
last.  Pass one is the NFSR (g and the b terms of y; b12 and b95 go to
stack slots for h), pass two the LFSR (f, s0 into g, the rest of y).  While
each register is loaded its words move down one place in memory; the two
new words (f and s0 + g, with y & ymask and the key words ks, kb added) go
to word 7.

Per byte the stream splits the 16 outputs (even ones: the keystream byte
k, odd ones: the register bits a), writes x ^ k when there is an output,
and authenticates d = x ^ (k & dec) (the plaintext either way).
Authenticator, 8 bits: the accumulator A (A0..A3) and the shift register R
(R0..R3) in CPU registers; for each data bit d (bit 0 first) the mask
m = d - 1 (all ones when d = 0), A ^= R & ~m word by word, then R moves one
bit down with the next register bit a entering at the top.  One bit per
loop pass; the loop ends on a sentinel bit above the data byte, so it runs
eight times whatever the data.  No branch and no address depends on the
state or the data anywhere.
"""
from __future__ import annotations

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent.parent
from src.asmgen.msp430 import Asm, head, tail
from src.asmgen.emitter import size, text, write

VARIANTS = ["fast"]

# Terms of the two passes: (accumulator, taps, stack-slot factors).
# An accumulator "save:X" stores the window to slot X.
NFSR_TERMS = [
    ("G", [0], []), ("G", [26], []), ("G", [56], []), ("G", [91], []), ("G", [96], []),
    ("G", [3, 67], []), ("G", [11, 13], []), ("G", [17, 18], []), ("G", [27, 59], []),
    ("G", [40, 48], []), ("G", [61, 65], []), ("G", [68, 84], []),
    ("G", [22, 24, 25], []), ("G", [70, 78, 82], []), ("G", [88, 92, 93, 95], []),
    ("Y", [2], []), ("Y", [15], []), ("Y", [36], []), ("Y", [45], []), ("Y", [64], []),
    ("Y", [73], []), ("Y", [89], []),
    ("save:B12", [12], []), ("save:B95", [95], []),
]
LFSR_TERMS = [
    ("F", [0], []), ("G", [0], []), ("F", [7], []), ("F", [38], []), ("F", [70], []),
    ("F", [81], []), ("F", [96], []),
    ("Y", [93], []), ("Y", [13, 20], []), ("Y", [60, 79], []),
    ("Y", [8], ["B12"]), ("Y", [42], ["B95"]), ("Y", [94], ["B12", "B95"]),
]

CHAIN = ["r4", "r5", "r6", "r7", "r8", "r9", "r10"]
G, Y, T, F = "r11", "r12", "r13", "r14"
NAMES = {"G": "g", "Y": "y", "F": "f"}


class Frame:
    """The body's stack slots: named ones (the state pointer, b12, b95) and
    product temporaries handed out and taken back."""

    def __init__(self, total: int = 0):
        self.names = ["P", "B12", "B95"]
        self.free: list[str] = []
        self.count = 0
        self.total = total  # slots in all (known from a first run)

    def take(self) -> str:
        if self.free:
            return self.free.pop()
        self.count += 1
        name = f"X{self.count}"
        self.names.append(name)
        return name

    def give(self, name: str) -> None:
        self.free.append(name)

    def at(self, name: str, base: int = 2) -> str:
        """A slot's operand, seen from .Lcore (base 2: its return address
        below the frame) or from its caller (base 0).  The frame: the slots,
        then ymask, ks, kb (YM, KS, KB), then the stream's OUT, IN, LEN."""
        tail = ["YM", "KS", "KB", "OUT", "IN", "LEN"]
        if name in tail:
            return f"{base + 2 * self.total + 2 * tail.index(name)}(sp)"
        return f"{base + 2 * self.names.index(name)}(sp)"

    def __getitem__(self, name: str) -> str:
        return self.at(name)


def run_pass(a: Asm, reg: str, terms, accs: dict[str, str], pool: list[str], fr: Frame,
             init: set[str]) -> None:
    """One register's taps over the chain CHAIN (words 0..6 loaded):
    r = 0 .. 15, the chain shifted between residues."""
    def slot(name: str) -> str:
        return fr[name]

    def acc_op(src: str, acc: str, comment: str) -> None:
        if acc.startswith("save:"):
            a("mov", src, slot(acc[5:]), comment=comment)
            return
        r = accs[acc]
        a("xor" if acc in init else "mov", src, r, comment=comment)
        init.add(acc)

    prep = []
    for acc, taps, mem in terms:
        by_r: dict[int, list[int]] = {}
        for k in taps:
            by_r.setdefault(k % 16, []).append(k)
        prep.append({"acc": acc, "taps": taps, "mem": mem, "by_r": by_r,
                     "first": min(by_r), "last": max(by_r), "tmp": None})

    def used_at(r: int) -> set[int]:
        return {k // 16 for t in prep for k in t["taps"] if k % 16 == r}

    def win(k: int) -> str:
        return CHAIN[k // 16]

    def desc(t) -> str:
        what = " ".join(f"{reg}{k}" for k in t["taps"]) + "".join(f" {m.lower()}" for m in t["mem"])
        acc = t["acc"]
        return f"{what} -> {acc[5:] if acc.startswith('save:') else NAMES[acc]}"

    live_tmp: list[str] = []
    for r in range(16):
        future = {k // 16 for t in prep for k in t["taps"] if k % 16 > r}
        keep = future | {q + 1 for q in future}
        busy = {CHAIN[q] for q in keep | used_at(r)}
        here = [t for t in prep if r in t["by_r"]]
        if here:
            a.note(f"r = {r}: C_q = W({reg}, 16q + {r})")
        # products ending here, then whole products, then the middles, then starts
        for t in here:
            ks = t["by_r"][r]
            if t["first"] == r and t["last"] == r:
                if len(t["taps"]) == 1 and not t["mem"]:
                    acc_op(win(ks[0]), t["acc"], desc(t))
                    continue
                a("mov", win(ks[0]), T, comment=desc(t))
                for k in ks[1:]:
                    a("and", win(k), T)
                for m in t["mem"]:
                    a("and", slot(m), T)
                acc_op(T, t["acc"], "")
            elif t["last"] == r:
                x = t["tmp"]
                if x.endswith("(sp)"):
                    a("mov", win(ks[0]), T, comment=desc(t) + " (end)")
                    for k in ks[1:]:
                        a("and", win(k), T)
                    a("and", x, T)
                    for m in t["mem"]:
                        a("and", slot(m), T)
                    acc_op(T, t["acc"], "")
                    fr.give(t["slot"])
                else:
                    for i, k in enumerate(ks):
                        a("and", win(k), x, comment=desc(t) + " (end)" if i == 0 else "")
                    for m in t["mem"]:
                        a("and", slot(m), x)
                    acc_op(x, t["acc"], "")
                    live_tmp.remove(x)
        for t in here:
            ks = t["by_r"][r]
            if t["first"] < r < t["last"]:
                for i, k in enumerate(ks):
                    a("and", win(k), t["tmp"], comment=desc(t) + " (more)" if i == 0 else "")
        for t in here:
            ks = t["by_r"][r]
            if t["first"] == r < t["last"]:
                free = [x for x in pool + CHAIN if x not in busy and x not in live_tmp]
                if free:
                    x = free[0]
                    live_tmp.append(x)
                    a("mov", win(ks[0]), x, comment=desc(t) + f" (start, in {x})")
                    for k in ks[1:]:
                        a("and", win(k), x)
                else:
                    t["slot"] = fr.take()
                    x = slot(t["slot"])
                    if len(ks) == 1:
                        a("mov", win(ks[0]), x, comment=desc(t) + " (start, on the stack)")
                    else:
                        a("mov", win(ks[0]), T, comment=desc(t) + " (start, on the stack)")
                        for k in ks[1:]:
                            a("and", win(k), T)
                        a("mov", T, x)
                t["tmp"] = x
        if r == 15:
            break
        # shift the words still needed one bit down (runs, top word first)
        qs = sorted(keep, reverse=True)
        runs: list[list[int]] = []
        for q in qs:
            if runs and runs[-1][-1] == q + 1:
                runs[-1].append(q)
            else:
                runs.append([q])
        for run in runs:
            for i, q in enumerate(run):
                cm = (f"words {run[-1]}..{run[0]} >> 1: r = {r + 1}" if i == 0 else "")
                a("rra" if i == 0 else "rrc", CHAIN[q], comment=cm)
    assert not live_tmp


def load(a: Asm, ptr: str, reg: str) -> None:
    """Words 0..6 of the register at ptr into the chain; words 1..7 move
    down one place in memory (ptr ends 14 bytes on)."""
    a("mov", f"@{ptr}+", CHAIN[0], comment=f"C0 = {reg} word 0")
    for q in range(1, 7):
        a("mov", f"@{ptr}+", CHAIN[q], comment=f"C{q} = {reg} word {q}")
        a("mov", CHAIN[q], f"-4({ptr})", comment=f"{reg} word {q - 1} = word {q}")
    a("mov", f"@{ptr}", f"-2({ptr})", comment=f"{reg} word 6 = word 7")


def core(a: Asm, total: int = 0) -> int:
    """.Lcore: 16 clocks; the caller saved r4..r10 and built the frame
    (the state pointer in slot P, ymask, ks, kb above the slots).  Returns
    the number of slots."""
    fr = Frame(total)
    a.label(".Lcore")
    a.note("16 clocks of the state in slot P; returns y in r12, every other register clobbered")
    a("mov", fr["P"], "r12")
    a("add", "#16", "r12", comment="r12 = b")
    load(a, "r12", "b")
    a.note("pass 1, the NFSR: g (r11) and the b terms of y (r12)")
    init: set[str] = set()
    run_pass(a, "b", NFSR_TERMS, {"G": G, "Y": Y}, ["r14", "r15"], fr, init)
    a.note("pass 2, the LFSR: f (r14), s0 into g (r11), the rest of y (r12)")
    a("mov", fr["P"], T, comment="r13 = s")
    load(a, T, "s")
    run_pass(a, "s", LFSR_TERMS, {"G": G, "Y": Y, "F": F}, ["r15"], fr, init)
    a.note("the new words: s128.. = f + (y & ymask) + ks, b128.. = s0 + g + (y & ymask) + kb")
    a("mov", Y, T)
    a("and", fr["YM"], T, comment="y & ymask")
    a("xor", T, F)
    a("xor", T, G)
    a("xor", fr["KS"], F, comment="+ ks")
    a("xor", fr["KB"], G, comment="+ kb")
    a("mov", fr["P"], T)
    a("mov", F, "14(r13)", comment="s word 7")
    a("mov", G, "30(r13)", comment="b word 7")
    a("ret", comment="r12 = y")
    return len(fr.names)


SAVED = ["r4", "r5", "r6", "r7", "r8", "r9", "r10"]


def wipe(a: Asm, words: int, above: int, what: str) -> None:
    """Free the frame, its first `words` words overwritten with zeros on
    the way (pushes of the constant 0 over them), then `above` bytes more."""
    a("add", f"#{2 * words}", "sp", comment=f"wipe {what}:")
    for _ in range(words):
        a("push", "#0")
    a("add", f"#{2 * words + above}", "sp", comment="free the frame")


def clock16(a: Asm, fr: Frame) -> None:
    sym = "LWC_SYM(grain_msp430_clock16)"
    head(a, sym, SAVED, "r12 = state, r13 = ymask, r14 = ks, r15 = kb; returns the 16 outputs")
    a("push", "r15", comment="kb")
    a("push", "r14", comment="ks")
    a("push", "r13", comment="ymask")
    a("sub", f"#{2 * fr.total}", "sp", comment="the slots")
    a("mov", "r12", fr.at("P", 0), comment="state pointer")
    a("call", "#.Lcore")
    wipe(a, fr.total + 3, 0, "the slots, ymask, ks, kb")
    tail(a, SAVED)
    size(a, sym)


def stream(a: Asm, fr: Frame) -> None:
    """Whole bytes: 16 clocks (.Lcore), the outputs split, the byte
    encrypted, its 8 data bits through the authenticator."""
    sym = "LWC_SYM(grain_msp430_stream)"
    head(a, sym, SAVED, "r12 = the mode's state (generator, A, R), r13 = out (0: none), "
         "r14 = in, r15 = len, on the stack: dec (0xff: data = output, 0: data = input)")
    dec = f"{2 * fr.total + 12 + 14 + 2}(sp)"
    a("tst", "r15")
    a("jeq", ".Lnone", comment="public: the length")
    a("push", "r15", comment="LEN")
    a("push", "r14", comment="IN")
    a("push", "r13", comment="OUT")
    for what in ("kb", "ks", "ymask"):
        a("push", "#0", comment=what)
    a("sub", f"#{2 * fr.total}", "sp", comment="the slots")
    a("mov", "r12", fr.at("P", 0), comment="state pointer")
    a.label(".Lbyte")
    a("call", "#.Lcore", comment="r12 = y")
    a.note("split: the even outputs (keystream) into r13's high byte, the odd ones into r14's")
    for i in range(8):
        a("rra", "r12", comment="C = y0" if i == 0 else "")
        a("rrc", "r13")
        a("rra", "r12", comment="C = y1" if i == 0 else "")
        a("rrc", "r14")
    a("swpb", "r13", comment="keystream byte k")
    a("swpb", "r14", comment="register bits a")
    a("mov", fr.at("IN", 0), "r15")
    a("mov.b", "@r15+", "r11", comment="x = next input byte")
    a("mov", "r15", fr.at("IN", 0))
    a("mov", "r11", "r10")
    a("xor.b", "r13", "r10", comment="x ^ k")
    a("mov", fr.at("OUT", 0), "r15")
    a("tst", "r15")
    a("jeq", "1f", comment="public: no output when authenticating only")
    a("mov.b", "r10", "0(r15)")
    a("inc", "r15")
    a("mov", "r15", fr.at("OUT", 0))
    a.raw("1:")
    D, AB, M, TT = "r13", "r14", "r15", "r12"
    A = ["r4", "r5", "r6", "r7"]
    R = ["r8", "r9", "r10", "r11"]
    a("and", dec, D, comment="d = x ^ (k & dec): the plaintext byte")
    a("xor", "r11", D)
    a("bis", "#256", D, comment="sentinel: d = 1 after eight bits")
    a.note("authenticator: A = r4..r7, R = r8..r11 (words 0..3)")
    a("mov", fr.at("P", 0), TT)
    a("add", "#32", TT, comment="A, then R")
    for i, x in enumerate(A + R):
        a("mov", f"@{TT}+", x, comment=f"{'A' if i < 4 else 'R'}{i % 4}")
    a.label(".Lauth")
    a("rra", D, comment="C = next data bit")
    a("subc", M, M, comment="m = C - 1: 0 for d = 1, all ones for d = 0")
    for k in range(4):
        a("mov", R[k], TT, comment=f"A{k} ^= R{k} & ~m" if k == 0 else "")
        a("bic", M, TT)
        a("xor", TT, A[k])
    a("rra", AB, comment="C = next register bit")
    for k in (3, 2, 1, 0):
        a("rrc", R[k], comment="R = R >> 1 | a << 63" if k == 3 else "")
    a("cmp", "#1", D, comment="public: the sentinel's position")
    a("jne", ".Lauth")
    a("mov", fr.at("P", 0), TT)
    for i, x in enumerate(A + R):
        a("mov", x, f"{32 + 2 * i}({TT})")
    a("sub", "#1", fr.at("LEN", 0))
    a("jne", ".Lbyte", comment="public: the length")
    wipe(a, fr.total, 12, "the slots")
    a.label(".Lnone")
    tail(a, SAVED)
    size(a, sym)


def generate(variant: str) -> str:
    assert variant in VARIANTS
    a = Asm(variant)
    a.banner("src/grain/msp430/gen.py", """\
Grain-128AEADv2 on MSP430 (clang's MSP430 EABI).  The state: s then b,
eight 16-bit words each, bit i of a register at bit i % 16 of word i / 16.
Pre-output generator (.Lcore): r4..r10 = the chain C0..C6 (after r
shifts C_q = W(16q + r), the 16-bit window of bits 16q + r .. 16q + r + 15),
r11 = g, r12 = y, r13 = scratch, r14 = f, the rest and freed chain
registers hold products between their factors.  Authenticator (in the
stream's byte loop): r4..r7 = A, r8..r11 = R, r13 = data bits, r14 = register
bits, r15 = mask, r12 = scratch.""")
    a.raw('#include "asmgen/sym.h"')
    a.raw("")
    total = core(Asm(variant))  # a first run counts the slots
    fr = Frame(total)
    clock16(a, fr)
    a.raw("")
    stream(a, fr)
    a.raw("")
    assert core(a, total) == total
    return text(a)


if __name__ == "__main__":
    sys.exit(write(HERE, VARIANTS, generate))
