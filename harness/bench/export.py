"""A results folder from the JSON data: results.json, results.md,
results.csv, plots/<target>-<counter>.{png,svg} and index.html.

Everything here is derived from the JSON, so `lwcbench report FILE.json`
rebuilds the same folder from a saved run.  Every file is written
atomically (temporary file, then rename).
"""
from __future__ import annotations

import csv
import html
import io
import pathlib

from harness.bench import report

CSV_FIELDS = ["target", "scheme", "impl", "op", "adlen", "mlen", "cycles", "instructions",
              "cycles_per_byte", "instructions_per_byte", "cycles_min", "cycles_max",
              "instructions_min", "instructions_max", "samples", "mode", "kat", "status",
              "code_bytes", "stack_bytes", "sets", "error"]


def to_csv(records: list[dict]) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, CSV_FIELDS, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    for r in records:
        w.writerow({**r, "sets": " ".join(r.get("sets", []))})
    return buf.getvalue()


def _md_table(rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
    out += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    return out


def size_rows(records: list[dict], target: str) -> list[list[str]]:
    """Code bytes and stack bytes (per op) of each implementation."""
    seen: dict = {}
    for r in records:
        if r["target"] == target:
            key = (r["scheme"], r["impl"])
            e = seen.setdefault(key, {"code": r["code_bytes"], "stack": {}})
            e["stack"][r["op"]] = r["stack_bytes"]
    rows = [["scheme", "impl", "code bytes", "stack bytes"]]
    for (scheme, impl), e in seen.items():
        st = ", ".join(f"{op} {v}" for op, v in e["stack"].items() if v is not None)
        rows.append([scheme, impl, "-" if e["code"] is None else str(e["code"]), st or "-"])
    return rows


def to_markdown(data: dict, baseline: str | None) -> str:
    records = data["results"]
    env = data.get("environment", {})
    targets = env.get("targets", {})
    labels = {t: e.get("clock_label", t) for t, e in targets.items()}
    out = ["# lwcbench results", ""]
    if env.get("date"):
        out += [f"Run {env['date']}, commit {env.get('git_commit') or '?'}, "
                f"command `{' '.join(env.get('command', []))}`.", ""]
    for name, e in targets.items():
        if "skipped" in e:
            out.append(f"- `{name}`: skipped ({e['skipped']})")
        else:
            out.append(f"- `{name}`: {e.get('metric', '')}")
    out.append("")
    for title, groups in [*report.table_sections(records, labels, baseline),
                          *report.published_sections(records)]:
        out += [f"## {title}", ""]
        for rows in groups:
            out += _md_table(rows) + [""]
    for target in dict.fromkeys(r["target"] for r in records):
        out += [f"## {target}: code size (implementation objects: text, rodata, data) and "
                "stack high-water mark (painting)", ""]
        out += _md_table(size_rows(records, target)) + [""]
    fails = data.get("failures", [])
    if fails:
        out += ["## Failures", ""]
        out += [f"- {f['target']} {f['impl']}: {f['status']}: {f['detail']}" for f in fails]
        out.append("")
    return "\n".join(out)


def plots(records: list[dict], folder: pathlib.Path) -> list[pathlib.Path]:
    """Per target and counter: count per byte against message length (the
    sweep, adlen 0), one panel per scheme, one line per implementation
    (AEAD: encryption).  Needs matplotlib; returns the files written."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    written = []
    for target in dict.fromkeys(r["target"] for r in records):
        recs = [r for r in records if r["target"] == target and r["adlen"] == 0
                and r["op"] in ("encrypt", "hash") and r["mlen"] > 0 and r["status"] == "ok"]
        for field in report.counters_of(recs):
            schemes = list(dict.fromkeys(r["scheme"] for r in recs))
            if not schemes:
                continue
            cols = min(4, len(schemes))
            nrows = (len(schemes) + cols - 1) // cols
            fig, axes = plt.subplots(nrows, cols, figsize=(4 * cols, 3.2 * nrows), squeeze=False)
            for ax, scheme in zip(axes.flat, schemes):
                for impl in report._impl_order([r["impl"] for r in recs if r["scheme"] == scheme]):
                    pts = sorted((r["mlen"], r[field] / r["mlen"]) for r in recs
                                 if r["scheme"] == scheme and r["impl"] == impl
                                 and r.get(field) is not None)
                    if pts:
                        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o",
                                markersize=3, label=impl)
                ax.set_xscale("log", base=2)
                ax.set_yscale("log")
                ax.set_title(scheme, fontsize=9)
                ax.set_xlabel("message bytes", fontsize=8)
                ax.set_ylabel(f"{field} per byte", fontsize=8)
                ax.tick_params(labelsize=7)
                ax.grid(True, which="both", alpha=0.3)
                ax.legend(fontsize=7)
            for ax in list(axes.flat)[len(schemes):]:
                ax.axis("off")
            fig.suptitle(f"{target}: {field} per byte (adlen 0; AEAD: encryption)", fontsize=11)
            fig.tight_layout()
            for ext in ("png", "svg"):
                buf = io.BytesIO()
                fig.savefig(buf, format=ext, dpi=90)
                path = folder / "plots" / f"{target}-{field}.{ext}"
                report.write_atomic(path, buf.getvalue())
                written.append(path)
            plt.close(fig)
    return written


def to_html(data: dict, baseline: str | None, images: list[pathlib.Path],
            folder: pathlib.Path) -> str:
    records = data["results"]
    env = data.get("environment", {})
    targets = env.get("targets", {})
    labels = {t: e.get("clock_label", t) for t, e in targets.items()}
    h = ["<!doctype html><html><head><meta charset='utf-8'><title>lwcbench results</title>",
         "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;"
         "margin:0.5em 0 1.5em}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
         "td:first-child,th:first-child{text-align:left}img{max-width:100%}</style></head><body>",
         "<h1>lwcbench results</h1>",
         f"<p>{html.escape(str(env.get('date', '')))} commit "
         f"{html.escape(str(env.get('git_commit') or '?'))}; "
         "<a href='results.json'>JSON</a>, <a href='results.csv'>CSV</a>, "
         "<a href='results.md'>Markdown</a></p><ul>"]
    for name, e in targets.items():
        what = f"skipped: {e['skipped']}" if "skipped" in e else e.get("metric", "")
        h.append(f"<li><b>{html.escape(name)}</b>: {html.escape(what)}</li>")
    h.append("</ul>")
    for title, groups in report.table_sections(records, labels, baseline):
        h.append(f"<h3>{html.escape(title)}</h3>")
        for rows in groups:
            h.append("<table><tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in rows[0])
                     + "</tr>")
            h += ["<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>"
                  for r in rows[1:]]
            h.append("</table>")
    for img in images:
        if img.suffix == ".svg":
            h.append(f"<h3>{html.escape(img.stem)}</h3>"
                     f"<img src='{html.escape(img.relative_to(folder).as_posix())}'>")
    h.append("</body></html>")
    return "\n".join(h)


def write_folder(data: dict, folder: pathlib.Path, baseline: str | None,
                 with_plots: bool = True) -> list[pathlib.Path]:
    folder.mkdir(parents=True, exist_ok=True)
    files = []

    def put(name: str, text: str):
        path = folder / name
        report.write_atomic(path, text.encode())
        files.append(path)

    report.write_json(str(folder / "results.json"), data)
    files.append(folder / "results.json")
    put("results.csv", to_csv(data["results"]))
    put("results.md", to_markdown(data, baseline))
    images = plots(data["results"], folder) if with_plots else []
    files += images
    put("index.html", to_html(data, baseline, images, folder))
    return files
