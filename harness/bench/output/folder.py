"""The results folder: results.json, results.csv (data.py), plots/ (plots.py),
results.md (markdown.py) and index.html (html.py), from a run's data.

`./lwcbench run` writes it (finish.py) and `./lwcbench report FILE.json`
rebuilds the same folder from saved data.  Every file is written atomically
(temporary file, then rename).  The folder then holds exactly this run's
files: the charts and temporary files an earlier run left there are removed
(write_folder); nothing else in it is touched.
"""
from __future__ import annotations

import pathlib

from harness.bench.files import write_atomic
from harness.bench.output.data import to_csv, write_json
from harness.bench.output.html import to_html
from harness.bench.output.markdown import to_markdown
from harness.bench.output.model import clock_labels_of
from harness.bench.output.plots import FORMATS, PLOTS, plots, pyplot

# What write_folder writes, and so all it may remove from an earlier run:
# these names at the top of the folder, and plots/<name>.<format> (FORMATS)
# -- never any other file a user keeps there.
TOP_FILES = ("results.json", "results.csv", "results.md", "index.html")


def _chart(path: pathlib.Path) -> bool:
    """A chart write_folder writes (plots/<name>.png|svg), or the temporary
    file of one (write_atomic's .<name>.<random>.tmp)."""
    name = path.name
    if name.startswith(".") and name.endswith(".tmp"):
        name = name[1:].rsplit(".", 2)[0]
    elif name.startswith("."):
        return False
    return name.rpartition(".")[2] in FORMATS


def owned(folder: pathlib.Path) -> list[pathlib.Path]:
    """The files in folder that write_folder writes or wrote: its top-level
    names, the charts of plots/, and the temporary files of its atomic
    writes that an earlier run could not remove (killed outright)."""
    out = []
    for name in TOP_FILES:
        out += [p for p in (folder / name, *sorted(folder.glob(f".{name}.*.tmp")))
                if p.is_file()]
    plots_dir = folder / PLOTS
    if plots_dir.is_dir():
        out += [p for p in sorted(plots_dir.iterdir()) if p.is_file() and _chart(p)]
    return out


def write_folder(data: dict, folder: pathlib.Path, baseline: str | None,
                 facts: dict | None = None, with_plots: bool = True) -> list[pathlib.Path]:
    """Write the results folder of data (facts: target -> its facts,
    records.target_facts); afterwards it holds exactly this run's files:
    what an earlier run wrote that this one did not (its charts of other
    targets or suites, all charts after --no-plots) is removed -- only
    names write_folder writes (owned()), never a user's other files.  Each
    file is replaced atomically; the stale ones go after every new file is
    in place.  Returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    files = []

    def put(name: str, text: str):
        path = folder / name
        write_atomic(path, text.encode())
        files.append(path)

    write_json(str(folder / "results.json"), data)
    files.append(folder / "results.json")
    put("results.csv", to_csv(data["results"]))
    images = plots(data["results"], folder, clock_labels_of(data), facts) if with_plots else []
    put("results.md", to_markdown(data, baseline, images, folder, facts))
    files += images
    put("index.html", to_html(data, baseline, images, folder, facts))
    keep = {p.absolute() for p in files}
    for stale in owned(folder):
        if stale.absolute() not in keep:
            stale.unlink(missing_ok=True)
    try:
        (folder / PLOTS).rmdir()  # only when empty: nothing of a user's goes
    except OSError:
        pass
    return files


def written(folder: pathlib.Path, files: list[pathlib.Path], with_plots: bool) -> str:
    """What write_folder wrote, in words: "wrote DIR/ (results.json, ...,
    index.html; 3 charts in plots/, PNG and SVG)"; without plots it says why."""
    names = [p.name for p in files if p.parent == folder]
    charts = [p for p in files if p.parent == folder / PLOTS]
    if charts:
        n = len({p.stem for p in charts})
        what = (f"{n} chart{'s' if n > 1 else ''} in {PLOTS}/, "
                + " and ".join(sorted({p.suffix[1:].upper() for p in charts})))
    elif not with_plots:
        what = "no plots: --no-plots"
    elif pyplot() is None:
        what = "no plots: matplotlib is not installed"
    else:
        what = "no plots: nothing measured to plot"
    return f"wrote {folder}/ ({', '.join(names)}; {what})"

