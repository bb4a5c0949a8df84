"""How the harness writes a duration (the progress line, the summaries)."""
from __future__ import annotations


def fmt_time(seconds: float) -> str:
    """12:03, or 1:02:03 past an hour."""
    s = int(max(seconds, 0))
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"
