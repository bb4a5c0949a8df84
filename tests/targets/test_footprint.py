"""The benchmark firmware's own footprint on the small devices: an image
links the requests of its implementation's kind only (bench.h BENCH_KINDS,
harness/bench/targets/firmware.py), and the implementations that fitted
when the data set was measured still fit."""
from __future__ import annotations

import subprocess

import pytest

from harness.bench.output import docs_pages, records
from harness.bench.targets.job import DoesNotFit
from tests.helpers import find_impl, firmware, usable_target

SMALL = ("msp430", "avr-atmega128")
# what each kind's image must not hold: the other kinds' KAT checks and
# library calls, and (not an AEAD) the masked AEADs' random source
OTHERS = {
    ("ascon-aead128", "lowsize"): {"kat_hash", "kat_auth", "lwc_hash_compute",
                                   "lwc_auth_compute", "lwc_auth_verify"},
    ("ascon-hash256", "lowsize"): {"kat_aead", "kat_auth", "lwc_aead_encrypt",
                                   "lwc_aead_decrypt", "lwc_auth_compute", "bench_random"},
    ("ascon-mac-v13", "lowsize"): {"kat_aead", "kat_hash", "lwc_aead_encrypt",
                                   "lwc_hash_compute", "bench_random"},
    ("ascon-p12", "lowsize"): {"kat_aead", "kat_hash", "kat_auth", "lwc_aead_encrypt",
                               "lwc_hash_compute", "lwc_auth_compute", "bench_random"},
}
OWN = {"aead": "lwc_aead_encrypt", "hash": "kat_hash", "auth": "kat_auth", "perm": "bench_kat_perm"}


def symbols(target: str, elf) -> set[str]:
    nm = usable_target(target).nm_tool()
    out = subprocess.run([nm, str(elf)], capture_output=True, text=True, check=True).stdout
    return {ln.split()[-1] for ln in out.splitlines() if ln.strip()}


@pytest.mark.parametrize("target", SMALL)
@pytest.mark.parametrize("job", list(OTHERS), ids="/".join)
def test_an_image_links_its_own_kind_only(target, job):
    """What its own kind runs is there (the test can see a symbol), the
    other kinds' KAT checks and library calls are not."""
    have = symbols(target, firmware(target, *job))
    assert OWN[find_impl(*job).kind] in have
    assert not OTHERS[job] & have, OTHERS[job] & have


@pytest.mark.parametrize("target", SMALL)
def test_the_largest_implementations_that_fitted_still_fit(target):
    """The five largest implementations (code bytes) the committed data set
    measured on the device, the first to stop fitting when the firmware
    grows, are still linked within its memory."""
    data = records.load(docs_pages.DATA)
    sizes = {(r["scheme"], r["impl"]): r["code_bytes"] for r in data["results"]
             if r["target"] == target and r["status"] == "ok" and r.get("code_bytes")}
    t = usable_target(target)
    largest = sorted(sizes, key=lambda k: -sizes[k])[:5]
    assert len(largest) == 5
    too_big = []
    for scheme, name in largest:
        try:
            t.build(find_impl(scheme, name))
        except DoesNotFit as e:
            too_big.append(f"{scheme}/{name} ({sizes[scheme, name]} code bytes): {e}")
    assert not too_big, "\n".join(too_big)
