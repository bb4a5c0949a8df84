"""Every official known-answer file (kat/) through the Python package
`lwc`, on every implementation of the scheme that the package's build has
and this CPU runs: AEAD encrypt and decrypt (and a forged tag refused),
hash / XOF / CXOF one-shot and incremental (the input in two parts, an
XOF's output squeezed in two), MAC and PRF one-shot, verified (and a
forged tag refused) and incremental where the scheme has incremental calls.

tests/lib/test_python.py imports check(); in a fresh virtual environment it runs
as a script:  python tests/lib/python/kat_check.py KAT_DIR
prints one line per file and exits 1 when anything differs.
"""
from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3]))
from harness.katfile import records  # noqa: E402


def check_file(lwc, path: pathlib.Path) -> tuple[int, list[str]]:
    """(records checked, what differed) for one KAT file, over every
    implementation of its scheme."""
    scheme = path.stem
    impls = lwc.implementations(scheme)
    if not impls:
        return 0, [f"{scheme}: not in the package's build"]
    bad: list[str] = []
    n = 0
    recs = records(path)
    kind = next((k for k in ("mac", "prf", "prfs") if scheme in lwc.schemes(k)), None)
    for impl in impls:
        for r in recs:
            n += 1
            where = f"{scheme}/{impl} Count {r['Count']}"
            if "Tag" in r:
                bad += check_auth(lwc, scheme, kind, impl, r, where)
            elif "CT" in r:
                a = lwc.Aead(scheme, impl)
                key, nonce = bytes.fromhex(r["Key"]), bytes.fromhex(r["Nonce"])
                pt, ad, ct = (bytes.fromhex(r[f]) for f in ("PT", "AD", "CT"))
                if a.encrypt(key, nonce, pt, ad) != ct:
                    bad.append(f"{where}: encrypt")
                if a.decrypt(key, nonce, ct, ad) != pt:
                    bad.append(f"{where}: decrypt")
                forged = ct[:-1] + bytes([ct[-1] ^ 1])
                try:
                    a.decrypt(key, nonce, forged, ad)
                    bad.append(f"{where}: a forged tag was accepted")
                except lwc.TagError:
                    pass
            else:
                msg, md = bytes.fromhex(r["Msg"]), bytes.fromhex(r["MD"])
                custom = bytes.fromhex(r["Z"]) if "Z" in r else None
                if lwc.hash(scheme, msg, len(md), customization=custom, impl=impl) != md:
                    bad.append(f"{where}: one-shot")
                h = lwc.Hash(scheme, msg[:len(msg) // 3], customization=custom, impl=impl)
                h.update(msg[len(msg) // 3:])
                if h.kind == "hash":
                    got = h.digest()
                else:
                    cut = len(md) // 3
                    got = h.squeeze(cut) + h.squeeze(len(md) - cut)
                if got != md:
                    bad.append(f"{where}: incremental")
    return n, bad


def check_auth(lwc, scheme: str, kind: str | None, impl: str, r: dict, where: str) -> list[str]:
    """One MAC or PRF record: the tag is the default output; verified, a
    flipped bit refused; incremental (Mac, Prf: the input in two parts, a
    PRF's output squeezed in two) unless a short PRF, which has no
    incremental calls."""
    if kind is None:
        return [f"{where}: neither a MAC nor a PRF in lwc.schemes()"]
    bad = []
    key, msg, tag = (bytes.fromhex(r[f]) for f in ("Key", "Msg", "Tag"))
    compute, verify, cls = ((lwc.mac, lwc.mac_verify, lwc.Mac) if kind == "mac" else
                            (lwc.prf, lwc.prf_verify, lwc.Prf))
    forged = tag[:-1] + bytes([tag[-1] ^ 1])
    if compute(scheme, key, msg, impl=impl) != tag:
        bad.append(f"{where}: one-shot")
    for candidate, authentic in ((tag, True), (forged, False)):
        try:
            verify(scheme, key, msg, candidate, impl=impl)
            if not authentic:
                bad.append(f"{where}: a forged tag was accepted")
        except lwc.TagError:
            if authentic:
                bad.append(f"{where}: the tag was refused")
    if kind == "prfs":
        return bad
    m = cls(scheme, key, msg[:len(msg) // 3], impl=impl)
    m.update(msg[len(msg) // 3:])
    try:
        m.verify(tag)
    except lwc.TagError:
        bad.append(f"{where}: incremental verify")
    if m.digest() != tag:
        bad.append(f"{where}: incremental")
    if kind == "prf":
        cut = len(tag) // 3
        if m.squeeze(cut) + m.squeeze(len(tag) - cut) != tag:
            bad.append(f"{where}: incremental squeeze")
    return bad


def check(lwc, kat_dir: pathlib.Path) -> list[str]:
    """Lines 'FILE: N records, ok' or the first differences."""
    lines = []
    for path in sorted(kat_dir.glob("*.txt")):
        n, bad = check_file(lwc, path)
        lines.append(f"{path.name}: {n} records, " + ("ok" if not bad else
                     f"{len(bad)} differ: " + "; ".join(bad[:3])))
    return lines


if __name__ == "__main__":
    import lwc as package
    out = check(package, pathlib.Path(sys.argv[1]))
    print("\n".join(out))
    print(f"lwc {package.__version__} from {package.__file__}")
    sys.exit(0 if out and all(line.endswith(", ok") for line in out) else 1)
