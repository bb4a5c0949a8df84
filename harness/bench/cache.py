"""The results cache of exact targets.

A simulator is deterministic: the same firmware image, run by the same
simulator build, answers the same requests with the same lines.  So what
is kept is that conversation, not the numbers drawn from it: the answers
to a job's requests (hello, overhead, kat, measure..., stack...), under a
key hashing the three inputs

    target name, SHA-256 of the firmware image, the simulator's identity
    (SHA-256 of its binaries, Target.simulator_identity), the requests

and, when a later job has the same key, its answers are read back instead
of running the simulator; the harness then judges them exactly as it
judges a live run (the KAT compared with the official file again, the
counter overhead subtracted again).  Only conversations that passed are
stored; the host's noisy clock never is (Target.cacheable).

An entry is one JSON file, build/bench/cache/<target>/<key>.json, with
when and at which commit it was measured (the records' `reused_from`) and
a checksum of its content.  An entry that does not parse, whose checksum,
key, target or requests differ from what was asked (corrupted on disk,
copied from another key, written by another version), is reported,
deleted and measured anew: it is never used.

Beside the entries, job-seconds.json remembers how long each job last
took when measured (all targets, the host's too), merged over runs: the
next run's order (longest first) and its progress estimate read it, even
with --fresh.  It holds no result.
"""
from __future__ import annotations

import datetime
import hashlib
import json
import os
import pathlib
import subprocess
import tempfile
import threading

from harness.bench.session import Response
from harness.discover import ROOT

FORMAT = "lwc-bench result cache 1"
DEFAULT_DIR = ROOT / "build" / "bench" / "cache"
ENV = "LWC_BENCH_CACHE"  # another folder, or "off"

_file_hashes: dict[tuple[str, int, int], str] = {}
_file_lock = threading.Lock()


def file_sha256(path: pathlib.Path) -> str:
    """SHA-256 of a file's bytes (remembered per path, size and mtime)."""
    path = pathlib.Path(path)
    st = path.stat()
    memo = (str(path.resolve()), st.st_size, st.st_mtime_ns)
    with _file_lock:
        if memo in _file_hashes:
            return _file_hashes[memo]
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    with _file_lock:
        _file_hashes[memo] = h.hexdigest()
    return h.hexdigest()


def identity_of(paths: list[pathlib.Path | str], options: str = "") -> str:
    """One hash for a set of files (a simulator and what it loads) and the
    options it is started with."""
    h = hashlib.sha256(options.encode() + b"\n")
    for p in paths:
        h.update(f"{pathlib.Path(p).name} {file_sha256(p)}\n".encode())
    return h.hexdigest()


def commit_label() -> str | None:
    """The commit the tree is at, "+changes" when files differ from it."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=ROOT,
                              capture_output=True, text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=ROOT, capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    if not head:
        return None
    return head + ("+changes" if dirty.strip() else "")


def _checksum(entry: dict) -> str:
    body = {k: v for k, v in entry.items() if k != "checksum"}
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def _response_dict(r: Response) -> dict:
    return {"request": r.request, "ok": r.ok, "lines": list(r.lines), "error": r.error,
            "died": r.died, "hung": r.hung}


class CacheError(Exception):
    """An entry that cannot be used (the reason is the message)."""


class ResultsCache:
    """Conversations of exact targets, keyed by content hashes.

    `fresh`: never read an entry (everything is measured again); entries
    are still written, so the next run reuses the new measurements.
    `notes` collects one line per rejected entry, for the run's report."""

    def __init__(self, folder: pathlib.Path = DEFAULT_DIR, fresh: bool = False,
                 commit: str | None = None):
        self.folder = pathlib.Path(folder)
        self.fresh = fresh
        self.commit = commit if commit is not None else commit_label()
        self.notes: list[str] = []
        self._lock = threading.Lock()

    @classmethod
    def from_env(cls, fresh: bool = False) -> ResultsCache | None:
        """The run's cache: build/bench/cache, or $LWC_BENCH_CACHE (a folder;
        'off': none, every job measured and nothing kept)."""
        where = os.environ.get(ENV, "")
        if where == "off":
            return None
        return cls(pathlib.Path(where) if where else DEFAULT_DIR, fresh=fresh)

    @staticmethod
    def key(target: str, image_sha256: str, simulator: str, requests: list[str]) -> str:
        h = hashlib.sha256()
        h.update(f"{FORMAT}\n{target}\n{image_sha256}\n{simulator}\n".encode())
        for r in requests:
            h.update(r.encode() + b"\n")
        return h.hexdigest()

    def path(self, target: str, key: str) -> pathlib.Path:
        return self.folder / target / f"{key}.json"

    def _note(self, text: str) -> None:
        with self._lock:
            self.notes.append(text)

    def load(self, target: str, key: str, requests: list[str],
             label: str = "") -> tuple[list[Response], dict] | None:
        """The stored answers to `requests` and the entry's provenance
        ({measured_at, commit, key}), or None: not stored, --fresh, or an
        entry that cannot be trusted (reported, removed)."""
        if self.fresh:
            return None
        path = self.path(target, key)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except OSError as e:
            self._reject(path, label, f"unreadable: {e}")
            return None
        try:
            entry = self._check(json.loads(text), target, key, requests)
        except (ValueError, CacheError, TypeError, KeyError, AttributeError) as e:
            self._reject(path, label, str(e) or type(e).__name__)
            return None
        responses = [Response(d["request"], d["ok"], list(d["lines"]), d["error"],
                              bool(d["died"]), bool(d["hung"])) for d in entry["responses"]]
        return responses, {"measured_at": entry["measured_at"], "commit": entry["commit"],
                           "cache_key": key[:16]}

    @staticmethod
    def _check(entry, target: str, key: str, requests: list[str]) -> dict:
        if not isinstance(entry, dict) or entry.get("format") != FORMAT:
            raise CacheError("not an entry of this cache format")
        if entry.get("checksum") != _checksum(entry):
            raise CacheError("checksum mismatch (corrupted)")
        if entry.get("key") != key or entry.get("target") != target:
            raise CacheError("stored under another key (foreign entry)")
        if entry.get("requests") != requests:
            raise CacheError("its requests differ from this job's")
        resp = entry.get("responses")
        if not isinstance(resp, list) or len(resp) != len(requests) or any(
                not isinstance(d, dict) or d.get("request") != r or
                not isinstance(d.get("lines"), list) or
                not all(isinstance(x, str) for x in d["lines"]) or
                not (d.get("ok") is None or isinstance(d.get("ok"), str)) or
                not (d.get("error") is None or isinstance(d.get("error"), str))
                for d, r in zip(resp, requests)):
            raise CacheError("its answers do not match its requests")
        if not isinstance(entry.get("measured_at"), str):
            raise CacheError("no measurement date")
        return entry

    def _reject(self, path: pathlib.Path, label: str, why: str) -> None:
        self._note(f"cache: {label or path.name}: entry {path.name[:16]} rejected ({why}); "
                   f"measured anew")
        try:
            path.unlink()
        except OSError:
            pass

    def store(self, target: str, key: str, requests: list[str], responses: list[Response],
              impl: str = "") -> None:
        entry = {
            "format": FORMAT, "key": key, "target": target, "impl": impl,
            "measured_at": datetime.datetime.now(datetime.timezone.utc)
            .isoformat(timespec="seconds"),
            "commit": self.commit,
            "requests": list(requests),
            "responses": [_response_dict(r) for r in responses],
        }
        entry["checksum"] = _checksum(entry)
        path = self.path(target, key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(entry, f)
            os.replace(tmp, path)
        except OSError as e:  # a cache that cannot be written costs time, not results
            self._note(f"cache: cannot store {impl or key[:16]} on {target}: {e}")

    # -- how long jobs take (the run's order and estimate, never a result) --
    @property
    def _seconds_path(self) -> pathlib.Path:
        return self.folder / "job-seconds.json"

    def job_seconds(self) -> dict[str, float]:
        """"target scheme/impl" -> seconds, the last time each was measured."""
        try:
            d = json.loads(self._seconds_path.read_text())
        except (OSError, ValueError):
            return {}
        if not isinstance(d, dict):
            return {}
        return {k: float(v) for k, v in d.items()
                if isinstance(k, str) and isinstance(v, (int, float)) and v >= 0}

    def remember_job_seconds(self, seconds: dict[str, float]) -> None:
        """Merge this run's measured job times into job-seconds.json."""
        if not seconds:
            return
        with self._lock:
            merged = {**self.job_seconds(), **seconds}
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-", suffix=".json")
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    json.dump(dict(sorted(merged.items())), f, indent=0)
                os.replace(tmp, self._seconds_path)
            except OSError as e:
                self._note(f"cache: cannot write {self._seconds_path}: {e}")
