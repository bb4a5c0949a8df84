"""Are the committed figures still the code's?  ./lwcbench report --docs --stale

Every record names the image it measured (image_sha256: the firmware; the
host, the implementation's objects).  This rebuilds -- builds only, no
simulator -- the images behind what a reader sees first: the README's
"which implementation for my core" rows (page.which) and the cells beside
the seed documents' published figures (harness/bench/published/*.json), and
names each job whose image is no longer the one its records measured, with
the command that refreshes the data set.  A record without a digest was
measured before records named their image: stale too.
"""
from __future__ import annotations

import dataclasses
import pathlib

from harness.bench.impls import ROOT, all_impls
from harness.bench.output import papers, records as records_mod
from harness.bench.output.page import HEADLINE, Page, which
from harness.bench.targets import TARGETS, BuildError
from harness.bench.targets.job import DoesNotFit

REFRESH = "./lwcbench run --all --docs"


@dataclasses.dataclass(frozen=True)
class Job:
    target: str
    scheme: str
    impl: str
    why: str  # what shows it: "README" or a published file's name


def readme_jobs(data: dict, facts: dict) -> list[Job]:
    """The README table's rows: each target's pick for ascon-aead128."""
    return [Job(row["target"], HEADLINE, row["impl"], "README")
            for row in which(Page(data, None, facts)) if row.get("impl")]


def published_pairs() -> list[tuple[str, str, frozenset | None, str]]:
    """(target, scheme, the implementations compared or None for all, the
    file) of every published reference, whatever its shape."""
    out = []
    for ref in papers.published():
        kind, name = ref.get("kind"), ref["file"]
        if kind == "floor-peers":
            out += [(r["target"], r["scheme"], None, name) for r in ref["rows"]]
        elif kind == "permutations":
            out += [(t, s, None, name) for t, table in ref["tables"].items()
                    for s in table["rows"]]
        elif kind == "primitives-aead":
            schemes = [*ref["primitives"]["rows"], *ref["aead"]["columns"]]
            out += [(ref["target"], s, None, name) for s in schemes]
        else:  # rows: implementations, columns: schemes, on each target
            impls = frozenset(ref["rows"])
            out += [(t, s, impls, name) for t in ref["targets"] for s in ref["columns"]]
    return out


def published_jobs(recs: list[dict]) -> list[Job]:
    """The jobs whose records stand beside a published figure."""
    pairs = published_pairs()
    out = {}
    for r in recs:
        for t, s, impls, name in pairs:
            if (r["target"], r["scheme"]) == (t, s) and (impls is None or r["impl"] in impls):
                out.setdefault((t, s, r["impl"]), Job(t, s, r["impl"], name))
    return list(out.values())


def names_the_tree(program: object) -> bool:
    """Does the image file hold the tree's absolute path (e.g. the linker's
    file symbol for an object whose assembly had a local symbol and no
    .file)?  Its digest would then depend on where the tree is checked out."""
    try:
        return str(ROOT).encode() in pathlib.Path(program).read_bytes()
    except (OSError, TypeError):
        return False


def check(data: dict, jobs: list[Job], progress=None) -> list[str]:
    """One line per job whose image a rebuild does not give again (its
    records' image_sha256), or that cannot be rebuilt here."""
    digests: dict[tuple, set] = {}
    fitted: dict[tuple, bool] = {}  # did the job's image fit the device then?
    for r in data["results"]:
        key = (r["target"], r["scheme"], r["impl"])
        digests.setdefault(key, set()).add(r.get("image_sha256"))
        fitted[key] = fitted.get(key, False) or r.get("status") != "does-not-fit"
    impls = {(i.scheme, i.name): i for i in all_impls()}
    targets: dict = {}
    lines = []
    jobs = sorted(set(jobs), key=lambda j: (j.target, j.scheme, j.impl))
    wanted: dict[str, list] = {}  # each target's implementations, prepared once
    for job in jobs:
        if (job.scheme, job.impl) in impls:
            wanted.setdefault(job.target, []).append(impls[job.scheme, job.impl])
    for n, job in enumerate(jobs):
        if progress:
            progress(n, job)
        where = f"{job.target} {job.scheme}/{job.impl} ({job.why})"
        impl = impls.get((job.scheme, job.impl))
        if job.target not in TARGETS or impl is None:
            lines.append(f"{where}: no longer in the tree")
            continue
        if job.target not in targets:
            t = targets[job.target] = TARGETS[job.target]()
            ok, why = t.is_available()
            if not ok:
                lines.append(f"{where}: cannot be built here: {why}")
                continue
            t.prepare([i for i in wanted[job.target] if t.supports(i)])
        t = targets[job.target]
        if not t.supports(impl):
            lines.append(f"{where}: the target no longer builds it")
            continue
        key = (job.target, job.scheme, job.impl)
        try:
            program = t.build(impl)
            got = t.image_digest(impl, program)
        except DoesNotFit as e:
            if fitted.get(key, True):  # it fitted when measured
                lines.append(f"{where}: no longer fits the device: {e}")
            continue
        except BuildError as e:
            lines.append(f"{where}: does not build: {e}")
            continue
        if not fitted.get(key, True):
            lines.append(f"{where}: fits the device now (it did not when measured)")
            continue
        if names_the_tree(program):
            lines.append(f"{where}: the image holds this checkout's path (a checkout "
                         f"elsewhere builds other bytes)")
            continue
        had = digests.get(key, {None})
        if None in had:
            lines.append(f"{where}: its records name no image (measured before they did)")
        elif got not in had:
            lines.append(f"{where}: the image is not the one measured")
    return lines


def stale_lines(data: dict, progress=None) -> list[str]:
    """check() over the README's rows and the published cells of data."""
    facts = records_mod.target_facts(data)
    jobs = readme_jobs(data, facts) + published_jobs(data["results"])
    return check(data, jobs, progress)
