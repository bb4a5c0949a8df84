"""The benchmark targets themselves: simulators, ports, boards, the
Cortex-M3 cycle model."""
