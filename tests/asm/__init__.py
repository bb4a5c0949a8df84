"""The assembly generators (src/<family>/<isa>/gen.py) and what they write,
per ISA."""
