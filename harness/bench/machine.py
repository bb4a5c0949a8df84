"""What this machine is: its CPU as /proc/cpuinfo names it (a run's
environment, host-compare's and psa-overhead's tables)."""
from __future__ import annotations

import os
import pathlib
import platform

# the CPU flags a host figure's reader may need (the clock, the instructions)
FLAGS = ("constant_tsc", "nonstop_tsc", "rdtscp", "tsc_known_freq", "hypervisor", "bmi1",
         "bmi2", "avx2")


def cpu_info() -> dict:
    """{"cpu": the model name, "cpu_count", "cpu_flags": those of FLAGS it
    has} (without /proc/cpuinfo: platform's names, no flags)."""
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
    info["cpu_flags"] = [f for f in FLAGS if f in flags]
    return info
