"""The Python of src/: the assembly generators (src/<family>/<isa>/gen.py)
and their toolkit (src/asmgen/).  The C of src/ is no Python package; this
file lets a generator import its toolkit by name, e.g.

    python3 -m src.ascon.rv32.gen      # writes src/ascon/rv32/*.S

from the repository's root (tools/gen_asm.py runs every generator)."""
