"""Which jobs a plan gives on the targets at hand (after the set-up): the
targets that can run, those skipped or failing for want of tools, what the
default run leaves out (said, never silent), and each target's
implementations."""
from __future__ import annotations

import dataclasses
from typing import NamedTuple

from harness.bench.impls import impl_id
from harness.bench.plan import Plan, UsageError, points_for, points_of


@dataclasses.dataclass
class Scope:
    runnable: list[tuple]                 # (target, its implementations), in the run's order
    skipped: list[tuple[str, str]]        # (target, why): not a failure
    unavailable: list[tuple[str, str]]    # (target, why): cannot run after the set-up: a failure
    left_out: dict[str, dict]             # target -> what the default run left out

    @property
    def jobs(self) -> list[tuple]:
        return [(t, i) for t, mine in self.runnable for i in mine]


def left_out_lines(target: str, lo: dict) -> list[str]:
    """What the run left out on target, in words: the default scope's jobs
    (--all runs them) and the target's own scope's (measured_schemes:
    --all keeps them out too), each its own line."""
    if lo.get("target"):
        return [f"{target}: left out of the default run ({lo['reason']}); "
                f"./lwcbench run --all or --target {target} runs it"]
    if lo.get("own_scope"):  # measured_schemes alone
        return [f"{target}: not measured on this target: {len(lo['jobs'])} job(s): "
                f"{lo['reason']}"]
    out = [f"{target}: left out of the default run: {len(lo['jobs'])} job(s): "
           f"{lo['reason']}; ./lwcbench run --all runs them"]
    if lo.get("not_measured"):  # beside it, the target's own scope
        out += left_out_lines(target, {**lo["not_measured"], "own_scope": True})
    return out


def available(targets, failed_setup: list[str], named: bool):
    """Split targets into those that can run and those that cannot: (ready,
    skipped, unavailable) with (name, why) pairs.  A target named with
    --target that cannot run is an error (UsageError, a line per target).
    In the default run a target the machine lacks (a real board without
    --port) is skipped; any other that cannot run -- its tools missing
    after the set-up, or the set-up failed -- is a failure of the run."""
    ready, skipped, unavailable = [], [], []
    for t in targets:
        ok, reason = t.is_available()
        if ok:
            ready.append(t)
            continue
        fam = next((p for p in (getattr(t, "family", ""), getattr(t, "extra_setup", ""))
                    if p and p in failed_setup), "")
        if fam:
            reason = f"the set-up of {fam} failed; {reason}"
        if named:
            unavailable.append((t.name, reason))
        elif t.machine_lacks():
            skipped.append((t.name, reason))
            print(f"{t.name}: skipped: {reason}", flush=True)
        else:
            unavailable.append((t.name, reason))
            print(f"{t.name}: CANNOT RUN: {reason}", flush=True)
    if named and unavailable:
        raise UsageError("\n".join(f"{n} cannot run: {why}" for n, why in unavailable))
    return ready, skipped, unavailable


class Kept(NamedTuple):
    """What a target keeps of some implementations: mine, those it runs;
    own, those its own scope keeps out (measured_schemes, --all too);
    default, those its documented default scope leaves out (--all runs them)."""
    mine: list
    own: list
    default: list


def kept(t, impls, all_: bool, impls_named: bool, schemes_named: bool) -> Kept:
    """Of impls, what target t keeps: its own scope first, then, unless
    all_, its default scope; `run` and `ct` choose their jobs by it."""
    own = [i for i in impls if not t.measures_scheme(i.scheme)]
    default = [] if all_ else [i for i in impls if i not in own and
                               t.left_out_by_default(i, impls_named, schemes_named)]
    return Kept([i for i in impls if i not in own and i not in default], own, default)


def target_jobs(plan: Plan, t, chosen) -> Kept:
    """Of chosen, what target t keeps in this plan (kept), among those it
    builds and the plan's suites measure."""
    mine = [i for i in chosen if t.supports(i) and points_of(i, plan.suites)]
    return kept(t, mine, plan.all, bool(plan.impls), bool(plan.schemes))


def select(plan: Plan, targets, chosen, failed_setup: list[str]) -> Scope:
    """The run's jobs: each target that can run with the chosen
    implementations it builds (less what the default scope leaves out);
    UsageError when that is no job at all and no target failed."""
    ready, skipped, unavailable = available(targets, failed_setup, plan.named)
    runnable, left_out, nothing_for = [], {}, []
    for name, why in plan.left_out_targets:  # said, never silent
        left_out[name] = {"jobs": [], "impls": [], "target": True, "reason": why}
    for t in ready:
        mine, own, rest = target_jobs(plan, t, chosen)
        if own or rest:  # the target's own scope and the default scope's: said, never silent
            parts = [{"jobs": [impl_id(i) for i in jobs], "impls": sorted({i.name for i in jobs}),
                      "reason": why} for jobs, why in ((rest, t.default_left_out_why),
                                                       (own, t.measured_schemes_why)) if jobs]
            if rest:
                left_out[t.name] = parts[0]
                if own:
                    left_out[t.name]["not_measured"] = parts[1]
            else:
                left_out[t.name] = {**parts[0], "own_scope": True}
        if not mine:
            nothing_for.append(t.name)
            continue
        runnable.append((t, mine))
    if not runnable and not unavailable:
        raise UsageError(nothing_to_measure(chosen, plan.suites, [t.name for t in ready]))
    for name in nothing_for:
        why = "no selected implementation builds for it (in the selected suites)"
        skipped.append((name, why))
        print(f"{name}: skipped: {why}", flush=True)
    return Scope(runnable, skipped, unavailable, left_out)


def nothing_to_measure(chosen, suites: tuple[str, ...], ready: list[str]) -> str:
    """Why a selection gives no job at all: the suites measure none of the
    selected kinds, or no selected implementation builds for a target."""
    kinds = sorted({i.kind for i in chosen})
    if not any(points_for(k, suites) for k in kinds):
        return (f"nothing to measure: the suite(s) {', '.join(suites)} measure no "
                f"{'/'.join(kinds)} operation (thesis, sweep and grid measure AEADs, "
                f"hashes, MACs and PRFs; permutation the bare permutations of crypto_perm/)")
    names = sorted({impl_id(i) for i in chosen})
    shown = ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
    return (f"nothing to measure: no selected implementation ({shown}) builds for "
            f"{', '.join(ready) or 'any selected target'} ('./lwcbench list' says which "
            f"implementations each target builds)")
