"""What the ARMv6-M (Cortex-M0/M0+, Thumb-1) assembly generators share
(src/<family>/armv6m/gen.py): the emitter, which refuses what ARMv6-M
lacks, and a function's symbol, entry and exit.

ARMv6-M is the 16-bit Thumb subset (plus BL, MSR, MRS and the barriers):
every data-processing instruction but MOV, ADD and CMP reaches only the low
registers r0-r7, sets the flags (EORS, ANDS, ...) and has two operands, the
destination being the first source (EORS rd, rm: rd ^= rm); the shifts by
an immediate (LSLS, LSRS, ASRS) are the only three-operand forms (rd = rm
shifted); ROR exists by a register only (RORS rd, rs); there is no
barrel-shifted operand, no BIC/ORN with three operands, no IT block, no
MOVW/MOVT, no LDRD/STRD, no CBZ, and LDM/STM take only low registers
(LDM/STM with write-back, base not in the list; PUSH/POP add LR/PC).
Every word access must be aligned (a Cortex-M0 faults otherwise).  The
high registers r8-r12 and lr are reached by MOV (and ADD, CMP): the
generators keep state there, one MOV in or out.  Asm checks each
instruction it is given against these rules, so that a generator cannot
write Thumb-2 by mistake; the assembler (-mcpu=cortex-m0) refuses the rest.
"""
from __future__ import annotations

import re

from src.asmgen.emitter import ThumbEmitter

LOW = [f"r{k}" for k in range(8)]  # r0-r7: what most of Thumb-1 reaches
HIGH = ["r8", "r9", "r10", "r11", "r12", "lr"]  # reached by MOV

# two-operand, flag-setting, low registers only: rd = rd op rm
ALU2 = {"eors", "ands", "orrs", "bics", "mvns", "adcs", "sbcs", "rors", "muls", "tst", "negs"}
SHIFTS = {"lsls", "lsrs", "asrs"}  # rd = rm shifted by #imm (or rd = rd shifted by rs)
BRANCHES = {"b", "bl", "bx", "blx", "beq", "bne", "bhs", "blo", "bhi", "bls", "bcs", "bcc",
            "bmi", "bpl", "bge", "blt", "bgt", "ble"}
MEMORY = {"ldr", "str", "ldrb", "strb", "ldrh", "strh", "ldm", "stm", "ldmia", "stmia",
          "push", "pop"}
OTHER = {"mov", "movs", "adds", "subs", "add", "sub", "cmp", "rev", "rev16", "uxtb", "uxth",
         "adr", "nop", "svc"}
KNOWN = ALU2 | SHIFTS | BRANCHES | MEMORY | OTHER


def _regs(text: str) -> list[str]:
    return re.findall(r"\b(r\d+|lr|sp|pc|ip)\b", text)


class Asm(ThumbEmitter):
    """Thumb-1 in unified syntax; each instruction checked as it is emitted
    (the module's docstring): a register out of reach, a third operand or an
    instruction ARMv6-M lacks raises ValueError naming the line."""
    COMMENT = "{text:<40}@ {comment}"
    CPU = "cortex-m0"  # .cpu: the assembler refuses Thumb-2

    def note(self, text: str) -> None:
        self.lines.append(f"    @ {text}")

    def __call__(self, op: str, *args, comment: str = "") -> None:
        self.check(op, [str(a) for a in args])
        super().__call__(op, *args, comment=comment)

    def check(self, op: str, args: list[str]) -> None:
        line = f"{op} {', '.join(args)}"
        if op not in KNOWN:
            raise ValueError(f"not an ARMv6-M instruction here: {line}")
        regs = [r for a in args for r in _regs(a)]
        if op in ALU2:
            if len(args) != 2 or any(r not in LOW for r in regs):
                raise ValueError(f"two low registers: {line}")
        elif op in SHIFTS:
            ok = (len(args) == 3 and args[2].startswith("#") and all(r in LOW for r in regs)) or \
                 (len(args) == 2 and all(r in LOW for r in regs))
            if not ok:
                raise ValueError(f"a shift of low registers: {line}")
        elif op == "movs":
            if len(args) != 2 or any(r not in LOW for r in regs) or \
                    (args[1].startswith("#") and not 0 <= int(args[1][1:], 0) <= 255):
                raise ValueError(f"movs: low registers or #0..255: {line}")
        elif op in ("adds", "subs"):
            if any(r not in LOW for r in regs if r != "sp"):
                raise ValueError(f"low registers: {line}")
        elif op in ("rev", "rev16", "uxtb", "uxth"):
            if len(args) != 2 or any(r not in LOW for r in regs):
                raise ValueError(f"low registers: {line}")
        elif op in ("ldm", "stm", "ldmia", "stmia"):
            base, wb = args[0].rstrip("!"), args[0].endswith("!")
            listed = _regs(",".join(args[1:]))
            if any(r not in LOW for r in listed) or base not in LOW:
                raise ValueError(f"ldm/stm of low registers: {line}")
            if wb == (base in listed) or (op.startswith("stm") and not wb):
                raise ValueError(f"write-back exactly when the base is not listed: {line}")
        elif op in ("push", "pop"):
            extra = {"push": "lr", "pop": "pc"}[op]
            if any(r not in LOW and r != extra for r in regs):
                raise ValueError(f"{op}: low registers and {extra}: {line}")
        elif op in ("ldr", "str", "ldrb", "strb", "ldrh", "strh"):
            if any(r not in LOW and r not in ("sp", "pc") for r in regs) or "], #" in line \
                    or "!" in line:
                raise ValueError(f"no write-back, low registers: {line}")


    def save(self, extra: str = "") -> None:
        """Entry under the AAPCS: r4-r7 and lr pushed (with `extra`, low
        registers pushed first, e.g. the state pointer), then r8-r11 through
        r4-r7: 9 words (+ extra) on the stack."""
        a = self
        a("push", "{" + (extra + ", " if extra else "") + "r4-r7, lr}")
        for lo, hi in zip(("r4", "r5", "r6", "r7"), ("r8", "r9", "r10", "r11")):
            a("mov", lo, hi)
        a("push", "{r4-r7}", comment="r8-r11")

    def restore(self, extra: str = "") -> None:
        """The exit of save(): r8-r11, then r4-r7 and the return (`extra`:
        the low registers save() pushed first popped into these)."""
        a = self
        a("pop", "{r4-r7}")
        for lo, hi in zip(("r4", "r5", "r6", "r7"), ("r8", "r9", "r10", "r11")):
            a("mov", hi, lo)
        a("pop", "{" + (extra + ", " if extra else "") + "r4-r7, pc}")


def wipe_slots(a: Asm, slots: int, zero: str = "r1") -> None:
    """The frame's spill slots ([sp] .. [sp, #4 * slots - 4]) zeroed before
    the frame is freed, so that no state word spilled there outlives the
    call; zero: a low register dead at this point (the default, r1, at a
    return: every value is back in the state by then)."""
    a("movs", zero, "#0", comment="the spill slots wiped")
    for k in range(slots):
        a("str", zero, f"[sp, #{4 * k}]")

# -- values in registers: a small allocator for the generators that need one ----------
class Prog:
    """Operations (op, dst, src-or-imm) on named values, with round labels."""

    def __init__(self):
        self.ops: list[tuple] = []
        self.n = 0

    def new(self, base: str) -> str:
        self.n += 1
        return f"{base}.{self.n}"

    def __call__(self, *op) -> None:
        self.ops.append(op)


IN_PLACE = {"eors", "bics", "rors", "adds", "adcs", "ands", "orrs"}  # (op, dst, src): dst op= src
NEW_FROM = {"mov": "mov", "lsls3": "lsls", "rev_new": "rev"}       # (op, new, src[, #imm])


def uses(op: tuple) -> list[str]:
    """The values an operation reads or writes (in place).  Operations:
    IN_PLACE (op, d, s); (mov|lsls3|rev_new, new, s[, imm]): a new value
    from s; (movs|ldrc, new, imm): a new value, an 8-bit immediate or any
    word (a literal); (lsls|rev|rev16, d[, imm]): d in place;
    (rotl1add, x, y): x += y <<< 1 (ADDS t, y, y sets the carry to y's bit
    31, ADCS x, t adds it: two instructions kept together); (kill, v): v
    dead; (round, n), (hook, function), (end,): markers."""
    kind = op[0]
    if kind in IN_PLACE or kind == "rotl1add":
        return [op[1], op[2]]
    if kind in NEW_FROM:
        return [op[2]]
    if kind in ("lsls", "rev", "rev16"):
        return [op[1]]
    return []


class Alloc:
    """Where each value is: a low or high register, or a stack slot."""

    def __init__(self, a: Asm, ops: list[tuple], where: dict, lanes: set, slots: int):
        self.a, self.ops, self.where, self.lanes = a, ops, dict(where), lanes
        self.slots = slots
        self.pos = 0
        self.labels: list[tuple[int, dict]] = []  # each "round" marker: (its number, the places)

    def next_use(self, v: str) -> int:
        for k in range(self.pos, len(self.ops)):
            op = self.ops[k]
            if op[0] == "end" and v in self.lanes:
                return k
            if v in uses(op) or (op[0] == "round" and v in self.lanes):
                return k
        return 10 ** 9

    def used(self) -> set:
        return set(self.where.values())

    def free_low(self) -> list[str]:
        return [r for r in LOW if r not in self.used()]

    def evict(self, keep: set) -> str:
        """A low register freed: its value, needed last, to a free high
        register or a stack slot."""
        cands = [v for v, r in self.where.items() if r in LOW and v not in keep]
        v = max(cands, key=self.next_use)
        r = self.where[v]
        high = [h for h in HIGH if h not in self.used()]
        if high:
            self.a("mov", high[0], r, comment=f"{v} up")
            self.where[v] = high[0]
        else:
            slot = next(s for s in range(self.slots) if f"s{s}" not in self.used())
            self.a("str", r, f"[sp, #{4 * slot}]", comment=f"{v} to the stack")
            self.where[v] = f"s{slot}"
        return r

    def low(self, v: str, keep: set) -> str:
        """v in a low register (brought there if it is not)."""
        r = self.where[v]
        if r in LOW:
            return r
        f = self.free_low()
        dst = f[0] if f else self.evict(keep | {v})
        if r.startswith("s"):
            self.a("ldr", dst, f"[sp, #{4 * int(r[1:])}]", comment=f"{v} from the stack")
        else:
            self.a("mov", dst, r, comment=f"{v} down")
        self.where[v] = dst
        return dst

    def fresh(self, v: str, keep: set) -> str:
        f = self.free_low()
        r = f[0] if f else self.evict(keep)
        self.where[v] = r
        return r

    def run(self) -> None:
        """Emit the operations from pos on, up to the "end" marker; a
        "round" marker is a label .Lround<n> (its places noted and kept
        in labels); a "hook" marker calls its function with this
        allocator (a family's own code: an exit, a constant)."""
        a = self.a
        while self.pos < len(self.ops):
            op = self.ops[self.pos]
            kind = op[0]
            if kind == "end":
                return
            if kind == "round":
                a.label(f".Lround{op[1]}")
                a.note(f"round {op[1]}: " + ", ".join(f"{v}:{r}" for v, r in sorted(self.where.items())))
                self.labels.append((op[1], dict(self.where)))
            elif kind == "hook":
                op[1](self)
            elif kind == "kill":
                del self.where[op[1]]
            elif kind == "movs":
                r = self.fresh(op[1], set())
                a("movs", r, f"#{op[2]}")
            elif kind == "ldrc":
                r = self.fresh(op[1], set())
                a("ldr", r, f"=0x{op[2]:08x}")
            elif kind in ("lsls", "rev", "rev16"):
                r = self.low(op[1], set())
                a(kind, r, r, *([f"#{op[2]}"] if kind == "lsls" else []))
            elif kind in NEW_FROM:
                s = self.low(op[2], set())
                d = self.fresh(op[1], {op[2]})
                a(NEW_FROM[kind], d, s, *([f"#{op[3]}"] if kind == "lsls3" else []))
            elif kind == "rotl1add":
                keep = {op[1], op[2]}
                x = self.low(op[1], keep)
                y = self.low(op[2], keep)
                t = self.fresh("rotl1add.t", keep)
                a("adds", t, y, y, comment="t = y << 1, carry = y's bit 31")
                a("adcs", x, t, comment="x += y <<< 1")
                del self.where["rotl1add.t"]
            else:
                keep = {op[1], op[2]}
                d = self.low(op[1], keep)
                s = self.low(op[2], keep)
                a(kind, d, s)
            self.pos += 1

    def place(self, v: str, dst: str) -> None:
        """Value v to the free place dst (a register or a stack slot), through
        a free low register where Thumb-1 has no direct move."""
        src, a = self.where[v], self.a
        if dst.startswith("s") and src.startswith("s"):
            t = self.free_low()[0]
            a("ldr", t, f"[sp, #{4 * int(src[1:])}]")
            a("str", t, f"[sp, #{4 * int(dst[1:])}]", comment=f"{v}")
        elif dst.startswith("s"):
            if src not in LOW:
                t = self.free_low()[0]
                a("mov", t, src)
                src = t
            a("str", src, f"[sp, #{4 * int(dst[1:])}]", comment=f"{v}")
        elif src.startswith("s"):
            if dst in LOW:
                a("ldr", dst, f"[sp, #{4 * int(src[1:])}]", comment=f"{v}")
            else:
                t = self.free_low()[0]
                a("ldr", t, f"[sp, #{4 * int(src[1:])}]")
                a("mov", dst, t, comment=f"{v}")
        else:
            a("mov", dst, src, comment=f"{v}")
        self.where[v] = dst

    def restore(self, want: dict) -> None:
        """Every value of want to its place there (the others dead): a loop's
        body ending in the map it started from.  A cycle of places is broken
        through a free low register (or a free stack slot)."""
        for v in [v for v in self.where if v not in want]:
            del self.where[v]
        while True:
            todo = [v for v in want if self.where[v] != want[v]]
            if not todo:
                return
            used = set(self.where.values())
            ready = [v for v in todo if want[v] not in used]
            if ready:
                self.place(ready[0], want[ready[0]])
                continue
            v = todo[0]
            spare = [r for r in LOW if r not in used] or \
                [f"s{k}" for k in range(self.slots) if f"s{k}" not in used]
            self.place(v, spare[0])
