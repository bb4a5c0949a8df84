"""The run: for each target, for each implementation: build, KAT, measure.

A failing implementation (build, KAT, crash, hang) is recorded with its
reason and the run goes on with the next one.
"""
from __future__ import annotations

import dataclasses
import sys
import time

from harness.bench.impls import impl_id
from harness.bench.targets import BuildError, MeasureError, Target
from harness.discover import Impl

# The thesis' input lengths (Figures 5.2-5.5): 16 B and 32 KiB, no associated data.
LENGTHS = [16, 32768]
ADLEN = 0
OPS = {"aead": ["encrypt", "decrypt"], "hash": ["hash"]}


@dataclasses.dataclass
class Outcome:
    target: str
    impl: Impl
    status: str          # ok, build-failed, kat-missing, kat-failed, crashed
    kat: str             # pass, fail, skipped
    detail: str = ""

    @property
    def failed(self) -> bool:
        return self.status != "ok"


class Progress:
    """[#####.....] 12/44 host ascon-hash256/opt64 -- redrawn in place on a
    terminal, one line per step otherwise."""

    def __init__(self, total: int, stream=None, width: int = 20):
        self.total, self.done, self.width = total, 0, width
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self._last = 0

    def _bar(self) -> str:
        fill = self.width * self.done // max(self.total, 1)
        return f"[{'#' * fill}{'.' * (self.width - fill)}] {self.done}/{self.total}"

    def step(self, label: str) -> None:
        """A new step (one implementation on one target) begins."""
        self.done += 1
        if self.tty:
            self.phase(label)
        else:
            print(f"{self._bar()} {label}", file=self.stream, flush=True)

    def phase(self, label: str) -> None:
        """What the current step is doing (only shown on a terminal)."""
        if self.tty:
            text = f"{self._bar()} {label}"[:150]
            pad = max(self._last - len(text), 0)
            self.stream.write("\r" + text + " " * pad)
            self.stream.flush()
            self._last = len(text)

    def note(self, text: str) -> None:
        """A line that stays (a failure, a build message)."""
        if self.tty:
            self.stream.write("\r" + " " * self._last + "\r")
            self._last = 0
        print(text, file=self.stream, flush=True)

    def finish(self) -> None:
        if self.tty and self._last:
            self.stream.write("\r" + " " * self._last + "\r")
            self.stream.flush()


def _record(target: Target, impl: Impl, op: str, mlen: int, kat: str, code: int | None) -> dict:
    return {"target": target.name, "scheme": impl.scheme, "impl": impl.name, "op": op,
            "adlen": ADLEN, "mlen": mlen, "cycles": None, "instructions": None, "samples": 0,
            "kat": kat, "code_bytes": code, "stack_bytes": target.stack_bytes(impl),
            "cycles_min": None, "cycles_max": None, "cycles_per_byte": None, "status": "ok"}


def run_target(target: Target, impls: list[Impl], quick: bool, progress: Progress):
    """Returns (records, outcomes) for one available target."""
    records, outcomes = [], []
    progress.phase(f"{target.name}: building")
    t0 = time.monotonic()
    target.prepare(impls)
    progress.note(f"{target.name}: build done in {time.monotonic() - t0:.1f} s")
    for impl in impls:
        label = f"{target.name} {impl_id(impl)}"
        progress.step(label)
        ops = OPS[impl.kind]
        try:
            target.build(impl)
        except BuildError as e:
            outcome = Outcome(target.name, impl, "build-failed", "skipped", str(e))
        else:
            progress.phase(f"{label} kat")
            k = target.kat(impl)
            if k.passed:
                outcome = Outcome(target.name, impl, "ok", "pass")
            elif k.status == "skipped":  # nothing to check against: not measured
                outcome = Outcome(target.name, impl, "kat-missing", "skipped", k.detail)
            else:
                outcome = Outcome(target.name, impl, "kat-failed", "fail", k.detail)
        code = target.code_bytes(impl) if outcome.status != "build-failed" else None
        impl_records = []
        for op in ops:
            for mlen in LENGTHS:
                rec = _record(target, impl, op, mlen, outcome.kat, code)
                impl_records.append(rec)
                if outcome.status != "ok":
                    continue
                progress.phase(f"{label} {op} {mlen} B")
                try:
                    s = target.measure(impl, op, ADLEN, mlen, target.samples(mlen, quick))
                except MeasureError as e:
                    outcome.status, outcome.detail = "crashed", f"{op} {mlen} B: {e}"
                    continue
                rec.update(cycles=s.cycles, instructions=s.instructions, samples=s.samples,
                           cycles_min=s.cycles_min, cycles_max=s.cycles_max,
                           cycles_per_byte=round(s.cycles / mlen, 3)
                           if s.cycles is not None and mlen else None, **s.extra)
        for rec in impl_records:
            rec["status"] = outcome.status
            if outcome.detail and outcome.status != "ok":
                rec["error"] = outcome.detail
        if outcome.failed:
            progress.note(f"{label}: {outcome.status}: {outcome.detail}")
        records += impl_records
        outcomes.append(outcome)
    return records, outcomes
