"""lwc: lightweight cryptography (Ascon, NIST SP 800-232, and NIST LWC
finalists) from lwc's C library, with the host's assembly and SIMD batch
engines chosen at run time.

    import lwc
    aead = lwc.Aead("ascon-aead128")              # the preferred implementation
    ct = aead.encrypt(key, nonce, b"message", b"header")     # ciphertext || tag
    pt = aead.decrypt(key, nonce, ct, b"header")  # lwc.TagError when forged
    lwc.hash("ascon-hash256", b"data")             # 32 bytes
    lwc.hash("ascon-xof128", b"data", 64)          # any length
    h = lwc.Hash("ascon-cxof128", customization=b"app"); h.update(b"..."); h.squeeze(32)

Inputs are any bytes-like objects (bytes, bytearray, memoryview, ...), read
in place; long calls release the GIL.  Wrong types raise TypeError, wrong
lengths, options or names ValueError, a tag that does not match TagError
(and no plaintext is released).  lwc.schemes() lists what this build has.
"""
from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version as _version

from ._lwc import (NOGIL_BYTES, Aead, Hash, Permutation, TagError, batch_engines, hash,
                   hash_batch, implementations, schemes)

try:
    __version__ = _version("lwc")
except PackageNotFoundError:  # imported from a build folder, not installed
    __version__ = "unknown"

__all__ = ["Aead", "Hash", "Permutation", "TagError", "hash", "hash_batch", "schemes",
           "implementations", "batch_engines", "NOGIL_BYTES", "__version__"]
