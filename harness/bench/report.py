"""Reporting: tables shaped like the thesis' figures, and the JSON file.

Tables: rows = implementations, columns = schemes, cells = cycles or
instructions per byte (the count of one operation / mlen) for 32 KiB and
16 B inputs; for AEAD schemes the mean of encryption and decryption, as in
the thesis.  Exports (harness/bench/export.py): Markdown, CSV, plots, HTML.
"""
from __future__ import annotations

import datetime
import functools
import json
import os
import pathlib
import platform
import stat
import subprocess
import tempfile

from harness.bench.impls import IMPL_ORDER
from harness.discover import ROOT

# Published figures to compare with (harness/bench/published/*.json): data
# from the seed documents, labelled as such, never mixed into results.
PUBLISHED = ROOT / "harness" / "bench" / "published"

SCHEME_GROUPS = [
    ["ascon128a-v12", "ascon128-v12", "asconhasha-v12", "asconhash-v12"],  # thesis columns
    ["ascon80pq-v12", "asconxofa-v12", "asconxof-v12"],
    ["ascon-aead128", "ascon-hash256", "ascon-xof128", "ascon-cxof128"],   # SP 800-232
    ["ascon-p12", "ascon-p8", "ascon-p6"],                                  # bare permutations
]
GROUP_WIDTH = 4
FAIL_TAGS = {"build-failed": "BUILD FAIL", "kat-missing": "NO KAT", "kat-failed": "KAT FAIL",
             "crashed": "CRASH", "timed-out": "TIMEOUT", "bad-output": "BAD OUTPUT",
             "failed": "FAILED", "does-not-fit": "NO FIT"}


def fmt_len(n: int) -> str:
    return f"{n // 1024} KiB" if n >= 1024 and n % 1024 == 0 else f"{n} B"


def _groups(schemes: list[str]) -> list[list[str]]:
    present = set(schemes)
    out = [[s for s in g if s in present] for g in SCHEME_GROUPS]
    known = {s for g in SCHEME_GROUPS for s in g}
    rest = sorted(present - known)
    out += [rest[i:i + GROUP_WIDTH] for i in range(0, len(rest), GROUP_WIDTH)]
    return [g for g in out if g]


def _impl_order(names: list[str]) -> list[str]:
    uniq = list(dict.fromkeys(names))
    return ([n for n in IMPL_ORDER if n in uniq] + [n for n in uniq if n not in IMPL_ORDER])


COUNTER_TEXT = {"cycles": "cycles", "instructions": "instructions"}


def per_byte(records: list[dict], field: str) -> dict:
    """{(impl, scheme, mlen): value per byte or a failure tag}, adlen 0
    only; AEAD cells are the mean of encryption and decryption."""
    cells: dict = {}
    grouped: dict = {}
    for r in records:
        if r["adlen"] == 0 and r["op"] in ("encrypt", "decrypt", "hash"):
            grouped.setdefault((r["impl"], r["scheme"], r["mlen"]), []).append(r)
    for key, recs in grouped.items():
        bad = next((r["status"] for r in recs if r["status"] != "ok"), None)
        values = [r.get(field) for r in recs]
        if bad:
            cells[key] = FAIL_TAGS.get(bad, bad.upper())
        elif all(v is not None for v in values) and key[2] > 0:
            cells[key] = sum(values) / len(values) / key[2]
        else:
            cells[key] = None
    return cells


def per_call(records: list[dict], field: str) -> dict:
    """{(impl, scheme, 0): count of one permutation call or a failure tag}."""
    cells: dict = {}
    for r in records:
        if r["op"] == "permutation":
            key = (r["impl"], r["scheme"], 0)
            cells[key] = (FAIL_TAGS.get(r["status"], r["status"].upper()) if r["status"] != "ok"
                          else None if r.get(field) is None else float(r[field]))
    return cells


def noisy_of(recs: list[dict], field: str) -> bool:
    return any(r["samples"] > 1 and r.get(field + "_min") is not None for r in recs)


def counters_of(recs: list[dict]) -> list[str]:
    return [c for c in COUNTER_TEXT if any(r.get(c) is not None for r in recs)]


def table_rows(recs: list[dict], field: str, mlen: int, group: list[str],
               base: str | None) -> list[list[str]]:
    """Rows of one table: per byte at mlen, or (mlen None) per permutation call."""
    by_byte = mlen is not None
    cells = per_byte(recs, field) if by_byte else per_call(recs, field)
    mlen = mlen if by_byte else 0
    impls = _impl_order([r["impl"] for r in recs])
    rows = [["impl", *group]]
    for impl in impls:
        row = [impl]
        for scheme in group:
            v = cells.get((impl, scheme, mlen), "")
            if isinstance(v, float):
                text = f"{v:.2f}" if by_byte else f"{v:.0f}"
                b = cells.get((base, scheme, mlen)) if base else None
                if isinstance(b, float) and impl != base and b > 0:
                    text += f" ({(v - b) / b * 100:+.1f}%)"
                v = text
            row.append("-" if v is None else v)
        if any(c for c in row[1:]):
            rows.append(row)
    return rows


def table_sections(records: list[dict], clock_labels: dict[str, str], baseline: str | None,
                   lengths=(32768, 16)):
    """(title, [rows per scheme group]) for each target, counter and length."""
    for target in dict.fromkeys(r["target"] for r in records):
        recs = [r for r in records if r["target"] == target]
        impls = _impl_order([r["impl"] for r in recs])
        base = baseline if baseline in impls else None
        for field in counters_of(recs) or ["cycles"]:
            for mlen in lengths:
                if not any(r["mlen"] == mlen and r["adlen"] == 0 for r in recs):
                    continue
                counts = sorted({r["samples"] for r in recs
                                 if r["mlen"] == mlen and r["samples"]})
                noisy = noisy_of(recs, field)
                n = "-".join(map(str, counts[:1] + counts[-1:] if len(counts) > 1 else counts))
                n = n if noisy else ""
                label = clock_labels.get(target, target)
                if isinstance(label, dict):
                    label = label.get(field, target)
                title = (f"{target}: {COUNTER_TEXT[field]} per byte "
                         f"({label}"
                         f"{', median of ' + n + ' samples' if n else ', one operation'}) -- "
                         f"{fmt_len(mlen)} inputs, adlen 0; AEAD: mean of encryption and "
                         "decryption" + (f"; (%): difference from {base}" if base else ""))
                groups = [table_rows(recs, field, mlen, g, base)
                          for g in _groups([r["scheme"] for r in recs if r["op"] != "permutation"])]
                yield title, [g for g in groups if len(g) > 1]
            perms = [r for r in recs if r["op"] == "permutation"]
            if perms:
                label = clock_labels.get(target, target)
                if isinstance(label, dict):
                    label = label.get(field, target)
                title = (f"{target}: {COUNTER_TEXT[field]} per call of the bare permutation "
                         f"({label}, {'median' if noisy_of(perms, field) else 'one call'})"
                         + (f"; (%): difference from {base}" if base else ""))
                groups = [table_rows(perms, field, None, g, base)
                          for g in _groups([r["scheme"] for r in perms])]
                yield title, [g for g in groups if len(g) > 1]


@functools.lru_cache(maxsize=None)
def published() -> tuple[dict, ...]:
    return tuple(json.loads(p.read_text()) for p in sorted(PUBLISHED.glob("*.json")))


def published_rows(recs: list[dict], field: str, mlen: int, group: list[str],
                   ref: dict) -> list[list[str]]:
    """Rows of our implementations that have a published counterpart:
    cells "ours / published (difference)"."""
    cells = per_byte(recs, field)
    rows = [["impl (published row)", *group]]
    for impl in _impl_order([r["impl"] for r in recs]):
        pub = ref["rows"].get(impl)
        if pub is None or str(mlen) not in pub:
            continue
        row = [f"{impl} ({pub['thesis_name']})"]
        for scheme in group:
            column = ref["columns"].get(scheme)
            ours = cells.get((impl, scheme, mlen))
            if column is None or ours is None:
                row.append("")
                continue
            theirs = pub[str(mlen)][ref["order"].index(column)]
            same = ref.get("published_counter", ref["counter"]) == ref["counter"]
            row.append(f"{ours:.2f} / {theirs:.2f} ({(ours - theirs) / theirs * 100:+.1f}%)"
                       if isinstance(ours, float) and same else
                       f"{ours:.2f} / {theirs:.2f}" if isinstance(ours, float)
                       else f"{ours} / {theirs:.2f}")
        if any(row[1:]):
            rows.append(row)
    return rows


def published_sections(records: list[dict], lengths=(32768, 16)):
    """(title, [rows per scheme group]) against each published reference,
    where its target and counter were measured."""
    for ref in published():
        for target in ref["targets"]:
            recs = [r for r in records if r["target"] == target and r["op"] != "permutation"]
            field = ref["counter"]
            for mlen in lengths:
                if not any(r["mlen"] == mlen and r.get(field) is not None for r in recs):
                    continue
                theirs = ref.get("published_counter", field)  # another counter: no difference
                title = (f"{target}: {COUNTER_TEXT[field]} per byte, measured here / "
                         + (f"{COUNTER_TEXT[theirs]} per byte " if theirs != field else "")
                         + f"{ref['title']}, {ref['simulator']} -- {fmt_len(mlen)} inputs, "
                         f"{ref['unit']}")
                groups = [published_rows(recs, field, mlen, g, ref)
                          for g in _groups([r["scheme"] for r in recs])
                          if any(s in ref["columns"] for s in g)]
                groups = [g for g in groups if len(g) > 1]
                if groups:
                    yield title, groups


def _text_table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                      for i, (c, w) in enumerate(zip(r, widths))).rstrip() for r in rows]


def tables(records: list[dict], clock_labels: dict[str, str], baseline: str | None) -> str:
    out = []
    for title, groups in [*table_sections(records, clock_labels, baseline),
                          *published_sections(records)]:
        out.append(title)
        for rows in groups:
            out += _text_table(rows)
            out.append("")
    return "\n".join(out)


def _cpuinfo() -> dict:
    info = {"cpu": platform.processor() or platform.machine(), "cpu_count": os.cpu_count()}
    try:
        text = pathlib.Path("/proc/cpuinfo").read_text()
    except OSError:
        return info
    fields: dict[str, str] = {}
    for line in text.splitlines():  # the first processor's block is enough
        key, _, value = line.partition(":")
        fields.setdefault(key.strip(), value.strip())
    if "model name" in fields:
        info["cpu"] = fields["model name"]
    flags = fields.get("flags", "").split()
    info["cpu_flags"] = [f for f in ("constant_tsc", "nonstop_tsc", "rdtscp", "tsc_known_freq",
                                     "hypervisor", "bmi1", "bmi2", "avx2") if f in flags]
    return info


def environment(target_env: dict[str, dict], argv: list[str]) -> dict:
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                                text=True, timeout=10).stdout.strip() or None
    except (OSError, subprocess.TimeoutExpired):
        commit = None
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "command": ["lwcbench", *argv],
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "uname": " ".join(platform.uname()),
        **_cpuinfo(),
        "git_commit": commit,
        "targets": target_env,
    }


def write_atomic(path: pathlib.Path, data: bytes) -> None:
    """A temporary file in the same folder, then os.replace: an interrupted
    run or a failed write never leaves a truncated file (the temporary one
    is removed, a previous file stays as it was).  A symbolic link is
    followed (its target is replaced); a device or a pipe (/dev/null,
    /dev/stdout) is written into, never replaced by a file."""
    path = pathlib.Path(path)
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        with open(path, "wb") as f:
            f.write(data)
        return
    path = pathlib.Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_json(path: str, data: dict) -> None:
    write_atomic(pathlib.Path(path), (json.dumps(data, indent=1) + "\n").encode())


def summary(outcomes, skipped: list[tuple[str, str]]) -> str:
    lines = []
    failed = [o for o in outcomes if o.failed]
    for o in outcomes:
        if o.status == "does-not-fit":
            lines.append(f"not available: {o.target} {o.impl.scheme}/{o.impl.name}: {o.detail}")
    for o in failed:
        lines.append(f"FAILED {o.target} {o.impl.scheme}/{o.impl.name}: {o.status}: {o.detail}")
    ok = len([o for o in outcomes if o.status == "ok"])
    nofit = len(outcomes) - ok - len(failed)
    lines.append(f"{ok} of {len(outcomes)} (target, implementation) runs built, passed the KAT "
                 f"check and were measured; {len(failed)} failed; {nofit} do not fit their "
                 f"device; {len(skipped)} target(s) skipped")
    return "\n".join(lines)

