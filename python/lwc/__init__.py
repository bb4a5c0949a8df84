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
    tag = lwc.mac("ascon-mac-v13", key, b"data")   # 16 bytes (Ascon-Mac)
    lwc.mac_verify("ascon-mac-v13", key, b"data", tag)      # lwc.TagError when forged
    lwc.prf("ascon-prf-v13", key, b"data", 100)    # any length (Ascon-Prf)
    m = lwc.Mac("ascon-mac-v13", key); m.update(b"da"); m.update(b"ta"); m.verify(tag)

Inputs are any bytes-like objects (bytes, bytearray, memoryview, ...), read
in place; long calls release the GIL.  Wrong types raise TypeError, wrong
lengths, options or names ValueError, a tag that does not match TagError
(and no plaintext is released).  lwc.schemes() lists what this build has.
lwc.mac / lwc.Mac take the MAC schemes, lwc.prf / lwc.Prf the PRF ones; each
names the other for the other's schemes.
"""
from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version as _version

from ._lwc import (NOGIL_BYTES, Aead, Hash, Mac, Permutation, Prf, TagError, batch_engines,
                   hash, hash_batch, implementations, mac, mac_verify, prf, prf_verify, schemes)

try:
    __version__ = _version("lwc")
except PackageNotFoundError:  # imported from a build folder, not installed
    __version__ = "unknown"

__all__ = ["Aead", "Hash", "Mac", "Prf", "Permutation", "TagError", "hash", "hash_batch", "mac",
           "mac_verify", "prf", "prf_verify", "schemes", "implementations", "batch_engines",
           "NOGIL_BYTES", "__version__"]
