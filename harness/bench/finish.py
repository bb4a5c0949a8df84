"""What `lwcbench run` ends with: runner.execute's RunResult as the terminal
report (output/terminal.py), the JSON file (output/data.py) and the results
folder (output/folder.py), as the plan's output options ask; with --docs,
the run stored as the data set and its pages (output/docs_pages.py).  It
sits above the output layer (plan -> runner -> records -> table model ->
comparisons -> renderers) and writes its targets' facts into the run's
environment (output/records.target_facts)."""
from __future__ import annotations

import os
import pathlib
import sys
import time

from harness.bench import added
from harness.bench.impls import IMPL_ORDER, default_impls, impl_id
from harness.bench.output import folder, model, records, terminal
from harness.bench.output.data import write_json
from harness.bench.runner import RunResult
from harness.bench.scope import left_out_lines
from harness.bench.units import fmt_time
from harness.discover import discover


def run_facts(target, schemes: set[str], tree: list) -> dict:
    """The facts (output/records.FACTS) a run writes for one of its targets
    (a Target), so that its data says them itself: its ISA tokens, whether
    its counts are exact, per measured scheme the implementations a build
    gets by default (tree: discover()), and the tables' row order."""
    return {"arch_tokens": sorted(target.arch_tokens), "exact": bool(target.exact),
            "default_impls": {s: [i.name for i in default_impls(
                target, [i for i in tree if i.scheme == s])] for s in sorted(schemes)},
            "impl_order": list(IMPL_ORDER)}


def finish_run(run: RunResult) -> int:
    """The report of a finished run: the cache's notes, the tables, the
    summaries, the JSON file (--json) and the results folder (--out), as
    the run's plan asks; the command's exit status (0; 1 when a job failed
    or a target could not run; 2 when the results cannot be written)."""
    plan, out = run.plan, run.plan.output
    recs, outcomes, sc, cache = run.records, run.outcomes, run.scope, run.cache
    for line in cache.notes if cache else []:
        print(line)
    target_env = {}
    for t, _m in sc.runnable:
        target_env[t.name] = {**t.environment(), "clock_label": t.clock_label or t.name}
        target_env[t.name]["counters"] = model.declared_counters(target_env[t.name])
    tree = discover()
    for t, _m in sc.runnable:  # the data says its targets' facts itself
        target_env[t.name].update(run_facts(t, {r["scheme"] for r in recs if r["target"] == t.name},
                                            tree))
    facts = records.target_facts({"results": recs, "environment": {"targets": target_env}})
    for name, reason in sc.skipped:
        target_env[name] = {"skipped": reason}
    for name, reason in sc.unavailable:
        target_env[name] = {"skipped": reason, "failed": True}
    labels = {t.name: t.clock_label or t.name for t, _m in sc.runnable}
    baseline = out.baseline
    if recs:
        print()
        print(terminal.tables(recs, labels, baseline,
                              {n: e["counters"] for n, e in target_env.items() if "counters" in e},
                              facts))
    for line in model.added_folders(recs):  # folders from outside the tree (--add)
        print(line)
    print(terminal.summary(outcomes, sc.skipped, sc.unavailable))
    for line in terminal.target_lines(outcomes):
        print(line)
    for name, lo in sc.left_out.items():
        for line in left_out_lines(name, lo):
            print(line)
    wall = time.monotonic() - run.started
    reused = sum(1 for o in outcomes if o.reused_from)
    env = records.environment(target_env, list(plan.argv))
    env.update(quick=plan.quick, suites=list(plan.suites), all=plan.all, fresh=plan.fresh,
               wall_seconds=round(wall, 1), left_out=sc.left_out,
               reused_jobs=reused,
               job_seconds={f"{o.target} {impl_id(o.impl)}": o.seconds for o in outcomes
                            if not o.reused_from})
    if run.cache is not None and reused:  # what a cold run would spend on them too (budget.py)
        earlier = run.cache.job_seconds()
        env["reused_job_seconds"] = {label: earlier[label] for label in (
            f"{o.target} {impl_id(o.impl)}" for o in outcomes if o.reused_from) if label in earlier}
    if run.cache is not None:  # the next run's order and estimate (the tree's jobs:
        # a folder added with --add leaves nothing in the cache's shared files)
        run.cache.remember_job_seconds({f"{o.target} {impl_id(o.impl)}": o.seconds
                                        for o in outcomes
                                        if not o.reused_from and not added.is_added(o.impl)})
    if run.load_before is not None:
        env["load_average"] = {"start": round(run.load_before, 2),
                               "end": round(os.getloadavg()[0], 2)}
    data = {
        "results": recs,
        "environment": env,
        "failures": [{"target": o.target, "impl": impl_id(o.impl), "status": o.status,
                      "detail": o.detail} for o in outcomes if o.failed]
        + [{"target": name, "impl": None, "status": "unavailable", "detail": why}
           for name, why in sc.unavailable],
    }
    try:
        if out.json:
            write_json(out.json, data)
            print(f"wrote {out.json}")
        if out.folder is not None:
            files = folder.write_folder(data, out.folder, baseline, facts, with_plots=out.plots)
            print(folder.written(out.folder, files, out.plots))
    except OSError as e:  # the file being written was removed; others are whole
        print(f"lwcbench: cannot write the results: {e}", file=sys.stderr)
        return 2
    if out.docs:  # the run becomes the committed data set, the pages follow
        from harness.bench.output import docs_pages
        written = pathlib.Path(out.json) if out.json else out.folder / "results.json"
        try:
            _status, lines = docs_pages.run(written, check=False)
        except (records.DataError, OSError) as e:
            print(f"lwcbench: cannot store the run as the data set: {e}", file=sys.stderr)
            return 2
        for line in lines:
            print(line)
    # the whole command: set-up, builds, jobs, results written (the JSON's
    # wall_seconds stops before the files)
    print(f"run time: {fmt_time(time.monotonic() - run.started)} wall ({len(outcomes)} jobs, "
          f"{reused} answered from the results cache{', --fresh' if plan.fresh else ''})")
    # a folder added with --add that fails (does not build, fails its KAT,
    # does not fit) is reported; it fails the run only when nothing at all
    # was measured
    measured = any(o.status == "ok" for o in outcomes)
    failed = [o for o in outcomes if o.failed and not (measured and added.is_added(o.impl))]
    return 1 if sc.unavailable or failed else 0
