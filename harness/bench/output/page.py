"""What the pages show of a data set: every table of each target in the
order every page gives them (Page), and which implementation each target's
build gets (which).

Built from the table model (model.py) and the comparisons (papers.py) for
the renderers of pages: the results folder's results.md (markdown.py) and
index.html (html.py), the pages of docs/results/ and the README's table
(docs_pages.py), the results site (site.py).  Plain data and the words they
share; nothing here writes a file.
"""
from __future__ import annotations

from harness.bench.output import model, papers

# the scheme of "which implementation for my core" (the README's table, the
# index of docs/results/ and of the results site)
HEADLINE = "ascon-aead128"


class Page:
    """What every page of a data set shows, per target, in order.  facts:
    target -> its facts (records.target_facts), all the page knows of a
    target beside its records and environment."""

    def __init__(self, data: dict, baseline: str | None, facts: dict | None = None,
                 lengths=model.LENGTHS):
        self.records = model.Records(data["results"])
        self.env = data.get("environment", {})
        self.targets_env = self.env.get("targets", {})
        self.failures = data.get("failures", [])
        # folders added with --add (their records' `added`): one line each
        self.added = model.added_folders(self.records)
        self.facts = facts or {}
        # what the default run left out (./lwcbench run --all runs it), and
        # how many jobs were answered from the results cache
        self.left_out = self.env.get("left_out") or {}
        self.reused = self.env.get("reused_jobs") or 0
        self.labels = model.clock_labels_of(data)
        self.summaries = model.summaries(self.records, self.labels, facts)
        self.declared = model.declared_counters_of(data)
        self.costs = model.cost_sections(self.records, self.labels, baseline, lengths,
                                         counters=self.declared, facts=facts)
        self.published = (papers.published_sections(self.records, lengths, facts) +
                          papers.permutation_sections(self.records, self.labels, facts) +
                          papers.flash_ratio_sections(self.records, facts) +
                          papers.floor_sections(self.records, self.labels, facts))
        self.targets = model.targets_of(self.records)

    def of(self, target: str):
        """(summaries, long sections: per byte and per call, published, sizes)."""
        return ([s for s in self.summaries if s.target == target],
                [s for s in self.costs if s.target == target],
                [s for s in self.published if s.target == target],
                model.sizes(self.records, target))

    def cost(self, target: str) -> str | None:
        """The target's cost metric: that of its summary and its chart."""
        return model.cost_metric(model.of_target(self.records, target)) or \
            next(iter(self.declared.get(target, [])), None)

    def metric(self, target: str) -> str:
        return str(self.targets_env.get(target, {}).get("metric", ""))


def left_out_parts(lo: dict) -> list[tuple[str, dict]]:
    """A target's left_out entry (results.json's environment) as its parts:
    ("target", lo) for a target the default run left out, else ("default",
    part) for the default scope's jobs (--all runs them) and ("own", part)
    for those its own scope keeps out (measured_schemes, --all too)."""
    if lo.get("target"):
        return [("target", lo)]
    if lo.get("own_scope"):
        return [("own", lo)]
    return [("default", lo)] + ([("own", lo["not_measured"])] if lo.get("not_measured") else [])


def scope_lines(page: Page) -> list[str]:
    """What the run left out and what it reused, in words."""
    out = []
    for target, lo in page.left_out.items():
        for kind, part in left_out_parts(lo):
            jobs = f"{len(part.get('jobs', []))} job(s) of {', '.join(part.get('impls', []))}"
            why = part.get("reason", "")
            out.append(
                f"Left out of the default run: the target {target} ({why}); ./lwcbench run "
                f"--all or --target {target} runs it." if kind == "target" else
                f"Not measured on {target}: {jobs} ({why})." if kind == "own" else
                f"Left out of the default run on {target}: {jobs} ({why}); ./lwcbench run "
                f"--all runs them.")
    if page.reused:
        out.append(f"{page.reused} job(s) were answered from the results cache (exact "
                   f"targets; each record's reused_from says when and at which commit it "
                   f"was measured).")
    return out


def all_tables(costs) -> str:
    """What the folded long tables hold, e.g. "all tables (4): cycles and
    instructions per byte at 32 KiB and 16 B"."""
    n = sum(len(s.grids) for s in costs)
    fields = list(dict.fromkeys(s.field for s in costs))
    lengths = list(dict.fromkeys(s.mlen for s in costs if s.kind == "per-byte"))
    what = []
    if lengths:
        what.append(f"{' and '.join(fields)} per byte at "
                    + " and ".join(model.fmt_len(m) for m in lengths))
    if any(s.kind == "per-call" for s in costs):
        what.append("per call of the bare permutations")
    return f"all tables ({n}): " + "; ".join(what)


def which(page: Page) -> list[dict]:
    """Per target of the page: the implementation of HEADLINE a build for
    it gets (its fact default_impls: what CMake and lwc_aead_find(.., NULL)
    give), its cost per byte at 32 KiB and 16 B in the target's metric,
    its code and stack bytes, and the smallest implementation measured.  A
    target without that fact (none its data or harness.bench.targets
    knows) is left out."""
    out = []
    for target in page.targets:
        defaults = page.facts.get(target, {}).get("default_impls")
        if defaults is None:
            continue
        recs = [r for r in model.of_target(page.records, target) if r["scheme"] == HEADLINE]
        field = page.cost(target)
        if not recs or field is None:
            continue
        chosen = list(defaults.get(HEADLINE, []))
        measured = {r["impl"] for r in recs}
        impl = next((n for n in chosen if n in measured), None)
        cells = model.per_byte(recs, field)
        summary = next((s for s in page.summaries if s.target == target and s.field == field
                        and any(p.scheme == HEADLINE for p in s.picks)), None)
        small = next((p for p in summary.picks if p.scheme == HEADLINE and "smallest" in p.roles),
                     None) if summary else None
        mine_recs = [r for r in recs if r["impl"] == impl]
        out.append({
            "target": target, "field": field,
            "label": model.metric_label(page.labels, target, field),
            "impl": impl, "default": chosen[0] if chosen else None,
            "b32k": cells.get((impl, HEADLINE, 32768), model.Cell()) if impl else None,
            "b16": cells.get((impl, HEADLINE, 16), model.Cell()) if impl else None,
            "code": next((r["code_bytes"] for r in mine_recs if r.get("code_bytes") is not None),
                         None),
            "stack": max((r["stack_bytes"] for r in mine_recs
                          if r.get("stack_bytes") is not None), default=None),
            "smallest": (small.impl, small.code_bytes) if small else None})
    return out
