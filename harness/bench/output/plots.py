"""Plots: the results folder's charts, PNG and SVG, drawn with matplotlib.

Per target one chart comparing its implementations (plots/<target>-<metric>:
a panel per scheme, a bar per implementation at the longest and the shortest
message, a bare permutation per call, the cheapest at the top), and, when
the run measured at least SWEEP_MIN_LENGTHS message lengths, the per-byte
cost against message length (plots/<target>-<counter>-sweep), from the
model's chart series (model.bars, model.sweep).  A chart drawn before from
the same data is copied from FIGURE_CACHE; the others are drawn in forked
processes, one per core.  Without matplotlib there are no charts.
(profile.py draws its bar chart with pyplot() too.)
"""
from __future__ import annotations

import functools
import hashlib
import io
import multiprocessing
import os
import pathlib
import signal

from harness.bench.files import write_atomic
from harness.bench.output import model
from harness.discover import ROOT

SWEEP_MIN_LENGTHS = 3  # fewer message lengths make no curve worth drawing
LONG, SHORT, CALL = "#1d4e89", "#8dbbe3", "#4c8c4a"  # bars: long, short message; one call
PLOTS = "plots"  # the charts' folder in a results folder


def chart_name(target: str, field: str) -> str:
    """A chart's file name, without the format's suffix."""
    return f"{model.slug(target)}-{field}"


def pyplot():
    """matplotlib's pyplot on the Agg backend (no display), or None
    without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


# Rendered charts, by a hash of what they show and of the code that draws
# them: a chart whose data did not change (a run answered from the results
# cache) is copied, not drawn again -- drawing is most of a warm run's time.
FIGURE_CACHE = ROOT / "build" / "bench" / "figures"
FORMATS = ("png", "svg")


def _figure_key(kind: str, *data) -> str:
    import matplotlib
    h = hashlib.sha256(f"{kind}\n{matplotlib.__version__}\n".encode())
    h.update(pathlib.Path(__file__).read_bytes())  # the drawing code itself
    h.update(repr(data).encode())
    return h.hexdigest()


def _draw(plt, make) -> dict[str, bytes]:
    """The PNG and SVG of the figure make() draws (the SVG keeps its words
    as text: searchable, smaller)."""
    fig = make()
    blobs = {}
    for ext in FORMATS:
        buf = io.BytesIO()
        with plt.rc_context({"svg.fonttype": "none"}):
            fig.savefig(buf, format=ext, dpi=100)
        blobs[ext] = buf.getvalue()
    plt.close(fig)
    return blobs


_TO_DRAW: list = []  # the charts a forked drawing process draws (by index)


def _draw_nth(n: int) -> dict[str, bytes]:
    return _draw(pyplot(), _TO_DRAW[n])


def _drawing_process() -> None:
    """In a forked drawing process: the run's signal handlers are not its
    own (the pool ends its processes with SIGTERM, which the run's handler
    turned into a traceback; Ctrl-C is the run's to handle)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _save_all(plt, charts: list[tuple], folder: pathlib.Path) -> list[pathlib.Path]:
    """Write each chart (make, name, key) as PNG and SVG: the files drawn
    earlier from the same data (FIGURE_CACHE) where there are, the others
    drawn now, in parallel (forked processes, one per core: drawing is
    most of the results folder's time)."""
    global _TO_DRAW
    blobs: dict[str, dict[str, bytes]] = {}
    for _make, _name, key in charts:
        try:
            blobs[key] = {ext: (FIGURE_CACHE / f"{key}.{ext}").read_bytes() for ext in FORMATS}
        except OSError:
            pass
    todo = [(make, key) for make, _name, key in charts if key not in blobs]
    workers = min(len(todo), os.cpu_count() or 1)
    drawn = None
    if workers > 1 and "fork" in multiprocessing.get_all_start_methods():
        _TO_DRAW = [make for make, _key in todo]
        try:
            with multiprocessing.get_context("fork").Pool(workers,
                                                          initializer=_drawing_process) as pool:
                drawn = pool.map(_draw_nth, range(len(todo)), chunksize=1)
        except Exception:  # noqa: BLE001 -- no processes to be had (a root without
            drawn = None   # /dev/shm has no semaphores), or a chart failed: here, it says why
        finally:
            _TO_DRAW = []
    if drawn is None:
        drawn = [_draw(plt, make) for make, _key in todo]
    for (_make, key), b in zip(todo, drawn):
        blobs[key] = b
        try:
            for ext, blob in b.items():
                write_atomic(FIGURE_CACHE / f"{key}.{ext}", blob)
        except OSError:  # no cache: the next run draws again
            pass
    written = []
    for _make, name, key in charts:
        for ext, blob in blobs[key].items():
            path = folder / PLOTS / f"{name}.{ext}"
            write_atomic(path, blob)
            written.append(path)
    return written


def _short(v: float) -> str:
    return f"{v:.0f}" if v >= 100 else f"{v:.1f}" if v >= 10 else f"{v:.2f}"


def _colours(panels: list) -> dict:
    """mlen -> (colour, legend text): the longest message dark, the shorter
    light; a permutation's call (mlen 0) green."""
    lengths = sorted({m for p in panels for m in p.lengths if m}, reverse=True)
    out = {m: (LONG if k == 0 else SHORT, f"{model.fmt_len(m)} message")
           for k, m in enumerate(lengths)}
    if any(p.lengths == [0] for p in panels):
        out[0] = (CALL, "one call (bare permutation)")
    return out


def bar_chart(plt, target: str, field: str, label: str, panels: list):
    """One figure: a panel per scheme, a pair of horizontal bars per
    implementation (the longest and the shortest message; a permutation:
    one call), the cheapest at the top, each bar labelled with its value."""
    from matplotlib.patches import Patch
    cols = min(4, len(panels))
    nrows = (len(panels) + cols - 1) // cols
    heights = [max(len(p.impls) for p in panels[i * cols:(i + 1) * cols]) + 1.2
               for i in range(nrows)]
    legend_h = 1.0  # a last row, the legend's (matplotlib 3.6 has no loc="outside ...")
    fig = plt.figure(figsize=(4.3 * cols, 0.36 * (sum(heights) + legend_h) + 1.0),
                     layout="constrained")
    grid = fig.add_gridspec(nrows + 1, cols, height_ratios=[*heights, legend_h])
    colours = _colours(panels)
    for n, p in enumerate(panels):
        ax = fig.add_subplot(grid[n // cols, n % cols])
        top = max((v for i in p.impls for v in p.values[i].values() if v is not None),
                  default=1.0)
        width = 0.8 / len(p.lengths)
        for j, m in enumerate(reversed(p.lengths)):  # the longest message first
            for y, impl in enumerate(p.impls):
                v = p.values[impl][m]
                if v is None:
                    continue
                pos = y - 0.4 + width * (j + 0.5)
                ax.barh(pos, v, height=width * 0.92, color=colours[m][0])
                ax.text(v + top * 0.015, pos, _short(v), va="center", fontsize=7)
        for y, impl in enumerate(p.impls):
            if impl in p.fails:
                ax.text(top * 0.015, y, p.fails[impl], va="center", fontsize=7,
                        color="#b00020", fontweight="bold")
        ax.set_yticks(range(len(p.impls)), p.impls, fontsize=8)
        ax.set_ylim(len(p.impls) - 0.5, -0.5)  # cheapest at the top
        ax.set_xlim(0, top * 1.2)
        ax.set_title(p.scheme, fontsize=10, loc="left")
        ax.set_xlabel(f"{model.flabel(field)} per call" if p.lengths == [0]
                      else f"{model.flabel(field)} per byte", fontsize=8)
        ax.tick_params(axis="x", labelsize=7)
        ax.grid(True, axis="x", alpha=0.3)
        ax.set_axisbelow(True)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
    legend = fig.add_subplot(grid[nrows, :])
    legend.axis("off")
    legend.legend(handles=[Patch(color=c, label=text) for c, text in colours.values()],
                  loc="center", ncol=len(colours), fontsize=9, frameon=False)
    kinds = []
    if any(p.lengths != [0] for p in panels):
        kinds.append(f"{model.flabel(field)} per byte, adlen 0 (AEAD: mean of encryption and "
                     "decryption)")
    if 0 in colours:
        kinds.append(f"{model.flabel(field)} per call of a bare permutation")
    fig.suptitle(f"{target}: {model.flabel(field)} ({label}), shorter is faster\n" + "; ".join(kinds),
                 fontsize=11, x=0.01, ha="left")
    return fig


def sweep_chart(plt, target: str, field: str, series: dict):
    """Per-byte cost against message length: a panel per scheme, a line per
    implementation (AEAD: encryption)."""
    schemes = list(series)
    cols = min(4, len(schemes))
    nrows = (len(schemes) + cols - 1) // cols
    fig, axes = plt.subplots(nrows, cols, figsize=(4 * cols, 3.2 * nrows), squeeze=False)
    for ax, scheme in zip(axes.flat, schemes):
        for impl, pts in series[scheme].items():
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", markersize=3, label=impl)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_title(scheme, fontsize=9)
        ax.set_xlabel("message bytes", fontsize=8)
        ax.set_ylabel(f"{model.flabel(field)} per byte", fontsize=8)
        ax.tick_params(labelsize=7)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
    for ax in list(axes.flat)[len(schemes):]:
        ax.axis("off")
    fig.suptitle(f"{target}: {model.flabel(field)} per byte against message length (adlen 0; AEAD: "
                 "encryption)", fontsize=11)
    fig.tight_layout()
    return fig


def plots(records: list[dict], folder: pathlib.Path, clock_labels: dict | None = None,
          facts: dict | None = None) -> list[pathlib.Path]:
    """Per target: the bar chart of its cost metric; per target and counter,
    when the run has at least SWEEP_MIN_LENGTHS message lengths, the sweep
    (facts: target -> its facts, records.target_facts).  Needs matplotlib
    (none without it); returns the files written."""
    plt = pyplot()
    if plt is None:
        return []
    records, charts = model.Records(records), []  # charts: (make, name, key)
    for target in model.targets_of(records):
        field, panels = model.bars(records, target, facts)
        if panels:
            label = model.metric_label(clock_labels or {}, target, field)
            charts.append((functools.partial(bar_chart, plt, target, field, label, panels),
                           chart_name(target, field),
                           _figure_key("bars", target, field, label, panels)))
        recs = model.of_target(records, target)
        for counter in model.counters_of(recs):
            series = model.sweep(records, target, counter, facts)
            lengths = {m for s in series.values() for pts in s.values() for m, _v in pts}
            if series and len(lengths) >= SWEEP_MIN_LENGTHS:
                charts.append((functools.partial(sweep_chart, plt, target, counter, series),
                               chart_name(target, counter) + "-sweep",
                               _figure_key("sweep", target, counter, series)))
    return _save_all(plt, charts, folder)


