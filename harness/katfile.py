"""Reading the official known-answer files (NIST LWC text format)."""
from __future__ import annotations

import pathlib


def normalize(text: str) -> str:
    """Empty fields appear as 'PT =' or 'PT = ' in official files; nothing
    else is forgiven."""
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"


def records(path: pathlib.Path) -> list[dict[str, str]]:
    out, cur = [], {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line:
            if cur:
                out.append(cur)
                cur = {}
            continue
        key, _, value = line.partition("=")
        cur[key.strip()] = value.strip()
    if cur:
        out.append(cur)
    return out


def input_starts(recs: list[dict[str, str]], fields: list[str]) -> list[int]:
    """First byte of each input field in the first record where it is not
    empty: the files' inputs are the sequences START, START+1, ..."""
    starts = []
    for f in fields:
        first = next((r[f] for r in recs if r.get(f)), "00")
        starts.append(int(first[:2], 16))
    return starts


def generator_args(path: pathlib.Path) -> list[str]:
    """Arguments of `lwc-test kat SCHEME IMPL ...` matching this file."""
    recs = records(path)
    if "Nonce" in recs[0]:
        fields = ["Nonce", "PT", "AD"]
    elif "Z" in recs[0]:
        fields = ["Msg", "Z"]
    else:
        fields = ["Msg"]
    return [hex(s) for s in input_starts(recs, fields)]
